import AdapterProtocol
import CommandLineKit
import Foundation
@_spi(GridSimInternals) import GridSimKit
import PropertyTesting

/// `gridsim differ --adapter COMMAND`: the kit's differential property run through the line
/// protocol: generated traces against the reference model, the first failure shrunk (a crash
/// or a hang too), written with the exact requests and the answers SPEC.md expects, and run
/// three times more to tell a flaky failure.
enum DifferCommand: SubcommandDefinition {
    static let cases = Option.integer("--cases", "n", help: "How many generated traces.", default: 300)
    static let seed = Option<String?>.text(
        "--seed", "seed", help: "The first case's seed, decimal or 0x-hex.", shownDefault: "0x5EED, as the kit's")
    static let maxPhotos = Option.integer("--max-photos", "n", help: "The largest grid generated.", default: 500)
    static let maxEvents = Option.integer("--max-events", "n", help: "The most events in a trace.", default: 60)
    static let counterexamples = Option.text(
        "--counterexamples", "dir", help: "Where a shrunk counterexample is written, with its requests and page.",
        default: "counterexamples")
    static let runsForFlakiness = 3

    static let syntax = CommandSyntax(
        name: "differ",
        abstract: "Check an adapter in any language against the reference model on generated traces; shrink a failure.",
        positionals: [],
        options: AdapterOptions.all + [cases, seed, maxPhotos, maxEvents, counterexamples],
        discussion: """
            Case i of a run with seed s is the trace of seed s + i, as GridSimKit's PropertyRun
            generates it, without the events the adapter does not handle. The first case on which
            the adapter departs from the reference model, or faults (exits, hangs, breaks the
            protocol), is shrunk and written to --counterexamples as NAME.jsonl and its page
            NAME.html, with NAME.requests.jsonl (the exact lines the adapter received, to pipe
            into it without GridSim) and NAME.expected.jsonl (the answers SPEC.md expects). The
            shrunk trace is run \(runsForFlakiness) more times; answers that change are reported as flaky.

            \(AdapterOptions.exitCodes)
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let cases = try arguments.value(Self.cases)
        let maximumPhotos = try arguments.value(maxPhotos)
        let maximumEvents = try arguments.value(maxEvents)
        guard cases >= 1, maximumPhotos >= 1, maximumEvents >= 1 else {
            throw UsageError("--cases, --max-photos and --max-events must be at least 1")
        }
        var seed = PropertyRun.defaultSeed
        if let text = try arguments.value(Self.seed) {
            guard let parsed = PropertyRunner.parseSeed(text) else { throw UsageError("--seed needs a number; found '\(text)'") }
            seed = parsed
        }
        let folder = try arguments.value(counterexamples)
        let connection: AdapterConnection
        switch try AdapterOptions.connect(arguments, console: console, command: "differ") {
        case .connected(let connected): connection = connected
        case .failed(let code): return code
        }
        defer { connection.close() }
        let run = PropertyRun(
            cases: cases, seed: seed, maximumPhotos: maximumPhotos, maximumEvents: maximumEvents,
            counterexamples: folder, environment: [:])
        console.err("differ: \(cases) cases from seed \(seed), grids of up to \(maximumPhotos) photos, up to \(maximumEvents) events\n")
        var coverage = RuleCoverage()
        for index in 0..<cases {
            let trace = run.trace(case: index, for: PipeAdapter.self)
            coverage.record(trace)
            guard let mismatch = PropertyRun.firstMismatch(trace, PipeAdapter.self) else {
                if (index + 1) % 100 == 0 && index + 1 < cases { console.err("differ: \(index + 1)/\(cases) cases\n") }
                continue
            }
            console.err("differ: case \(index + 1) fails; shrinking\n")
            var single = run
            single.seed = seed &+ UInt64(index)
            single.cases = 1
            do {
                try single.check(PipeAdapter.self)
                console.out("differ: case \(index + 1) failed once and passed when run again: flaky at \(mismatch)\n")
                return AdapterOptions.isFault(mismatch) ? .adapterFault : .failure
            } catch {
                guard case .counterexample(let counterexample) = error else {
                    console.err("gridsim: error: \(error)\n")
                    return .failure
                }
                return report(counterexample, caseIndex: index, cases: cases, connection: connection, console: console)
            }
        }
        let notCompared = UncomparedParts.words(for: PipeAdapter.self)
        console.out("differ: \(cases) cases passed against the reference model (seed \(seed))\n")
        if !notCompared.isEmpty { console.out("not compared: \(notCompared.joined(separator: "; "))\n") }
        if !PipeAdapter.unhandledEvents.isEmpty {
            console.out("events never generated: \(PipeAdapter.unhandledEvents.map(\.rawValue).sorted().joined(separator: ", ")) (unhandled)\n")
        }
        console.out("rules of docs/conformance-rules.md the generated traces exercised: \(coverage.summary)\n")
        return .success
    }

    private static func report(
        _ counterexample: Counterexample, caseIndex: Int, cases: Int, connection: AdapterConnection, console: Console
    ) -> ExitCode {
        let fault = AdapterOptions.isFault(counterexample.mismatch)
        var lines = [
            "\(fault ? "FAULT" : "FAIL")  \(counterexample.adapterName) \(fault ? "faults" : "departs from the reference model") on case \(caseIndex + 1) of \(cases) (seed \(counterexample.seed))",
            "  at \(counterexample.mismatch)",
            "  shrunk from \(counterexample.original.events.count) to \(counterexample.shrunk.events.count) events (\(counterexample.shrinkChecks) checks)",
        ]
        if let written = counterexample.writtenTo {
            lines.append("  shrunk trace: \(written)")
            var settings = connection.settings
            if connection.hasHung { settings.timeout = settings.timeoutAfterHang }
            let travel = TravellingCounterexample.write(
                counterexample.shrunk, beside: written, settings: settings, runs: runsForFlakiness)
            lines += travel.lines
        }
        if let page = counterexample.pageWrittenTo { lines.append("  see both sides: \(page)") }
        if let error = counterexample.writeError { lines.append("  \(error)") }
        lines.append("  run this case again: gridsim differ --adapter '…' --seed \(counterexample.seed) --cases 1")
        lines.append("  the shrunk trace:")
        lines += counterexample.shrunk.text.split(separator: "\n").map { "    " + $0 }
        console.out(lines.joined(separator: "\n") + "\n")
        return fault ? .adapterFault : .failure
    }
}
