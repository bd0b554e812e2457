import SelectionSlots
@_spi(Testing) @_spi(GridSimInternals) import SelectionCore

/// The selection is kept as grid positions: after a library change that inserts photos, the
/// photos now at the chosen positions are chosen, not the photos that were.
package struct SelectionKeptByPosition: PlantedBug {
    package init() {}

    /// O(N) for the grid orders before and after; nil (no cost) for other events.
    package func apply(_ event: Event, to engine: inout FastEngine) -> Step? {
        guard case .libraryChanged(_, let inserted) = event, !inserted.isEmpty, !engine.selection.isEmpty else {
            return nil
        }
        let orderBefore = engine.grid.order
        var positionBefore: [PhotoSlot: Int] = [:]
        for (position, slot) in orderBefore.enumerated() where engine.selection.contains(slot) {
            positionBefore[slot] = position
        }
        // The tray keeps its order, by position too.
        let pickPositions = engine.limit == nil ? [] : engine.pickSlots.map { positionBefore[$0]! }
        let chosenPositions = positionBefore.values.sorted()
        let step = engine.apply(event)
        guard step.outcome == .applied else { return step }
        let order = engine.grid.order
        var selection = engine.selection
        selection.removeAll()
        for position in chosenPositions where position < order.count { selection.insert(order[position]) }
        let picks = pickPositions.filter { $0 < order.count }.map { order[$0] }
        engine.restoreSelection(selection, picks: picks)
        return step
    }
}
