import BenchmarkKit
import Foundation
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace
@_spi(GridSimInternals) import TraceReplay

extension CommandsSuite {
    /// `gridsim replay --json TRACE` in-process: the trace read from a file (in the page
    /// cache: the fixture writes it untimed) by `ReplaySource`, replayed twice by
    /// `StreamedReplay` with the fast engine (the final state first, then every step as it is
    /// made), the JSON report written to a `ReportOutput` whose sink only counts the bytes.
    static func replayJSON(injection: Injection) -> Subject<CommandsTrace> {
        traceFileCommandSubject("gridsim replay --json", injection: injection) { path, _ -> (events: Int, bytes: Int) in
            var written = 0
            var output = ReportOutput { written += $0.count }
            let source = try! ReplaySource(path: path)
            let replay = try! StreamedReplay.writeReport(of: source, engine: FastEngine.self, format: .json, to: &output)
            return (replay.eventCount, written)
        } result: { last, _ in
            eventsResult(last.events, detail: "\(last.bytes) bytes of JSON report")
        }
    }
}
