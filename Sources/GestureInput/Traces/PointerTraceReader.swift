import Foundation
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace

/// Streams a two-layer trace: each event line's semantic event (decoded by the v1 reader, so
/// every v1 rule and message applies) together with its raw layer.
///
/// Two cursors walk the same text in step: `TextTraceReader` for the semantic fields and a
/// `LineReader` for the raw ones; both skip the same blank lines. One line is held at a time.
/// Errors are `TraceError`s naming the line. The raw layer's times must never decrease, and
/// must lie between the previous event's `t` and the line's own `t`.
package struct PointerTraceReader {
    package let header: TraceHeader
    /// The header's `pointer` object; nil for a trace without a raw layer.
    package let setup: PointerSetup?
    /// Raw input after the header when the trace has no event at all.
    package let headerInputAfter: [PointerSample]?

    private var semantic: TextTraceReader
    private var lines: LineReader
    /// The latest time seen, in samples or event lines.
    private var clock = 0
    private var sawInputAfter = false

    /// Reads the header of the trace at `path`.
    package init(path: String, limits: TraceLimits = .default) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw TraceError(.cannotOpen, at: .file(path)) }
        try self.init(
            semantic: TextTraceReader(path: path, limits: limits), lines: LineReader(fileHandle: handle), limits: limits)
    }

    /// Reads the header from text in memory.
    package init(text: String, limits: TraceLimits = .default) throws {
        try self.init(
            semantic: TextTraceReader(text: text, limits: limits), lines: LineReader(bytes: Array(text.utf8)),
            limits: limits)
    }

    private init(semantic: TextTraceReader, lines: LineReader, limits: TraceLimits) throws {
        self.semantic = semantic
        self.lines = lines
        self.lines.maximumLineLength = limits.maximumLineBytes
        header = semantic.header
        // The semantic reader has already checked the header line; find the same line here.
        guard let (lineNumber, object) = try Self.nextObject(&self.lines) else {
            throw TraceError(.emptyTrace, at: .line(1))
        }
        do throws(PointerJSON.PointerFieldError) {
            setup = try object["pointer"].map(PointerJSON.setup(from:))
            headerInputAfter = try object["inputAfter"].map { value throws(PointerJSON.PointerFieldError) in
                try PointerJSON.samples(from: value, field: "inputAfter")
            }
        } catch {
            throw TraceError(.malformed(error.message), at: .line(lineNumber))
        }
        if let headerInputAfter { try checkTimes(headerInputAfter, upTo: nil, line: lineNumber) }
        sawInputAfter = headerInputAfter != nil
    }

    /// The next event line, or nil at the end of the trace.
    package mutating func next() throws -> PointerTraceLine? {
        guard let event = try semantic.next() else { return nil }
        guard let (lineNumber, object) = try Self.nextObject(&lines) else {
            throw TraceError(.malformed("the raw layer ended before the events"), at: .line(lines.lineNumber))  // cannot happen
        }
        if sawInputAfter {
            throw TraceError(
                .malformed("an event follows \"inputAfter\", which only the last line may carry"), at: .line(lineNumber))
        }
        var line = PointerTraceLine(lineNumber: lineNumber, event: event)
        do throws(PointerJSON.PointerFieldError) {
            line.input = try object["input"].map { value throws(PointerJSON.PointerFieldError) in
                try PointerJSON.samples(from: value, field: "input")
            }
            line.inputAfter = try object["inputAfter"].map { value throws(PointerJSON.PointerFieldError) in
                try PointerJSON.samples(from: value, field: "inputAfter")
            }
        } catch {
            throw TraceError(.malformed(error.message), at: .line(lineNumber))
        }
        if let input = line.input { try checkTimes(input, upTo: event.t, line: lineNumber) }
        if let t = event.t {
            if t < clock {
                throw TraceError(
                    .malformed("t \(t) is earlier than the raw input before it (t \(clock))"), at: .line(lineNumber))
            }
            clock = t
        }
        if let inputAfter = line.inputAfter {
            try checkTimes(inputAfter, upTo: nil, line: lineNumber)
            sawInputAfter = true
        }
        return line
    }

    /// Reads every remaining line.
    package mutating func readAll() throws -> [PointerTraceLine] {
        var result: [PointerTraceLine] = []
        while let line = try next() { result.append(line) }
        return result
    }

    private mutating func checkTimes(_ samples: [PointerSample], upTo end: Int?, line: Int) throws {
        for (position, sample) in samples.enumerated() {
            if sample.t < clock {
                throw TraceError(
                    .malformed("input sample \(position) has t \(sample.t), earlier than the time before it, \(clock)"),
                    at: .line(line))
            }
            if let end, sample.t > end {
                throw TraceError(
                    .malformed("input sample \(position) has t \(sample.t), later than the event it led to (t \(end))"),
                    at: .line(line))
            }
            clock = sample.t
        }
    }

    /// The next non-blank line parsed as a JSON object, with its number. The semantic reader
    /// has parsed the same bytes already, so a parse failure here cannot happen in practice.
    private static func nextObject(_ lines: inout LineReader) throws -> (Int, JSONObject)? {
        while let bytes = try lines.nextLine() {
            if bytes.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { continue }
            let value: JSONValue
            do {
                value = try JSONParser.parse(bytes)
            } catch {
                throw TraceError(.malformedJSON(error.message), at: .line(lines.lineNumber, column: error.column))
            }
            guard case .object(let object) = value else {
                throw TraceError(.malformed("a line must be a JSON object"), at: .line(lines.lineNumber))
            }
            return (lines.lineNumber, object)
        }
        return nil
    }
}
