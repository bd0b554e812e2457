/// The distribution summary the harness reports: p0, p50, p90, p99, p100 and the count.
///
/// Percentiles use the nearest-rank definition: the p-th percentile of n sorted samples is
/// the sample at rank ⌈p/100 · n⌉ (1-based), and p0 is the minimum. Every reported value is
/// therefore a sample that was actually observed (no interpolation between two samples),
/// and p50 of an even count is the lower of the two middle samples.
public struct Percentiles: Codable, Equatable, Sendable {
    public var p0: Double
    public var p50: Double
    public var p90: Double
    public var p99: Double
    public var p100: Double
    public var count: Int

    /// Summarises `samples` (any order). Nil when there are none. O(n log n) for the sort.
    public init?(samples: [Double]) {
        let sorted = samples.filter { !$0.isNaN }.sorted()
        self.init(sorted: sorted)
    }

    /// Summarises samples already sorted ascending. Nil when empty. O(1).
    public init?(sorted: [Double]) {
        guard !sorted.isEmpty else { return nil }
        p0 = sorted[0]
        p50 = Self.value(atPercentile: 50, sorted: sorted)
        p90 = Self.value(atPercentile: 90, sorted: sorted)
        p99 = Self.value(atPercentile: 99, sorted: sorted)
        p100 = sorted[sorted.count - 1]
        count = sorted.count
    }

    /// The nearest-rank `percentile` (0...100) of a non-empty ascending array. O(1).
    public static func value(atPercentile percentile: Double, sorted: [Double]) -> Double {
        precondition(!sorted.isEmpty, "a percentile of no samples")
        let clamped = min(max(percentile, 0), 100)
        let rank = Int((clamped / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank - 1, 0), sorted.count - 1)]
    }

    /// The median of unsorted values (nearest rank, the lower middle for even counts); nil
    /// when empty. O(n log n).
    public static func median(_ values: [Double]) -> Double? {
        let sorted = values.filter { !$0.isNaN }.sorted()
        return sorted.isEmpty ? nil : value(atPercentile: 50, sorted: sorted)
    }
}
