@_spi(Testing) import SelectionCore

/// Photos that leave the library leave the selection but stay in the tray.
public struct PruningKeepsTray: PlantedBug {
    public static let name = "pruning-keeps-tray"
    public static let summary = "photos removed from the library stay in the tray"
    public static let reportedIn =
        "photo picker issue trackers: a photo deleted elsewhere still shows in the tray as a blank thumbnail"

    public init() {}

    /// The change's own cost plus a copy of the pick order; nil (no cost) for other events.
    public func apply(_ event: Event, to engine: inout FastEngine) -> Step? {
        guard case .libraryChanged = event, engine.limit != nil else { return nil }
        let pickOrder = engine.pickOrder
        let step = engine.apply(event)
        if step.outcome == .applied { engine.restoreSelection(engine.selection, pickOrder: pickOrder) }
        return step
    }
}
