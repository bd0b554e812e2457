@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
@_spi(GridSimInternals) import SelectionTrace

/// Replays a binary trace into a `FastEngine` by slot: the fast path, with no string hashed
/// or built per event for a grid given by count.
///
/// The reader's slots are the engine's (both number ids as `SlotTable` does). When the trace
/// defines a new id, the engine interns it too, so that it can still name every photo it
/// holds in reports. That costs one hash per new id, never one per event.
@_spi(GridSimInternals) public enum BinaryTraceReplay {
    /// Replays every remaining event of `reader` into `engine`, calling `observe` with each
    /// event and its step; returns how many events were replayed.
    ///
    /// - Precondition: `engine` started from `reader.header` and has seen only this reader's
    ///   events.
    /// - Throws: the reader's errors; and an error if a salvaging reader lost ids, whose
    ///   slots can then no longer be matched with the engine's (read such a trace by id).
    @discardableResult
    @_spi(GridSimInternals) public static func replay(
        _ reader: inout BinaryTraceReader, into engine: inout FastEngine,
        observe: (TimedSlotEvent, SlotStep) -> Void
    ) throws -> Int {
        try replayLoop(&reader, into: &engine, limit: Int.max, observe: observe)
    }

    /// Replays every remaining event of `reader` into `engine`; returns how many. The fastest
    /// path: no per-event callback.
    @discardableResult
    @_spi(GridSimInternals) public static func replay(_ reader: inout BinaryTraceReader, into engine: inout FastEngine) throws -> Int {
        // A literal closure lets the compiler specialise the loop and drop the call.
        try replayLoop(&reader, into: &engine, limit: Int.max) { _, _ in }
    }

    /// Replays the next events of `reader`, at most `limit` of them, into `engine`; returns
    /// how many (fewer than `limit` only at the end of the trace). The reader stops right
    /// after the last one, so that the rest can still be read. O(events replayed), as fast
    /// as `replay(_:into:)`: for the state after a step, which depends on every event before it.
    @discardableResult
    @_spi(GridSimInternals) public static func replay(_ reader: inout BinaryTraceReader, into engine: inout FastEngine, limit: Int) throws -> Int {
        try replayLoop(&reader, into: &engine, limit: limit) { _, _ in }
    }

    /// Replays the next events of `reader`, at most `limit` of them, into `engine` without
    /// teaching it the ids the trace defines; returns how many were replayed. For a state
    /// that is named through `reader.names` (`ReplayFinal(_:names:)`) rather than the engine's
    /// table: a trace that brings two million new photos then costs no string hash in the
    /// engine. The engine's `apply(_: SlotEvent)` never reads its table.
    ///
    /// - Precondition: as for `replay(_:into:)`; and afterwards the engine's table names only
    ///   the header's photos, so read its photos through `reader.names`.
    @discardableResult
    @_spi(GridSimInternals) public static func replayUnnamed(_ reader: inout BinaryTraceReader, into engine: inout FastEngine, limit: Int) throws -> Int {
        var replayed = 0
        while replayed < limit, let timed = try reader.nextSlotEvent() {
            _ = engine.apply(timed.event)
            replayed += 1
        }
        return replayed
    }

    @inline(__always)
    private static func replayLoop(
        _ reader: inout BinaryTraceReader, into engine: inout FastEngine, limit: Int,
        observe: (TimedSlotEvent, SlotStep) -> Void
    ) throws -> Int {
        var replayed = 0
        // Kept here rather than read from the engine per event: reading `engine.slots` copies
        // the table (reference counting on every event).
        var engineSlotCount = engine.slots.count
        while replayed < limit, let timed = try reader.nextSlotEvent() {
            if reader.names.count != engineSlotCount {
                try teachNewIDs(from: reader, to: &engine)
                engineSlotCount = reader.names.count
            }
            let step = engine.apply(timed.event)
            observe(timed, step)
            replayed += 1
        }
        return replayed
    }

    /// A fresh engine for `reader`'s header, with every event replayed into it.
    @_spi(GridSimInternals) public static func replay(_ reader: inout BinaryTraceReader) throws -> FastEngine {
        var engine = FastEngine(configuration: reader.header.configuration)
        try replay(&reader, into: &engine)
        return engine
    }

    private static func teachNewIDs(from reader: BinaryTraceReader, to engine: inout FastEngine) throws {
        for index in engine.slots.count..<reader.names.count {
            guard let id = reader.names.id(for: PhotoSlot(index)) else {
                throw TraceError(.lostID(slot: index), at: .byte(reader.bytesRead, record: reader.recordCount))
            }
            let slot = engine.intern(id)
            precondition(slot == PhotoSlot(index), "the engine numbers ids as the trace does")
        }
    }
}
