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
            .value("--at", "step", help: "Print only the state after this step (0 is the start)."),
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
              gridsim replay --at 6 Traces/contextual-walkthrough.jsonl
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
        if arguments.value("--at") != nil {
            let step: Int
            do {
                step = try arguments.integer("--at", default: 0)
            } catch {
                console.err("gridsim: error: \(error.message)\nUSAGE: \(syntax.usageLine)\n")
                return .usage
            }
            guard (0...trace.events.count).contains(step) else {
                console.err(
                    "gridsim: error: --at \(step) is outside the trace, which has steps 0...\(trace.events.count)\n"
                        + "USAGE: \(syntax.usageLine)\n")
                return .usage
            }
            let state = engine.state(after: step, of: trace)
            console.out(
                arguments.flag("--json")
                    ? "{\"at\":\(step),\"state\":\(state.json)}\n" : "after step \(step): " + state.summary)
            return .success
        }
        let report = engine.replay(trace)
        console.out(arguments.flag("--json") ? report.json : report.table)
        return .success
    }
}
