@_spi(GridSimInternals) import SelectionCore

/// Hit testing that misses the last column: a tap on a photo of the grid's last column goes
/// to the photo before it. At the event level: the tap names the photo at the previous grid
/// position.
package struct LastColumnHitsPrevious: PlantedBug {
    /// The seed's grid on a 393-pt-wide phone (110-pt cells at least, 4-pt spacing): three
    /// columns, as GestureInput's `GridMetrics` lays it out.
    static let columns = 3

    package init() {}

    /// O(N) to find the photo's position; nil for a photo in another column.
    package func apply(_ event: Event, to engine: inout FastEngine) -> Step? {
        guard case .tap(let photo) = event, let slot = engine.slots.slot(for: photo), engine.grid.contains(slot),
            let position = engine.grid.order.firstIndex(of: slot), position % Self.columns == Self.columns - 1
        else { return nil }
        return engine.apply(.tap(engine.slots.id(for: engine.grid.slot(at: position - 1))))
    }
}
