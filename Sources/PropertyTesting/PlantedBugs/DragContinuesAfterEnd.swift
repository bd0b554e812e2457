@_spi(Testing) @_spi(GridSimInternals) import SelectionCore

/// The finger's lift does not end a drag: a move after it sweeps from the anchor again, and a
/// second lift is applied.
package struct DragContinuesAfterEnd: PlantedBug {
    package init() {}

    /// The engine applies the lift and the drag is put back (`FastEngine.dragInProgress`).
    /// O(1); nil (no cost) for other events.
    package func apply(_ event: Event, to engine: inout FastEngine) -> Step? {
        guard case .dragEnded = event, let drag = engine.dragInProgress else { return nil }
        let step = engine.apply(event)
        engine.dragInProgress = drag
        return step
    }
}
