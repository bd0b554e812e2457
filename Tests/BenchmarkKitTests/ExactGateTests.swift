import CommandLineKit
import Foundation
import Testing
import TestSupport
@testable import BenchmarkKit
@testable import GridSimBenchmarks
@_spi(GridSimInternals) import SelectionCore

/// The exact gate: callgrind's totals read, counts compared with a baseline, the counted set
/// built from the suites, and the command line that asks for it.
@Suite("Exact gate: instruction counts under callgrind")
struct ExactGateTests {
    static let cacheOutput = """
        # callgrind format
        version: 1
        creator: callgrind-3.19.0
        cmd:  ./gridsim-bench --count-child 0
        desc: Trigger: Program termination

        positions: line
        events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw
        summary: 1078000 300000 120000 10 400 200 3 50 7


        totals: 1078000 300000 120000 10 400 200 3 50 7
        fl=(1) ???
        fn=(1) gridsim_bench_counted_region
        0 1078000 300000 120000 10 400 200 3 50 7
        """

    @Test("callgrind's totals: instructions, last-level read misses (instructions + data), write misses")
    func parsesTotals() throws {
        let output = try CallgrindOutput(parsing: Self.cacheOutput, name: "count.out")
        #expect(output.instructions == 1_078_000)
        #expect(output.lastLevelReadMisses == 53)
        #expect(output.lastLevelWriteMisses == 7)
        let plain = try CallgrindOutput(parsing: "events: Ir\nsummary: 42\n", name: "x")
        #expect(plain.instructions == 42)
        #expect(plain.lastLevelReadMisses == nil)
    }

    @Test("a file that is not callgrind's, or is cut short, is an error naming it")
    func rejectsOtherFiles() {
        #expect(throws: CallgrindOutput.ParseError(description: "a.out: no 'events:' line; not a callgrind output file")) {
            try CallgrindOutput(parsing: "hello\n", name: "a.out")
        }
        #expect(throws: CallgrindOutput.ParseError(description: "b.out: no 'summary:' or 'totals:' line; the run was cut short?")) {
            try CallgrindOutput(parsing: "events: Ir\n", name: "b.out")
        }
        #expect(throws: CallgrindOutput.ParseError(description: "c.out:2: 'x1' is not a count in the totals line")) {
            try CallgrindOutput(parsing: "events: Ir\nsummary: x1\n", name: "c.out")
        }
    }

    @Test("the child's line and the totals give counts per operation")
    func countPerOperation() throws {
        let totals = try CallgrindOutput(parsing: Self.cacheOutput, name: "count.out")
        let entry = CountedEntry(caseID: "toggle/10K", size: 10_000, subject: "FastEngine + log", operations: 1_000)
        let line = CountChild.line(entry: entry, role: .engine, operations: 1_000, result: "4009 chosen")
        let report = try CountChild.report(line: "noise\n" + line + "\n", totals: totals)
        #expect(report == CountReport(
            caseID: "toggle/10K", subject: "FastEngine + log", role: .engine, operations: 1_000,
            instructionsPerOperation: 1_078, lastLevelReadMissesPerOperation: 0.053, lastLevelWriteMissesPerOperation: 0.007,
            result: "4009 chosen"))
        #expect(throws: CallgrindInvocation.Failure.self) { try CountChild.report(line: "", totals: totals) }
    }

    static func counts(_ instructions: Double, misses: Double? = nil) -> [CountReport] {
        [
            CountReport(caseID: "toggle/10K", subject: "FastEngine + log", role: .engine, operations: 4096,
                        instructionsPerOperation: instructions, lastLevelReadMissesPerOperation: misses,
                        lastLevelWriteMissesPerOperation: misses.map { _ in 0 }),
            CountReport(caseID: "pruning/10K/1%", subject: "ReferenceModel", role: .reference, operations: 2,
                        instructionsPerOperation: 9_401_293.5),
        ]
    }

    static func report(counts: [CountReport]?, cases: [CaseReport] = []) -> BenchmarkReport {
        var report = ReportFixtures.report(cases)
        report.counts = counts
        return report
    }

    @Test("equal counts pass, judged by the exact gate; the baseline's timed cases are not missing from a count-only run")
    func unchangedCounts() {
        let timed = ReportFixtures.caseReport("toggle/1K", subjects: [ReportFixtures.subject("A", ratio: 1)])
        let baseline = Self.report(counts: Self.counts(259.37, misses: 0.5), cases: [timed])
        let comparison = BaselineComparison(current: Self.report(counts: Self.counts(259.37, misses: 0.5)), baseline: baseline, baselineName: "ci")
        #expect(comparison.verdict == .unchanged)
        // Instructions and both miss counts of the first, instructions of the second.
        #expect(comparison.tally(of: .callgrind).judged == 4)
        #expect(comparison.tally(of: .timeRatio).judged == 0)
        #expect(comparison.notCompared.isEmpty)
        #expect(TextRenderer.render(comparison).contains("gate exact (callgrind): 4 metrics"))
    }

    @Test("5 % more instructions per operation is a regression of the exact gate; 0.47 % is not")
    func fivePercentCaught() throws {
        let baseline = Self.report(counts: Self.counts(259.37))
        let slower = BaselineComparison(current: Self.report(counts: Self.counts(272.91)), baseline: baseline, baselineName: "ci")
        #expect(slower.verdict == .regression)
        let regression = try #require(slower.regressions.first)
        #expect(regression.metric == .instructionsPerOperation)
        #expect(regression.metric.gate == .callgrind)
        #expect(regression.subject == "FastEngine + log")
        let text = TextRenderer.render(slower)
        #expect(text.contains("regression  exact (callgrind)  toggle/10K"))
        #expect(MarkdownRenderer.render(slower).contains("| **regression** | exact (callgrind) | toggle/10K |"))

        let close = BaselineComparison(current: Self.report(counts: Self.counts(260.6)), baseline: baseline, baselineName: "ci")
        #expect(close.verdict == .unchanged)
        let faster = BaselineComparison(current: Self.report(counts: Self.counts(240)), baseline: baseline, baselineName: "ci")
        #expect(faster.verdict == .improvement)
    }

    @Test("the exact gate's limit is 0.5 % or tighter, with a floor of one instruction; misses tolerate a layout shift")
    func tightLimit() {
        #expect(GateThresholds.instructionsPerOperation.relative <= 0.005)
        #expect(GateThresholds.instructionsPerOperation.absoluteFloor <= 1)
        // 104 → 113 write misses per grid diff from a layout shift alone: not a change.
        #expect(MetricChange.judge(baseline: 104, current: 113, threshold: GateThresholds.lastLevelMissesPerOperation) == .unchanged)
        // An extra pass over the arrays doubles them: a change.
        #expect(MetricChange.judge(baseline: 104, current: 208, threshold: GateThresholds.lastLevelMissesPerOperation) == .regression)
        #expect(GatedMetric.allCases.filter { $0.gate == .callgrind }.count == 3)
    }

    @Test("a loop's own limit applies to it: wider where its count moves, and the report names it")
    func ownLimit() {
        var wide = Self.counts(259.37 * 1.008)
        wide[0].instructionLimit = 0.01
        wide[0].instructionLimitReason = "moves by up to 0.3 % between unchanged runs"
        let baseline = Self.report(counts: Self.counts(259.37))
        let comparison = BaselineComparison(current: Self.report(counts: wide), baseline: baseline, baselineName: "ci")
        #expect(comparison.verdict == .unchanged)
        #expect(comparison.comparisons.first { $0.metric == .instructionsPerOperation }?.limit.hasSuffix("(1.00 %)") == true)
        let tight = BaselineComparison(current: Self.report(counts: Self.counts(259.37 * 1.008)), baseline: baseline, baselineName: "ci")
        #expect(tight.verdict == .regression)
    }

    @Test("a baseline without counts: listed as not compared, the timed metrics still judged")
    func baselineWithoutCounts() {
        let timed = ReportFixtures.caseReport("toggle/1K", subjects: [
            ReportFixtures.subject("A", ratio: 1), ReportFixtures.subject("B", role: .engine, ratio: 2),
        ])
        let comparison = BaselineComparison(
            current: Self.report(counts: Self.counts(259), cases: [timed]), baseline: Self.report(counts: nil, cases: [timed]),
            baselineName: "old")
        #expect(comparison.verdict == .unchanged)
        #expect(comparison.notCompared.contains { $0.hasPrefix("exact counts: the baseline has none") })
        #expect(comparison.tally(of: .allocations).judged == 4)
    }

    @Test("saving merges: --count-only keeps the timed cases, a timed save keeps the counts")
    func savingMerges() {
        let timed = ReportFixtures.caseReport("toggle/1K", subjects: [ReportFixtures.subject("A", ratio: 1)])
        let existing = Self.report(counts: Self.counts(100), cases: [timed])
        let countOnly = BenchRun.merged(Self.report(counts: Self.counts(200)), into: existing, countOnly: true, counted: true)
        #expect(countOnly.cases.map(\.id) == ["toggle/1K"])
        #expect(countOnly.counts?.first?.instructionsPerOperation == 200)
        let timedOnly = BenchRun.merged(Self.report(counts: nil, cases: []), into: existing, countOnly: false, counted: false)
        #expect(timedOnly.cases.isEmpty)
        #expect(timedOnly.counts?.first?.instructionsPerOperation == 100)
        let both = BenchRun.merged(Self.report(counts: Self.counts(300)), into: existing, countOnly: false, counted: true)
        #expect(both.counts?.first?.instructionsPerOperation == 300)
        #expect(BenchRun.merged(Self.report(counts: nil), into: nil, countOnly: true, counted: true).counts == nil)
    }

    @Test("every entry of the counted set names a case and an owned subject of the suites")
    func countedSetExists() {
        let context = SuiteContext(injection: .none, replayEvents: CountedSet.replayEvents)
        for entry in CountedSet.entries {
            let benchmarkCase = SuiteCatalog.cases(sizes: [entry.size], filter: nil, context: context, only: [entry.caseID]).first
            let subject = benchmarkCase?.subjects.first { $0.name == entry.subject }
            #expect(subject != nil, "\(entry.caseID) \(entry.subject)")
            #expect(subject.map { [.engine, .reference, .lowerBound].contains($0.role) } ?? false)
            #expect(subject?.skipReason == nil)
        }
        let owned = Set(CountedSet.entries.map(\.subject))
        #expect(owned.contains("FastEngine + log") && owned.contains("ReferenceModel"))
    }

    @Test("an outside engine's loops: toggle and pruning, replay and drag where it handles them, none under a 10K cap")
    func outsideEngineEntries() {
        let full = OutsideEngine(ReferenceModel.self, name: "Mine")
        #expect(full.countedEntries.map(\.caseID) == ["toggle/10K", "pruning/10K/1%", "replay/10K", "drag/10K/row"])
        #expect(full.countedEntries.allSatisfy { $0.subject == "Mine" })
        let seedlike = OutsideEngine(ReferenceModel.self, name: "Seed", replaySkipReason: "no outcomes", dragSkipReason: "no drag")
        #expect(seedlike.countedEntries.map(\.caseID) == ["toggle/10K", "pruning/10K/1%"])
        #expect(OutsideEngine(ReferenceModel.self, name: "Small", maximumPhotos: 1_000).countedEntries.isEmpty)
        // In a run with outside engines, theirs are the counted set, and each names a subject
        // of its case.
        OutsideEngine.$current.withValue([full]) {
            #expect(CountedSet.entries == full.countedEntries)
            let context = SuiteContext(injection: .none, replayEvents: CountedSet.replayEvents)
            for entry in CountedSet.entries {
                let benchmarkCase = SuiteCatalog.cases(sizes: [entry.size], filter: nil, context: context, only: [entry.caseID]).first
                #expect(benchmarkCase?.subjects.contains { $0.name == "Mine" && $0.role == .engine } == true, "\(entry.caseID)")
            }
        }
        #expect(CountedSet.entries == CountedSet.gridSimEntries)
    }

    @Test("the counting child runs an entry in-process and prints its line")
    func childLine() throws {
        let index = try #require(CountedSet.entries.firstIndex { $0.caseID == "toggle/10K" && $0.subject == "bitset" })
        var printed = ""
        try CountChild.run(CountedSet.entries[index], injection: .none, standardOutput: { printed += $0 })
        #expect(printed == "count\ttoggle/10K\tbitset\tlowerBound\t4096\t4009 chosen\n")
    }

    @Test("tap-work and prune-work add work and leave the results alone")
    func onePercentInjections() throws {
        #expect(Injection(environmentValue: "tap-work,prune-work") == Injection(extraPass: false, extraAllocation: false, tapWork: true, pruneWork: true))
        #expect(Injection(environmentValue: "tap-work,prune-work")?.label == "tap-work,prune-work")
        #expect(InjectedWork.burn(rounds: 3) != InjectedWork.burn(rounds: 4))
        for (caseID, subject) in [("toggle/10K", "FastEngine + log"), ("pruning/10K/1%", "FastEngine selection"), ("pruning/10K/1%", "FastEngine event")] {
            let index = try #require(CountedSet.entries.firstIndex { $0.caseID == caseID && $0.subject == subject })
            var plain = "", injected = ""
            try CountChild.run(CountedSet.entries[index], injection: .none, standardOutput: { plain += $0 })
            try CountChild.run(
                CountedSet.entries[index], injection: Injection(extraPass: false, extraAllocation: false, tapWork: true, pruneWork: true),
                standardOutput: { injected += $0 })
            #expect(plain == injected)
        }
    }

    @Test("engine-work adds work to the fast engine's tap, and leaves its result alone")
    func engineWorkInjection() throws {
        #expect(Injection(environmentValue: "engine-work") == Injection(extraPass: false, extraAllocation: false, engineWork: true))
        #expect(Injection(environmentValue: "engine-work")?.label == "engine-work")
        #expect(Injection(environmentValue: "engine-wor") == nil)
        let index = try #require(CountedSet.entries.firstIndex { $0.caseID == "toggle/10K" && $0.subject == "FastEngine + log" })
        var plain = "", injected = ""
        try CountChild.run(CountedSet.entries[index], injection: .none, standardOutput: { plain += $0 })
        try CountChild.run(
            CountedSet.entries[index], injection: Injection(extraPass: false, extraAllocation: false, engineWork: true),
            standardOutput: { injected += $0 })
        #expect(plain == injected)
    }

    @Test("--count, --count-only, --count-child on the command line")
    func options() throws {
        #expect(try BenchOptions.parse(["--quick", "--count"]).counts)
        #expect(try BenchOptions.parse(["--count-only", "--filter", "toggle"]).countOnly)
        #expect(try !BenchOptions.parse(["--quick"]).counts)
        #expect(try BenchOptions.parse(["--count-child", "0"]).countChild == 0)
        #expect(throws: UsageError.self) { try BenchOptions.parse(["--count-only", "--quick"]) }
        #expect(throws: UsageError.self) { try BenchOptions.parse(["--count-child", "\(CountedSet.entries.count)"]) }
        #expect(throws: UsageError.self) { try BenchOptions.parse(["--count=yes"]) }
        #expect(try BenchOptions.parse(["--count-only", "--compare", "ci", "--attribution-dir", "graphs"]).attributionDirectory == "graphs")
        #expect(throws: UsageError("--attribution-dir is where a comparison draws what changed; add --compare NAME")) {
            try BenchOptions.parse(["--count-only", "--attribution-dir", "graphs"])
        }
    }

    /// The debug build of gridsim-bench, which `swift build --build-tests` makes.
    static var debugBench: String? {
        let path = PackageRoot.appending(".build/debug/gridsim-bench").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    static var canCount: Bool { debugBench != nil && CallgrindInvocation(simulateCache: false).isAvailable }

    @Test("under callgrind: the same count twice, and the extra pass caught by the exact gate",
          .enabled(if: canCount, "needs valgrind and the gridsim-bench binary (swift build --build-tests)"))
    func countsUnderCallgrind() throws {
        let bench = try #require(Self.debugBench)
        func count(inject: String?) throws -> [CountReport] {
            var output = ""
            var environment = ["GRIDSIM_BENCH_EXECUTABLE": bench]
            if let inject { environment[Injection.environmentVariable] = inject }
            let code = BenchCommand.run(
                arguments: ["--count-only", "--filter", "toggle/10K bitset", "--allow-debug", "--quiet", "--json"],
                environment: environment, standardOutput: { output += $0 }, countAllocationsOnCallingThreadOnly: true)
            #expect(code == 0)
            return try ReportCoding.decode(Data(output.utf8)).counts ?? []
        }
        let first = try count(inject: nil)
        let second = try count(inject: nil)
        #expect(first.count == 1)
        #expect(first == second)
        let injected = try count(inject: "extra-pass")
        let comparison = BaselineComparison(
            current: Self.report(counts: injected), baseline: Self.report(counts: first), baselineName: "self")
        #expect(comparison.verdict == .regression)
        #expect(comparison.regressions.contains { $0.metric == .instructionsPerOperation })
        // Every count keeps its profile, whose functions add up to the count.
        let profile = try #require(first.first?.profile)
        #expect(Double(profile.totalInstructions) / Double(first[0].operations) == first[0].instructionsPerOperation)
    }

    @Test("under callgrind, against a baseline saved on another processor: kit-step-work in the kit's step path fails",
          .enabled(if: canCount, "needs valgrind and the gridsim-bench binary (swift build --build-tests)"))
    func otherProcessorBaseline() throws {
        let bench = try #require(Self.debugBench)
        let directory = try ScratchDirectory.make("other-processor")
        func run(_ arguments: [String], inject: String?) -> (code: Int32, output: String) {
            var environment = ["GRIDSIM_BENCH_EXECUTABLE": bench]
            if let inject { environment[Injection.environmentVariable] = inject }
            var output = ""
            let code = BenchCommand.run(
                arguments: ["--count-only", "--filter", "toggle/10K kit step", "--allow-debug", "--quiet", "--baseline-dir", directory.path]
                    + arguments,
                environment: environment, standardOutput: { output += $0 }, countAllocationsOnCallingThreadOnly: true)
            return (code, output)
        }
        #expect(run(["--save-baseline", "ci"], inject: nil).code == 0)
        // The baseline as another machine would have saved it.
        let file = directory.appendingPathComponent("ci.json")
        var baseline = try ReportCoding.decode(Data(contentsOf: file))
        #expect(baseline.counts?.map(\.subject) == ["kit step"])
        baseline.machine.cpuModel = "Intel(R) Xeon(R) Processor (saved elsewhere)"
        try ReportCoding.encode(baseline, pretty: true).write(to: file)

        // Unchanged counts against it pass (BaselineComparisonTests.otherProcessor, without a
        // callgrind run of seconds); the extra work is judged all the same.
        let injected = run(["--compare", "ci"], inject: "kit-step-work")
        #expect(injected.code == 2, "\(injected.output)")
        #expect(injected.output.contains("warning: baseline ran on Intel(R) Xeon(R) Processor (saved elsewhere)"))
        #expect(injected.output.contains("regression  exact (callgrind)  toggle/10K  kit step  instructions/op"))
    }

    @Test("under callgrind: prune-work fails the gate, and the attribution names InjectedWork.burn first, in its table and its graph",
          .enabled(if: canCount, "needs valgrind and the gridsim-bench binary (swift build --build-tests)"))
    func attributionNamesTheInjectedFunction() throws {
        let bench = try #require(Self.debugBench)
        let directory = try ScratchDirectory.make("attribution")
        func run(_ arguments: [String], inject: String?) -> Int32 {
            var environment = ["GRIDSIM_BENCH_EXECUTABLE": bench]
            if let inject { environment[Injection.environmentVariable] = inject }
            return BenchCommand.run(
                arguments: ["--count-only", "--filter", "pruning/10K/1% FastEngine selection", "--allow-debug", "--quiet", "--baseline-dir", directory.path]
                    + arguments,
                environment: environment, standardOutput: { _ in }, countAllocationsOnCallingThreadOnly: true)
        }
        #expect(run(["--save-baseline", "self"], inject: nil) == 0)
        let reportFile = directory.appendingPathComponent("report.json")
        let graphs = directory.appendingPathComponent("graphs")
        // The pruning loop, not the tap: its setup is two bitmaps, where the tap's is 131,072
        // taps, minutes under callgrind in a debug build.
        let code = run(["--compare", "self", "--attribution-dir", graphs.path, "--json", "--output", reportFile.path], inject: "prune-work")
        #expect(code == 2)
        let report = try ReportCoding.decode(Data(contentsOf: reportFile))
        let attribution = try #require(report.comparison?.attributions.first)
        #expect(attribution.key == "pruning/10K/1% FastEngine selection")
        let first = try #require(attribution.bySelf.first)
        #expect(first.function == "static InjectedWork.burn(rounds:)", "\(attribution.bySelf.map(\.function))")
        #expect(first.module == "GridSimBenchmarks")
        #expect(first.location?.hasPrefix("Benchmarks/GridSimBenchmarks/Command/Injection.swift:") == true)
        #expect(first.selfBefore == 0 && first.selfAfter > 0)
        guard AttributionTests.hasGraphviz else {
            Issue.record("graphviz's dot is not installed: run scripts/setup")
            return
        }
        let svg = try String(contentsOfFile: try #require(attribution.graph), encoding: .utf8)
        #expect(svg.contains("static InjectedWork.burn(rounds:) (new)"))
    }
}
