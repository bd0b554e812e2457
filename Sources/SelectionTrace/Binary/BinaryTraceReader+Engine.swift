@_spi(GridSimInternals) import SelectionCore
import SelectionSlots

/// The loop that applies a binary trace's events to a `FastEngine` by slot (the reader's
/// slots are the engine's: both number ids as `SlotTable` does). It sits beside the decoder
/// so that decoding is inlined into it: a loop in another module that calls
/// `nextSlotEvent()` per event gets each event through an optional that is copied and
/// destroyed out of line, a third of a replay's instructions. `BinaryTraceReplay` (TraceReplay)
/// is what replays call.
extension BinaryTraceReader {
    /// Applies the next events, at most `limit` of them, to `engine`, calling `observe` with
    /// each event and its step; returns how many (fewer than `limit` only at the end of the
    /// trace). When the trace defines a new id, the engine interns it too, so that it can
    /// name every photo it holds: one hash per new id, never one per event. O(records read).
    ///
    /// - Precondition: `engine` started from `header` and has seen only this reader's events.
    /// - Throws: the reader's errors; `lostID` when a salvaging reader lost an id the engine
    ///   needs, whose slots can then no longer be matched with the engine's.
    package mutating func apply(
        to engine: inout FastEngine, limit: Int, observe: (TimedSlotEvent, SlotStep) -> Void
    ) throws -> Int {
        try applyLoop(to: &engine, limit: limit, teachingIDs: true, seeing: false) { timed, step, _, _, _ in
            observe(timed, step)
        }
    }

    /// Applies the next events, at most `limit` of them, to `engine` without teaching it the
    /// ids the trace defines, calling `body` with each event, its step, the engine after it
    /// and the names of the slots so far; returns how many. The engine's table keeps only the
    /// header's photos: name its photos through `names` (its `apply(_: SlotEvent)` never
    /// reads the table). O(records read).
    ///
    /// - Precondition: as for `apply(to:limit:observe:)`.
    package mutating func applyUnnamed(
        to engine: inout FastEngine, limit: Int,
        _ body: (_ event: TimedSlotEvent, _ step: SlotStep, _ engine: FastEngine, _ names: SlotNames) throws -> Void
    ) throws -> Int {
        try applyLoop(to: &engine, limit: limit, teachingIDs: false, seeing: false) { timed, step, engine, names, _ in
            try body(timed, step, engine, names)
        }
    }

    /// `applyUnnamed(to:limit:_:)` whose body also hears what the app saw after each event
    /// (`seen`, SPEC.md section 7; nil for an event without it), to compare with the engine
    /// after it, its photos named through `names` (the engine's table knows only the header's).
    /// O(records read); an event without a seen record costs a comparison more than in
    /// `applyUnnamed(to:limit:_:)`.
    package mutating func applyUnnamed(
        to engine: inout FastEngine, limit: Int,
        seeing body: (
            _ event: TimedSlotEvent, _ step: SlotStep, _ engine: FastEngine, _ names: SlotNames, _ seen: SeenState?
        ) throws -> Void
    ) throws -> Int {
        try applyLoop(to: &engine, limit: limit, teachingIDs: false, seeing: true, body)
    }

    /// `applyUnnamed(to:limit:_:)` without a call per event.
    package mutating func applyUnnamed(to engine: inout FastEngine, limit: Int) throws -> Int {
        // A literal closure lets the compiler specialise the loop and drop the call.
        try applyLoop(to: &engine, limit: limit, teachingIDs: false, seeing: false) { _, _, _, _, _ in }
    }

    /// `seeing` is a constant at every call: without it, nothing about seen records is read
    /// per event (the body hears nil), so that a replay that does not compare them costs what
    /// it did before they existed.
    @inline(__always)
    private mutating func applyLoop(
        to engine: inout FastEngine, limit: Int, teachingIDs: Bool, seeing: Bool,
        _ body: (TimedSlotEvent, SlotStep, FastEngine, SlotNames, SeenState?) throws -> Void
    ) throws -> Int {
        var applied = 0
        // Kept here rather than read from the engine per event: reading `engine.slots` copies
        // the table (reference counting on every event).
        var engineSlotCount = teachingIDs ? engine.slots.count : 0
        while applied < limit, let timed = try nextSlotEvent() {
            if teachingIDs && names.count != engineSlotCount {
                try teachNewIDs(to: &engine)
                engineSlotCount = names.count
            }
            let step = engine.apply(timed.event)
            try body(timed, step, engine, names, seeing ? seen : nil)
            applied += 1
        }
        return applied
    }

    private func teachNewIDs(to engine: inout FastEngine) throws {
        for index in engine.slots.count..<names.count {
            guard let id = names.id(for: PhotoSlot(index)) else {
                throw TraceError(.lostID(slot: index), at: .byte(bytesRead, record: recordCount))
            }
            let slot = engine.intern(id)
            precondition(slot == PhotoSlot(index), "the engine numbers ids as the trace does")
        }
    }
}
