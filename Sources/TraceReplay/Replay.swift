@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
@_spi(GridSimInternals) import SelectionTrace

/// One replayed event: what it was, what became of it, and what a person then saw.
///
/// Kept small (the step is a fixed-shape value, the title is rendered on demand) because a
/// replay of a million events holds a million of these.
@_spi(GridSimInternals) public struct ReplayStep: Hashable, Sendable {
    /// Counts events from 1.
    @_spi(GridSimInternals) public var seq: Int
    @_spi(GridSimInternals) public var event: Event
    @_spi(GridSimInternals) public var step: Step
    /// The mode after the event.
    @_spi(GridSimInternals) public var mode: Mode
    /// The number of chosen photos after the event.
    @_spi(GridSimInternals) public var count: Int

    @_spi(GridSimInternals) public var outcome: Outcome { step.outcome }
    @_spi(GridSimInternals) public var effects: [Effect] { step.effects }
    @_spi(GridSimInternals) public var announcements: [Announcement] { step.announcements }
    /// The title after the event.
    @_spi(GridSimInternals) public var title: String { Mode.title(mode, selectedCount: count) }
}

/// The state at the end of a replay, as SPEC.md section 5 reports it.
@_spi(GridSimInternals) public struct ReplayFinal: Hashable, Sendable {
    @_spi(GridSimInternals) public var mode: Mode
    /// The chosen photos in grid order.
    @_spi(GridSimInternals) public var selected: [PhotoID]
    @_spi(GridSimInternals) public var photoCount: Int
    @_spi(GridSimInternals) public var title: String
    /// The tray in pick order, when a limit is set.
    @_spi(GridSimInternals) public var tray: Tray?
    @_spi(GridSimInternals) public var sheet: Sheet?
    /// A drag to select is in progress (SPEC.md section 6): the readable form says so; the
    /// JSON report of section 5 does not carry it.
    @_spi(GridSimInternals) public var dragging: Bool

    @_spi(GridSimInternals) public init<Engine: SelectionEngine>(_ engine: Engine) {
        mode = engine.mode
        selected = engine.chosenPhotos
        photoCount = engine.photoCount
        title = engine.title
        tray = engine.tray
        sheet = engine.sheet
        dragging = engine.isDragging
    }

    /// The state of a fast engine whose slots are named by `names` instead of its own table
    /// (`BinaryTraceReplay.replayUnnamed`). The same value as `init(_:)` for an engine that
    /// was taught every id. O(N) scan for the chosen photos in grid order.
    @_spi(GridSimInternals) public init(_ engine: FastEngine, names: SlotNames) {
        func ids(_ slots: [PhotoSlot]) -> [PhotoID] {
            slots.map { slot in
                guard let id = names.id(for: slot) else { preconditionFailure("slot \(slot) has no id") }
                return id
            }
        }
        mode = engine.mode
        selected = ids(engine.selection.slots(inGridOrder: engine.grid))
        photoCount = engine.photoCount
        title = engine.title
        tray = engine.limit.map { Tray(photos: ids(engine.pickSlots), limit: $0) }
        sheet = engine.sheet
        dragging = engine.isDragging
    }
}

/// What `gridsim replay` reports: every step and the final state.
@_spi(GridSimInternals) public struct ReplayReport: Hashable, Sendable {
    @_spi(GridSimInternals) public var steps: [ReplayStep]
    @_spi(GridSimInternals) public var final: ReplayFinal
    /// The events' `seen` compared with SPEC.md's state after each (SPEC.md section 7).
    @_spi(GridSimInternals) public var app = AppSeenComparison()
}

/// Replays events into an engine. Pure apart from the engine it is given.
@_spi(GridSimInternals) public enum Replayer {
    /// Replays `events` into a fresh engine for `header`, calling `observe` after each step
    /// (for invariant checks and progress).
    @_spi(GridSimInternals) public static func replay<Engine: SelectionEngine, Events: Sequence<TraceEvent>>(
        _ events: Events,
        header: TraceHeader,
        engine: Engine.Type,
        observe: (Engine, ReplayStep) -> Void = { _, _ in }
    ) -> ReplayReport {
        var engine = Engine(configuration: header.configuration)
        var steps: [ReplayStep] = []
        var app = AppSeenComparison()
        steps.reserveCapacity(events.underestimatedCount)
        for (index, traceEvent) in events.enumerated() {
            let step = engine.apply(traceEvent.event)
            app.compare(traceEvent.seen, step: index + 1, event: traceEvent.event, engine: engine)
            let replayed = ReplayStep(
                seq: index + 1, event: traceEvent.event, step: step, mode: engine.mode, count: engine.chosenCount)
            observe(engine, replayed)
            steps.append(replayed)
        }
        return ReplayReport(steps: steps, final: ReplayFinal(engine), app: app)
    }

    @_spi(GridSimInternals) public static func replay<Engine: SelectionEngine>(_ trace: Trace, engine: Engine.Type) -> ReplayReport {
        replay(trace.events, header: trace.header, engine: engine)
    }
}
