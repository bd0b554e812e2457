// libFuzzer target: the text trace reader (JSON Lines) on arbitrary bytes.
//
// Built and run by scripts/fuzz. Any input must either read as a trace or fail with a
// `TraceError`; a trace that reads must survive the round trips through the text and the
// binary codecs unchanged. Anything else (a trap, another error, a changed trace) is a crash.

@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace

/// Small limits keep each run fast; the limits themselves are tested elsewhere.
let limits = TraceLimits(maximumPhotoCount: 100_000, maximumIDListCount: 10_000, maximumHeaderBytes: 1 << 16, maximumRecordBytes: 1 << 20)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTextTraceReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let trace: Trace
    do {
        var reader = try TextTraceReader(lines: LineReader(bytes: bytes), limits: limits)
        var events: [TraceEvent] = []
        while let event = try reader.next() {
            events.append(event)
            precondition(events.count <= size, "more events than bytes")
        }
        trace = Trace(header: reader.header, events: events)
    } catch is TraceError {
        return 0
    } catch {
        fatalError("the text reader threw something other than a TraceError: \(error)")
    }
    do {
        let viaText = try Trace(text: trace.text, limits: limits)
        precondition(viaText == trace, "the text round trip changed the trace")
        let viaBinary = try Trace(binary: trace.binaryEncoded(syncInterval: 3), options: .init(limits: limits))
        precondition(viaBinary == trace, "the binary round trip changed the trace")
    } catch {
        fatalError("a trace that was read could not be read again after writing: \(error)")
    }
    return 0
}
