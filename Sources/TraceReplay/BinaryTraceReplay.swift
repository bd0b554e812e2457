@_spi(GridSimInternals) import SelectionCore
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
        try reader.apply(to: &engine, limit: .max, observe: observe)
    }

    /// Replays every remaining event of `reader` into `engine`; returns how many.
    @discardableResult
    @_spi(GridSimInternals) public static func replay(_ reader: inout BinaryTraceReader, into engine: inout FastEngine) throws -> Int {
        try reader.apply(to: &engine, limit: .max) { _, _ in }
    }

    /// Replays the next events of `reader`, at most `limit` of them, into `engine`; returns
    /// how many (fewer than `limit` only at the end of the trace). The reader stops right
    /// after the last one, so that the rest can still be read. O(events replayed), as fast
    /// as `replay(_:into:)`: for the state after a step, which depends on every event before it.
    @discardableResult
    @_spi(GridSimInternals) public static func replay(_ reader: inout BinaryTraceReader, into engine: inout FastEngine, limit: Int) throws -> Int {
        try reader.apply(to: &engine, limit: limit) { _, _ in }
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
        try reader.applyUnnamed(to: &engine, limit: limit)
    }

    /// A fresh engine for `reader`'s header, with every event replayed into it.
    @_spi(GridSimInternals) public static func replay(_ reader: inout BinaryTraceReader) throws -> FastEngine {
        var engine = FastEngine(configuration: reader.header.configuration)
        try replay(&reader, into: &engine)
        return engine
    }
}
