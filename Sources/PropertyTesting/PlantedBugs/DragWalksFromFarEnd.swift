import SelectionCore

/// A drag bug: a drag under a limit fills from the finger's end, keeping out the photos next to the anchor. See `PlantedDrag.Flaw.walksFromFarEnd`.
public struct DragWalksFromFarEnd: PlantedBug {
    public static let name = "drag-walks-from-far-end"
    public static let summary = "a drag under a limit fills from the finger's end, keeping out the photos next to the anchor"
    public static let reportedIn = "photo picker issue trackers: a drag past the selection limit picks the wrong photos"

    private var drag = PlantedDrag(flaw: .walksFromFarEnd)

    public init() {}

    /// The drag's own cost (see `PlantedDrag`); nil (no cost) for other events.
    public mutating func apply(_ event: Event, to engine: inout FastEngine) -> Step? { drag.apply(event, to: &engine) }

    public var isDragging: Bool? { drag.isDragging }
}
