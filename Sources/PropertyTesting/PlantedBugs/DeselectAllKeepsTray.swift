@_spi(Testing) import SelectionCore

/// Deselect all clears the selection but not the tray.
public struct DeselectAllKeepsTray: PlantedBug {
    public static let name = "deselect-all-keeps-tray"
    public static let summary = "Deselect all leaves the photos in the tray"
    public static let reportedIn = "photo picker issue trackers: after Deselect all the tray still shows the photos"

    public init() {}

    /// Deselect all's own cost plus a copy of the pick order; nil (no cost) for other events.
    public func apply(_ event: Event, to engine: inout FastEngine) -> Step? {
        guard event == .deselectAll else { return nil }
        let pickOrder = engine.pickOrder
        let step = engine.apply(event)
        if step.outcome == .applied { engine.restoreSelection(engine.selection, pickOrder: pickOrder) }
        return step
    }
}
