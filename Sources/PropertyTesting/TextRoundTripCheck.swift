@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace

/// `text-round-trip`: writing a trace as text and reading it back gives the same trace.
///
/// Line by line: the header once (read back by the trace reader, as a file's header is), then
/// each event as it streams by, written and read back on its own (its line number is the one
/// it has in the written trace). O(line) each.
struct TextRoundTripCheck {
    static let name = "text-round-trip"
    /// Where the property sits in the list the check was given.
    let position: Int
    /// The header's failure, found when the check starts.
    private(set) var headerFailure: PropertyFailure?
    private var lastTime: Int?

    init(position: Int, header: TraceHeader) {
        self.position = position
        do {
            // Read back as a trace file's header is read: a plain id list apart from the rest,
            // into a table that takes the line's memory, not a JSON value of millions of strings.
            let reader = try TextTraceReader(lines: LineReader(bytes: Array(TextTraceEncoding.line(for: header).utf8)))
            if reader.header != header { headerFailure = Self.differs(step: nil) }
        } catch {
            headerFailure = Self.doesNotRead(error)
        }
    }

    mutating func check(_ traceEvent: TraceEvent, step: Int) -> PropertyFailure? {
        let lineNumber = step + 1
        do {
            let line = try TextTraceLine.decode(Array(TextTraceEncoding.line(for: traceEvent).utf8), lineNumber: lineNumber)
            // What the reader checks across lines: time never goes back.
            if let t = traceEvent.t {
                if let lastTime, t < lastTime {
                    throw TraceError(.decreasingTime(t: t, previous: lastTime), at: .line(lineNumber))
                }
                lastTime = t
            }
            return line == .event(traceEvent) ? nil : Self.differs(step: step)
        } catch {
            return Self.doesNotRead(error)
        }
    }

    private static func differs(step: Int?) -> PropertyFailure {
        PropertyFailure(property: name, step: step, message: "the trace read back differs")
    }

    private static func doesNotRead(_ error: Error) -> PropertyFailure {
        PropertyFailure(property: name, step: nil, message: "the written trace does not read: \(error)")
    }
}
