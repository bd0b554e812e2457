@_spi(GridSimInternals) import SelectionCore

/// Delete reports every chosen photo deleted but removes only the first of them from the grid.
package struct DeleteRemovesFirstOnly: PlantedBug {
    package init() {}

    /// Delete's cost twice (once on a copy, for the step it should have made); nil (no cost)
    /// for other events and while at most one photo is chosen.
    package func apply(_ event: Event, to engine: inout FastEngine) -> Step? {
        guard event == .delete, engine.mode == .selecting, engine.sheet == nil, engine.chosenCount >= 2 else {
            return nil
        }
        var correct = engine
        let step = correct.apply(event)
        let first = engine.slots.id(for: engine.selection.slots(inGridOrder: engine.grid)[0])
        _ = engine.apply(Event.libraryChanged(removed: [first], inserted: []))
        _ = engine.apply(Event.done)
        return step
    }
}
