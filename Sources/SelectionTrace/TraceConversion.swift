@_spi(GridSimInternals) import SelectionCore

/// A trace from one format to the other (or the same), streaming: `gridsim convert`'s core.
///
/// The events, their times, the header and its meta, and what SPEC.md section 7 adds (the
/// header's start state, what the app saw after each event) carry over unchanged, so
/// replaying the output gives the same report as replaying the input. The bytes are those a
/// `TraceRecorder` writes for the same events (a binary trace's salt aside, which is the
/// caller's), handed to the sink in blocks of about 64 KiB.
@_spi(GridSimInternals) public enum TraceConversion {
    /// What a conversion wrote.
    @_spi(GridSimInternals) public struct Result: Hashable, Sendable {
        @_spi(GridSimInternals) public var events: Int
        @_spi(GridSimInternals) public var bytes: Int
    }

    /// Throws `TraceError.Kind.unrecordableHeader` for a header no trace can be written with (a grid
    /// larger than slots can number, repeated ids); `convert` checks it first too.
    @_spi(GridSimInternals) public static func validate(_ header: TraceHeader) throws {
        try header.checkWritable()
    }

    /// Reads every remaining event of `reader` and writes the whole trace in `format` to
    /// `sink`: the header, the events and, for a binary trace, its end record.
    ///
    /// O(events + bytes); memory: one block, plus a binary encoder's table of the ids it has
    /// met. Text to binary carries each usual line's ids from its bytes to the records
    /// (`EventLineFields`), and binary to text from the reader's id table to the lines,
    /// making no string. Errors: the reader's (`TraceError` for damage) and the sink's, as
    /// thrown.
    /// `progress` hears the events converted and the bytes written every
    /// `TraceProgressInterval.events` events.
    @_spi(GridSimInternals) public static func convert<Sink: TraceByteSink>(
        _ reader: inout TraceFileReader, to format: TraceFileFormat, into sink: inout Sink,
        salt: UInt32 = .random(in: 0 ... .max), syncInterval: Int = BinaryTraceFormat.defaultSyncInterval,
        progress: TraceProgress = { _, _ in }
    ) throws -> Result {
        try reader.header.checkWritable()
        if format == .text { return try convertToText(&reader, into: &sink, progress: progress) }
        var writer = TraceBlockWriter<Sink>()
        var events = 0
        var encoder = BinaryTraceEncoder(header: reader.header, salt: salt, syncInterval: syncInterval)
        try encoder.encodeHeader(into: &writer, sink: &sink)
        if reader.format == .text {
            // The usual lines go from their bytes to records, ids and all, with no string or
            // `TraceEvent` made; the rest are decoded as by any reader.
            var fields = EventLineFields()
            while let read = try reader.nextText({ try $0.next(scanningInto: &fields) }) {
                switch read {
                case .scanned: encoder.encode(fields, into: &writer.buffer)
                case .decoded(let event): encoder.encode(event, into: &writer.buffer)
                }
                try writer.flushIfFull(to: &sink)
                events += 1
                if events % TraceProgressInterval.events == 0 { progress(events, writer.total) }
            }
        } else {
            while let event = try reader.next() {
                encoder.encode(event, into: &writer.buffer)
                try writer.flushIfFull(to: &sink)
                events += 1
                if events % TraceProgressInterval.events == 0 { progress(events, writer.total) }
            }
        }
        encoder.encodeEnd(into: &writer.buffer)
        try writer.flush(to: &sink)
        return Result(events: events, bytes: writer.total)
    }

    /// `convert` to text: the header line, then each event's line written in place in a
    /// block (`LineBlock`) handed to the sink 64 KiB at a time. A binary trace's ids go from
    /// the reader's table to the lines as bytes, no string or `TraceEvent` made.
    private static func convertToText<Sink: TraceByteSink>(
        _ reader: inout TraceFileReader, into sink: inout Sink, progress: TraceProgress
    ) throws -> Result {
        var output = TextLineOutput(written: try TextTraceEncoding.writeHeaderLine(reader.header, to: &sink))
        if reader.format == .binary {
            try reader.withBinaryReader { try writeText(of: &$0, to: &output, sink: &sink, progress: progress) }
        } else {
            while let event = try reader.next() {
                TextTraceEncoding.writeLine(event, to: output.block)
                if output.lineWritten(progress: progress) { try output.handOver(to: &sink) }
            }
        }
        try output.handOver(to: &sink)
        return Result(events: output.events, bytes: output.written)
    }

    /// The lines of a binary trace's events, each photo's id copied from the reader's table;
    /// an event with what the app saw is written as any writer writes it, ids as strings.
    /// O(bytes written).
    private static func writeText<Sink: TraceByteSink>(
        of binary: inout BinaryTraceReader, to output: inout TextLineOutput, sink: inout Sink, progress: TraceProgress
    ) throws {
        while let event = try binary.nextSlotEvent() {
            if let seen = binary.seen {
                TextTraceEncoding.writeLine(TraceEvent(t: event.t, binary.event(for: event.event), seen: seen), to: output.block)
            } else {
                binary.names.writeLine(event, to: output.block)
            }
            if output.lineWritten(progress: progress) { try output.handOver(to: &sink) }
        }
    }
}
