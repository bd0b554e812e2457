@_spi(GridSimInternals) import SelectionCore

/// `state-at-step`: `EventStore.state(at: n)` equals a fresh replay of the first n events.
///
/// An event store (a checkpoint every `storeCheckpointInterval` events, so that restoring
/// replays 0 to 2 events) takes every event beside the fresh replay. Its history is cut every
/// `historyLimit` events, which bounds what its checkpoints hold. At each of the check's
/// checkpoints, n, the steps n, n-1, n-2, n-3 and the start of the store's history are
/// restored and compared with the fresh replay's states, slot for slot: O(N) each.
struct StateAtStepCheck {
    static let name = "state-at-step"
    static let storeCheckpointInterval = 3
    static let historyLimit = 256
    /// Where the property sits in the list the check was given.
    let position: Int
    private var store: EventStore
    /// The step at which the store's history starts, and the fresh replay's state there.
    private var base = 0
    private var baseState: FastState

    init(position: Int, configuration: GridConfiguration, start: FastState) {
        self.position = position
        store = EventStore(configuration: configuration, checkpointInterval: Self.storeCheckpointInterval)
        baseState = start
    }

    /// Logs the event the fresh replay just applied; returns the store's step. Amortised O(1)
    /// plus the event's cost.
    @discardableResult
    mutating func afterStep(_ slotEvent: SlotEvent, fresh: FreshReplay) -> SlotStep {
        let slotStep = store.apply(slotEvent)
        if store.eventCount >= Self.historyLimit {
            store.discardHistory()
            base = fresh.step
            baseState = fresh.state(at: fresh.step)!
        }
        return slotStep
    }

    /// The store's engine: a replay of every event so far of its own (slots named by the
    /// fresh replay's table), which `deterministic-replay` may use as its second. O(1).
    var engine: FastEngine { store.engine }

    /// The store's engine, its slots named by `fresh`'s table: one that can go on by id. O(1).
    func namedEngine(fresh: FreshReplay) -> FastEngine { store.engine(namedBy: fresh.names) }

    /// Restores the sampled steps up to the fresh replay's current one.
    func checkpoint(fresh: FreshReplay) -> PropertyFailure? {
        let now = fresh.step
        for step in Set([base, now - 3, now - 2, now - 1, now]).sorted() where step >= base {
            guard let expected = step == base ? baseState : fresh.state(at: step) else { continue }
            let restored = FastState(store.state(at: step - base))
            guard !restored.isSame(as: expected) else { continue }
            let restoredState = restored.selectionState(names: fresh.names, limit: fresh.limit, reduceMotion: fresh.reduceMotion)
            let freshState = expected.selectionState(names: fresh.names, limit: fresh.limit, reduceMotion: fresh.reduceMotion)
            return PropertyFailure(
                property: Self.name, step: step,
                message: "state(at: \(step)) differs: \(Properties.describeDifference(restoredState, freshState))")
        }
        return nil
    }
}
