@_spi(Testing) @_spi(GridSimInternals) import SelectionCore

/// A choosing drag adds every photo it sweeps, past the limit.
package struct DragIgnoresLimit: PlantedBug {
    package init() {}

    /// The engine's own move with no room left unchecked (`DragBend.ignoresLimit`): O(range);
    /// nil (no cost) for other events.
    package func apply(_ event: Event, to engine: inout FastEngine) -> Step? {
        guard case .dragMoved(let photo) = event else { return nil }
        return engine.dragMoved(to: photo, bending: .ignoresLimit)
    }
}
