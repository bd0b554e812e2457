/// The plain, obviously correct implementation of SPEC.md sections 1 to 3.
///
/// It works the way the seeds do: string ids, a `Set<String>` for the selection, an array for
/// the grid and one for the picks. It is the oracle that faster engines are checked against,
/// so it favours clarity over speed; it only avoids what would make it unusable on a grid of
/// a million photos: no event rebuilds the grid or hashes every id again.
///
/// Costs, for N photos in the grid, k photos an event names or the selection holds:
/// - a tap, long press or Select: O(1) hashing, plus O(picks) to drop a pick;
/// - Select All: O(N) to append the new picks, the selection becoming a copy of the grid's
///   set (shared until either changes, then copied without hashing);
/// - a library change or Delete: O(k) hashing; then finding the k photos that leave takes a
///   scan of the grid each while they are few (`scanLimit`), else one pass that looks every
///   grid photo up; then one pass that closes the gaps and one that opens room for the
///   insertions (each photo after the first change moves once), plus O(m²) integer steps for
///   m insertions to work out where each ends up;
/// - `selectedPhotos` (and so Delete, Move, Share, Edit): a scan per chosen photo while they
///   are few, else one pass that looks every grid photo up.
public struct ReferenceModel: SelectionEngine, Sendable {
    public private(set) var photos: [PhotoID]
    /// The grid's ids as a set, for membership tests; always `Set(photos)`, kept so by every
    /// change of `photos`.
    private var photoSet: Set<PhotoID>
    public private(set) var mode: Mode = .browsing
    public private(set) var sheet: Sheet?
    public let limit: Int?
    public let reduceMotion: Bool
    private var selection: Set<PhotoID> = []
    public private(set) var picks: [PhotoID] = []
    /// The drag in progress (SPEC.md section 6), if any.
    private var drag: Drag?

    /// What a drag remembers when it begins: where, what it does, and what it started from.
    private struct Drag: Sendable {
        /// The anchor's grid position: the grid cannot change while a drag is in progress,
        /// since any other event ends it first.
        var anchorPosition: Int
        var unchoosing: Bool
        var baseSelection: Set<PhotoID>
        var basePicks: [PhotoID]
        /// The grid position of the range's far end, where the search for the next one starts.
        var endPosition: Int
    }

    /// Up to this many photos are found by a scan of the grid each (which stops at the photo);
    /// more are found in one pass that hashes every grid photo, which costs about as much as
    /// this many scans.
    static let scanLimit = 32

    public init(configuration: GridConfiguration) {
        photos = configuration.photos.ids
        photoSet = Set(photos)
        limit = configuration.effectiveLimit
        reduceMotion = configuration.reduceMotion
    }

    public var photoCount: Int { photos.count }
    public var selectedCount: Int { selection.count }
    public func contains(_ photo: PhotoID) -> Bool { photoSet.contains(photo) }
    public func isSelected(_ photo: PhotoID) -> Bool { selection.contains(photo) }
    public var selectedPhotos: [PhotoID] { positions(of: selection).map { photos[$0] } }
    public var isDragging: Bool { drag != nil }

    private var animation: Effect { .animation(reduceMotion ? .none : .snappy) }

    public mutating func apply(_ event: Event) -> Step {
        switch event {
        case .dragMoved(let photo):
            return dragMoved(to: photo)
        case .dragEnded:
            guard mode == .selecting, drag != nil else { return .ignored }
            drag = nil
            return Step(outcome: .applied)
        default:
            // Any other event ends a drag in progress first, without a step of its own.
            drag = nil
        }
        switch event {
        case .dragMoved, .dragEnded:
            preconditionFailure("handled above")
        case .removeFromTray(let photo):
            return removeFromTray(photo)
        case .dragBegan(let photo):
            return dragBegan(at: photo)
        case .longPress(let photo), .selectItem(let photo):
            return enterSelecting(with: photo)
        case .tap(let photo):
            return tap(photo)
        case .select:
            guard mode == .selecting else { return enterSelecting(with: nil) }
            return sheet != nil ? .rejected(.covered) : .ignored
        case .selectAll:
            return selectAll()
        case .deselectAll:
            guard mode == .selecting else { return .ignored }
            if sheet != nil { return .rejected(.covered) }
            if selection.isEmpty { return .ignored }
            selection = []
            picks = []
            return Step(
                outcome: .applied, effects: [.haptic, animation], announcements: [.countChanged(0)])
        case .done:
            guard mode == .selecting else { return .ignored }
            if sheet != nil { return .rejected(.covered) }
            return leaveSelecting(action: nil)
        case .back:
            guard mode == .selecting else { return Step(outcome: .applied, effects: [.navigateBack]) }
            if sheet != nil {
                sheet = nil
                return Step(outcome: .applied)
            }
            return leaveSelecting(action: nil)
        case .delete:
            if let refusal = refusalOfActionOnSelection() { return refusal }
            let chosenPositions = positions(of: selection)
            let chosen = chosenPositions.map { photos[$0] }
            removeFromGrid(at: chosenPositions)
            return leaveSelecting(action: .deleted(chosen))
        case .move:
            if let refusal = refusalOfActionOnSelection() { return refusal }
            return leaveSelecting(action: .moved(selectedPhotos))
        case .share:
            return present(.share)
        case .edit:
            return present(.edit)
        case .dismiss:
            guard mode == .selecting, sheet != nil else { return .ignored }
            sheet = nil
            return Step(outcome: .applied)
        case .libraryChanged(let removed, let inserted):
            return libraryChanged(removed: removed, inserted: inserted)
        }
    }

    /// A long press or the Select accessibility action on `photo`; the Select button when nil.
    private mutating func enterSelecting(with photo: PhotoID?) -> Step {
        if let photo, !contains(photo) { return .rejected(.unknownPhoto) }
        if mode == .selecting { return sheet != nil ? .rejected(.covered) : .ignored }
        mode = .selecting
        var effects: [Effect] = []
        if let photo {
            selection = [photo]
            picks = [photo]
            effects.append(.haptic)
        }
        effects.append(animation)
        return Step(
            outcome: .applied, effects: effects, announcements: [.modeEntered(count: selection.count)])
    }

    private mutating func tap(_ photo: PhotoID) -> Step {
        guard contains(photo) else { return .rejected(.unknownPhoto) }
        guard mode == .selecting else { return Step(outcome: .applied, effects: [.open(photo)]) }
        if sheet != nil { return .rejected(.covered) }
        if selection.contains(photo) {
            selection.remove(photo)
            picks.removeAll { $0 == photo }
        } else {
            if let limit, selection.count == limit { return .rejected(.limitReached) }
            selection.insert(photo)
            picks.append(photo)
        }
        return Step(
            outcome: .applied, effects: [.haptic, animation],
            announcements: [.countChanged(selection.count)])
    }

    private mutating func selectAll() -> Step {
        guard mode == .selecting else { return .ignored }
        if sheet != nil { return .rejected(.covered) }
        if selection.count == photos.count { return .ignored }
        if let limit, limit < photos.count { return .rejected(.limitReached) }
        // The new picks are the photos not chosen yet, in grid order.
        let alreadyChosen = positions(of: selection)
        var nextChosen = 0
        for (position, photo) in photos.enumerated() {
            if nextChosen < alreadyChosen.count && alreadyChosen[nextChosen] == position {
                nextChosen += 1
            } else {
                picks.append(photo)
            }
        }
        // The selection was inside the grid; now it is the whole grid.
        selection = photoSet
        return Step(
            outcome: .applied, effects: [.haptic, animation],
            announcements: [.countChanged(selection.count)])
    }

    // MARK: - SPEC.md section 6

    private mutating func removeFromTray(_ photo: PhotoID) -> Step {
        guard limit != nil else { return .ignored }
        if sheet != nil { return .rejected(.covered) }
        guard selection.contains(photo) else { return .rejected(.notInTray) }
        selection.remove(photo)
        picks.removeAll { $0 == photo }
        return Step(
            outcome: .applied, effects: [.haptic, animation],
            announcements: [.countChanged(selection.count)])
    }

    private mutating func dragBegan(at photo: PhotoID) -> Step {
        guard contains(photo) else { return .rejected(.unknownPhoto) }
        guard mode == .selecting else { return .ignored }
        if sheet != nil { return .rejected(.covered) }
        let unchoosing = selection.contains(photo)
        if !unchoosing, let limit, selection.count == limit { return .rejected(.limitReached) }
        let anchor = photos.firstIndex(of: photo)!
        drag = Drag(
            anchorPosition: anchor, unchoosing: unchoosing, baseSelection: selection, basePicks: picks,
            endPosition: anchor)
        _ = sweepDrag(to: anchor)
        return Step(
            outcome: .applied, effects: [.haptic, animation],
            announcements: [.countChanged(selection.count)])
    }

    private mutating func dragMoved(to photo: PhotoID) -> Step {
        guard mode == .selecting, let current = drag else { return .ignored }
        guard contains(photo) else { return .rejected(.unknownPhoto) }
        // The grid has not changed since the drag began: search outwards from the last end,
        // so that a finger moving a photo at a time costs a step or two.
        var distance = 0
        while true {
            let before = current.endPosition - distance
            let after = current.endPosition + distance
            if before >= 0 && photos[before] == photo {
                drag!.endPosition = before
                break
            }
            if after < photos.count && photos[after] == photo {
                drag!.endPosition = after
                break
            }
            distance += 1
        }
        let countBefore = selection.count
        let selectionBefore = selection
        let picksBefore = picks
        let keptOut = sweepDrag(to: drag!.endPosition)
        let selectionChanged = selection != selectionBefore
        guard selectionChanged || picks != picksBefore else {
            return keptOut ? .rejected(.limitReached) : .ignored
        }
        var effects: [Effect] = []
        if selectionChanged { effects.append(.haptic) }
        effects.append(animation)
        let countChanged = selection.count != countBefore
        return Step(
            outcome: .applied, effects: effects,
            announcements: countChanged ? [.countChanged(selection.count)] : [])
    }

    /// Sets selection and picks from the drag's base and the range from its anchor to `end`,
    /// as SPEC.md section 6 defines them. Returns whether the limit kept a photo of the range
    /// out. O(range + base picks), with hashing.
    private mutating func sweepDrag(to end: Int) -> Bool {
        let drag = drag!
        let step = end >= drag.anchorPosition ? 1 : -1
        let range = stride(from: drag.anchorPosition, through: end, by: step).map { photos[$0] }
        if drag.unchoosing {
            let swept = Set(range)
            selection = drag.baseSelection.subtracting(swept)
            picks = drag.basePicks.filter { !swept.contains($0) }
            return false
        }
        selection = drag.baseSelection
        picks = drag.basePicks
        var keptOut = false
        for photo in range where !drag.baseSelection.contains(photo) {
            if let limit, selection.count >= limit {
                keptOut = true
                break
            }
            selection.insert(photo)
            picks.append(photo)
        }
        return keptOut
    }

    /// The shared checks of Delete, Move, Share and Edit; nil when the action may go ahead.
    private func refusalOfActionOnSelection() -> Step? {
        guard mode == .selecting else { return .ignored }
        if sheet != nil { return .rejected(.covered) }
        if selection.isEmpty { return .rejected(.nothingSelected) }
        return nil
    }

    private mutating func present(_ kind: Sheet) -> Step {
        if let refusal = refusalOfActionOnSelection() { return refusal }
        sheet = kind
        return Step(outcome: .applied, effects: [.present(kind, selectedPhotos)])
    }

    /// Back to browsing with nothing chosen, after an optional action effect.
    private mutating func leaveSelecting(action: Effect?) -> Step {
        let selectionChanged = !selection.isEmpty
        mode = .browsing
        sheet = nil
        selection = []
        picks = []
        var effects: [Effect] = action.map { [$0] } ?? []
        if selectionChanged { effects.append(.haptic) }
        effects.append(animation)
        return Step(outcome: .applied, effects: effects, announcements: [.modeExited])
    }

    private mutating func libraryChanged(removed: [PhotoID], inserted: [Insertion]) -> Step {
        // Removed ids that are not in the grid are skipped.
        var leaving = Set<PhotoID>()
        for photo in removed where photoSet.contains(photo) { leaving.insert(photo) }
        // Each insertion must be new to the grid once the removals are made, and listed once.
        var arriving = Set<PhotoID>()
        for insertion in inserted {
            let stillInGrid = photoSet.contains(insertion.photo) && !leaving.contains(insertion.photo)
            if stillInGrid || !arriving.insert(insertion.photo).inserted {
                return .rejected(.duplicatePhoto)
            }
        }
        guard !leaving.isEmpty || !inserted.isEmpty else { return .ignored }

        removeFromGrid(at: positions(of: leaving))
        insertIntoGrid(inserted)
        // The seed's pruning, `selection.formIntersection(photos)`: the selection was inside
        // the grid, so only the photos that left and did not come back can leave it.
        let before = selection.count
        for photo in leaving where !arriving.contains(photo) { selection.remove(photo) }
        guard selection.count != before else { return Step(outcome: .applied) }
        picks.removeAll { !selection.contains($0) }
        return Step(
            outcome: .applied, effects: [.haptic, animation],
            announcements: [.countChanged(selection.count)])
    }

    // MARK: - The grid

    /// The grid positions of `members`, ascending; every member must be in the grid.
    ///
    /// Up to `scanLimit` members: a scan of the grid each, comparing ids, that stops at the
    /// member. More: one pass that looks every grid photo up in `members`.
    private func positions(of members: Set<PhotoID>) -> [Int] {
        guard members.count <= Self.scanLimit else {
            return photos.indices.filter { members.contains(photos[$0]) }
        }
        return members.map { photos.firstIndex(of: $0)! }.sorted()
    }

    /// Takes the photos at `gone` (ascending grid positions) out of `photos` and `photoSet`.
    private mutating func removeFromGrid(at gone: [Int]) {
        guard let first = gone.first else { return }
        for position in gone { photoSet.remove(photos[position]) }
        // One pass from the first photo that leaves: each photo after it moves down over the
        // gaps before it.
        var kept = first
        var nextGone = 0
        for position in first..<photos.count {
            if nextGone < gone.count && gone[nextGone] == position {
                nextGone += 1
            } else {
                photos[kept] = photos[position]
                kept += 1
            }
        }
        photos.removeSubrange(kept...)
        // A set keeps the room it once needed, and copying it (Select All shares it with the
        // selection) costs that room: once removals have left it three quarters empty, it is
        // rebuilt at its size, which those removals paid for.
        if photoSet.capacity > 4 * max(photoSet.count, 1024) { photoSet = Set(photos) }
    }

    /// Puts the insertions into `photos` and `photoSet`, each at its position clamped to the
    /// grid as it is at its turn, as if inserted one by one; the photos must be new.
    private mutating func insertIntoGrid(_ inserted: [Insertion]) {
        guard !inserted.isEmpty else { return }
        let finalPositions = Self.finalPositions(of: inserted, intoCount: photos.count)
        let placed = zip(finalPositions, inserted.map(\.photo)).sorted { $0.0 < $1.0 }
        // Grow the grid, then fill it from the back: an old photo moves up once, past the
        // insertions that land before it.
        var old = photos.count - 1
        photos.append(contentsOf: repeatElement("", count: placed.count))
        var nextPlaced = placed.count - 1
        for position in stride(from: photos.count - 1, through: placed[0].0, by: -1) {
            if nextPlaced >= 0 && placed[nextPlaced].0 == position {
                photos[position] = placed[nextPlaced].1
                nextPlaced -= 1
            } else {
                photos[position] = photos[old]
                old -= 1
            }
        }
        photoSet.formUnion(inserted.lazy.map(\.photo))
    }

    /// Where each insertion ends up, in the order listed, once all are applied in turn to a
    /// grid of `count` photos: each at its position clamped to `0...` the count at its turn,
    /// pushing right the earlier ones at or after that position.
    ///
    /// O(m²) integer steps for m insertions; the grid itself is not touched.
    public static func finalPositions(of inserted: [Insertion], intoCount count: Int) -> [Int] {
        var positions: [Int] = []
        positions.reserveCapacity(inserted.count)
        for insertion in inserted {
            let position = min(max(insertion.at, 0), count + positions.count)
            for index in positions.indices where positions[index] >= position {
                positions[index] += 1
            }
            positions.append(position)
        }
        return positions
    }
}
