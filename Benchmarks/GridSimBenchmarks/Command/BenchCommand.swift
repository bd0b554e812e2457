import BenchmarkKit
import CommandLineKit
import Foundation

/// The benchmark command: `gridsim-bench` runs it, and `gridsim bench` forwards to it.
public enum BenchCommand {
    /// The name the usage and every message give the program: `gridsim-bench`, or the kit's
    /// benchmark executable of another package (`AdapterBenchmarks` sets it for its run), so
    /// that a user reads the name of the command they typed.
    @TaskLocal package static var programName = "gridsim-bench"

    /// Runs the command; `arguments` exclude the program name. Returns the exit code
    /// (`ExitCode`).
    public static func run(arguments: [String]) -> Int32 {
        run(arguments: arguments, environment: ProcessInfo.processInfo.environment)
    }

    /// The same, with the environment and standard output given. Tests pass
    /// `countAllocationsOnCallingThreadOnly`, because other tests allocate on other threads
    /// meanwhile; the executable counts every arena, as it is single-threaded.
    public static func run(
        arguments: [String], environment: [String: String],
        standardOutput: @escaping (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) },
        countAllocationsOnCallingThreadOnly: Bool = false
    ) -> Int32 {
        let options: BenchOptions
        do {
            options = try BenchOptions.parse(arguments)
        } catch {
            writeStandardError("\(BenchCommand.programName): \(error)\n\n\(BenchUsage.text())")
            return ExitCode.usage.rawValue
        }
        if options.help {
            standardOutput(BenchUsage.text())
            return ExitCode.success.rawValue
        }
        guard let injection = Injection(environmentValue: environment[Injection.environmentVariable]) else {
            writeStandardError("\(BenchCommand.programName): \(Injection.environmentVariable) must be a comma-separated list of \(Injection.words.joined(separator: ", "))\n\n\(BenchUsage.text())")
            return ExitCode.usage.rawValue
        }
        let run = BenchRun(
            options: options, injection: injection, environment: environment, standardOutput: standardOutput,
            threadScopedAllocations: countAllocationsOnCallingThreadOnly)
        return run.execute().rawValue
    }
}

/// One invocation, after the command line was accepted.
struct BenchRun {
    let options: BenchOptions
    let injection: Injection
    let environment: [String: String]
    let standardOutput: (String) -> Void
    let threadScopedAllocations: Bool

    static var buildConfiguration: String {
        #if DEBUG
        return "debug"
        #else
        return "release"
        #endif
    }

    func execute() -> ExitCode {
        let context = SuiteContext(injection: injection, replayEvents: options.effectiveEvents)
        if options.list { return list(context: context) }
        if let entry = options.countChild {
            do {
                try CountChild.run(CountedSet.entries[entry], injection: injection, standardOutput: standardOutput)
                return .success
            } catch {
                writeStandardError("\(BenchCommand.programName): \(error)\n")
                return .failure
            }
        }

        if Self.buildConfiguration == "debug" && !options.allowDebug {
            writeStandardError("""
                \(BenchCommand.programName): this is an unoptimised (debug) build, whose timings say nothing about release code.
                Build it with `swift build -c release --product \(BenchCommand.programName)` (or pass --allow-debug to run anyway).

                """)
            return .failure
        }

        // Resolve the baselines before spending minutes on a run.
        var store: BaselineStore?
        if options.saveBaseline != nil || options.compare != nil {
            store = options.baselineDirectory.map { BaselineStore(directory: URL(fileURLWithPath: $0, isDirectory: true)) }
                ?? BaselineStore.locate()
            if store == nil {
                writeStandardError("\(BenchCommand.programName): no Package.swift in this directory or above it, so no Benchmarks/baselines; pass --baseline-dir\n")
                return options.compare != nil ? .baselineMissing : .failure
            }
        }
        var baseline: BenchmarkReport?
        if let name = options.compare, let store {
            guard store.exists(name) else {
                writeStandardError("\(BenchCommand.programName): no baseline \(name) at \(store.url(forName: name).path); save one with --save-baseline \(name)\n")
                return .baselineMissing
            }
            do {
                baseline = try store.load(name)
            } catch {
                writeStandardError("\(BenchCommand.programName): cannot read baseline \(store.url(forName: name).path): \(error)\n")
                return .failure
            }
        }

        guard let counter = threadScopedAllocations ? AllocationCounter.callingThread() : AllocationCounter.process else {
            writeStandardError("\(BenchCommand.programName): jemalloc statistics are unavailable (is libjemalloc linked, built with --enable-stats?)\n")
            return .failure
        }
        guard counter.isRoutingSwiftAllocations() else {
            writeStandardError("\(BenchCommand.programName): Swift allocations do not reach jemalloc, so allocation counts would be wrong\n")
            return .failure
        }

        let cases = options.countOnly ? [] : SuiteCatalog.cases(sizes: options.effectiveSizes, filter: options.filter, context: context)
        guard !cases.isEmpty || options.countOnly else {
            writeStandardError("\(BenchCommand.programName): no benchmark matches --filter \(options.filter ?? "") at sizes \(options.effectiveSizes.map(GridSizeFormat.label).joined(separator: ","))\n")
            return .usage
        }

        var report: BenchmarkReport
        do {
            report = try measure(cases, counter: counter)
            if let baseline, let name = options.compare {
                try remeasureMovedRatios(of: &report, against: baseline, named: name, counter: counter)
            }
            if options.counts {
                report.counts = try countUnderCallgrind()
            }
        } catch {
            writeStandardError("\(BenchCommand.programName): \(error)\n")
            return .failure
        }
        return finish(report, baseline: baseline, store: store)
    }

    private func settings() -> RunSettings {
        var settings = options.quick ? RunSettings.quick : RunSettings.full
        if let seconds = options.caseSeconds { settings.caseBudgetNanoseconds = seconds * 1e9 }
        return settings
    }

    /// Measures again, up to twice, every case in which a time ratio moved beyond its limit
    /// against the baseline, and records the new ratios beside the first: the comparison
    /// then counts a change only if every measurement shows it. Allocation counts are exact
    /// and never re-measured.
    private func remeasureMovedRatios(
        of report: inout BenchmarkReport, against baseline: BenchmarkReport, named name: String, counter: AllocationCounter
    ) throws {
        let log = ProgressLog(enabled: !options.quiet)
        let runner = CaseRunner(
            settings: settings(), clockOverhead: UInt64(report.clockOverheadNanoseconds), allocationCounter: counter,
            log: { line in log(line) })
        for attempt in 1...2 {
            let suspects = BaselineComparison(current: report, baseline: baseline, baselineName: name).casesToRemeasure
            guard !suspects.isEmpty else { return }
            log("re-measuring \(suspects.joined(separator: ", ")): a time ratio moved (attempt \(attempt) of 2)")
            let context = SuiteContext(injection: injection, replayEvents: options.effectiveEvents)
            let cases = SuiteCatalog.cases(
                sizes: options.effectiveSizes, filter: options.filter, context: context, only: Set(suspects))
            for benchmarkCase in cases {
                let again = try runner.run(benchmarkCase)
                guard let caseIndex = report.cases.firstIndex(where: { $0.id == again.id }) else { continue }
                for subject in again.subjects {
                    guard let ratio = subject.ratioToAnchor,
                          let subjectIndex = report.cases[caseIndex].subjects.firstIndex(where: { $0.name == subject.name })
                    else { continue }
                    report.cases[caseIndex].subjects[subjectIndex].remeasuredRatios =
                        (report.cases[caseIndex].subjects[subjectIndex].remeasuredRatios ?? []) + [ratio]
                }
            }
        }
    }

    /// Runs this executable again under callgrind as the counting child (`CountChild`) and
    /// reads its counts. The child gets `SWIFT_DETERMINISTIC_HASHING=1`, so that the reference
    /// model's `Set<String>` probes, and with them its instructions, are the same in every run.
    /// O(the counted set under callgrind: about a minute here).
    private func countUnderCallgrind() throws -> [CountReport] {
        let log = ProgressLog(enabled: !options.quiet)
        // `gridsim bench` forwards to this command: its child is `gridsim bench --count-child`.
        // Tests, running in-process, name the gridsim-bench binary instead.
        var command: [String]
        if let executable = environment["GRIDSIM_BENCH_EXECUTABLE"] {
            command = [executable]
        } else {
            let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
            command = [executable] + (CommandLine.arguments.dropFirst().first == "bench" ? ["bench"] : [])
        }
        // The counted child gets the same few variables wherever it runs: the environment's
        // size moves the stack and the heap, and with them the simulated cache's misses (the
        // grid diff's read misses went 31 -> 42 a run from one shell to another).
        // A team's own switches, named after its benchmark program (SEEDGRID_BENCH_INJECT for
        // seedgrid-bench), reach its child too.
        let ownPrefix = String(BenchCommand.programName.uppercased().map { $0.isLetter || $0.isNumber ? $0 : "_" }) + "_"
        var childEnvironment = environment.filter { name, _ in
            (name.hasPrefix("GRIDSIM_") || name.hasPrefix(ownPrefix)) && name != "GRIDSIM_BENCH_EXECUTABLE"
        }
        childEnvironment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        let invocation = CallgrindInvocation(simulateCache: true)
        guard invocation.isAvailable else {
            throw CallgrindInvocation.Failure(description: "valgrind is not installed (scripts/setup installs it); --count and --count-only need it")
        }
        let started = MonotonicClock.now()
        var counts: [CountReport] = []
        let chosen = CountedSet.entries.enumerated().filter { _, entry in
            options.filter.map { "\(entry.caseID) \(entry.subject)".contains($0) } ?? true
        }
        for (position, (index, entry)) in chosen.enumerated() {
            log("[count \(position + 1)/\(chosen.count)] \(entry.caseID) \(entry.subject): \(entry.operations) operations under callgrind")
            let (totals, profile, output) = try invocation.run(command + ["--count-child", String(index)], environment: childEnvironment)
            var count = try CountChild.report(line: output, totals: totals)
            count.profile = profile
            count.instructionLimit = entry.instructionLimit
            count.instructionLimitReason = entry.limitReason
            counts.append(count)
        }
        // The counted copy has no debug information; the file and line of each function
        // come from the executable itself.
        if let executable = command.first {
            let object = URL(fileURLWithPath: executable).lastPathComponent
            let symbols = Set(counts.flatMap { $0.profile?.functions.filter { $0.object == object }.map(\.symbol) ?? [] })
            var locations = SourceLocations.resolve(symbols, in: executable)
            // Paths inside the package are kept relative to its root, the same on every machine.
            if let root = BaselineStore.packageRoot()?.path {
                locations = locations.mapValues { (Attribution.relative($0.file, to: root), $0.line) }
            }
            for index in counts.indices {
                counts[index].profile = counts[index].profile?.locating(locations, object: object)
            }
        }
        log("counted \(counts.count) operation loops in \(ReportFormat.duration(nanoseconds: Double(MonotonicClock.now() &- started)))")
        return counts
    }

    private func measure(_ cases: [BenchmarkCase], counter: AllocationCounter) throws -> BenchmarkReport {
        let log = ProgressLog(enabled: !options.quiet)
        let settings = settings()
        log("\(BenchCommand.programName): \(cases.count) benchmarks\(options.counts ? " and the counted set" : ""), \(Self.buildConfiguration) build\(injection.label.map { ", TEST-ONLY injection \($0)" } ?? "")")
        // Counting alone needs neither the clock nor the bandwidth.
        let clockOverhead = cases.isEmpty ? 0 : MonotonicClock.calibratedOverhead()
        let bandwidth = cases.isEmpty ? nil : StreamingCopyKernel.measureBandwidth(byteCount: options.quick ? 64 << 20 : 256 << 20)
        if let bandwidth {
            log("clock overhead \(clockOverhead) ns; memory copy bandwidth \(ReportFormat.bytes(bandwidth))/s")
        }

        let runner = CaseRunner(settings: settings, clockOverhead: clockOverhead, allocationCounter: counter, log: { line in log(line) })
        var reports: [CaseReport] = []
        for (index, benchmarkCase) in cases.enumerated() {
            log("[\(index + 1)/\(cases.count)] \(benchmarkCase.id)")
            reports.append(try runner.run(benchmarkCase))
        }
        let root = BaselineStore.packageRoot()?.path
        return BenchmarkReport(
            createdAt: ISO8601DateFormatter().string(from: Date()),
            machine: .current(),
            build: .current(configuration: Self.buildConfiguration, repository: root),
            settings: RunSettingsRecord(
                quick: options.quick, sizes: options.effectiveSizes, filter: options.filter,
                caseBudgetSeconds: settings.caseBudgetNanoseconds / 1e9, minimumRounds: settings.minimumRounds,
                maximumRounds: settings.maximumRounds, replayEvents: options.effectiveEvents,
                injection: injection.label, deterministicHashing: environment["SWIFT_DETERMINISTIC_HASHING"] != nil),
            clockOverheadNanoseconds: Double(clockOverhead),
            memoryBandwidthBytesPerSecond: bandwidth,
            cases: reports)
    }

    /// Compares with the baseline (attributing the exact gate's changes to functions),
    /// writes the report where asked, saves the baseline, and picks the exit code.
    private func finish(_ measured: BenchmarkReport, baseline: BenchmarkReport?, store: BaselineStore?) -> ExitCode {
        var report = measured
        var comparison: BaselineComparison?
        if let baseline, let name = options.compare {
            var compared = BaselineComparison(current: report, baseline: baseline, baselineName: name)
            Attribution.attribute(
                &compared, current: report.counts ?? [], baseline: baseline.counts ?? [],
                graphDirectory: options.attributionDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) },
                packageRoot: BaselineStore.packageRoot()?.path)
            comparison = compared
            report.comparison = compared
        }
        let jsonToStandardOutput = options.json && options.output == nil
        // With JSON on stdout, human-readable text goes to stderr so the JSON stays parseable.
        let humanOutput: (String) -> Void = jsonToStandardOutput ? { writeStandardError($0) } : standardOutput
        do {
            if options.json {
                let data = try ReportCoding.encode(report, pretty: false)
                if let path = options.output {
                    try data.write(to: URL(fileURLWithPath: path))
                } else {
                    standardOutput(String(decoding: data, as: UTF8.self))
                }
            }
            if !jsonToStandardOutput {
                humanOutput(options.markdown ? MarkdownRenderer.render(measured) : TextRenderer.render(measured))
            }
            if let name = options.saveBaseline, let store {
                let url = try store.save(Self.merged(measured, into: store.exists(name) ? try? store.load(name) : nil, countOnly: options.countOnly, counted: options.counts), as: name)
                writeStandardError("\(BenchCommand.programName): saved baseline \(name) to \(url.path)\n")
            }
        } catch {
            writeStandardError("\(BenchCommand.programName): cannot write the report: \(error)\n")
            return .failure
        }

        guard let comparison else { return .success }
        humanOutput(options.markdown ? MarkdownRenderer.render(comparison) : TextRenderer.render(comparison))
        switch comparison.verdict {
        case .unchanged: return .success
        case .regression: return .regression
        case .improvement: return .improvement
        case .nothingInCommon: return .baselineMissing
        }
    }

    /// What saving replaces in an existing baseline: what this run measured. A `--count-only`
    /// run replaces the counts and keeps the timed cases (and their build and machine facts);
    /// a timed run without counts keeps the baseline's counts. So each half can be refreshed
    /// alone. O(report).
    static func merged(_ report: BenchmarkReport, into existing: BenchmarkReport?, countOnly: Bool, counted: Bool) -> BenchmarkReport {
        guard let existing else { return report }
        if countOnly {
            var kept = existing
            kept.counts = report.counts
            return kept
        }
        if !counted {
            var kept = report
            kept.counts = existing.counts
            return kept
        }
        return report
    }

    private func list(context: SuiteContext) -> ExitCode {
        let cases = SuiteCatalog.cases(sizes: options.effectiveSizes, filter: options.filter, context: context)
        var lines: [String] = []
        for suite in SuiteCatalog.suites {
            lines.append("\(suite.name): \(suite.summary)")
            for subject in suite.subjectNames(context: context) {
                lines.append("    \(subject.name) (\(subject.role.rawValue))")
            }
        }
        lines.append("")
        lines.append("benchmarks at sizes \(options.effectiveSizes.map(GridSizeFormat.label).joined(separator: ","))\(options.filter.map { " matching '\($0)'" } ?? ""):")
        for benchmarkCase in cases {
            lines.append("  \(benchmarkCase.id)  (anchor \(benchmarkCase.anchor))")
            for subject in benchmarkCase.subjects {
                if let reason = subject.skipReason { lines.append("      skips \(subject.name): \(reason)") }
            }
            benchmarkCase.finish()
        }
        standardOutput(lines.joined(separator: "\n") + "\n")
        return cases.isEmpty ? .usage : .success
    }
}
