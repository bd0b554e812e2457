import GridSimKit
import SeedGrid

/// GridSim's view of the seed-style model: events in, the state back. The model reports no
/// outcomes or effects, so the kit compares its state and, since it conforms to
/// `SheetExposing`, its sheet after every step.
public struct SeedGridAdapter: PhotoGridAdapter, SheetExposing {
    public var model: PhotoGridModel

    public init(photos: [PhotoID], limit: Int?, reduceMotion: Bool) {
        model = PhotoGridModel(photos: photos, limit: limit)
    }

    public mutating func apply(_ event: Event) -> Step? {
        model.handle(event)
        return nil
    }

    public var mode: Mode { model.isSelecting ? .selecting : .browsing }
    public var chosenPhotos: [PhotoID] { model.photos.filter(model.selection.contains) }
    public var photos: [PhotoID] { model.photos }
    public var picks: [PhotoID] { model.picks }
    public var sheet: Sheet? { model.sheet.map { $0 == .share ? .share : .edit } }
    /// The seed has no drag to select.
    public static var unhandledEvents: Set<EventName> { [.dragBegan, .dragMoved, .dragEnded] }
}
