@_spi(Testing) @_spi(GridSimInternals) import SelectionCore

/// A long press on a photo that is already chosen adds it to the tray again.
package struct TrayRepeatsOnLongPress: PlantedBug {
    package init() {}

    /// O(1) plus a copy of the pick order; nil (no cost) for other events.
    package func apply(_ event: Event, to engine: inout FastEngine) -> Step? {
        guard case .longPress(let photo) = event, engine.limit != nil, engine.mode == .selecting, engine.sheet == nil,
            engine.isChosen(photo)
        else { return nil }
        let step = engine.apply(event)
        let slot = engine.intern(photo)
        engine.restoreSelection(engine.selection, picks: engine.pickSlots + [slot])
        return step
    }
}
