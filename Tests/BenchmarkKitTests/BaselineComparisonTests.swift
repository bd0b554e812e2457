import Testing
@testable import BenchmarkKit

/// Small hand-made reports, so that the comparison logic is tested without timing anything.
enum ReportFixtures {
    static func subject(
        _ name: String, role: SubjectRole = .peer, ratio: Double?, spread: Double = 0.02,
        allocations: Double = 0, bytes: Double = 0, median: Double = 100, samplesPerRound: Int = 3, rounds: Int = 20
    ) -> SubjectReport {
        var report = SubjectReport(name: name, role: role)
        report.allocationsPerOperation = allocations
        report.allocatedBytesPerOperation = bytes
        report.nanosecondsPerOperation = Percentiles(samples: [median])
        report.ratioToAnchor = ratio.map { RatioEstimate(median: $0, spread: spread, rounds: rounds) }
        report.samplesPerRound = samplesPerRound
        report.rounds = rounds
        return report
    }

    static func caseReport(_ id: String, anchor: String = "A", noise: Double = 0.02, subjects: [SubjectReport]) -> CaseReport {
        CaseReport(
            id: id, suite: "s", size: 1000, variant: nil, operationName: "op", itemName: "items",
            itemsPerOperation: 1, anchor: anchor, noise: NoiseBand(bias: 0, spread: noise, rounds: 20),
            rounds: 20, notes: [], subjects: subjects)
    }

    static func report(_ cases: [CaseReport], configuration: String = "release", injection: String? = nil) -> BenchmarkReport {
        BenchmarkReport(
            createdAt: "2026-01-01T00:00:00Z",
            machine: MachineFacts(cpuModel: "cpu", processors: 2, activeProcessors: 2, memoryBytes: 1, kernel: "k", hostName: "h"),
            build: BuildFacts(configuration: configuration, swiftCompiler: "6.3", swiftVersionOutput: nil, gitCommit: "abc", gitDirty: false, jemallocVersion: "5"),
            settings: RunSettingsRecord(quick: true, sizes: [1000], filter: nil, caseBudgetSeconds: 1, minimumRounds: 9, maximumRounds: 400, replayEvents: 100, injection: injection, deterministicHashing: false),
            clockOverheadNanoseconds: 20, memoryBandwidthBytesPerSecond: nil, cases: cases)
    }

    /// One case: anchor A (1 µs/op), subject B at ratio `ratio` with `allocations`.
    static func simple(ratio: Double = 0.5, allocations: Double = 0, spread: Double = 0.02) -> BenchmarkReport {
        report([caseReport("s/1K", subjects: [
            subject("A", role: .seed, ratio: 1, median: 1000),
            subject("B", role: .engine, ratio: ratio, spread: spread, allocations: allocations, median: 1000 * ratio),
            subject("peer", role: .peer, ratio: ratio * 3, spread: spread, median: 3000 * ratio),
            subject("memcpy", role: .physicalLimit, ratio: 0.001, median: 1),
        ])])
    }
}

@Suite("Comparing a run with a baseline")
struct BaselineComparisonTests {
    @Test("the same figures: no change")
    func same() {
        let comparison = BaselineComparison(current: ReportFixtures.simple(), baseline: ReportFixtures.simple(), baselineName: "b")
        #expect(comparison.verdict == .unchanged)
        #expect(comparison.regressions.isEmpty)
        // Allocations and bytes of four subjects; the ratio of B only (not the anchor, the
        // peer or the kernel).
        #expect(comparison.comparisons.count == 9)
        #expect(comparison.comparisons.filter { $0.metric == .timeRatio }.map(\.subject) == ["B"])
    }

    @Test("an extra allocation per operation is a regression")
    func extraAllocation() {
        let comparison = BaselineComparison(
            current: ReportFixtures.simple(allocations: 1), baseline: ReportFixtures.simple(), baselineName: "b")
        #expect(comparison.verdict == .regression)
        #expect(comparison.regressions.map(\.metric) == [.allocationsPerOperation])
    }

    @Test("a doubled ratio is a regression, a halved one an improvement")
    func ratios() {
        #expect(BaselineComparison(current: ReportFixtures.simple(ratio: 1.0), baseline: ReportFixtures.simple(ratio: 0.5), baselineName: "b").verdict == .regression)
        #expect(BaselineComparison(current: ReportFixtures.simple(ratio: 0.25), baseline: ReportFixtures.simple(ratio: 0.5), baselineName: "b").verdict == .improvement)
    }

    @Test("regression and improvement together: the regression wins")
    func mixed() {
        let baseline = ReportFixtures.simple(ratio: 0.5, allocations: 2)
        let current = ReportFixtures.simple(ratio: 1.0, allocations: 1)
        #expect(BaselineComparison(current: current, baseline: baseline, baselineName: "b").verdict == .regression)
    }

    @Test("a peer's ratio is reported, never judged: its code is not ours")
    func peersNotGated() {
        var current = ReportFixtures.simple()
        current.cases[0].subjects[2].ratioToAnchor?.median = 100  // the peer 66× slower
        let comparison = BaselineComparison(current: current, baseline: ReportFixtures.simple(), baselineName: "b")
        #expect(comparison.verdict == .unchanged)
        #expect(!comparison.comparisons.contains { $0.subject == "peer" && $0.metric == .timeRatio })
        #expect(comparison.comparisons.contains { $0.subject == "peer" && $0.metric == .allocationsPerOperation })
    }

    @Test("a ratio that moved once but not on re-measurement is noise; one that moved every time is a change")
    func remeasurement() {
        var transient = ReportFixtures.simple(ratio: 1.0)  // doubled against 0.5…
        transient.cases[0].subjects[1].remeasuredRatios = [RatioEstimate(median: 0.52, spread: 0.02, rounds: 20)]  // …then not
        let noise = BaselineComparison(current: transient, baseline: ReportFixtures.simple(ratio: 0.5), baselineName: "b")
        #expect(noise.verdict == .unchanged)
        #expect(noise.notCompared.contains { $0.contains("did not hold on re-measurement") })
        #expect(noise.casesToRemeasure.isEmpty)

        var lasting = ReportFixtures.simple(ratio: 1.0)
        lasting.cases[0].subjects[1].remeasuredRatios = [1.1, 0.95].map { RatioEstimate(median: $0, spread: 0.02, rounds: 20) }
        let change = BaselineComparison(current: lasting, baseline: ReportFixtures.simple(ratio: 0.5), baselineName: "b")
        #expect(change.verdict == .regression)
        #expect(change.casesToRemeasure == ["s/1K"])
        #expect(change.regressions.first?.limit.contains("3 measurements") == true)
    }

    @Test("a subject that measured itself noisy widens its own limit")
    func noisySubject() {
        // 60 % spread × 2 = 120 %: a 1.6× ratio is within it (and beyond the plain 40 %).
        let comparison = BaselineComparison(
            current: ReportFixtures.simple(ratio: 0.8, spread: 0.6), baseline: ReportFixtures.simple(ratio: 0.5), baselineName: "b")
        #expect(comparison.verdict == .unchanged)
    }

    @Test("slow subjects (few rounds or one sample a round) are listed, not gated on time")
    func slowSubjectsNotGated() {
        let baseline = ReportFixtures.report([ReportFixtures.caseReport("s/1K", subjects: [
            ReportFixtures.subject("A", ratio: 1), ReportFixtures.subject("slow", role: .reference, ratio: 100, samplesPerRound: 1, rounds: 3),
        ])])
        let current = ReportFixtures.report([ReportFixtures.caseReport("s/1K", subjects: [
            ReportFixtures.subject("A", ratio: 1), ReportFixtures.subject("slow", role: .reference, ratio: 300, samplesPerRound: 1, rounds: 3),
        ])])
        let comparison = BaselineComparison(current: current, baseline: baseline, baselineName: "b")
        #expect(comparison.verdict == .unchanged)
        #expect(comparison.notCompared.contains { $0.contains("slow: time ratio not gated") })
    }

    @Test("cases on one side only are listed; nothing in common is its own verdict")
    func disjoint() {
        let baseline = ReportFixtures.report([ReportFixtures.caseReport("x/1K", subjects: [ReportFixtures.subject("A", ratio: 1)])])
        let comparison = BaselineComparison(current: ReportFixtures.simple(), baseline: baseline, baselineName: "b")
        #expect(comparison.verdict == .nothingInCommon)
        #expect(comparison.notCompared.contains("s/1K: not in the baseline"))
        #expect(comparison.notCompared.contains("x/1K: in the baseline, not in this run"))
    }

    @Test("a changed anchor stops ratio comparison for that case")
    func anchorChanged() {
        let baseline = ReportFixtures.report([ReportFixtures.caseReport("s/1K", anchor: "Z", subjects: [
            ReportFixtures.subject("A", ratio: 1), ReportFixtures.subject("B", role: .engine, ratio: 0.1),
        ])])
        let comparison = BaselineComparison(current: ReportFixtures.simple(ratio: 0.9), baseline: baseline, baselineName: "b")
        #expect(!comparison.comparisons.contains { $0.metric == .timeRatio })
        #expect(comparison.notCompared.contains { $0.contains("anchor changed") })
    }

    @Test("against a baseline from another processor, ratios that moved either way are information; allocations still judge")
    func otherProcessor() {
        var baseline = ReportFixtures.simple(ratio: 0.5)
        baseline.machine.cpuModel = "Intel(R) Xeon(R) Processor"
        var current = ReportFixtures.simple(ratio: 0.25)
        current.machine.cpuModel = "AMD EPYC"
        let faster = BaselineComparison(current: current, baseline: baseline, baselineName: "ci")
        #expect(faster.verdict == .unchanged)
        #expect(faster.tally(of: .timeRatio).judged == 0)
        #expect(faster.tally(of: .allocations).judged == 8)
        #expect(faster.timeGateNote?.hasPrefix("1 ratios not judged: the baseline ran on Intel(R) Xeon(R) Processor, this run on AMD EPYC") == true)
        #expect(TextRenderer.render(faster).contains("gate timed (ratio): 1 ratios not judged"))
        #expect(MarkdownRenderer.render(faster).contains("- gate timed (ratio): 1 ratios not judged"))
        #expect(faster.warnings.contains("baseline ran on Intel(R) Xeon(R) Processor, this run on AMD EPYC"))
        #expect(faster.casesToRemeasure.isEmpty)

        current = ReportFixtures.simple(ratio: 1.0)
        current.machine.cpuModel = "AMD EPYC"
        #expect(BaselineComparison(current: current, baseline: baseline, baselineName: "ci").verdict == .unchanged)
        // The same doubled ratio on the baseline's own processor is a regression.
        current.machine.cpuModel = baseline.machine.cpuModel
        #expect(BaselineComparison(current: current, baseline: baseline, baselineName: "ci").verdict == .regression)

        // The exact gate holds across processors: one allocation more is still a regression,
        // and so is 1 % more instructions per operation.
        current = ReportFixtures.simple(ratio: 0.5, allocations: 1)
        current.machine.cpuModel = "AMD EPYC"
        #expect(BaselineComparison(current: current, baseline: baseline, baselineName: "ci").regressions.map(\.metric) == [.allocationsPerOperation])
        var counted = ExactGateTests.report(counts: ExactGateTests.counts(259.37 * 1.01))
        counted.machine.cpuModel = "AMD EPYC"
        var countedBaseline = ExactGateTests.report(counts: ExactGateTests.counts(259.37))
        countedBaseline.machine.cpuModel = "Intel(R) Xeon(R) Processor"
        let slower = BaselineComparison(current: counted, baseline: countedBaseline, baselineName: "ci")
        #expect(slower.regressions.map(\.metric) == [.instructionsPerOperation])
        #expect(slower.timeGateNote == nil)
    }

    @Test("differences in build and injection are warned about")
    func warnings() {
        let baseline = ReportFixtures.simple()
        var current = ReportFixtures.simple()
        current.build.configuration = "debug"
        current.settings.injection = "extra-alloc"
        let comparison = BaselineComparison(current: current, baseline: baseline, baselineName: "b")
        #expect(comparison.warnings.contains { $0.contains("debug") })
        #expect(comparison.warnings.contains { $0.contains("extra-alloc") })
    }

    @Test("a baseline survives the round trip through JSON, without raw samples")
    func codable() throws {
        var report = ReportFixtures.simple()
        report.cases[0].subjects[0].samples = [1, 2, 3]
        let decoded = try ReportCoding.decode(ReportCoding.encode(report.withoutRawSamples(), pretty: true))
        #expect(decoded.cases[0].subjects[0].samples == nil)
        #expect(decoded.cases[0].subjects[1].ratioToAnchor == report.cases[0].subjects[1].ratioToAnchor)
        #expect(BaselineComparison(current: report, baseline: decoded, baselineName: "b").verdict == .unchanged)
    }
}
