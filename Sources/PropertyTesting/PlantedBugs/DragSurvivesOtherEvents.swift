@_spi(Testing) @_spi(GridSimInternals) import SelectionCore

/// Other events do not end a drag: after a tap, Done or Share in the middle of a drag, the
/// next move goes on from the drag's old base.
package struct DragSurvivesOtherEvents: PlantedBug {
    package init() {}

    /// The engine applies the event, ending the drag as SPEC.md says, and the drag is put
    /// back (`FastEngine.dragInProgress`; not once the grid has changed size). The event's
    /// own cost; nil (no cost) for the drag's own moves and lift.
    package func apply(_ event: Event, to engine: inout FastEngine) -> Step? {
        switch event {
        case .dragMoved, .dragEnded: return nil
        default: break
        }
        guard let drag = engine.dragInProgress else { return nil }
        let step = engine.apply(event)
        if !engine.isDragging { engine.dragInProgress = drag }
        return step
    }
}
