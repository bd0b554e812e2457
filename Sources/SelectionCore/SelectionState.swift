/// Everything observable about a session, engine-independent, for comparing engines and
/// checking invariants.
public struct SelectionState: Hashable, Sendable {
    public var mode: Mode
    /// The grid, in grid order.
    public var photos: [PhotoID]
    /// The chosen photos, in grid order.
    public var selection: [PhotoID]
    /// The chosen photos, in pick order.
    public var picks: [PhotoID]
    public var sheet: Sheet?
    public var limit: Int?
    public var reduceMotion: Bool
    /// A drag to select is in progress (SPEC.md section 6).
    public var dragging: Bool

    public init(
        mode: Mode, photos: [PhotoID], selection: [PhotoID], picks: [PhotoID],
        sheet: Sheet?, limit: Int?, reduceMotion: Bool, dragging: Bool = false
    ) {
        self.dragging = dragging
        self.mode = mode
        self.photos = photos
        self.selection = selection
        self.picks = picks
        self.sheet = sheet
        self.limit = limit
        self.reduceMotion = reduceMotion
    }

    /// The invariants of SPEC.md section 1 that this state breaks; empty when it keeps them all.
    ///
    /// O(photos + selection), with hashing.
    public func invariantViolations() -> [String] {
        Self.invariantViolations(
            mode: mode, photos: photos, selection: selection, picks: picks, sheet: sheet, limit: limit,
            dragging: dragging)
    }

    /// The invariants of SPEC.md section 1 that a state with these parts breaks, in the words
    /// of `invariantViolations()`, for photos named by any hashable value: an engine that
    /// names each id once by a number checks its numbers, without hashing an id.
    ///
    /// O(photos + selection), with hashing.
    package static func invariantViolations<Photo: Hashable>(
        mode: Mode, photos: [Photo], selection: [Photo], picks: [Photo], sheet: Sheet?, limit: Int?,
        dragging: Bool
    ) -> [String] {
        var violations: [String] = []
        let grid = Set(photos)
        if grid.count != photos.count {
            violations.append("photos has duplicates")
        }
        let chosen = Set(selection)
        if chosen.count != selection.count {
            violations.append("selection has duplicates")
        }
        if !chosen.isSubset(of: grid) {
            violations.append("selection is not a subset of photos")
        }
        if mode == .browsing && !selection.isEmpty {
            violations.append("browsing with a non-empty selection")
        }
        if mode == .browsing && sheet != nil {
            violations.append("browsing with a sheet shown")
        }
        if let limit, selection.count > limit {
            violations.append("selection of \(selection.count) exceeds the limit of \(limit)")
        }
        if dragging && (mode != .selecting || sheet != nil) {
            violations.append("a drag in progress while browsing or with a sheet shown")
        }
        if picks.count != selection.count || Set(picks) != chosen {
            violations.append("picks is not a permutation of selection")
        }
        return violations
    }
}
