import BenchmarkKit
@_spi(GridSimInternals) import SelectionTrace

extension CommandsSuite {
    /// `gridsim convert TRACE.jsonl --output TRACE.gstrace` in-process: the text trace read
    /// from a file (in the page cache: the fixture writes it untimed) and written as a binary
    /// trace by `TraceConversion.convert` to a `MemoryByteSink` that only counts the bytes.
    static func convert(injection: Injection) -> Subject<CommandsTrace> {
        traceFileCommandSubject("gridsim convert → .gstrace", injection: injection) { path, _ in
            var reader = try! TraceFileReader(path: path)
            var sink = MemoryByteSink(keepsBytes: false)
            // A fixed salt: the same bytes in every run.
            return try! TraceConversion.convert(&reader, to: .binary, into: &sink, salt: 0x5EED)
        } result: { result, _ in
            eventsResult(result.events, detail: "\(result.bytes) bytes of binary trace")
        }
    }
}
