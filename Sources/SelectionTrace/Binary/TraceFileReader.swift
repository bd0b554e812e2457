import Foundation
@_spi(GridSimInternals) import SelectionCore

/// Streams a trace file of either format, chosen by extension, event by event: for the
/// commands that read both (convert, inspect) and for loading.
///
/// Damage is treated alike in both formats:
/// - a torn tail (binary: a partial last record; text: a last line without its newline that
///   does not parse, which is what a killed text recorder leaves) ends the trace, noted in
///   `damage`;
/// - anything else unreadable throws a `TraceError` (line, or byte offset and record),
///   unless `salvage` is set: then a binary reader skips to the next valid record and a text
///   reader skips the bad line, and `damage` says what was skipped.
@_spi(GridSimInternals) public struct TraceFileReader {
    @_spi(GridSimInternals) public let path: String
    @_spi(GridSimInternals) public let format: TraceFileFormat
    @_spi(GridSimInternals) public let header: TraceHeader
    private var text: TextTraceReader?
    private var binary: BinaryTraceReader?
    private let salvage: Bool
    private var textDamage: [TraceDamage] = []
    private var textEventCount = 0
    private var finished = false
    /// The shape of a text file's end, learnt at the first error: the file is read once,
    /// not once for each bad line a salvaging reader skips.
    private var textEnd: TextFileEnd?

    private struct TextFileEnd {
        var newlines = 0
        var size = 0
        var lastByte: UInt8?
        var bytesAfterLastNewline = 0
    }

    /// Opens `path` and reads its header. The format comes from the extension unless given.
    ///
    /// Throws a `TraceError`: `cannotOpen` for a file that cannot be opened, `unknownFormat`
    /// for an extension that names no format, else what is wrong with the header.
    @_spi(GridSimInternals) public init(path: String, format: TraceFileFormat? = nil, options: BinaryTraceReader.Options = .default) throws {
        guard let format = format ?? TraceFileFormat(path: path) else {
            throw TraceError(.unknownFormat, at: .file(path))
        }
        self.path = path
        self.format = format
        salvage = options.salvage
        switch format {
        case .text:
            let reader = try TextTraceReader(path: path, limits: options.limits)
            header = reader.header
            text = reader
        case .binary:
            let reader = try BinaryTraceReader(path: path, options: options)
            header = reader.header
            binary = reader
        }
    }

    /// The next event, or nil at the end of the trace.
    ///
    /// - Precondition: a binary trace is opened with `Options.keepsIDs` (the default).
    @_spi(GridSimInternals) public mutating func next() throws -> TraceEvent? {
        if format == .binary { return try binary!.next() }
        return try nextText { try $0.next() }
    }

    /// The next event of a text trace, in whatever form `read` takes it from the text
    /// reader (a converter takes the line's fields, not a `TraceEvent`); nil at the end.
    /// Damage is handled as by `next()`.
    ///
    /// - Precondition: the trace is text.
    mutating func nextText<Read>(_ read: (inout TextTraceReader) throws -> Read?) throws -> Read? {
        guard !finished else { return nil }
        while true {
            do {
                guard let event = try read(&text!) else {
                    finished = true
                    return nil
                }
                textEventCount += 1
                return event
            } catch let error as TraceError where error.line != nil {
                if let torn = try tornTextTail(error, end: textFileEnd()) {
                    textDamage.append(torn)
                    finished = true
                    return nil
                }
                guard salvage else { throw error }
                textDamage.append(
                    TraceDamage(
                        kind: .skipped, byteOffset: 0, byteCount: 0, record: error.line!, reason: error.message,
                        eventsBefore: textEventCount, line: error.line))
            }
        }
    }

    /// The next event's kind and time, or nil at the end of the trace: all that a pass that
    /// only counts needs. A binary trace's photos are never named, so it may be opened with
    /// `Options.keepsIDs` off; damage is handled as by `next()`.
    @_spi(GridSimInternals) public mutating func nextKind() throws -> (name: EventName, t: Int?)? {
        if format == .binary { return try binary!.nextKind() }
        guard let event = try next() else { return nil }
        return (event.event.name, event.t)
    }

    /// Calls `body` with the binary reader, in place: for a pass that reads a binary trace's
    /// events as slots (`BinaryTraceReader.nextSlotEvent()`), with damage handled as by `next()`.
    ///
    /// - Precondition: the trace is binary.
    package mutating func withBinaryReader<R>(_ body: (inout BinaryTraceReader) throws -> R) rethrows -> R {
        precondition(format == .binary, "the trace is not binary")
        return try body(&binary!)
    }

    /// The bytes read so far (the header's included), for progress.
    @_spi(GridSimInternals) public var bytesRead: Int { binary?.bytesRead ?? text?.bytesRead ?? 0 }

    /// Events read so far.
    @_spi(GridSimInternals) public var eventCount: Int { binary?.eventCount ?? textEventCount }

    /// A torn tail, and what salvage skipped.
    @_spi(GridSimInternals) public var damage: [TraceDamage] { binary?.damage ?? textDamage }

    /// The binary reader, for what only a binary trace has (salt, records, lost events).
    @_spi(GridSimInternals) public var binaryReader: BinaryTraceReader? { binary }

    /// How the text file ends; read once, at the first error. O(file size) the first time.
    private mutating func textFileEnd() throws -> TextFileEnd? {
        if let textEnd { return textEnd }
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var end = TextFileEnd()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            end.size += chunk.count
            for byte in chunk {
                if byte == UInt8(ascii: "\n") {
                    end.newlines += 1
                    end.bytesAfterLastNewline = 0
                } else {
                    end.bytesAfterLastNewline += 1
                }
            }
            end.lastByte = chunk.last
        }
        textEnd = end
        return end
    }

    /// Whether the text error at `error.line` is a torn tail: that line is the file's last and
    /// has no newline. Only called on an error, so the scan of the file costs nothing otherwise.
    private func tornTextTail(_ error: TraceError, end: TextFileEnd?) throws -> TraceDamage? {
        guard let end, let line = error.line, end.lastByte != UInt8(ascii: "\n"), line == end.newlines + 1 else { return nil }
        return TraceDamage(
            kind: .tornTail, byteOffset: end.size - end.bytesAfterLastNewline, byteCount: end.bytesAfterLastNewline,
            record: line, reason: error.message, eventsBefore: textEventCount, line: line)
    }
}
