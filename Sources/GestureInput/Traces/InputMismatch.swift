@_spi(GridSimInternals) import SelectionCore

/// A line whose raw input resolves to something other than what the line records.
package struct InputMismatch: Hashable, Sendable {
    package enum Place: Hashable, Sendable {
        /// The line records a grid gesture; its `input` should resolve to exactly that.
        case gesture
        /// The line records an app event; its `input` should resolve to nothing.
        case beforeAppEvent
        /// The line's `inputAfter` (after the trace's last event) should resolve to nothing.
        case afterLastEvent
    }

    package var lineNumber: Int
    package var place: Place
    /// The event the line records.
    package var recorded: Event?
    /// What the raw input resolved to through the recogniser, in order.
    package var derived: [Event]

    package init(lineNumber: Int, place: Place, recorded: Event?, derived: [Event]) {
        self.lineNumber = lineNumber
        self.place = place
        self.recorded = recorded
        self.derived = derived
    }

    /// `the raw input resolves to tap 7; the line records tap 8`
    package var message: String {
        let resolved = derived.isEmpty ? "nothing" : derived.map(\.summary).joined(separator: ", ")
        switch place {
        case .gesture:
            return "the raw input resolves to \(resolved); the line records \(recorded?.summary ?? "nothing")"
        case .beforeAppEvent:
            return "the raw input resolves to \(resolved) before the recorded \(recorded?.summary ?? "event")"
        case .afterLastEvent:
            return
                "the raw input after the last event (inputAfter) resolves to \(resolved); the trace records nothing there"
        }
    }
}
