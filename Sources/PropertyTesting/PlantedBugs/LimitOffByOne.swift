@_spi(Testing) @_spi(GridSimInternals) import SelectionCore

/// The limit check lets one photo too many in: a tap at the limit still chooses.
package struct LimitOffByOne: PlantedBug {
    package init() {}

    /// O(1) plus a copy of the pick order; nil (no cost) for other events.
    package func apply(_ event: Event, to engine: inout FastEngine) -> Step? {
        guard case .tap(let photo) = event, let limit = engine.limit, engine.chosenCount == limit,
            engine.mode == .selecting, engine.sheet == nil, engine.contains(photo), !engine.isChosen(photo)
        else { return nil }
        let slot = engine.intern(photo)
        var selection = engine.selection
        selection.insert(slot)
        engine.restoreSelection(selection, picks: engine.pickSlots + [slot])
        return Step(
            outcome: .applied, haptic: true, animation: engine.animationStyle,
            announcement: .countChanged(selection.count))
    }
}
