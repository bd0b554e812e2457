import GridSimKit

/// The reference model behind the adapter protocol, exposing everything: it must pass every
/// case the kit has.
struct ReferenceAdapter: SelectionAdapter {
    var model: ReferenceModel
    init(photos: [PhotoID], limit: Int?, reduceMotion: Bool) {
        model = ReferenceModel(
            configuration: GridConfiguration(photos: .ids(photos), limit: limit, reduceMotion: reduceMotion))
    }
    mutating func apply(_ event: Event) -> Step? { model.apply(event) }
    var mode: Mode { model.mode }
    var chosenPhotos: [PhotoID] { model.selectedPhotos }
    var photos: [PhotoID] { model.photos }
    var tray: [PhotoID] { model.picks }
    var sheet: Sheet? { model.sheet }
    static var exposes: AdapterExposure { .everything }
}

/// The reference model exposing only the required state, without drag to select.
struct StateOnlyAdapter: SelectionAdapter {
    var inner: ReferenceAdapter
    init(photos: [PhotoID], limit: Int?, reduceMotion: Bool) {
        inner = ReferenceAdapter(photos: photos, limit: limit, reduceMotion: reduceMotion)
    }
    mutating func apply(_ event: Event) -> Step? {
        _ = inner.apply(event)
        return nil
    }
    var mode: Mode { inner.mode }
    var chosenPhotos: [PhotoID] { inner.chosenPhotos }
    var photos: [PhotoID] { inner.photos }
    var tray: [PhotoID] { inner.tray }
    static var unhandledEvents: Set<EventName> { [.dragBegan, .dragMoved, .dragEnded] }
}

/// A bug: Deselect all also leaves the mode (as Done would).
struct DeselectAllLeavesAdapter: SelectionAdapter {
    var inner: ReferenceAdapter
    init(photos: [PhotoID], limit: Int?, reduceMotion: Bool) {
        inner = ReferenceAdapter(photos: photos, limit: limit, reduceMotion: reduceMotion)
    }
    mutating func apply(_ event: Event) -> Step? {
        let step = inner.apply(event)
        if event == .deselectAll, step?.outcome == .applied { _ = inner.apply(.done) }
        return step
    }
    var mode: Mode { inner.mode }
    var chosenPhotos: [PhotoID] { inner.chosenPhotos }
    var photos: [PhotoID] { inner.photos }
    var tray: [PhotoID] { inner.tray }
}
