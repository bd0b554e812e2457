/// The selection state of the grid seed's `PhotoMultiSelectGrid`, written the way the seed
/// writes it: the grid is `[String]`, the selection a `Set<String>` of ids, and photos that
/// disappear leave it through `selection.formIntersection(ids)`. Plus what the picker and the
/// contextual-mode seeds add: a limit and its tray (pick order), Select all, Done and Back,
/// the toolbar's actions and their sheets. It has no drag to select.
///
/// Costs as in the seed: a tap hashes its id (O(1)); a library change filters the grid and
/// intersects the selection with it (O(photos), hashing every id).
public struct PhotoGridModel: Sendable {
    /// Something presented over the grid.
    public enum Sheet: Sendable { case share, edit }

    public private(set) var photos: [String]
    public private(set) var selection: Set<String> = []
    public private(set) var isSelecting = false
    /// The chosen photos in the order picked: the tray, kept only when a limit is set.
    public private(set) var picks: [String] = []
    public private(set) var sheet: Sheet?
    /// At least 1, or nil for none.
    public let limit: Int?
    /// The grid's ids, for the unknown-photo checks the seed's cells never need.
    private var known: Set<String>

    public init(photos: [String], limit: Int? = nil) {
        self.photos = photos
        self.limit = limit.map { max(1, $0) }
        known = Set(photos)
    }

    /// A long press (or the accessibility action Select): enters the mode with the photo.
    public mutating func longPress(_ id: String) {
        guard known.contains(id), !isSelecting else { return }
        isSelecting = true
        choose(id)
    }

    /// Opens the photo while browsing (nothing to model); toggles it while selecting.
    public mutating func tap(_ id: String) {
        guard known.contains(id), isSelecting, sheet == nil else { return }
        if selection.remove(id) != nil {
            if limit != nil { picks.removeAll { $0 == id } }
        } else if selection.count < limit ?? .max {
            choose(id)
        }
    }

    /// The Select button: the mode with nothing chosen.
    public mutating func selectButton() {
        if !isSelecting { isSelecting = true }
    }

    public mutating func selectAll() {
        guard isSelecting, sheet == nil, selection.count < photos.count, photos.count <= limit ?? .max else {
            return
        }
        for id in photos where !selection.contains(id) { choose(id) }
    }

    public mutating func deselectAll() {
        guard isSelecting, sheet == nil else { return }
        selection = []
        picks = []
    }

    public mutating func done() {
        guard sheet == nil else { return }
        leave()
    }

    /// The system back gesture: closes a sheet, else leaves the mode.
    public mutating func back() {
        if sheet != nil { sheet = nil } else { leave() }
    }

    public mutating func delete() {
        guard isSelecting, sheet == nil, !selection.isEmpty else { return }
        photos.removeAll { selection.contains($0) }
        known.subtract(selection)
        leave()
    }

    public mutating func move() {
        guard isSelecting, sheet == nil, !selection.isEmpty else { return }
        leave()
    }

    public mutating func present(_ kind: Sheet) {
        guard isSelecting, sheet == nil, !selection.isEmpty else { return }
        sheet = kind
    }

    public mutating func dismiss() { sheet = nil }

    /// The remove button on a tray thumbnail.
    public mutating func removeFromTray(_ id: String) {
        guard limit != nil, sheet == nil, selection.remove(id) != nil else { return }
        picks.removeAll { $0 == id }
    }

    /// Photos that appear and disappear outside the app. Refused whole when an inserted id is
    /// already in the grid or inserted twice.
    public mutating func libraryChanged(removed: [String], inserted: [(id: String, at: Int)]) {
        let gone = Set(removed)
        var grid = gone.isEmpty ? photos : photos.filter { !gone.contains($0) }
        var ids = gone.isEmpty ? known : known.subtracting(gone)
        for insertion in inserted {
            guard ids.insert(insertion.id).inserted else { return }
        }
        for insertion in inserted {
            grid.insert(insertion.id, at: min(max(insertion.at, 0), grid.count))
        }
        photos = grid
        known = ids
        // The seed: `.onChange(of: photos.map(\.id)) { _, ids in selection.formIntersection(ids) }`.
        selection.formIntersection(photos)
        if limit != nil { picks.removeAll { !selection.contains($0) } }
    }

    private mutating func choose(_ id: String) {
        selection.insert(id)
        if limit != nil { picks.append(id) }
    }

    private mutating func leave() {
        isSelecting = false
        selection = []
        picks = []
    }
}
