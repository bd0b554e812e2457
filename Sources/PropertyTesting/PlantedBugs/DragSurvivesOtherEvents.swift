import SelectionCore

/// A drag bug: a drag goes on after another event, from its old base and grid order. See `PlantedDrag.Flaw.survivesOtherEvents`.
public struct DragSurvivesOtherEvents: PlantedBug {
    public static let name = "drag-survives-other-events"
    public static let summary = "a drag goes on after another event, from its old base and grid order"
    public static let reportedIn = "photo app bug trackers: selection jumps back after a tap or sync in the middle of a drag"

    private var drag = PlantedDrag(flaw: .survivesOtherEvents)

    public init() {}

    /// The drag's own cost (see `PlantedDrag`); nil (no cost) for other events.
    public mutating func apply(_ event: Event, to engine: inout FastEngine) -> Step? { drag.apply(event, to: &engine) }

    public var isDragging: Bool? { drag.isDragging }
}
