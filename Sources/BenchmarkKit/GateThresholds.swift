/// A limit on how far a gated metric may move before it counts as a change: a relative
/// limit, and an absolute floor below which no change counts however large in relative
/// terms (so that 0 → 0.001 allocations per operation, or a 0.2 ns wobble, is not a verdict).
public struct Threshold: Codable, Equatable, Sendable {
    /// A fraction of the baseline value (0.25 = 25 %).
    public var relative: Double
    /// In the metric's own unit (allocations, bytes, nanoseconds per operation).
    public var absoluteFloor: Double

    /// How far `baseline` may move: the larger of the relative limit and the floor.
    public func allowedChange(from baseline: Double) -> Double {
        max(abs(baseline) * relative, absoluteFloor)
    }
}

/// The metrics the gate judges. Everything else in a report (wall times, percentiles,
/// throughput, memory) drifts on a shared machine and is information only.
public enum GatedMetric: String, Codable, Sendable, CaseIterable {
    /// Allocation requests per operation: exact and reproducible, since every subject starts
    /// from the same state and the window counts a fixed number of operations.
    case allocationsPerOperation
    /// Bytes allocated per operation: as reproducible as the count.
    case allocatedBytesPerOperation
    /// Subject time over anchor time, the two timed alternately in the same run.
    case timeRatio
    /// Instructions per operation, counted by callgrind over a fixed operation loop: exact,
    /// the same in every run of the same build.
    case instructionsPerOperation
    /// Simulated last-level cache read misses per operation (callgrind's cache simulation,
    /// fixed geometry): what an instruction count cannot see in a memory-bound operation.
    case lastLevelReadMissesPerOperation
    /// Simulated last-level cache write misses per operation.
    case lastLevelWriteMissesPerOperation

    public var unit: String {
        switch self {
        case .allocationsPerOperation: "allocations/op"
        case .allocatedBytesPerOperation: "bytes/op"
        case .timeRatio: "× anchor"
        case .instructionsPerOperation: "instructions/op"
        case .lastLevelReadMissesPerOperation: "LL read misses/op"
        case .lastLevelWriteMissesPerOperation: "LL write misses/op"
        }
    }

    /// Which gate judges the metric: the report names it beside every verdict.
    public var gate: Gate {
        switch self {
        case .instructionsPerOperation, .lastLevelReadMissesPerOperation, .lastLevelWriteMissesPerOperation: .callgrind
        case .allocationsPerOperation, .allocatedBytesPerOperation: .allocations
        case .timeRatio: .timeRatio
        }
    }
}

/// The three gates of a comparison. The first two are exact: counts that repeat from run to
/// run of the same build, whatever the machine's load. The third is statistical.
public enum Gate: String, Codable, Sendable, CaseIterable {
    /// Instructions and simulated last-level misses per operation, counted under callgrind.
    case callgrind = "exact (callgrind)"
    /// Allocations and bytes allocated per operation, counted by jemalloc.
    case allocations = "exact (jemalloc)"
    /// Time as a ratio to an anchor timed alternately in the same run, against a noise band.
    case timeRatio = "timed (ratio)"
}

/// Every threshold of the gate, in one place (Benchmarks/README.md repeats this table).
public enum GateThresholds {
    /// Counts are exact, so the limit is tight: one allocation more per hundred operations
    /// is a change (or 1 %, whichever is larger).
    public static let allocationsPerOperation = Threshold(relative: 0.01, absoluteFloor: 0.01)

    /// Bytes follow the counts; 16 bytes per operation is the smallest size class.
    public static let allocatedBytesPerOperation = Threshold(relative: 0.02, absoluteFloor: 16)

    /// A time ratio must move by more than 40 %, or by more than the measured noise times
    /// `noiseMultiplier` if that is larger, and the implied change in the subject's own time
    /// must exceed 1 ns per operation (below that the clock cannot tell). The noise is the
    /// widest of: the case's A/A spread and the subject's round-to-round ratio spread, in
    /// this run and in the baseline.
    ///
    /// Why 40 %: subjects settle at a slightly different ratio in each process, steady within
    /// the run (so no in-run noise measure sees it): memory layout, hash seeds taken from
    /// addresses. Over 8 quick runs on the 2-core CI machine the gated subjects' ratios
    /// spread by up to 1.26× (reference model) and 1.19× (lower bound); the peers, which are
    /// not gated, by up to 1.46×.
    public static let timeRatio = Threshold(relative: 0.40, absoluteFloor: 1.0)

    /// How many noise bands a ratio must clear; a noisy run widens its own limits instead of
    /// failing.
    public static let noiseMultiplier = 2.0

    /// A time ratio is gated only for subjects whose rounds each kept the fastest of at
    /// least this many samples…
    public static let minimumSamplesPerRoundForRatio = 3
    /// …over at least this many rounds. A subject slower than that (a sample longer than a
    /// tenth of the case budget, e.g. the reference model replaying 20,000 events on 10K
    /// photos) cannot dodge a busy neighbour by taking the fastest sample, and its ratio
    /// follows the machine's load: it is reported, not gated.
    public static let minimumRoundsForRatio = 5

    /// Instruction counts repeat exactly on the same build (`CountReport`), so the limit is
    /// tight: 0.5 % more instructions per operation is a change, half the 1 % of extra work
    /// the gate is shown to catch (scripts/bench-selfcheck). Over 24 unchanged runs
    /// (Benchmarks/results/selfcheck-exact-24.txt) no loop's count moved by more than 0.03 %; a loop whose count measurably moves sets a wider limit of its own
    /// (`CountReport.instructionLimit`). The floor of 1 instruction per operation keeps a loop
    /// of a few instructions from failing on one.
    public static let instructionsPerOperation = Threshold(relative: 0.005, absoluteFloor: 1)

    /// Simulated cache misses follow the addresses the code touches, and those move with any
    /// allocation made before the subject's arrays: with nothing changed in the grid diff
    /// but a test-only injection switched on elsewhere (a few allocations more at start-up),
    /// its last-level write misses went from 104 to 113 per diff (+8.7 %). A tight limit
    /// would fail on such layout shifts, so misses are gated at 25 %, and at least half a
    /// miss per operation: what they are for is a memory-bound operation that starts
    /// touching more memory (an extra pass over a large array doubles them). A small
    /// regression of the operation's own work is the instruction count's to catch.
    public static let lastLevelMissesPerOperation = Threshold(relative: 0.25, absoluteFloor: 0.5)

    public static func threshold(for metric: GatedMetric) -> Threshold {
        switch metric {
        case .instructionsPerOperation: instructionsPerOperation
        case .lastLevelReadMissesPerOperation, .lastLevelWriteMissesPerOperation: lastLevelMissesPerOperation
        case .allocationsPerOperation: allocationsPerOperation
        case .allocatedBytesPerOperation: allocatedBytesPerOperation
        case .timeRatio: timeRatio
        }
    }
}
