import BenchmarkKit
@_spi(GridSimInternals) import SelectionTrace
@_spi(GridSimInternals) import TraceReplay

extension CommandsSuite {
    /// `gridsim inspect TRACE` in-process: the text trace read from a file (in the page cache:
    /// the fixture writes it untimed) by a `TraceFileReader` that keeps no ids, every event
    /// counted by kind (`TraceInspection.inspect`), and the text summary rendered.
    static func inspect(injection: Injection) -> Subject<CommandsTrace> {
        traceFileCommandSubject("gridsim inspect", injection: injection) { path, trace in
            var reader = try! TraceFileReader(path: path, options: .init(keepsIDs: false))
            let inspection = try! TraceInspection.inspect(&reader)
            blackHole(inspection.text(reader, path: path, fileSize: trace.text.count))
            return inspection
        } result: { inspection, _ in
            guard inspection.error == nil else { return nil }
            return eventsResult(inspection.events, detail: "\(inspection.timedEvents) timed")
        }
    }
}
