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

/// An adapter made of the reference one with something changed or left out: the required
/// state is the reference's.
protocol ReferenceWrapper: SelectionAdapter {
    var inner: ReferenceAdapter { get }
    init(inner: ReferenceAdapter)
}

extension ReferenceWrapper {
    init(photos: [PhotoID], limit: Int?, reduceMotion: Bool) {
        self.init(inner: ReferenceAdapter(photos: photos, limit: limit, reduceMotion: reduceMotion))
    }
    var mode: Mode { inner.mode }
    var chosenPhotos: [PhotoID] { inner.chosenPhotos }
    var photos: [PhotoID] { inner.photos }
    var tray: [PhotoID] { inner.tray }
}

/// The reference model exposing only the required state, without drag to select.
struct StateOnlyAdapter: ReferenceWrapper {
    var inner: ReferenceAdapter
    mutating func apply(_ event: Event) -> Step? {
        _ = inner.apply(event)
        return nil
    }
    static var unhandledEvents: Set<EventName> { [.dragBegan, .dragMoved, .dragEnded] }
}

/// A bug: Deselect all also leaves the mode (as Done would).
struct DeselectAllLeavesAdapter: ReferenceWrapper {
    var inner: ReferenceAdapter
    mutating func apply(_ event: Event) -> Step? {
        let step = inner.apply(event)
        if event == .deselectAll, step?.outcome == .applied { _ = inner.apply(.done) }
        return step
    }
}
