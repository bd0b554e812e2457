import GestureInput
@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
@_spi(GridSimInternals) import SelectionTrace
import SyntheticSessions

/// The input of the `commands` suite: a session as `gridsim generate --ids photokit` makes
/// it (PhotoKit-style ids listed in the header, library changes inserting ids never seen),
/// held in every form a command or the anchor reads.
///
/// Built once per case, untimed: O(photos + events).
struct CommandsTrace {
    let photoCount: Int
    let header: TraceHeader
    let events: [TraceEvent]
    /// The trace as the text file `gridsim generate` writes: the header line, then one line
    /// per event.
    let text: [UInt8]
    /// The events interned to slots, as a codec hands them to the engine (the anchor's input).
    let slotEvents: [SlotEvent]
    /// Ids the events name that the header does not, in the order they were first seen: a
    /// fresh engine interns them again so that `slotEvents` mean the same slots.
    let addedIDs: [PhotoID]

    /// The generator's settings: `gridsim generate --photos N --seed 5 --ids photokit`.
    static func settings(photoCount: Int) -> SessionSettings {
        SessionSettings(photoCount: photoCount, seed: CommandsSuite.seed, ids: .photokit)
    }

    init(photoCount: Int, eventCount: Int) {
        self.photoCount = photoCount
        var session = SyntheticSession(Self.settings(photoCount: photoCount), eventCount: eventCount)
        header = session.header
        var events: [TraceEvent] = []
        events.reserveCapacity(eventCount)
        while let event = session.next() { events.append(event) }
        self.events = events
        var text = Array((TextTraceEncoding.line(for: header) + "\n").utf8)
        for event in events {
            text += TextTraceEncoding.line(for: event).utf8
            text.append(UInt8(ascii: "\n"))
        }
        self.text = text
        var engine = FastEngine(configuration: header.configuration)
        let listed = engine.slots.count
        slotEvents = events.map { event in event.event.mapPhotos { engine.intern($0) } }
        addedIDs = (listed..<engine.slots.count).map { engine.slots.id(for: PhotoSlot($0)) }
    }

    /// A fresh engine over the header's grid that knows `addedIDs`, so that `slotEvents`
    /// replay into it as the trace's events would. O(added ids); the header's table is
    /// shared, not hashed again.
    func freshEngine() -> FastEngine {
        var engine = FastEngine(configuration: header.configuration)
        for id in addedIDs { _ = engine.intern(id) }
        return engine
    }
}
