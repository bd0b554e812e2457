import SelectionCore

/// Deselect all clears the selection but not the tray.
public struct DeselectAllKeepsTray: PlantedBug {
    public init() {}

    /// Deselect all's own cost plus a copy of the pick order; nil (no cost) for other events.
    public func apply(_ event: Event, to engine: inout FastEngine) -> Step? {
        guard event == .deselectAll else { return nil }
        return engine.applyKeepingTray(event)
    }
}
