@_spi(Testing) @_spi(GridSimInternals) import SelectionCore

/// The tray's remove button rebuilds the tray from the grid: the picks left come back in grid
/// order instead of the order they were picked in.
package struct RemoveFromTrayReordersPicks: PlantedBug {
    package init() {}

    /// The removal's own cost plus O(N) to list the chosen photos in grid order; nil (no
    /// cost) for other events.
    package func apply(_ event: Event, to engine: inout FastEngine) -> Step? {
        guard case .removeFromTray = event else { return nil }
        let step = engine.apply(event)
        guard step.outcome == .applied else { return step }
        engine.restoreSelection(engine.selection, picks: engine.selection.slots(inGridOrder: engine.grid))
        return step
    }
}
