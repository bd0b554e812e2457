import SelectionCore

/// A drag bug: sliding back over photos a drag swept leaves them chosen (or unchosen). See `PlantedDrag.Flaw.forgetsBase`.
public struct DragForgetsBase: PlantedBug {
    public static let name = "drag-forgets-base"
    public static let summary = "sliding back over photos a drag swept leaves them chosen (or unchosen)"
    public static let reportedIn = "photo app forums: drag-selecting back over photos does not deselect them"

    private var drag = PlantedDrag(flaw: .forgetsBase)

    public init() {}

    /// The drag's own cost (see `PlantedDrag`); nil (no cost) for other events.
    public mutating func apply(_ event: Event, to engine: inout FastEngine) -> Step? { drag.apply(event, to: &engine) }

    public var isDragging: Bool? { drag.isDragging }
}
