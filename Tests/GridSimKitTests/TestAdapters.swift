import GridSimKit
@_spi(GridSimInternals) import SelectionCore

/// The reference model behind the adapter protocol, exposing everything: it must pass every
/// case the kit has.
struct ReferenceAdapter: PhotoGridAdapter, SheetExposing, ScreenExposing, OutcomeReporting, EffectReporting,
    AnnouncementReporting
{
    var model: ReferenceModel
    init(photos: [PhotoID], limit: Int?, reduceMotion: Bool) {
        model = ReferenceModel(
            configuration: GridConfiguration(photos: .ids(photos), limit: limit, reduceMotion: reduceMotion))
    }
    mutating func apply(_ event: Event) -> Step? { model.apply(event) }
    var mode: Mode { model.mode }
    var chosenPhotos: [PhotoID] { model.chosenPhotos }
    var photos: [PhotoID] { model.photos }
    var picks: [PhotoID] { model.picks }
    var sheet: Sheet? { model.sheet }
    var title: String { model.title }
    var toolbar: Toolbar? { model.toolbar }
    var trayCounter: String? { model.tray?.counter }
    func accessibilityValue(for photo: PhotoID) -> String { model.accessibilityValue(for: photo) }
}

/// An adapter made of the reference one with something changed or left out: the required
/// state is the reference's.
protocol ReferenceWrapper: PhotoGridAdapter {
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
    var picks: [PhotoID] { inner.picks }
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

/// A bug: Delete with a limit leaves the deleted photos in the tray.
struct DeleteLeavesTrayAdapter: ReferenceWrapper {
    var inner: ReferenceAdapter
    var leftInTray: [PhotoID] = []
    init(inner: ReferenceAdapter) { self.inner = inner }
    mutating func apply(_ event: Event) -> Step? {
        let picks = inner.picks
        let step = inner.apply(event)
        if event == .delete, step?.outcome == .applied { leftInTray += picks }
        return step
    }
    var picks: [PhotoID] { leftInTray + inner.picks }
}

/// A bug: a tap while a drag is in progress is taken as part of the drag: it neither toggles
/// its photo nor ends the drag.
struct TapKeepsDragAdapter: ReferenceWrapper {
    var inner: ReferenceAdapter
    mutating func apply(_ event: Event) -> Step? {
        if case .tap = event, inner.model.isDragging { return .ignored }
        return inner.apply(event)
    }
}

/// A bug: the drag goes on after the finger lifts (`dragEnded` is applied but ends nothing).
struct DragGoesOnAfterEndAdapter: ReferenceWrapper {
    var inner: ReferenceAdapter
    mutating func apply(_ event: Event) -> Step? {
        if event == .dragEnded, inner.model.mode == .selecting { return Step(outcome: .applied) }
        return inner.apply(event)
    }
}

/// A bug: Select all leaves the first photo of the grid out.
struct SelectAllSkipsFirstAdapter: ReferenceWrapper {
    var inner: ReferenceAdapter
    mutating func apply(_ event: Event) -> Step? {
        let step = inner.apply(event)
        if event == .selectAll, step?.outcome == .applied, let first = inner.photos.first,
            inner.chosenPhotos.contains(first)
        {
            _ = inner.apply(.tap(first))
        }
        return step
    }
}

/// A bug: every count change is announced twice (a view and its model both speak).
struct AnnouncesTwiceAdapter: ReferenceWrapper, OutcomeReporting, EffectReporting, AnnouncementReporting {
    var inner: ReferenceAdapter
    mutating func apply(_ event: Event) -> Step? {
        let step = inner.apply(event)
        guard let step, case .countChanged? = step.announcement else { return step }
        return Step(outcome: step.outcome, effects: step.effects, announcements: step.announcements + step.announcements)
    }
}

/// The reference model reporting its steps as an app's lists: effects and VoiceOver strings,
/// with what the screen shows. It must pass every case.
struct VoiceOverStringsAdapter: PhotoGridAdapter, SheetExposing, ScreenExposing, OutcomeReporting, EffectReporting,
    AnnouncementReporting
{
    var inner: ReferenceAdapter
    init(photos: [PhotoID], limit: Int?, reduceMotion: Bool) {
        inner = ReferenceAdapter(photos: photos, limit: limit, reduceMotion: reduceMotion)
    }
    mutating func apply(_ event: Event) -> Step? {
        let step = inner.model.apply(event)
        return Step(outcome: step.outcome, effects: step.effects, announcing: step.announcements.map(\.text))
    }
    var mode: Mode { inner.mode }
    var chosenPhotos: [PhotoID] { inner.chosenPhotos }
    var photos: [PhotoID] { inner.photos }
    var picks: [PhotoID] { inner.picks }
    var sheet: Sheet? { inner.sheet }
    var title: String { inner.title }
    var toolbar: Toolbar? { inner.toolbar }
    var trayCounter: String? { inner.trayCounter }
    func accessibilityValue(for photo: PhotoID) -> String { inner.accessibilityValue(for: photo) }
}

/// A bug of the screen alone: the title counts one photo too many.
struct TitleOffByOneAdapter: PhotoGridAdapter, SheetExposing, ScreenExposing, OutcomeReporting, EffectReporting,
    AnnouncementReporting
{
    var inner: VoiceOverStringsAdapter
    init(photos: [PhotoID], limit: Int?, reduceMotion: Bool) {
        inner = VoiceOverStringsAdapter(photos: photos, limit: limit, reduceMotion: reduceMotion)
    }
    mutating func apply(_ event: Event) -> Step? { inner.apply(event) }
    var mode: Mode { inner.mode }
    var chosenPhotos: [PhotoID] { inner.chosenPhotos }
    var photos: [PhotoID] { inner.photos }
    var picks: [PhotoID] { inner.picks }
    var sheet: Sheet? { inner.sheet }
    var title: String { mode == .selecting && !chosenPhotos.isEmpty ? "\(chosenPhotos.count + 1) selected" : inner.title }
    var toolbar: Toolbar? { inner.toolbar }
    var trayCounter: String? { inner.trayCounter }
    func accessibilityValue(for photo: PhotoID) -> String { inner.accessibilityValue(for: photo) }
}
