import Foundation
@_spi(GridSimInternals) import SelectionCore

/// Streams a text trace (JSON Lines, SPEC.md section 4): the header first, then one event at
/// a time. Blank lines are skipped. Any malformed line throws a `TraceError` naming it.
@_spi(GridSimInternals) public struct TextTraceReader {
    @_spi(GridSimInternals) public let header: TraceHeader
    private var lines: LineReader
    private var lastTime: Int?
    /// How many events have been read so far.
    @_spi(GridSimInternals) public private(set) var eventCount = 0
    /// The fields `next()` scans each line into.
    private var scratch = EventLineFields()

    /// The bytes of the trace read so far (for progress).
    @_spi(GridSimInternals) public var bytesRead: Int { lines.bytesRead }

    /// Reads the header from `lines`.
    @_spi(GridSimInternals) public init(lines: LineReader, limits: TraceLimits = .default) throws {
        self.lines = lines
        self.lines.maximumLineLength = limits.maximumLineBytes
        // Moved, never copied: a header of millions of ids is a line of many megabytes, and
        // its memory becomes the id table's.
        var headerLine: [UInt8] = []
        var foundHeader = false
        while var line = try self.lines.nextLine() {
            if !Self.isBlank(line) {
                swap(&headerLine, &line)
                foundHeader = true
                break
            }
        }
        guard foundHeader else {
            throw TraceError(.emptyTrace, at: .line(max(self.lines.lineNumber, 1)))
        }
        let lineNumber = self.lines.lineNumber
        header = try Self.header(takingLine: &headerLine, lineNumber: lineNumber, limits: limits)
    }

    /// A second reader of a trace whose header `known` was already read (by another reader
    /// of the same file): the header's lines are passed over, not parsed, and `known`, with
    /// its id table, is shared. The events are read and checked as by any reader.
    @_spi(GridSimInternals) public init(path: String, limits: TraceLimits = .default, knownHeader known: TraceHeader) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw TraceError(.cannotOpen, at: .file(path))
        }
        lines = LineReader(fileHandle: handle)
        lines.maximumLineLength = limits.maximumLineBytes
        guard try lines.skipPastFirstNonBlankLine() else {
            throw TraceError(.emptyTrace, at: .line(max(lines.lineNumber, 1)))
        }
        header = known
    }

    /// The header in `line`. A plain id list is decoded apart (`HeaderIDArray`) and stored in
    /// the line's own memory, which this takes; anything else is parsed whole, as JSON.
    private static func header(takingLine line: inout [UInt8], lineNumber: Int, limits: TraceLimits) throws -> TraceHeader {
        if let array = HeaderIDArray.locate(in: line),
            let rest = try? JSONParser.parse(array.lineWithoutIDs(line))
        {
            do {
                return try TextTraceDecoding.header(from: rest, limits: limits, explicitIDCount: array.count) {
                    array.table(takingBytesOf: &line)
                }
            } catch {
                throw TraceError(error.kind, at: .line(lineNumber))
            }
        }
        let value = try parse(line, lineNumber: lineNumber)
        do {
            return try TextTraceDecoding.header(from: value, limits: limits)
        } catch {
            throw TraceError(error.kind, at: .line(lineNumber))
        }
    }

    /// Opens and reads the header of the trace at `path`.
    @_spi(GridSimInternals) public init(path: String, limits: TraceLimits = .default) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw TraceError(.cannotOpen, at: .file(path))
        }
        try self.init(lines: LineReader(fileHandle: handle), limits: limits)
    }

    /// Reads the header from text in memory.
    @_spi(GridSimInternals) public init(text: String, limits: TraceLimits = .default) throws {
        try self.init(lines: LineReader(bytes: Array(text.utf8)), limits: limits)
    }

    /// The next event, or nil at the end of the trace.
    ///
    /// O(line length): the usual event lines are read straight from the bytes
    /// (`EventLineScanner`); any other line goes through the JSON parser, which names what
    /// is wrong.
    @_spi(GridSimInternals) public mutating func next() throws -> TraceEvent? {
        // The fields are the reader's, to keep their arrays' storage from line to line; they
        // are moved out for the call, which needs the whole reader.
        var fields = EventLineFields()
        swap(&fields, &scratch)
        defer { swap(&fields, &scratch) }
        switch try next(scanningInto: &fields) {
        case nil: return nil
        case .scanned: return fields.event()
        case .decoded(let event): return event
        }
    }

    /// What `next(scanningInto:)` read.
    enum ReadEvent {
        /// The event's line was read into the fields.
        case scanned
        /// The line took the general path, which made the event.
        case decoded(TraceEvent)
    }

    /// The next event, left as the fields of its line where the fast path reads it (valid
    /// until the next call: they point into the read buffer), else decoded; nil at the end
    /// of the trace. For a converter that carries ids' bytes from line to record without
    /// making strings. Errors and checks as `next()`. O(line length).
    mutating func next(scanningInto fields: inout EventLineFields) throws -> ReadEvent? {
        while let line = try lines.nextLineView() {
            let lineNumber = lines.lineNumber
            let read: ReadEvent
            let t: Int?
            if EventLineScanner.scan(line, into: &fields) {
                read = .scanned
                t = fields.t
            } else {
                if Self.isBlank(line) { continue }
                let value = try Self.parse(Array(line), lineNumber: lineNumber)
                let event: TraceEvent
                do {
                    event = try TextTraceDecoding.event(from: value)
                } catch {
                    throw TraceError(error.kind, at: .line(lineNumber))
                }
                read = .decoded(event)
                t = event.t
            }
            if let t {
                if let lastTime, t < lastTime {
                    throw TraceError(.decreasingTime(t: t, previous: lastTime), at: .line(lineNumber))
                }
                lastTime = t
            }
            eventCount += 1
            return read
        }
        return nil
    }

    /// Reads every remaining event.
    @_spi(GridSimInternals) public mutating func readAll() throws -> [TraceEvent] {
        var events: [TraceEvent] = []
        while let event = try next() { events.append(event) }
        return events
    }

    private static func isBlank(_ line: some Collection<UInt8>) -> Bool {
        line.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }

    private static func parse(_ line: [UInt8], lineNumber: Int) throws -> JSONValue {
        do {
            return try JSONParser.parse(line)
        } catch {
            throw TraceError(.malformedJSON(error.message), at: .line(lineNumber, column: error.column))
        }
    }
}

extension Trace {
    /// Reads a whole trace from JSON Lines text, within the default limits. O(text length).
    /// Throws `TraceError` naming the line of the first malformed one.
    public init(text: String) throws {
        try self.init(text: text, limits: .default)
    }

    /// Reads a whole trace from a JSON Lines file, within the default limits. O(file size).
    /// Throws `TraceError`: of kind `cannotOpen` when the file cannot be opened, else naming the
    /// line of the first malformed one.
    public init(contentsOfFile path: String) throws {
        try self.init(contentsOfFile: path, limits: .default)
    }

    /// Reads a whole trace from text, within `limits`.
    package init(text: String, limits: TraceLimits) throws {
        var reader = try TextTraceReader(text: text, limits: limits)
        self.init(header: reader.header, events: try reader.readAll())
    }

    /// Reads a whole trace from a file, within `limits`.
    package init(contentsOfFile path: String, limits: TraceLimits) throws {
        var reader = try TextTraceReader(path: path, limits: limits)
        self.init(header: reader.header, events: try reader.readAll())
    }
}
