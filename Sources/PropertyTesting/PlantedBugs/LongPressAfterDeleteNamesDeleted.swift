@_spi(Testing) @_spi(GridSimInternals) import SelectionCore

/// A stale layout: right after Delete, a long press where a deleted photo was still resolves
/// to that photo, and the grid enters the mode with a photo it no longer has. At the event
/// level: a long press right after Delete that names a photo the Delete removed.
package struct LongPressAfterDeleteNamesDeleted: PlantedBug {
    /// The photos the last event deleted, if it was a Delete.
    private var justDeleted: Set<PhotoID> = []

    package init() {}

    /// Delete's own cost plus a set of the ids it names; O(1) for a long press; nil (no cost)
    /// for other events.
    package mutating func apply(_ event: Event, to engine: inout FastEngine) -> Step? {
        let deleted = justDeleted
        justDeleted = []
        switch event {
        case .delete:
            let step = engine.apply(event)
            if case .deleted(let photos) = step.action { justDeleted = Set(photos) }
            return step
        case .longPress(let photo) where deleted.contains(photo) && engine.mode == .browsing:
            _ = engine.apply(Event.select)
            let slot = engine.intern(photo)
            var selection = engine.selection
            selection.insert(slot)
            engine.restoreSelection(selection, picks: engine.limit == nil ? [] : [slot])
            return Step(
                outcome: .applied, haptic: true, animation: engine.animationStyle,
                announcement: .modeEntered(count: 1))
        default:
            return nil
        }
    }
}
