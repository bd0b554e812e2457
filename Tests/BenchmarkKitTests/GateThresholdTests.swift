import Testing
@testable import BenchmarkKit

@Suite("Gate thresholds: a relative limit with an absolute floor")
struct GateThresholdTests {
    let allocations = GateThresholds.allocationsPerOperation

    @Test("equal counts are unchanged, also at zero")
    func unchanged() {
        #expect(MetricChange.judge(baseline: 0, current: 0, threshold: allocations) == .unchanged)
        #expect(MetricChange.judge(baseline: 21, current: 21, threshold: allocations) == .unchanged)
    }

    @Test("one extra allocation per operation is a regression; one fewer an improvement")
    func oneMoreOrLess() {
        #expect(MetricChange.judge(baseline: 0, current: 1, threshold: allocations) == .regression)
        #expect(MetricChange.judge(baseline: 21, current: 22, threshold: allocations) == .regression)
        #expect(MetricChange.judge(baseline: 2, current: 1, threshold: allocations) == .improvement)
    }

    @Test("the floor absorbs changes too small to mean anything")
    func floor() {
        // 0 → 0.005 allocations/op: below the 0.01 floor although infinitely larger.
        #expect(MetricChange.judge(baseline: 0, current: 0.005, threshold: allocations) == .unchanged)
        #expect(MetricChange.judge(baseline: 0, current: 0.02, threshold: allocations) == .regression)
    }

    @Test("the relative limit takes over for large values")
    func relative() {
        // 1 % of 13,882 is 138.8
        #expect(MetricChange.judge(baseline: 13_882, current: 14_000, threshold: allocations) == .unchanged)
        #expect(MetricChange.judge(baseline: 13_882, current: 14_100, threshold: allocations) == .regression)
        #expect(allocations.allowedChange(from: 13_882) == 138.82)
        #expect(allocations.allowedChange(from: 0) == 0.01)
    }

    @Test("bytes: the 16-byte floor")
    func bytes() {
        let bytes = GateThresholds.allocatedBytesPerOperation
        #expect(MetricChange.judge(baseline: 0, current: 16, threshold: bytes) == .unchanged)
        #expect(MetricChange.judge(baseline: 0, current: 32, threshold: bytes) == .regression)
    }

    let ratio = GateThresholds.timeRatio

    func judge(_ baseline: Double, _ current: Double, noise: Double = 0, anchor: Double = 1000) -> MetricChange {
        MetricChange.judgeRatio(
            baseline: baseline, current: current, noise: noise, anchorNanosecondsPerOperation: anchor,
            threshold: ratio, noiseMultiplier: GateThresholds.noiseMultiplier)
    }

    @Test("ratios: within 40 % is noise, beyond it a change, symmetric in log space")
    func ratioRelative() {
        #expect(judge(0.10, 0.135) == .unchanged)
        #expect(judge(0.10, 0.145) == .regression)
        #expect(judge(0.10, 0.075) == .unchanged)  // ÷1.33
        #expect(judge(0.10, 0.070) == .improvement)  // ÷1.43
    }

    @Test("ratios: measured noise widens the limit")
    func ratioNoise() {
        // 30 % noise × 2 = 60 %: a 50 % rise is not a verdict any more; a doubling is.
        #expect(judge(0.10, 0.15, noise: 0.30) == .unchanged)
        #expect(judge(0.10, 0.20, noise: 0.30) == .regression)
        #expect(abs(MetricChange.relativeRatioLimit(noise: 0.30, threshold: ratio, noiseMultiplier: 2) - 0.60) < 1e-12)
        #expect(MetricChange.relativeRatioLimit(noise: 0.05, threshold: ratio, noiseMultiplier: 2) == 0.40)
    }

    @Test("ratios: a change worth less than 1 ns per operation is below the clock's resolution")
    func ratioFloor() {
        // Anchor 2 ns/op: ratio 0.1 → 0.4 is 0.2 ns → 0.8 ns per operation.
        #expect(judge(0.1, 0.4, anchor: 2) == .unchanged)
        #expect(judge(0.1, 0.4, anchor: 100) == .regression)
    }

    @Test("ratios: missing or zero values are never a verdict")
    func ratioDegenerate() {
        #expect(judge(0, 1) == .unchanged)
        #expect(judge(1, 0) == .unchanged)
    }
}
