import AdapterProtocol
import CommandLineKit
import Foundation
@_spi(GridSimInternals) import GridSimKit

/// `gridsim compare --adapter COMMAND TRACE`: a bug report's trace replayed into an adapter in
/// any language beside the reference model, the first difference named, and the side-by-side
/// page written.
enum CompareCommand: SubcommandDefinition {
    static let page = Option<String?>.text(
        "--page", "file", help: "Write the side-by-side page there (opens at the first difference).",
        shownDefault: "TRACE's name with .html")
    static let at = Option<Int?>.integer(
        "--at", "n", help: "Compare only the first n events (the adapter still receives the whole trace).")

    static let syntax = CommandSyntax(
        name: "compare",
        abstract: "Replay a trace into an adapter in any language beside SPEC.md; write both sides' page.",
        positionals: [.init(name: "trace", help: "The trace to replay: a bug report, text or .gstrace.")],
        options: AdapterOptions.all + [at, page],
        discussion: """
            The trace (text or .gstrace, with a start state if it has one) is replayed into the
            adapter and the reference model in lockstep, compared after every step in
            everything the adapter exposes, up to the first difference. The page shows both
            sides at every step.

            \(AdapterOptions.exitCodes)
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        guard let path = arguments.positionals.first else { throw UsageError("compare needs a trace") }
        let whole = try TraceLoading.load(path) { console.err($0 + "\n") }
        var trace = whole
        if let count = try arguments.value(at) {
            guard (0...whole.events.count).contains(count) else {
                throw UsageError("--at must be between 0 and the trace's \(whole.events.count) events; found \(count)")
            }
            trace.events = Array(whole.events.prefix(count))
        }
        let pagePath =
            try arguments.value(page)
            ?? ((path as NSString).deletingPathExtension + ".html")
        let connection: AdapterConnection
        switch try AdapterOptions.connect(arguments, console: console, command: "compare") {
        case .connected(let connected): connection = connected
        case .failed(let code): return code
        }
        defer { connection.close() }
        PipeAdapter.wholeReport = whole.events.map(\.event)
        defer { PipeAdapter.wholeReport = nil }
        let mismatch = PropertyRun.firstMismatch(trace, PipeAdapter.self)
        do {
            try CounterexamplePage.write(of: trace, to: pagePath, traceName: (path as NSString).lastPathComponent, PipeAdapter.self)
        } catch {
            console.err("gridsim: error: cannot write \(pagePath): \(error.localizedDescription)\n")
            return .cantCreate
        }
        var coverage = RuleCoverage()
        coverage.record(trace)
        guard let mismatch else {
            console.out("compare: \(PipeAdapter.declaredName) agrees with SPEC.md on all \(trace.events.count) steps of \(path)\n")
            let notCompared = UncomparedParts.words(for: PipeAdapter.self)
            if !notCompared.isEmpty { console.out("not compared: \(notCompared.joined(separator: "; "))\n") }
            console.out("rules of docs/conformance-rules.md the trace exercised: \(coverage.summary)\n")
            console.out("page: \(pagePath)\n")
            return .success
        }
        let fault = AdapterOptions.isFault(mismatch)
        console.out("\(fault ? "FAULT" : "FAIL")  \(PipeAdapter.declaredName) at \(mismatch)\n")
        console.out("page: \(pagePath) (opens at step \(mismatch.step))\n")
        return fault ? .adapterFault : .failure
    }
}
