@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace

/// The semantic events re-derived from a two-layer trace's raw layer, and where they differ
/// from the recorded ones.
package struct PointerDerivation: Hashable, Sendable {
    package var header: TraceHeader
    /// The events to replay: what the raw layer resolved to, and the app events passed through.
    package var events: [TraceEvent]
    package var mismatches: [InputMismatch]

    /// The derived events as a trace with the recorded header.
    package var trace: Trace { Trace(header: header, events: events) }
}

/// Re-derives the semantic events of a two-layer trace from its raw layer.
///
/// The raw samples of each line go through a `GridPointerSurface`; a `FastEngine` runs
/// alongside so that each press names the photo at its grid index in the order of that moment.
/// Lines without raw input pass their event through unchanged (app-bar buttons, library
/// changes, accessibility actions), as do all lines of a trace without a raw layer. After a
/// line's samples, time advances to the line's `t`, so a held finger fires its long press.
///
/// O(samples + events), plus the engine's cost per event; one line in memory at a time besides
/// the derived events.
package enum PointerReplay {
    package static func derive(_ reader: inout PointerTraceReader) throws -> PointerDerivation {
        var session = Session(header: reader.header, setup: reader.setup ?? .phone)
        var mismatches: [InputMismatch] = []
        var lastLine = 1
        // Events a line's samples resolved to beyond the line's own event (a slide that began
        // and moved a drag at once): the lines after it with `"input":[]` take them in order.
        var waiting: Waiting?

        while let line = try reader.next() {
            lastLine = line.lineNumber
            let recorded = line.event.event
            var derived: [TraceEvent] = []
            if let left = waiting {
                if line.input?.isEmpty == true && recorded.isGridGesture {
                    derived = left.events
                } else {
                    mismatches.append(left.mismatch)
                }
                waiting = nil
            }
            derived += session.feed(line.input ?? [])
            if let t = line.event.t, let fired = session.advance(to: t) { derived.append(fired) }
            if line.input != nil && recorded.isGridGesture {
                // The raw input is the truth: its events are replayed in place of the recorded one.
                if derived.first?.event == recorded {
                    if derived.count > 1 {
                        waiting = Waiting(
                            lineNumber: line.lineNumber, recorded: recorded, events: Array(derived.dropFirst()))
                    }
                } else {
                    mismatches.append(
                        InputMismatch(
                            lineNumber: line.lineNumber, place: .gesture, recorded: recorded,
                            derived: derived.map(\.event)))
                }
            } else {
                if !derived.isEmpty {
                    mismatches.append(
                        InputMismatch(
                            lineNumber: line.lineNumber, place: .beforeAppEvent, recorded: recorded,
                            derived: derived.map(\.event)))
                }
                session.passThrough(line.event)
            }
            if let after = line.inputAfter {
                let trailing = session.feed(after)
                if !trailing.isEmpty {
                    mismatches.append(
                        InputMismatch(
                            lineNumber: line.lineNumber, place: .afterLastEvent, recorded: nil,
                            derived: trailing.map(\.event)))
                }
            }
        }
        if let left = waiting { mismatches.append(left.mismatch) }
        if let after = reader.headerInputAfter {
            let trailing = session.feed(after)
            if !trailing.isEmpty {
                mismatches.append(
                    InputMismatch(
                        lineNumber: lastLine, place: .afterLastEvent, recorded: nil, derived: trailing.map(\.event)))
            }
        }
        return PointerDerivation(header: reader.header, events: session.events, mismatches: mismatches)
    }

    /// Events resolved on a line after the one it records, waiting for the lines that take them.
    private struct Waiting {
        var lineNumber: Int
        var recorded: Event
        var events: [TraceEvent]

        /// No line took them: the line that resolved them resolves to more than it records.
        var mismatch: InputMismatch {
            InputMismatch(
                lineNumber: lineNumber, place: .gesture, recorded: recorded,
                derived: [recorded] + events.map(\.event))
        }
    }

    /// The pointer surface and the engine that names photos, advanced together.
    private struct Session {
        var engine: FastEngine
        var surface: GridPointerSurface
        var events: [TraceEvent] = []

        init(header: TraceHeader, setup: PointerSetup) {
            engine = FastEngine(configuration: header.configuration)
            surface = GridPointerSurface(setup: setup)
        }

        /// Feeds samples; returns (and keeps) the events they resolved to.
        mutating func feed(_ samples: [PointerSample]) -> [TraceEvent] {
            var resolved: [TraceEvent] = []
            for sample in samples {
                for event in surface.handle(sample, order: engine) {
                    keep(event)
                    resolved.append(event)
                }
            }
            return resolved
        }

        mutating func advance(to time: Int) -> TraceEvent? {
            guard let fired = surface.advance(to: time) else { return nil }
            keep(fired)
            return fired
        }

        mutating func passThrough(_ event: TraceEvent) {
            keep(event)
        }

        private mutating func keep(_ event: TraceEvent) {
            _ = engine.apply(event.event)
            events.append(event)
        }
    }
}

extension Event {
    /// Whether the pointer layer produces this event: a long press or a tap on a photo, or a
    /// drag to select's moments. The tray's remove button, like the app bar's, is an app event.
    package var isGridGesture: Bool {
        switch self {
        case .longPress, .tap, .dragBegan, .dragMoved, .dragEnded: true
        default: false
        }
    }
}
