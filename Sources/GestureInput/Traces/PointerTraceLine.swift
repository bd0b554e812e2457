import SelectionTrace

/// One event line of a two-layer trace: the semantic event (what the app understood) and the
/// raw samples that led to it (what the finger did).
public struct PointerTraceLine: Hashable, Sendable {
    /// The 1-based line number in the file; 0 for lines not read from a file.
    public var lineNumber: Int
    public var event: TraceEvent
    /// The raw samples since the previous line, up to the one this event resolved from; nil
    /// when the line has no raw layer (an app-bar button, a library change, an accessibility
    /// action, or a purely semantic trace).
    public var input: [PointerSample]?
    /// Raw samples after the last event of the trace, which resolved to nothing; only the last
    /// line carries it.
    public var inputAfter: [PointerSample]?

    public init(
        lineNumber: Int = 0, event: TraceEvent, input: [PointerSample]? = nil, inputAfter: [PointerSample]? = nil
    ) {
        self.lineNumber = lineNumber
        self.event = event
        self.input = input
        self.inputAfter = inputAfter
    }
}
