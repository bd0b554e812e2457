/// Which way a gated metric moved, if it moved beyond its threshold. Lower is better for
/// every gated metric.
public enum MetricChange: String, Codable, Sendable {
    case unchanged, regression, improvement

    /// Judges a count-like metric (allocations, bytes): a change is a difference beyond
    /// `threshold.allowedChange(from: baseline)`. O(1).
    public static func judge(baseline: Double, current: Double, threshold: Threshold) -> MetricChange {
        let allowed = threshold.allowedChange(from: baseline)
        if current - baseline > allowed { return .regression }
        if baseline - current > allowed { return .improvement }
        return .unchanged
    }

    /// Judges a time ratio (subject / anchor). The relative limit is the larger of
    /// `threshold.relative` and `noiseMultiplier × noise`, applied symmetrically in log space
    /// (×1.25 slower or ÷1.25 faster); the change must also be worth more than
    /// `threshold.absoluteFloor` nanoseconds of the subject's time per operation, estimated
    /// as the ratio's change times the anchor's time. O(1).
    public static func judgeRatio(
        baseline: Double, current: Double, noise: Double, anchorNanosecondsPerOperation: Double,
        threshold: Threshold, noiseMultiplier: Double
    ) -> MetricChange {
        guard baseline > 0, current > 0 else { return .unchanged }
        let limit = relativeRatioLimit(noise: noise, threshold: threshold, noiseMultiplier: noiseMultiplier)
        let nanosecondsChanged = abs(current - baseline) * anchorNanosecondsPerOperation
        guard nanosecondsChanged > threshold.absoluteFloor else { return .unchanged }
        if current / baseline > 1 + limit { return .regression }
        if baseline / current > 1 + limit { return .improvement }
        return .unchanged
    }

    /// The relative limit a ratio must clear, given the measured noise. O(1).
    public static func relativeRatioLimit(noise: Double, threshold: Threshold, noiseMultiplier: Double) -> Double {
        max(threshold.relative, noiseMultiplier * max(noise, 0))
    }
}
