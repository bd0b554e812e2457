@_spi(Testing) @_spi(GridSimInternals) import SelectionCore

/// Each move of a drag starts from the selection the last one left, not from the drag's base:
/// sliding back over photos the drag swept does not give them their state back.
package struct DragForgetsBase: PlantedBug {
    package init() {}

    /// The engine's own move, then its drag forgets its base (`FastEngine.rebaseDrag()`).
    /// The move's cost; nil (no cost) for other events.
    package func apply(_ event: Event, to engine: inout FastEngine) -> Step? {
        guard case .dragMoved = event else { return nil }
        let step = engine.apply(event)
        engine.rebaseDrag()
        return step
    }
}
