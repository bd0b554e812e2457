#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How much slower one subject is than another, from rounds in which both were timed
/// alternately (A B A B …), with the run-to-run noise that such a ratio carries.
///
/// Each round gives one ratio (the subject's fastest sample in that round over the anchor's
/// fastest in the same round), so a machine that slows down for a while slows both sides of
/// that round's ratio. The estimate is the median of the per-round ratios.
public struct RatioEstimate: Codable, Equatable, Sendable {
    /// Median over rounds of subject time / anchor time.
    public var median: Double
    /// Relative spread of the per-round ratios: the 90th percentile of |ln(ratio / median)|,
    /// turned back into a fraction (0.05 = 5 %). Describes one round, so it is a generous
    /// bound for the median of many rounds.
    public var spread: Double
    /// Rounds that went into the estimate.
    public var rounds: Int

    /// Nil when no round has a positive time on both sides; rounds that one side sat out
    /// (nil) are skipped. O(r log r).
    public init?(subjectPerRound: [Double?], anchorPerRound: [Double?]) {
        let ratios = zip(subjectPerRound, anchorPerRound).compactMap { subject, anchor -> Double? in
            guard let subject, let anchor else { return nil }
            return subject > 0 && anchor > 0 && subject.isFinite && anchor.isFinite ? subject / anchor : nil
        }
        guard let median = Percentiles.median(ratios) else { return nil }
        self.median = median
        self.rounds = ratios.count
        let deviations = ratios.map { abs(log($0 / median)) }.sorted()
        spread = exp(Percentiles.value(atPercentile: 90, sorted: deviations)) - 1
    }

    public init(median: Double, spread: Double, rounds: Int) {
        self.median = median
        self.spread = spread
        self.rounds = rounds
    }
}

/// The noise band a run measures on itself: the anchor is timed twice in every round (A/A),
/// and the two timings of the same code on the same data can only differ by noise.
public struct NoiseBand: Codable, Equatable, Sendable {
    /// |ln(median A′/A)|: a systematic difference between two slots of a round (position,
    /// cache state left by the subject before), as a fraction.
    public var bias: Double
    /// The 90th percentile over rounds of |ln(A′/A)|, as a fraction: how far one round's
    /// ratio may stray by noise alone.
    public var spread: Double
    public var rounds: Int

    /// The band a ratio of this run must leave before a change counts: the larger of bias
    /// and spread.
    public var width: Double { max(bias, spread) }

    /// Nil without a single usable round. O(r log r).
    public init?(anchorPerRound: [Double?], twinPerRound: [Double?]) {
        let logRatios = zip(twinPerRound, anchorPerRound).compactMap { twin, anchor -> Double? in
            guard let twin, let anchor, twin > 0, anchor > 0 else { return nil }
            return log(twin / anchor)
        }
        guard let medianLog = Percentiles.median(logRatios) else { return nil }
        bias = exp(abs(medianLog)) - 1
        spread = exp(Percentiles.value(atPercentile: 90, sorted: logRatios.map(abs).sorted())) - 1
        rounds = logRatios.count
    }

    public init(bias: Double, spread: Double, rounds: Int) {
        self.bias = bias
        self.spread = spread
        self.rounds = rounds
    }
}
