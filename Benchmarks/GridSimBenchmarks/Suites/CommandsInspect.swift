import BenchmarkKit
import SelectionTrace

extension CommandsSuite {
    /// `gridsim inspect TRACE` in-process: the text trace read from a file (in the page cache:
    /// the fixture writes it untimed) by a `TraceFileReader` that keeps no ids, every event
    /// counted by kind (`TraceInspection.inspect`), and the text summary rendered.
    static func inspect(injection: Injection) -> Subject<CommandsTrace> {
        Subject(name: "gridsim inspect", role: .command) { trace, _ in
            let file = TemporaryTraceFile(trace.text, suffix: ".jsonl")
            let last = StateBox<TraceInspection?>(nil)
            func run() -> TraceInspection {
                var reader = try! TraceFileReader(path: file.path, options: .init(keepsIDs: false))
                let inspection = try! TraceInspection.inspect(&reader)
                blackHole(inspection.text(reader, path: file.path, fileSize: trace.text.count))
                return inspection
            }
            return PreparedOperation(
                perform: { count in
                    last.withValue { last in
                        for _ in 0..<count {
                            last = run()
                            injection.afterCommand { _ = run() }
                        }
                    }
                    blackHole(file)
                },
                result: {
                    guard let inspection = last.value, inspection.error == nil else { return nil }
                    return eventsResult(inspection.events, detail: "\(inspection.timedEvents) timed")
                })
        }
    }
}
