import Dispatch
import Foundation
@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
@_spi(GridSimInternals) import SelectionTrace
import Synchronization

/// Keeps the state before the window's first event, off the app's thread, and checkpoints it
/// into the window file so that the window can be rebuilt after a crash.
///
/// The recorder publishes the number of the window's first event after each record; every
/// sixteenth of the window (or of the ring) that leaves it, it signals a semaphore, and the
/// reducer's thread reads the lines of the events that left (from the ring) and applies them to
/// a `FastEngine`. Once those events take a quarter of the ring (or the recorder is short of
/// room), it writes a checkpoint into the older of the two areas and then tells the recorder
/// that the ring bytes before the checkpoint's position may be written over. So the ring always
/// holds every event since the newest whole checkpoint, and the app's thread never applies an
/// event, parses a line or writes a checkpoint.
///
/// A checkpoint that does not fit its area (the grid grew past the room the budget gave it)
/// is not written; the reducer then keeps reading the lines in memory, so that `writeWindow`
/// still works, and marks the file: a later `recover` says it cannot rebuild the window.
final class WindowReducer: @unchecked Sendable {
    /// The number of the window's first event: the reducer takes every event before it.
    let windowStart = Atomic<UInt64>(1)
    /// Ring bytes before this position may be written over.
    let protectedPosition = Atomic<UInt64>(0)
    /// Events the newest whole checkpoint (or, once checkpoints stopped, the engine) holds.
    let reducedEvents = Atomic<UInt64>(0)
    /// Set by the recorder while it waits for room.
    let recorderWaiting = Atomic<Bool>(false)
    private let stopping = Atomic<Bool>(false)
    private let wakeSignal = DispatchSemaphore(value: 0)
    private let roomSignal = DispatchSemaphore(value: 0)
    private let exited = DispatchSemaphore(value: 0)
    /// Events too long for the ring, handed over by number.
    private let oversize = Mutex<[UInt64: Event]>([:])
    private let state: Mutex<ReductionState>
    private let file: MappedFile
    private let layout: WindowLayout
    /// Whether a thread of its own reduces; without one, `reduceNow()` and a recorder short of
    /// room do it on the calling thread (benchmarks and tests that count one thread's work).
    let runsInBackground: Bool

    init(engine: FastEngine, startingCount: Int, file: MappedFile, layout: WindowLayout, runsInBackground: Bool) {
        self.file = file
        self.layout = layout
        self.runsInBackground = runsInBackground
        state = Mutex(ReductionState(engine: engine, writer: CheckpointWriter(startingCount: startingCount)))
        if runsInBackground {
            let thread = Thread { [self] in run() }
            thread.name = "gridsim.window-reducer"
            thread.qualityOfService = .utility
            thread.start()
        }
    }

    private func run() {
        while true {
            wakeSignal.wait()
            if stopping.load(ordering: .acquiring) { break }
            reduceToWindow(checkpointing: recorderWaiting.load(ordering: .acquiring))
        }
        exited.signal()
    }

    /// Stops the thread and waits for it; the last checkpoint stays as it is. Calling it
    /// again does nothing.
    func stop() {
        guard runsInBackground, !stopping.exchange(true, ordering: .acquiringAndReleasing) else { return }
        wakeSignal.signal()
        exited.wait()
    }

    /// Asks the thread to take the events that left the window. O(1); never waits. Without a
    /// thread, nothing: the events wait until room runs short or `reduceNow()`.
    @inline(__always)
    func wake() {
        if runsInBackground { wakeSignal.signal() }
    }

    /// Waits until the reducer has taken every event before `windowStart`, or at most a
    /// second, and returns; the caller checks again. For a recorder short of room.
    func waitForRoom() {
        guard runsInBackground else {
            reduceToWindow(checkpointing: true)
            return
        }
        recorderWaiting.store(true, ordering: .releasing)
        wakeSignal.signal()
        _ = roomSignal.wait(timeout: .now() + .seconds(1))
        recorderWaiting.store(false, ordering: .releasing)
    }

    /// Takes the events before the window on the calling thread, now, and checkpoints if due.
    func reduceNow() { reduceToWindow(checkpointing: false) }

    /// Hands over event `number`, too long for the ring, before its marker is published.
    func handOver(_ event: Event, number: UInt64) {
        oversize.withLock { $0[number] = event }
    }

    /// A copy of the reducer's state for a window to be written from (O(1): the engine is
    /// copied on write), with where in the ring it stands.
    func snapshot() -> ReducedBase {
        state.withLock { state in
            ReducedBase(
                engine: state.engine, events: state.events, position: state.position, gridChanged: state.gridChanged,
                failure: state.failure)
        }
    }

    // MARK: - Reducing

    /// Applies the events before the window's first, and checkpoints when the events since the
    /// last checkpoint take a quarter of the ring, after an event too long for the ring, or
    /// when `checkpointing` (the recorder is short of room).
    private func reduceToWindow(checkpointing: Bool) {
        let target = windowStart.load(ordering: .acquiring) &- 1
        let (protected, reduced) = state.withLock { state -> (UInt64, UInt64) in
            guard state.failure == nil else { return (UInt64.max / 2, target) }
            do {
                if state.events < target { try advance(&state, to: target) }
            } catch {
                // A line this recorder wrote that does not read back: a bug here, not in the app.
                state.failure = "event \(state.events + 1) does not read back: \(error)"
                return (UInt64.max / 2, target)
            }
            let due = checkpointing || state.mustCheckpoint
                || state.position - state.checkpointPosition >= UInt64(layout.checkpointInterval)
            if due && !state.overflowed && state.events > state.checkpointEvents { checkpoint(&state) }
            return (state.overflowed ? state.position : state.checkpointPosition, state.overflowed ? state.events : state.checkpointEvents)
        }
        protectedPosition.store(protected, ordering: .releasing)
        reducedEvents.store(reduced, ordering: .releasing)
        if recorderWaiting.load(ordering: .acquiring) { roomSignal.signal() }
    }

    private func advance(_ state: inout ReductionState, to target: UInt64) throws {
        var walk = RingWalk(
            ring: file.base + layout.ringOffset, ringBytes: layout.ringBytes, head: UInt64.max, position: state.position,
            nextEvent: state.events + 1)
        while state.events < target {
            guard let item = try walk.next() else { break }
            switch item {
            case .event(let number, let line):
                let event = try WindowLines.event(of: line, number: number)
                state.apply(event.event)
            case .oversize(let number):
                guard let event = oversize.withLock({ $0.removeValue(forKey: number) }) else {
                    throw RingDamage(event: number, offset: 0, reason: "an oversize event that was never handed over")
                }
                state.apply(event)
                // Its line is not in the ring: only a checkpoint past it keeps it after a crash.
                state.mustCheckpoint = true
            }
            state.events = walk.nextEvent - 1
            state.position = walk.position
        }
    }

    /// Writes the state into the older area.
    private func checkpoint(_ state: inout ReductionState) {
        let generation = state.generation + 1
        let area = file.base + layout.checkpointOffsets[Int(generation % 2)]
        let result = state.writer.write(
            state.engine, drag: state.drag, gridChanged: state.gridChanged, events: state.events, position: state.position,
            generation: generation, into: area, capacity: layout.checkpointBytes)
        switch result {
        case .written:
            state.generation = generation
            state.checkpointPosition = state.position
            state.checkpointEvents = state.events
            state.mustCheckpoint = false
            // Read again only after a crash; rewritten in two checkpoints' time.
            let offset = layout.checkpointOffsets[Int(generation % 2)]
            file.release(offset..<(offset + layout.checkpointBytes))
        case .tooLarge(let needed):
            if !state.overflowed {
                state.overflowed = true
                file.base.storeBytes(of: UInt64(needed), toByteOffset: Superblock.checkpointOverflow, as: UInt64.self)
            }
        }
    }
}

/// The reducer's state, behind its lock.
struct ReductionState {
    var engine: FastEngine
    var writer: CheckpointWriter
    /// Events applied to `engine`.
    var events: UInt64 = 0
    /// The ring position of event `events + 1`'s record.
    var position: UInt64 = 0
    var checkpointPosition: UInt64 = 0
    /// Events the newest checkpoint holds.
    var checkpointEvents: UInt64 = 0
    /// Set after an event too long for the ring: the next reduction checkpoints.
    var mustCheckpoint = false
    /// The generation of the newest checkpoint written (the file starts with generation 1).
    var generation: UInt64 = 1
    /// Whether the grid has changed since the session started (a checkpoint then lists it).
    var gridChanged = false
    var drag: DragMemo?
    var overflowed = false
    var failure: String?

    init(engine: FastEngine, writer: CheckpointWriter) {
        self.engine = engine
        self.writer = writer
        self.engine.listsActionPhotos = false
    }

    /// Applies `event`, noting grid changes and the drag a checkpoint would have to replay.
    mutating func apply(_ event: Event) {
        var base: FastEngine?
        if case .dragBegan = event, engine.mode == .selecting {
            // The state the drag starts from: a drag in progress is ended first, as the event
            // itself will end it.
            base = engine
            if base!.isDragging { _ = base!.apply(Event.dragEnded) }
        }
        let outcome = engine.apply(event).outcome
        switch event {
        case .libraryChanged, .delete:
            if outcome == .applied { gridChanged = true }
        default:
            break
        }
        guard engine.isDragging else {
            drag = nil
            return
        }
        switch event {
        case .dragBegan(let photo):
            if let base { drag = DragMemo(base: base, anchor: photo, end: nil) }
        case .dragMoved(let photo):
            if outcome != .rejected(.unknownPhoto) { drag?.end = photo }
        default:
            break
        }
    }
}

/// The state a window is written from: the reducer's engine and where in the ring it stands.
struct ReducedBase {
    var engine: FastEngine
    var events: UInt64
    var position: UInt64
    var gridChanged: Bool
    var failure: String?
}
