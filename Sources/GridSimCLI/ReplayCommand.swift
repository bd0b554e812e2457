import SelectionTrace

/// `gridsim replay TRACE`: what a trace does, step by step.
enum ReplayCommand {
    static let syntax = CommandSyntax(
        name: "replay",
        abstract: "Replay a trace and show every step and the final state.",
        positionals: [.init(name: "trace", help: "A text trace (JSON Lines, SPEC.md section 4).")],
        options: [
            .flag("--json", help: "Print the JSON report of SPEC.md section 5 instead of a table."),
            .value(
                "--engine", "engine", help: "The engine that replays the trace.", choices: EngineKind.names,
                default: EngineKind.default.rawValue),
        ],
        discussion: """
            EXIT CODES:
              0   replayed (rejected events are part of a replay, not failures)
              64  bad flags or arguments
              65  the trace is malformed: FILE:LINE: what is wrong, on stderr; nothing is replayed
              66  the trace file is missing or cannot be opened

            EXAMPLES:
              gridsim replay Traces/contextual-walkthrough.jsonl
              gridsim replay --json Traces/picker-tray-limit.jsonl > report.json
            """)

    static func run(_ arguments: ParsedArguments, console: Console) -> ExitCode {
        let path = arguments.positionals[0]
        let engine = arguments.value("--engine").flatMap(EngineKind.init(rawValue:)) ?? .default
        let trace: Trace
        do {
            trace = try TraceLoading.load(path)
        } catch {
            console.err(error.message + "\n")
            return error.code
        }
        let report = engine.replay(trace)
        console.out(arguments.flag("--json") ? report.json : report.table)
        return .success
    }
}
