@_spi(GridSimInternals) import SelectionTrace

/// One event line of a two-layer trace: the semantic event (what the app understood) and the
/// raw samples that led to it (what the finger did).
package struct PointerTraceLine: Hashable, Sendable {
    /// The 1-based line number in the file; 0 for lines not read from a file.
    package var lineNumber: Int
    package var event: TraceEvent
    /// The raw samples since the previous line, up to the one this event resolved from; nil
    /// when the line has no raw layer (an app-bar button, a library change, an accessibility
    /// action, or a purely semantic trace).
    package var input: [PointerSample]?
    /// Raw samples after the last event of the trace, which resolved to nothing; only the last
    /// line carries it.
    package var inputAfter: [PointerSample]?

    package init(
        lineNumber: Int = 0, event: TraceEvent, input: [PointerSample]? = nil, inputAfter: [PointerSample]? = nil
    ) {
        self.lineNumber = lineNumber
        self.event = event
        self.input = input
        self.inputAfter = inputAfter
    }
}
