@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
@_spi(GridSimInternals) import SelectionTrace

/// What a fast engine's state is made of, without its id table: the part a snapshot shares
/// copy-on-write. Holding one costs what the running engine writes afterwards (the chunks and
/// blocks it touches), not a copy of the grid.
struct FastState {
    var grid: LiveSlots
    var selection: SelectionBitmap
    var picks: [PhotoSlot]
    var mode: Mode
    var sheet: Sheet?
    /// A drag to select is in progress (SPEC.md section 6).
    var dragging: Bool

    init(_ engine: FastEngine) {
        grid = engine.grid
        selection = engine.selection
        picks = engine.pickSlots
        mode = engine.mode
        sheet = engine.sheet
        dragging = engine.isDragging
    }

    /// Whether both are the same state, slot for slot. O(N) for the grid orders.
    func isSame(as other: FastState) -> Bool {
        mode == other.mode && sheet == other.sheet && dragging == other.dragging && selection == other.selection
            && picks == other.picks && grid.order == other.grid.order
    }

    /// The state with ids, named by `names`, for a failure message. O(N) strings.
    func selectionState(names: SlotTable, limit: Int?, reduceMotion: Bool) -> SelectionState {
        let selected = names.ids(for: selection.slots(inGridOrder: grid))
        return SelectionState(
            mode: mode, photos: names.ids(for: grid.order), selection: selected,
            picks: limit == nil ? selected : names.ids(for: picks), sheet: sheet, limit: limit,
            reduceMotion: reduceMotion, dragging: dragging)
    }
}

/// The fast engine replayed on its own, with its recent states kept: the "fresh replay" that
/// `state-at-step` restores against, and the states whose diffs `snapshot-diff` and
/// `grid-diff` check.
///
/// Events are interned into a table of its own and applied as slot events, so the engine and
/// the kept states never share (and so never copy) the id table as it grows. When the check's
/// engine under test is itself a plain fast engine, that engine is the fresh replay: its
/// states are kept instead of replaying the trace once more (it interns the same ids in the
/// same order, so its slots are the table's).
///
/// Memory: the states after the last `depth` steps, the start, and the last checkpoint; each
/// holds what the engine wrote since (copy-on-write), so a few states, not steps × grid.
struct FreshReplay {
    static let depth = 8

    /// Interns the events' ids: the names of every slot the engine has seen.
    private(set) var names: SlotTable
    /// The replay, unless the engine under test is the one (see `apply(_:replayedBy:)`).
    private var ownEngine: FastEngine?
    /// Steps applied so far.
    private(set) var step = 0
    /// `recent[s % depth]` is the state after step s, for the last `depth` steps.
    private var recent: [FastState]
    let start: FastState
    /// The state at the last checkpoint, and its step.
    private(set) var checkpoint: (step: Int, state: FastState)
    let limit: Int?
    let reduceMotion: Bool

    init(configuration: GridConfiguration, replaysItself: Bool) {
        let engine = FastEngine(configuration: configuration)
        ownEngine = replaysItself ? engine : nil
        names = engine.slots
        start = FastState(engine)
        recent = Array(repeating: start, count: Self.depth)
        checkpoint = (0, start)
        limit = engine.limit
        reduceMotion = engine.reduceMotion
    }

    /// Interns and applies one event, or keeps the state of `sharedEngine`, which has just
    /// applied it; returns the event as slots. O(event).
    @discardableResult
    mutating func apply(_ event: Event, replayedBy sharedEngine: FastEngine? = nil) -> SlotEvent {
        let slotEvent = names.intern(event)
        step += 1
        if ownEngine != nil {
            _ = ownEngine!.apply(slotEvent)
            recent[step % Self.depth] = FastState(ownEngine!)
        } else {
            recent[step % Self.depth] = FastState(sharedEngine!)
        }
        return slotEvent
    }

    /// The grid's photo count now.
    var photoCount: Int { recent[step % Self.depth].grid.count }

    /// The state after step `s`, if it is still kept: one of the last `depth` steps, the start
    /// or the last checkpoint.
    func state(at s: Int) -> FastState? {
        if s == 0 { return start }
        if s == checkpoint.step { return checkpoint.state }
        guard s <= step && step - s < Self.depth else { return nil }
        return recent[s % Self.depth]
    }

    /// Keeps the current state as the last checkpoint's.
    mutating func markCheckpoint() {
        checkpoint = (step, recent[step % Self.depth])
    }
}
