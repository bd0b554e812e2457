import GridSimKit
@_spi(GridSimInternals) import SelectionCore

/// An adapter seen as a `SelectionEngine`, which is what GridSim's benchmark suites drive.
///
/// `apply` costs what the adapter's does (a step it does not report is `ignored`, which
/// allocates nothing). The reads the suites make only to check results, untimed (the counts,
/// `contains`, `isSelected`), read the adapter's whole lists: O(photos).
struct AdapterEngine<Adapter: SelectionAdapter>: SelectionEngine {
    private var adapter: Adapter
    let limit: Int?
    let reduceMotion: Bool

    init(configuration: GridConfiguration) {
        adapter = Adapter(
            photos: configuration.photos.ids, limit: configuration.limit, reduceMotion: configuration.reduceMotion)
        limit = configuration.effectiveLimit
        reduceMotion = configuration.reduceMotion
    }

    @inline(__always)
    mutating func apply(_ event: Event) -> Step { adapter.apply(event) ?? .ignored }

    var mode: Mode { adapter.mode }
    var sheet: Sheet? { Adapter.exposes.contains(.sheet) ? adapter.sheet : nil }
    var photoCount: Int { adapter.photos.count }
    var selectedCount: Int { adapter.chosenPhotos.count }
    func contains(_ photo: PhotoID) -> Bool { adapter.photos.contains(photo) }
    func isSelected(_ photo: PhotoID) -> Bool { adapter.chosenPhotos.contains(photo) }
    var photos: [PhotoID] { adapter.photos }
    var selectedPhotos: [PhotoID] { adapter.chosenPhotos }
    var picks: [PhotoID] { limit == nil ? adapter.chosenPhotos : adapter.tray }
    /// Adapters do not expose it; no suite reads it.
    var isDragging: Bool { false }
}
