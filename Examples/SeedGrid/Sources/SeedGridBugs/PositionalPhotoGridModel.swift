import SeedGrid
import SeedGridConformance

/// A copy of `PhotoGridModel` with a bug real photo apps have shipped: the selection is kept
/// by position in the grid (index paths), not by id, so a photo inserted above the chosen
/// ones shifts the selection onto their neighbours. Everything else is as in the model.
public struct PositionalPhotoGridModel: SeedGridGestures {
    public private(set) var photos: [String]
    /// Grid positions: the bug.
    public private(set) var positions: Set<Int> = []
    public private(set) var isSelecting = false
    public private(set) var picks: [Int] = []
    public private(set) var sheet: PhotoGridModel.Sheet?
    public let limit: Int?
    private var known: Set<String>

    public init(photos: [String], limit: Int?) {
        self.photos = photos
        self.limit = limit.map { max(1, $0) }
        known = Set(photos)
    }

    /// The chosen photos, in grid order.
    public var selection: [String] { positions.sorted().map { photos[$0] } }
    /// The chosen photos, in pick order.
    public var tray: [String] { picks.map { photos[$0] } }

    public mutating func longPress(_ id: String) {
        guard let position = photos.firstIndex(of: id), !isSelecting else { return }
        isSelecting = true
        choose(position)
    }

    public mutating func tap(_ id: String) {
        guard let position = photos.firstIndex(of: id), isSelecting, sheet == nil else { return }
        if positions.remove(position) != nil {
            picks.removeAll { $0 == position }
        } else if positions.count < limit ?? .max {
            choose(position)
        }
    }

    public mutating func selectButton() { isSelecting = true }

    public mutating func selectAll() {
        guard isSelecting, sheet == nil, positions.count < photos.count, photos.count <= limit ?? .max else {
            return
        }
        for position in photos.indices where !positions.contains(position) { choose(position) }
    }

    public mutating func deselectAll() {
        guard isSelecting, sheet == nil else { return }
        positions = []
        picks = []
    }

    public mutating func done() {
        guard sheet == nil else { return }
        leave()
    }

    public mutating func back() {
        if sheet != nil { sheet = nil } else { leave() }
    }

    public mutating func delete() {
        guard isSelecting, sheet == nil, !positions.isEmpty else { return }
        let deleted = Set(selection)
        photos.removeAll { deleted.contains($0) }
        known.subtract(deleted)
        leave()
    }

    public mutating func move() {
        guard isSelecting, sheet == nil, !positions.isEmpty else { return }
        leave()
    }

    public mutating func present(_ kind: PhotoGridModel.Sheet) {
        guard isSelecting, sheet == nil, !positions.isEmpty else { return }
        sheet = kind
    }

    public mutating func dismiss() { sheet = nil }

    public mutating func removeFromTray(_ id: String) {
        guard limit != nil, sheet == nil, let position = photos.firstIndex(of: id),
            positions.remove(position) != nil
        else { return }
        picks.removeAll { $0 == position }
    }

    public mutating func libraryChanged(removed: [String], inserted: [(id: String, at: Int)]) {
        let gone = Set(removed)
        var grid = photos.filter { !gone.contains($0) }
        var ids = known.subtracting(gone)
        for insertion in inserted {
            guard ids.insert(insertion.id).inserted else { return }
        }
        for insertion in inserted { grid.insert(insertion.id, at: min(max(insertion.at, 0), grid.count)) }
        photos = grid
        known = ids
        // The bug: the chosen positions stay as they were, whatever moved into them; only
        // positions past the end of the grid leave.
        positions = positions.filter { $0 < photos.count }
        picks.removeAll { !positions.contains($0) }
    }

    private mutating func choose(_ position: Int) {
        positions.insert(position)
        picks.append(position)
    }

    private mutating func leave() {
        isSelecting = false
        positions = []
        picks = []
    }
}
