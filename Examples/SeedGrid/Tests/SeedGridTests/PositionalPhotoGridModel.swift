import SeedGrid
import SeedGridConformance

/// A copy of `PhotoGridModel` with a bug real photo apps have shipped: the selection is kept
/// by position in the grid (index paths), not by id, so a photo inserted above the chosen
/// ones shifts the selection onto their neighbours. Everything else is as in the model.
struct PositionalPhotoGridModel: SeedGridGestures {
    private(set) var photos: [String]
    /// Grid positions: the bug.
    private(set) var positions: Set<Int> = []
    private(set) var isSelecting = false
    private(set) var picks: [Int] = []
    private(set) var sheet: PhotoGridModel.Sheet?
    let limit: Int?
    private var known: Set<String>

    init(photos: [String], limit: Int?) {
        self.photos = photos
        self.limit = limit.map { max(1, $0) }
        known = Set(photos)
    }

    var selection: [String] { positions.sorted().map { photos[$0] } }
    var tray: [String] { picks.map { photos[$0] } }

    mutating func longPress(_ id: String) {
        guard let position = photos.firstIndex(of: id), !isSelecting else { return }
        isSelecting = true
        choose(position)
    }

    mutating func tap(_ id: String) {
        guard let position = photos.firstIndex(of: id), isSelecting, sheet == nil else { return }
        if positions.remove(position) != nil {
            picks.removeAll { $0 == position }
        } else if positions.count < limit ?? .max {
            choose(position)
        }
    }

    mutating func selectButton() { isSelecting = true }

    mutating func selectAll() {
        guard isSelecting, sheet == nil, positions.count < photos.count, photos.count <= limit ?? .max else { return }
        for position in photos.indices where !positions.contains(position) { choose(position) }
    }

    mutating func deselectAll() {
        guard isSelecting, sheet == nil else { return }
        positions = []
        picks = []
    }

    mutating func done() {
        guard sheet == nil else { return }
        leave()
    }

    mutating func back() {
        if sheet != nil { sheet = nil } else { leave() }
    }

    mutating func delete() {
        guard isSelecting, sheet == nil, !positions.isEmpty else { return }
        let deleted = Set(selection)
        photos.removeAll { deleted.contains($0) }
        known.subtract(deleted)
        leave()
    }

    mutating func move() {
        guard isSelecting, sheet == nil, !positions.isEmpty else { return }
        leave()
    }

    mutating func present(_ kind: PhotoGridModel.Sheet) {
        guard isSelecting, sheet == nil, !positions.isEmpty else { return }
        sheet = kind
    }

    mutating func dismiss() { sheet = nil }

    mutating func removeFromTray(_ id: String) {
        guard limit != nil, sheet == nil, let position = photos.firstIndex(of: id), positions.remove(position) != nil
        else { return }
        picks.removeAll { $0 == position }
    }

    mutating func libraryChanged(removed: [String], inserted: [(id: String, at: Int)]) {
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
