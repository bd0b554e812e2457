import GestureInput
@_spi(GridSimInternals) import SelectionTrace

extension SyntheticSession {
    /// Writes the whole session as a text trace (the header line, then every event) to `sink`:
    /// `gridsim generate`'s core. Returns the bytes written.
    ///
    /// O(events) plus the session's own cost; memory is the session's and one 64 KiB block.
    /// `progress` is called every `TraceProgressInterval.events` events.
    @discardableResult
    package mutating func write<Sink: TraceByteSink>(
        to sink: inout Sink, progress: TraceProgress = { _, _ in }
    ) throws -> Int {
        // Lines go into one block, each written in place (no piece appended to an array), and
        // the block is handed over once it holds 64 KiB.
        var output = TextLineOutput(written: try TextTraceEncoding.writeHeaderLine(header, to: &sink))
        while writeNextLine(to: output.block) {
            if output.lineWritten(progress: progress) { try output.handOver(to: &sink) }
        }
        try output.handOver(to: &sink)
        return output.written
    }
}

extension SyntheticPointerSession {
    /// Writes the two-layer trace, line by line, to `sink`: `gridsim generate --layer
    /// pointer`'s core. Returns the bytes written. `progress` counts events (not samples).
    @discardableResult
    package mutating func write<Sink: TraceByteSink>(
        to sink: inout Sink, progress: TraceProgress = { _, _ in }
    ) throws -> Int {
        var writer = TraceBlockWriter<Sink>()
        var reported = 0
        while let line = next() {
            writer.buffer.append(contentsOf: line.utf8)
            writer.buffer.append(UInt8(ascii: "\n"))
            try writer.flushIfFull(to: &sink)
            if eventsProduced - reported >= TraceProgressInterval.events {
                reported = eventsProduced
                progress(reported, writer.total)
            }
        }
        try writer.flush(to: &sink)
        return writer.total
    }
}
