import SelectionCore

/// Photos that leave the library leave the selection but stay in the tray.
public struct PruningKeepsTray: PlantedBug {
    public init() {}

    /// The change's own cost plus a copy of the pick order; nil (no cost) for other events.
    public func apply(_ event: Event, to engine: inout FastEngine) -> Step? {
        guard case .libraryChanged = event, engine.limit != nil else { return nil }
        return engine.applyKeepingTray(event)
    }
}
