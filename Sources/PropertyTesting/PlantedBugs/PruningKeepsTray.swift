@_spi(GridSimInternals) import SelectionCore

/// Photos that leave the library leave the selection but stay in the tray.
package struct PruningKeepsTray: PlantedBug {
    package init() {}

    /// The change's own cost plus a copy of the pick order; nil (no cost) for other events.
    package func apply(_ event: Event, to engine: inout FastEngine) -> Step? {
        guard case .libraryChanged = event, engine.limit != nil else { return nil }
        return engine.applyKeepingTray(event)
    }
}
