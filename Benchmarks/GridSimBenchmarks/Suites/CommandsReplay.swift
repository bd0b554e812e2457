import BenchmarkKit
import Foundation
import SelectionCore
import SelectionTrace

extension CommandsSuite {
    /// `gridsim replay --json TRACE` in-process: the trace read from a file (in the page
    /// cache: the fixture writes it untimed) by `ReplaySource`, replayed twice by
    /// `StreamedReplay` with the fast engine (the final state first, then every step as it is
    /// made), the JSON report written to a `ReportOutput` whose sink only counts the bytes.
    static func replayJSON(injection: Injection) -> Subject<CommandsTrace> {
        Subject(name: "gridsim replay --json", role: .command) { trace, _ in
            let file = TemporaryTraceFile(trace.text, suffix: ".jsonl")
            let last = StateBox((events: 0, bytes: 0))
            func run() -> (events: Int, bytes: Int) {
                var written = 0
                var output = ReportOutput { written += $0.count }
                let source = try! ReplaySource(path: file.path)
                let replay = try! StreamedReplay.writeReport(of: source, engine: FastEngine.self, format: .json, to: &output)
                return (replay.eventCount, written)
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
                result: { eventsResult(last.value.events, detail: "\(last.value.bytes) bytes of JSON report") })
        }
    }
}
