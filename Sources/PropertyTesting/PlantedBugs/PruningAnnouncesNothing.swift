@_spi(GridSimInternals) import SelectionCore

/// A library change that removes chosen photos changes the count without announcing it.
package struct PruningAnnouncesNothing: PlantedBug {
    package init() {}

    /// The change's own cost; nil (no cost) for other events.
    package func apply(_ event: Event, to engine: inout FastEngine) -> Step? {
        guard case .libraryChanged = event else { return nil }
        var step = engine.apply(event)
        step.announcement = nil
        return step
    }
}
