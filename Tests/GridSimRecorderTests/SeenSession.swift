import Foundation
import GridSimRecorder
@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
@_spi(GridSimInternals) import SelectionTrace
import SyntheticSessions
import TestSupport

/// A seeded synthetic session over PhotoKit-style ids, with what an app that follows SPEC.md
/// shows after each event as its `seen` (mode, count and title; the chosen photos' digest every
/// eighth event), and the state it ends in.
struct SeenSession {
    let header: TraceHeader
    let limit: Int?
    let events: [TraceEvent]
    let finalState: SelectionState

    var grid: PhotoList { header.photos }

    init(photos: Int, events eventCount: Int, seed: UInt64, limit: Int? = nil, mix: WorkloadMix = .default) {
        let settings = SessionSettings(photoCount: photos, mix: mix, seed: seed, ids: .photokit, limit: limit)
        var session = SyntheticSession(settings, eventCount: eventCount)
        var engine = FastEngine(configuration: session.header.configuration)
        var events: [TraceEvent] = []
        events.reserveCapacity(eventCount)
        while var event = session.next() {
            _ = engine.apply(event.event)
            event.seen = Self.seen(engine, number: events.count + 1)
            events.append(event)
        }
        header = session.header
        self.limit = limit
        self.events = events
        finalState = engine.state
    }

    static func seen(_ engine: FastEngine, number: Int) -> SeenState {
        var seen = SeenState(mode: engine.mode, count: engine.chosenCount, title: engine.title)
        if number % 8 == 0 { seen.chosenDigest = ChosenDigest(chosenInGridOrder: engine.chosenPhotos) }
        return seen
    }

    /// Records every event into `recorder`, with its time and what was seen.
    func record(into recorder: WindowRecorder, events range: Range<Int>? = nil) {
        for event in events[range ?? events.indices] { recorder.record(event.event, seen: event.seen, t: event.t) }
    }
}

/// A window trace read back and replayed from its start state by the fast engine, every `seen`
/// compared with SPEC.md's state after its event.
struct ReplayedWindow {
    let trace: Trace
    let finalState: SelectionState
    /// The first step whose `seen` departs from SPEC.md, if any.
    let departure: (step: Int, SeenDeparture)?

    init(path: String) throws {
        trace = try Trace(contentsOfFile: path)
        var engine = FastEngine(configuration: trace.header.configuration)
        var departure: (Int, SeenDeparture)?
        for (index, event) in trace.events.enumerated() {
            _ = engine.apply(event.event)
            if departure == nil, let seen = event.seen, let found = engine.departure(from: seen) { departure = (index + 1, found) }
        }
        finalState = engine.state
        self.departure = departure
    }

    /// The number of events of `session` that the window leaves out at its front beyond
    /// `capacity`, checked: zero, or the rest of a drag that was in progress where a window of
    /// `capacity` events would have begun.
    static func checkFront(of window: Trace, in session: SeenSession, endingAt last: Int, capacity: Int) -> Bool {
        let nominalFirst = max(0, last - capacity)
        let skipped = (last - nominalFirst) - window.events.count
        var engine = FastEngine(configuration: session.header.configuration)
        for event in session.events[..<nominalFirst] { _ = engine.apply(event.event) }
        guard skipped > 0 else { return skipped == 0 && !engine.isDragging }
        for event in session.events[nominalFirst..<(nominalFirst + skipped)] {
            guard engine.isDragging else { return false }
            _ = engine.apply(event.event)
        }
        return !engine.isDragging
    }
}

enum RecorderScratch {
    static func directory() throws -> URL { try ScratchDirectory.make("recorder") }
}
