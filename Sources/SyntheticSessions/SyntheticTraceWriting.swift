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

extension SyntheticSession {
    /// Writes the whole session as a binary trace (the file header, every event, the end
    /// record) to `sink`, salted with `salt`: the bytes `TraceConversion.convert` writes of the
    /// session's text trace with that salt. `gridsim generate --output FILE.gstrace`'s core.
    /// Returns the bytes written.
    ///
    /// Events are encoded from the model's slots, the photos the trace names for the first
    /// time given by id: no id is made, hashed or looked up for the others, and the encoder
    /// keeps no table of ids. O(events) plus the session's own cost; memory: the session's and
    /// one block.
    /// `progress` is called every `TraceProgressInterval.events` events.
    @discardableResult
    package mutating func writeBinary<Sink: TraceByteSink>(
        to sink: inout Sink, salt: UInt32 = .random(in: 0 ... .max), progress: TraceProgress = { _, _ in }
    ) throws -> Int {
        var encoder = BinaryTraceEncoder(header: header, salt: salt)
        var writer = TraceBlockWriter<Sink>()
        try encoder.encodeHeader(into: &writer, sink: &sink)
        try writer.flush(to: &sink)
        // Events go into a block that is not generic over the sink: reaching into the
        // writer's buffer looked its generic type's metadata up at each event (a fifth of
        // the encoding), as `TextLineOutput` spares the text writer.
        let blockSize = TraceBlockWriter<Sink>.blockSize
        var block: [UInt8] = []
        block.reserveCapacity(blockSize + 4096)
        var written = writer.written
        var events = 0
        while encodeNextEvent(into: &encoder, bytes: &block) {
            if block.count >= blockSize { written += try Self.handOver(&block, to: &sink) }
            events += 1
            if events % TraceProgressInterval.events == 0 { progress(events, written + block.count) }
        }
        encoder.encodeEnd(into: &block)
        written += try Self.handOver(&block, to: &sink)
        return written
    }

    /// Writes `block` to `sink` and empties it, keeping its storage; returns its size.
    private static func handOver<Sink: TraceByteSink>(_ block: inout [UInt8], to sink: inout Sink) throws -> Int {
        let count = block.count
        guard count > 0 else { return 0 }
        try block.withUnsafeBytes { try sink.write($0) }
        block.removeAll(keepingCapacity: true)
        return count
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
