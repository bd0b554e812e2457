@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace
import SelectionSlots

/// Where an app's recorded `seen` first parts from SPEC.md along a replay (SPEC.md section 7):
/// what `replay` and `check` report.
@_spi(GridSimInternals) public struct AppDeparture: Hashable, Sendable, CustomStringConvertible {
    /// The step (1-based) after which the app showed something else.
    @_spi(GridSimInternals) public var step: Int
    @_spi(GridSimInternals) public var event: Event
    @_spi(GridSimInternals) public var departure: SeenDeparture

    /// `step 7 (tap "d"): count: app saw 3, SPEC.md gives 2`
    @_spi(GridSimInternals) public var description: String {
        "step \(step) (\(event.shortDescription)): \(departure)"
    }
}

/// Compares each event's `seen` with an engine's state after the event, as a replay goes, and
/// keeps the first departure.
///
/// Steps after the first departure are counted but not compared: from there on the app and
/// SPEC.md may be in different states, and the first step is the one to look at. O(1) a step
/// without `seen`; with one, `SelectionEngine.departure(from:)`'s cost.
@_spi(GridSimInternals) public struct AppSeenComparison: Hashable, Sendable {
    /// Steps that carried a `seen`.
    @_spi(GridSimInternals) public private(set) var stepsWithSeen = 0
    /// The first step where the app departs from SPEC.md, if any.
    @_spi(GridSimInternals) public private(set) var firstDeparture: AppDeparture?

    @_spi(GridSimInternals) public init() {}

    /// Whether the trace said anything of what the app showed.
    @_spi(GridSimInternals) public var hasSeen: Bool { stepsWithSeen > 0 }

    /// Compares `seen`, recorded after step `step` (`event`), with `engine`, which has applied it.
    @inline(__always)
    @_spi(GridSimInternals) public mutating func compare<Engine: SelectionEngine>(
        _ seen: SeenState?, step: Int, event: @autoclosure () -> Event, engine: Engine
    ) {
        guard let seen else { return }
        stepsWithSeen += 1
        guard firstDeparture == nil, let departure = engine.departure(from: seen) else { return }
        firstDeparture = AppDeparture(step: step, event: event(), departure: departure)
    }

    /// `compare(_:step:event:engine:)` for a fast engine whose slots `names` names (a binary
    /// trace replayed by slot, whose ids the engine was never taught).
    @inline(__always)
    @_spi(GridSimInternals) public mutating func compare(
        _ seen: SeenState?, step: Int, event: @autoclosure () -> Event, engine: FastEngine, names: SlotNames
    ) {
        guard let seen else { return }
        stepsWithSeen += 1
        guard firstDeparture == nil else { return }
        func ids(_ slots: [PhotoSlot]) -> [PhotoID] { slots.map { names.id(for: $0) ?? "" } }
        let departure = SeenComparing.departure(
            from: seen, mode: engine.mode, chosenCount: engine.chosenCount, hasLimit: engine.limit != nil,
            picks: { engine.limit == nil ? ids(engine.selection.slots(inGridOrder: engine.grid)) : ids(engine.pickSlots) },
            chosen: { ids(engine.selection.slots(inGridOrder: engine.grid)) })
        if let departure { firstDeparture = AppDeparture(step: step, event: event(), departure: departure) }
    }

    /// Counts a step with `seen` after the first departure, which is not compared.
    @_spi(GridSimInternals) public mutating func countAfterDeparture() {
        precondition(firstDeparture != nil, "steps are compared until the first departure")
        stepsWithSeen += 1
    }

    /// One line for people: `app: 40 steps with seen, all agree with SPEC.md` or where it departs.
    @_spi(GridSimInternals) public var summary: String {
        let steps = "\(stepsWithSeen) step\(stepsWithSeen == 1 ? "" : "s") with seen"
        guard let firstDeparture else { return "app: \(steps), all agree with SPEC.md" }
        return "app: \(steps); the app departs from SPEC.md at \(firstDeparture)"
    }
}

extension Event {
    /// The event as a table row names it: `tap "d"`, `libraryChanged -1 +2`, `done`.
    @_spi(GridSimInternals) public var shortDescription: String {
        switch self {
        case .longPress(let photo), .selectItem(let photo), .tap(let photo), .removeFromTray(let photo),
            .dragBegan(let photo), .dragMoved(let photo):
            "\(name.rawValue) \"\(photo)\""
        case .libraryChanged(let removed, let inserted):
            "libraryChanged -\(removed.count) +\(inserted.count)"
        default:
            name.rawValue
        }
    }
}

extension AppSeenComparison {
    /// `{"stepsWithSeen":40,"agrees":false,"departure":{"seq":7,"event":"tap","field":"count","app":"3","spec":"2"}}`:
    /// the replay report's `app` (a field SPEC.md section 5 allows to be added). `app` and
    /// `spec` are the values as a trace writes them, in a string.
    @_spi(GridSimInternals) public var json: String {
        var json = JSONWriter()
        json.beginObject()
        json.key("stepsWithSeen")
        json.integer(stepsWithSeen)
        json.key("agrees")
        json.bool(firstDeparture == nil)
        if let first = firstDeparture {
            json.key("departure")
            json.beginObject()
            json.key("seq")
            json.integer(first.step)
            json.key("event")
            json.string(first.event.name.rawValue)
            json.key("field")
            json.string(first.departure.field.rawValue)
            json.key("app")
            json.string(first.departure.appSaw)
            json.key("spec")
            json.string(first.departure.specGives)
            json.endObject()
        }
        json.endObject()
        return json.text
    }
}
