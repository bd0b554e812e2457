import SelectionCore

/// A drag bug: a drag chooses every photo it sweeps past the limit. See `PlantedDrag.Flaw.ignoresLimit`.
public struct DragIgnoresLimit: PlantedBug {
    public static let name = "drag-ignores-limit"
    public static let summary = "a drag chooses every photo it sweeps past the limit"
    public static let reportedIn = "photo picker issue trackers: swiping to select goes past the maximum number of photos"

    private var drag = PlantedDrag(flaw: .ignoresLimit)

    public init() {}

    /// The drag's own cost (see `PlantedDrag`); nil (no cost) for other events.
    public mutating func apply(_ event: Event, to engine: inout FastEngine) -> Step? { drag.apply(event, to: &engine) }

    public var isDragging: Bool? { drag.isDragging }
}
