@_spi(GridSimInternals) import SelectionCore

/// The tray's remove button is wired as a toggle: on a photo that is not chosen it chooses
/// it, instead of refusing with `notInTray`.
package struct RemoveFromTrayAcceptsUnchosen: PlantedBug {
    package init() {}

    /// A tap's cost; nil (no cost) for other events and for photos the button may remove.
    package func apply(_ event: Event, to engine: inout FastEngine) -> Step? {
        guard case .removeFromTray(let photo) = event, engine.limit != nil, engine.mode == .selecting,
            engine.sheet == nil, engine.contains(photo), !engine.isChosen(photo)
        else { return nil }
        return engine.apply(.tap(photo))
    }
}
