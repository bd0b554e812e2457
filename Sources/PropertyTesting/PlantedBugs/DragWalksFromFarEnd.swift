@_spi(Testing) @_spi(GridSimInternals) import SelectionCore

/// A choosing drag under a limit walks its range from the finger towards the anchor: the
/// photos far from the anchor get in and those next to it are kept out.
package struct DragWalksFromFarEnd: PlantedBug {
    package init() {}

    /// The engine's own move with its walk turned around (`DragBend.walksFromFarEnd`):
    /// O(range); nil (no cost) for other events.
    package func apply(_ event: Event, to engine: inout FastEngine) -> Step? {
        guard case .dragMoved(let photo) = event else { return nil }
        return engine.dragMoved(to: photo, bending: .walksFromFarEnd)
    }
}
