@_spi(Testing) @_spi(GridSimInternals) import SelectionCore

/// A library change that both removes and inserts photos forgets to prune the selection.
package struct PruningSkippedWhenInserting: PlantedBug {
    package init() {}

    /// The change's own cost plus a copy of the pick order; nil (no cost) for other events.
    package func apply(_ event: Event, to engine: inout FastEngine) -> Step? {
        guard case .libraryChanged(let removed, let inserted) = event, !removed.isEmpty, !inserted.isEmpty else { return nil }
        let selection = engine.selection
        let picks = engine.pickSlots
        let step = engine.apply(event)
        guard step.outcome == .applied else { return step }
        engine.restoreSelection(selection, picks: picks)
        return Step(outcome: step.outcome, action: step.action)
    }
}
