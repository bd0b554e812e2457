import CommandLineKit
@_spi(GridSimInternals) import SelectionTrace
@_spi(GridSimInternals) import TraceReplay

/// `gridsim replay TRACE`: what a trace does, step by step.
enum ReplayCommand: SubcommandDefinition {
    static let json = Option.flag("--json", help: "Print the JSON report of SPEC.md section 5 instead of a table.")
    static let engine = Option<EngineKind>.choice(
        "--engine", "engine", help: "The engine that replays the trace.", default: .default)
    static let at = Option<Int?>.integer(
        "--at", "step",
        help: "Print only the state after this step (0 is the start): the events before it are applied "
            + "without a report; the rest of the trace is read only to check it.")
    static let salvage = Option.flag(
        "--salvage", help: "Binary traces: skip damaged records, replay the rest and say what was lost.")
    static let input = Option<TraceLayer>.choice(
        "--input", "layer",
        help: "Replay the recorded events, or re-derive them from a two-layer trace's raw pointer input "
            + "through the gesture recogniser (docs/pointer-traces.md).",
        default: .semantic)
    static let verifyInput = Option.flag(
        "--verify-input",
        help: "With --input pointer: a line whose raw input resolves to another event than it records is "
            + "an error (exit 65) instead of a warning.")

    static let syntax = CommandSyntax(
        name: "replay",
        abstract: "Replay a trace and show every step and the final state.",
        positionals: [
            .init(name: "trace", help: "A trace: text (.jsonl, SPEC.md section 4) or binary (.gstrace).")
        ],
        options: [json, engine, at, salvage, input, verifyInput],
        discussion: """
            The report is streamed: the trace is read twice (checked first, so that nothing is printed
            for a malformed one), and memory does not grow with the number of events. A binary trace
            is checked after the --at step by framing and checksums only.

            EXIT CODES:
              0   replayed (rejected events are part of a replay, not failures)
              64  bad flags or arguments
              65  the trace is malformed: FILE:LINE: what is wrong (binary: FILE: byte N (record R):
                  what is wrong), on stderr; nothing is replayed
                  (with --verify-input, also a line whose raw input resolves to another event)
              66  the trace file is missing or cannot be opened

            EXAMPLES:
              gridsim replay Traces/contextual-walkthrough.jsonl
              gridsim replay --json Traces/picker-tray-limit.jsonl > report.json
              gridsim replay --at 6 Traces/contextual-walkthrough.jsonl
              gridsim replay --json --input pointer --verify-input Traces/pointer/contextual-walkthrough.jsonl
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let path = arguments.positionals[0]
        let engine = try arguments.value(Self.engine)
        let fromPointer = try arguments.value(input) == .pointer
        let verify = arguments.value(verifyInput)
        if verify && !fromPointer {
            throw UsageError("--verify-input needs --input pointer")
        }
        let json = arguments.value(Self.json)
        let source =
            fromPointer
            ? ReplaySource(try PointerTraceLoading.derive(path, verify: verify, console: console))
            : try TraceLoading.source(path, salvage: arguments.value(salvage)) { console.err($0 + "\n") }
        let warn = { (damage: [TraceDamage]) in
            for damage in damage { console.err("warning: \(path): \(damage)\n") }
        }
        var progress = ProgressLine("replay", console: console)
        let report: (ReplayProgress) -> Void = { progress.update(events: $0.events, total: $0.total, bytes: $0.bytes) }
        if arguments.isGiven(at) {
            // A step that is not a number is refused once the trace has been read, as a
            // step outside it is: a malformed trace is reported first.
            let wanted = arguments.wantedStep(at, fallback: 0) ?? 0
            let replayed = try TraceLoading.mapErrors(path) {
                try engine.state(after: wanted, of: source, progress: report)
            }
            warn(replayed.damage)
            let step = try arguments.step(at, absent: 0, eventCount: replayed.eventCount)
            guard let state = replayed.state else { preconditionFailure("step \(step) is in the trace but was not reached") }
            console.out(json ? "{\"at\":\(step),\"state\":\(state.json)}\n" : "after step \(step): " + state.summary)
            return .success
        }
        var output = ReportOutput { console.out(String(decoding: $0, as: UTF8.self)) }
        try TraceLoading.mapErrors(path) {
            try engine.writeReport(
                of: source, format: json ? .json : .table, to: &output, damage: warn, progress: report)
        }
        return .success
    }
}
