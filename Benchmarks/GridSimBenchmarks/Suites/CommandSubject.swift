import BenchmarkKit

extension CommandsSuite {
    /// A command as a subject: `prepare` does the untimed set-up (a trace file in the page
    /// cache, say) and returns the command, run once per operation; the last run's output
    /// is kept for the result check, and `command-pass` runs it a second time.
    ///
    /// The command is one closure call per run: nothing next to commands that take
    /// milliseconds.
    static func commandSubject<Output>(
        _ name: String, injection: Injection,
        prepare: @escaping (CommandsTrace) -> () -> Output,
        result: @escaping (Output, CommandsTrace) -> ResultFingerprint?
    ) -> Subject<CommandsTrace> {
        Subject(name: name, role: .command) { trace, _ in
            let run = prepare(trace)
            let last = StateBox<Output?>(nil)
            return PreparedOperation(
                perform: { count in
                    last.withValue { last in
                        for _ in 0..<count {
                            last = run()
                            injection.afterCommand { _ = run() }
                        }
                    }
                },
                result: { last.value.flatMap { result($0, trace) } })
        }
    }

    /// A command that reads the case's text trace from a path: the file is written untimed
    /// (and so read from the page cache), `run` is given its path and runs once per operation.
    static func traceFileCommandSubject<Output>(
        _ name: String, injection: Injection,
        run: @escaping (_ path: String, CommandsTrace) -> Output,
        result: @escaping (Output, CommandsTrace) -> ResultFingerprint?
    ) -> Subject<CommandsTrace> {
        commandSubject(name, injection: injection, prepare: { trace in
            let file = TemporaryTraceFile(trace.text, suffix: ".jsonl")
            return { run(file.path, trace) }
        }, result: result)
    }
}
