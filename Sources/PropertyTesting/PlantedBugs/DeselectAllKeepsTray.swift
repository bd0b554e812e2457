@_spi(GridSimInternals) import SelectionCore

/// Deselect all clears the selection but not the tray.
package struct DeselectAllKeepsTray: PlantedBug {
    package init() {}

    /// Deselect all's own cost plus a copy of the pick order; nil (no cost) for other events.
    package func apply(_ event: Event, to engine: inout FastEngine) -> Step? {
        guard event == .deselectAll else { return nil }
        return engine.applyKeepingTray(event)
    }
}
