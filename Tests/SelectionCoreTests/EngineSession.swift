@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
import Testing

/// Drives an engine one event at a time and asserts every step exhaustively, in the manner of
/// a composable-architecture TestStore: the outcome, every effect, every announcement, and the
/// whole state after the step (the expected state is the previous one plus `update`).
struct EngineSession<Engine: SelectionEngine> {
    private(set) var engine: Engine

    init(_ photos: PhotoList = .count(5), limit: Int? = nil, reduceMotion: Bool = false) {
        engine = Engine(configuration: GridConfiguration(photos: photos, limit: limit, reduceMotion: reduceMotion))
    }

    /// Sends events whose steps are not the point of the test; still checks invariants.
    mutating func given(_ events: Event...) {
        for event in events {
            _ = engine.apply(event)
            #expect(engine.state.invariantViolations() == [])
        }
    }

    mutating func send(
        _ event: Event,
        _ outcome: Outcome,
        effects: [Effect] = [],
        announcements: [Announcement] = [],
        sourceLocation: SourceLocation = #_sourceLocation,
        update: (inout SelectionState) -> Void = { _ in }
    ) {
        var expected = engine.state
        update(&expected)
        let step = engine.apply(event)
        #expect(step.outcome == outcome, "outcome of \(event)", sourceLocation: sourceLocation)
        #expect(step.effects == effects, "effects of \(event)", sourceLocation: sourceLocation)
        #expect(step.announcements == announcements, "announcements of \(event)", sourceLocation: sourceLocation)
        #expect(engine.state == expected, "state after \(event)", sourceLocation: sourceLocation)
        #expect(engine.state.invariantViolations() == [], sourceLocation: sourceLocation)
        if case .applied = outcome {
        } else {
            #expect(effects.isEmpty && announcements.isEmpty, "ignored and rejected events emit nothing")
        }
    }
}
