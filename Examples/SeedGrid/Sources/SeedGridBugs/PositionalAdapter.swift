import GridSimKit
import SeedGridConformance

/// The copy of the model that keeps the selection by grid position, seen as the in-process
/// adapter sees the model: what the tests check in-process and `seedgrid-adapter --bug
/// positional` serves over the line protocol.
public struct PositionalAdapter: PhotoGridAdapter, SheetExposing {
    public var model: PositionalPhotoGridModel

    public init(photos: [PhotoID], limit: Int?, reduceMotion: Bool) {
        model = PositionalPhotoGridModel(photos: photos, limit: limit)
    }

    public mutating func apply(_ event: Event) -> Step? {
        model.handle(event)
        return nil
    }

    public var mode: Mode { model.isSelecting ? .selecting : .browsing }
    public var chosenPhotos: [PhotoID] { model.selection }
    public var photos: [PhotoID] { model.photos }
    public var picks: [PhotoID] { model.tray }
    public var sheet: Sheet? { model.sheet.map { $0 == .share ? .share : .edit } }
    public static var unhandledEvents: Set<EventName> { [.dragBegan, .dragMoved, .dragEnded] }
}
