import SelectionSlots

/// The fast engine as an event-sourced store: every event is logged, and a checkpoint (a copy
/// of the engine) is kept every `checkpointInterval` events, so that the state after any step
/// is at most `checkpointInterval - 1` events away.
///
/// A checkpoint is cheap because the engine's parts are copy-on-write: it costs O(1) to take
/// and, afterwards, one chunk copy for each selection chunk written before the next one. The
/// grid's blocks are shared too: a library change after a checkpoint copies the blocks it
/// writes (8 KB at most each) and the per-block tables (a few bytes per 1,536 photos).
@_spi(GridSimInternals) public struct EventStore: Sendable {
    @_spi(GridSimInternals) public static let defaultCheckpointInterval = 1024

    /// The state after every logged event.
    @_spi(GridSimInternals) public private(set) var engine: FastEngine
    /// Every event applied, in order; `log[i]` is step `i + 1`.
    @_spi(GridSimInternals) public private(set) var log: [SlotEvent] = []
    /// `checkpoints[c]` is the engine after `c * checkpointInterval` events.
    private var checkpoints: [FastEngine] = []
    @_spi(GridSimInternals) public let checkpointInterval: Int

    @_spi(GridSimInternals) public init(configuration: GridConfiguration, checkpointInterval: Int = EventStore.defaultCheckpointInterval) {
        precondition(checkpointInterval >= 1, "a checkpoint interval is at least 1")
        engine = FastEngine(configuration: configuration)
        self.checkpointInterval = checkpointInterval
    }

    /// How many events have been applied.
    @_spi(GridSimInternals) public var eventCount: Int { log.count }

    /// Reserves room in the log, so that appending that many events does not grow it.
    @_spi(GridSimInternals) public mutating func reserveCapacity(_ eventCount: Int) {
        log.reserveCapacity(eventCount)
    }

    /// Logs and applies an interned event. Amortised O(1) plus the event's own cost.
    @inline(__always)
    @_spi(GridSimInternals) public mutating func apply(_ event: SlotEvent) -> SlotStep {
        if log.count % checkpointInterval == 0 { checkpoints.append(engine) }
        log.append(event)
        return engine.apply(event)
    }

    /// Forgets the log and the checkpoints, keeping the current state as the new start and
    /// the log's capacity: what a long-running session does once its history is saved.
    @_spi(GridSimInternals) public mutating func discardHistory() {
        log.removeAll(keepingCapacity: true)
        checkpoints.removeAll(keepingCapacity: true)
    }

    /// Interns, logs and applies an event; the step names photos by id.
    @_spi(GridSimInternals) public mutating func apply(_ event: Event) -> Step {
        let slotEvent = engine.intern(event)
        return engine.slots.step(for: apply(slotEvent))
    }

    /// The current state with its slots named by `names`, a table that interned every logged
    /// event (the store applies interned events, so its engine's own table knows only the
    /// start's photos): an engine that can go on with events by id. O(1); the table is shared
    /// until one of them interns a new id.
    @_spi(GridSimInternals) public func engine(namedBy names: SlotTable) -> FastEngine {
        var named = engine
        named.adoptNames(names)
        return named
    }

    /// The engine after the first `step` events (0 is the start). Replays at most
    /// `checkpointInterval - 1` events from the checkpoint before it.
    ///
    /// - Precondition: `0 <= step <= eventCount`.
    @_spi(GridSimInternals) public func state(at step: Int) -> FastEngine {
        precondition(step >= 0 && step <= log.count, "step \(step) is outside 0...\(log.count)")
        if step == log.count { return engine }
        let checkpointIndex = step / checkpointInterval
        var state = checkpoints[checkpointIndex]
        // The table only ever grows, so the newest one names every slot of the log.
        state.adoptNames(engine.slots)
        for event in log[(checkpointIndex * checkpointInterval)..<step] {
            _ = state.apply(event)
        }
        return state
    }
}
