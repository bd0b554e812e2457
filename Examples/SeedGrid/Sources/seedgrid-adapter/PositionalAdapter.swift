import GridSimKit
import SeedGridBugs
import SeedGridConformance

/// The copy of the model that keeps the selection by grid position, seen as the in-process
/// adapter sees the model: what `--bug positional` serves.
struct PositionalAdapter: PhotoGridAdapter, SheetExposing {
    var model: PositionalPhotoGridModel

    init(photos: [PhotoID], limit: Int?, reduceMotion: Bool) {
        model = PositionalPhotoGridModel(photos: photos, limit: limit)
    }

    mutating func apply(_ event: Event) -> Step? {
        model.handle(event)
        return nil
    }

    var mode: Mode { model.isSelecting ? .selecting : .browsing }
    var chosenPhotos: [PhotoID] { model.selection }
    var photos: [PhotoID] { model.photos }
    var picks: [PhotoID] { model.tray }
    var sheet: Sheet? { model.sheet.map { $0 == .share ? .share : .edit } }
    static var unhandledEvents: Set<EventName> { [.dragBegan, .dragMoved, .dragEnded] }
}
