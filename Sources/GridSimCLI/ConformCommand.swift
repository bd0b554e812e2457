import AdapterProtocol
import CommandLineKit
import Foundation
@_spi(GridSimInternals) import GridSimKit

/// `gridsim conform --adapter COMMAND`: the kit's conformance cases (SPEC.md's event tables and
/// the scenario traces, against the reference model), then the scenario traces against their
/// checked reports, all through the line protocol.
enum ConformCommand: SubcommandDefinition {
    static let traces = Option<String?>.text(
        "--traces", "dir", help: "Scenario traces with their NAME.report.json beside them.",
        shownDefault: "this checkout's Traces/")
    static let verbose = Option.flag("--verbose", help: "Print every case, not only the failures.")

    static let syntax = CommandSyntax(
        name: "conform",
        abstract: "Run the conformance cases and scenario traces against an adapter in any language.",
        positionals: [],
        options: AdapterOptions.all + [traces, verbose],
        discussion: """
            The adapter runs as a subprocess speaking docs/adapter-protocol.md. Every row of
            SPEC.md's event tables and every scenario trace is compared with the reference model
            after every step, in everything the adapter's handshake exposes; then each scenario
            trace is compared with its checked report. Cases using events the adapter does not
            handle are left out, saying so. The run ends with what was not compared and which
            rules of docs/conformance-rules.md the cases exercised.

            \(AdapterOptions.exitCodes)
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let connection: AdapterConnection
        switch try AdapterOptions.connect(arguments, console: console, command: "conform") {
        case .connected(let connected): connection = connected
        case .failed(let code): return code
        }
        defer { connection.close() }
        let verbose = arguments.value(self.verbose)
        let scenarioFolder =
            try arguments.value(traces)
            ?? ConformanceCase.scenarioTraces.compactMap { conformanceCase -> String? in
                if case .trace(let path) = conformanceCase.source { (path as NSString).deletingLastPathComponent } else { nil }
            }.first ?? "Traces"
        let reports = ConformanceCase.traces(in: scenarioFolder, checkedReports: true)
        let candidates = ConformanceCase.specificationRows + ConformanceCase.traces(in: scenarioFolder) + reports
        let runnable = candidates.filter { $0.eventNames.isDisjoint(with: PipeAdapter.unhandledEvents) }
        var coverage = RuleCoverage()
        var passed = 0
        var departures = 0
        var faults = 0
        var notCompared: [String] = []
        for conformanceCase in runnable {
            coverage.record(conformanceCase.trace)
            do {
                let report = try conformanceCase.check(PipeAdapter.self)
                passed += 1
                if case .checkedReport = conformanceCase.expectation { notCompared = report.notCompared }
                if verbose { console.out("PASS  \(label(conformanceCase))\n") }
            } catch {
                if case .mismatch(let mismatch) = error.reason, AdapterOptions.isFault(mismatch) {
                    faults += 1
                    console.out("FAULT \(label(conformanceCase)) at \(mismatch.description)\n")
                } else {
                    departures += 1
                    console.out("FAIL  \(error)\n")
                }
            }
        }
        let leftOut = candidates.count - runnable.count
        console.out(
            "conform: \(passed) passed, \(departures) failed, \(faults) faulted, \(leftOut) left out"
                + (leftOut > 0
                    ? " (they use \(PipeAdapter.unhandledEvents.map(\.rawValue).sorted().joined(separator: ", ")), which \(PipeAdapter.declaredName) does not handle)"
                    : "")
                + " — \(ConformanceCase.specificationRows.count) table rows, \(reports.count) scenario traces against the reference model and against their reports\n")
        let uncompared = UncomparedParts.words(for: PipeAdapter.self)
        if !uncompared.isEmpty { console.out("not compared with the reference model: \(uncompared.joined(separator: "; "))\n") }
        if !notCompared.isEmpty { console.out("not compared with a report: \(notCompared.joined(separator: "; "))\n") }
        console.out("rules of docs/conformance-rules.md the cases exercised: \(coverage.summary)\n")
        if departures > 0 { return .failure }
        return faults > 0 ? .adapterFault : .success
    }

    private static func label(_ conformanceCase: ConformanceCase) -> String {
        if case .checkedReport = conformanceCase.expectation { return "\(conformanceCase) against its report" }
        return "\(conformanceCase)"
    }
}
