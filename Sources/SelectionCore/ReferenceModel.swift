/// The plain, obviously correct implementation of SPEC.md sections 1 to 3 and 6.
///
/// It works the way the seeds do, with one change of names: each id is numbered once, the
/// first time the model meets it (a dictionary from id to number, an array back), and
/// everything else is arrays and sets of those numbers: the grid an array of pages (one plain
/// array split where it grows, `PagedGrid`), the selection a set, the picks an array. So a
/// pass over the grid is a pass over integers, never over strings. It is the oracle that
/// faster engines are checked against, so it favours clarity over speed; it only avoids what
/// would make it unusable on a grid of a million photos, or over a million events: no event
/// hashes every id again, and no library change moves the whole grid.
///
/// Costs, for N photos in the grid in P pages (about N / 1,024), k photos an event names or
/// the selection holds (an id is hashed once per event that names it):
/// - a tap, long press, Select or the tray's remove button: O(1) hashing, plus O(picks) to
///   drop a pick;
/// - Select All: while at most `scanLimit` photos are chosen, their positions, then the runs
///   of the grid between them appended to the picks (a memory move each, into room made
///   once): O(N) copying; else one pass that looks every grid photo's number up;
/// - Deselect All, Done, Back, Dismiss: O(1), plus O(k) to drop the selection;
/// - `chosenPhotos`, and so Delete, Move, Share and Edit: the position of each chosen photo
///   (O(P + page)) while they are at most `scanLimit`, else one pass that looks every grid
///   photo's number up; nothing when every photo is chosen;
/// - a library change or Delete: O(k) hashing, then each photo that leaves or arrives taken
///   out of or put in its page, O(P + page) each, plus O(m²) integer steps for m insertions
///   to work out where each ends up;
/// - a drag: the anchor's and the finger's positions, O(P + page) each, then O(range + base
///   picks) with hashing to set the selection from the drag's base;
/// - `photos` and `picks`: O(N) and O(picks), naming each number.
@_spi(GridSimInternals) public struct ReferenceModel: SelectionEngine, Sendable {
    /// A photo's name inside the model: the order in which the model met its id.
    typealias Number = UInt32

    /// Every id the model has met, by number.
    private var names: [PhotoID]
    /// The number of every id in `names`; an id keeps its number when it leaves the grid, so
    /// that it is chosen again under the same number if it comes back.
    private var numbers: [PhotoID: Number]
    /// The grid, in grid order, in pages (see `PagedGrid`).
    private var grid: PagedGrid
    /// The grid's photos as a set, for membership tests; always `Set(grid)`, kept so by every
    /// change of `grid`.
    private var inGrid: Set<Number>
    @_spi(GridSimInternals) public private(set) var mode: Mode = .browsing
    @_spi(GridSimInternals) public private(set) var sheet: Sheet?
    @_spi(GridSimInternals) public let limit: Int?
    @_spi(GridSimInternals) public let reduceMotion: Bool
    private var selection: Set<Number> = []
    /// The picks (the chosen photos in the order they were picked) by number; `picks` names
    /// them.
    private var pickNumbers: [Number] = []
    /// The drag in progress (SPEC.md section 6), if any.
    private var drag: Drag?

    /// What a drag remembers when it begins: where, what it does, and what it started from.
    private struct Drag: Sendable {
        /// The anchor's grid position: the grid cannot change while a drag is in progress,
        /// since any other event ends it first.
        var anchorPosition: Int
        var unchoosing: Bool
        var baseSelection: Set<Number>
        var basePicks: [Number]
        /// The grid position of the range's far end.
        var endPosition: Int
    }

    /// Up to this many photos are found by a scan of the grid each (which stops at the photo);
    /// more in one pass that hashes every grid photo's number. Over a million photos a scan
    /// takes about 0.1 ms and the pass 25 ms.
    static let scanLimit = 32

    @_spi(GridSimInternals) public init(configuration: GridConfiguration) {
        let ids = configuration.photos.ids
        names = []
        names.reserveCapacity(ids.count)
        numbers = Dictionary(minimumCapacity: ids.count)
        // A list with repeats keeps the first of each, as the fast engine does.
        for id in ids {
            if let earlier = numbers.updateValue(Number(names.count), forKey: id) {
                numbers[id] = earlier
            } else {
                names.append(id)
            }
        }
        grid = PagedGrid(numbersBelow: names.count)
        inGrid = Set(0..<Number(names.count))
        limit = configuration.effectiveLimit
        reduceMotion = configuration.reduceMotion
        let start = configuration.start
        if start.mode == .selecting {
            mode = .selecting
            // Picks the state cannot hold are passed over, as the fast engine does: readers
            // refuse them first.
            for photo in start.picks {
                if let limit, selection.count >= limit { break }
                guard let number = gridNumber(of: photo), selection.insert(number).inserted else { continue }
                pickNumbers.append(number)
            }
            sheet = start.sheet
        }
    }

    @_spi(GridSimInternals) public var photoCount: Int { grid.count }
    @_spi(GridSimInternals) public var chosenCount: Int { selection.count }
    @_spi(GridSimInternals) public func contains(_ photo: PhotoID) -> Bool { gridNumber(of: photo) != nil }
    @_spi(GridSimInternals) public func isChosen(_ photo: PhotoID) -> Bool { numbers[photo].map(selection.contains) ?? false }
    @_spi(GridSimInternals) public var photos: [PhotoID] { grid.map { name(of: $0) } }
    @_spi(GridSimInternals) public var picks: [PhotoID] { pickNumbers.map { name(of: $0) } }
    @_spi(GridSimInternals) public var chosenPhotos: [PhotoID] { inGridOrder(selection).map { name(of: $0) } }
    @_spi(GridSimInternals) public var isDragging: Bool { drag != nil }

    /// `state.invariantViolations()`, checked on the model's numbers rather than its ids: the
    /// model names each id once, so its numbers repeat exactly where the ids would. O(N)
    /// hashing of integers, never of an id.
    package func invariantViolations() -> [String] {
        let chosen = inGridOrder(selection)
        return SelectionState.invariantViolations(
            mode: mode, photos: Array(grid), selection: chosen, picks: limit == nil ? chosen : pickNumbers, sheet: sheet,
            limit: limit, dragging: isDragging)
    }

    /// The photo at `position` in the grid, for `0 ..< photoCount`. O(P).
    @_spi(GridSimInternals) public func photo(at position: Int) -> PhotoID { name(of: grid[position]) }

    /// The photos at `positions`, within `0 ..< photoCount`, in grid order. O(P + positions).
    @_spi(GridSimInternals) public func photos(at positions: Range<Int>) -> [PhotoID] {
        var numbers: [Number] = []
        numbers.reserveCapacity(positions.count)
        grid.append(from: positions.lowerBound, through: positions.upperBound - 1, to: &numbers)
        return numbers.map { name(of: $0) }
    }

    private func name(of number: Number) -> PhotoID { names[Int(number)] }

    /// The number of `photo` if it is in the grid.
    private func gridNumber(of photo: PhotoID) -> Number? {
        guard let number = numbers[photo], inGrid.contains(number) else { return nil }
        return number
    }

    private var animation: Effect { .animation(reduceMotion ? .none : .snappy) }

    @_spi(GridSimInternals) public mutating func apply(_ event: Event) -> Step {
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
            pickNumbers = []
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
            let chosenNumbers = inGridOrder(selection)
            let chosen = chosenNumbers.map { name(of: $0) }
            changeGrid(removing: chosenNumbers, inserting: [])
            return leaveSelecting(action: .deleted(chosen))
        case .move:
            if let refusal = refusalOfActionOnSelection() { return refusal }
            return leaveSelecting(action: .moved(chosenPhotos))
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
        var number: Number?
        if let photo {
            number = gridNumber(of: photo)
            if number == nil { return .rejected(.unknownPhoto) }
        }
        if mode == .selecting { return sheet != nil ? .rejected(.covered) : .ignored }
        mode = .selecting
        var effects: [Effect] = []
        if let number {
            selection = [number]
            pickNumbers = [number]
            effects.append(.haptic)
        }
        effects.append(animation)
        return Step(
            outcome: .applied, effects: effects, announcements: [.modeEntered(count: selection.count)])
    }

    private mutating func tap(_ photo: PhotoID) -> Step {
        guard let number = gridNumber(of: photo) else { return .rejected(.unknownPhoto) }
        guard mode == .selecting else { return Step(outcome: .applied, effects: [.open(photo)]) }
        if sheet != nil { return .rejected(.covered) }
        if selection.contains(number) {
            selection.remove(number)
            pickNumbers.removeAll { $0 == number }
        } else {
            if let limit, selection.count == limit { return .rejected(.limitReached) }
            selection.insert(number)
            pickNumbers.append(number)
        }
        return Step(
            outcome: .applied, effects: [.haptic, animation],
            announcements: [.countChanged(selection.count)])
    }

    private mutating func selectAll() -> Step {
        guard mode == .selecting else { return .ignored }
        if sheet != nil { return .rejected(.covered) }
        if selection.count == grid.count { return .ignored }
        if let limit, limit < grid.count { return .rejected(.limitReached) }
        // The new picks are the photos not chosen yet, in grid order, into room made once
        // (grown a run at a time, the picks of a large grid would be copied and paged in
        // again and again). While few are chosen, the runs of the grid between them, a
        // memory move each; else one pass that looks every grid photo up.
        pickNumbers.reserveCapacity(grid.count)
        if selection.count <= Self.scanLimit {
            var runStart = 0
            for chosenPosition in selection.map(grid.position(of:)).sorted() {
                grid.append(from: runStart, through: chosenPosition - 1, to: &pickNumbers)
                runStart = chosenPosition + 1
            }
            grid.append(from: runStart, through: grid.count - 1, to: &pickNumbers)
        } else {
            for number in grid where !selection.contains(number) { pickNumbers.append(number) }
        }
        // The selection was inside the grid; now it is the whole grid.
        selection = inGrid
        return Step(
            outcome: .applied, effects: [.haptic, animation],
            announcements: [.countChanged(selection.count)])
    }

    // MARK: - SPEC.md section 6

    private mutating func removeFromTray(_ photo: PhotoID) -> Step {
        guard limit != nil else { return .ignored }
        if sheet != nil { return .rejected(.covered) }
        guard let number = numbers[photo], selection.contains(number) else { return .rejected(.notInTray) }
        selection.remove(number)
        pickNumbers.removeAll { $0 == number }
        return Step(
            outcome: .applied, effects: [.haptic, animation],
            announcements: [.countChanged(selection.count)])
    }

    private mutating func dragBegan(at photo: PhotoID) -> Step {
        guard let number = gridNumber(of: photo) else { return .rejected(.unknownPhoto) }
        guard mode == .selecting else { return .ignored }
        if sheet != nil { return .rejected(.covered) }
        let unchoosing = selection.contains(number)
        if !unchoosing, let limit, selection.count == limit { return .rejected(.limitReached) }
        let anchor = grid.position(of: number)
        drag = Drag(
            anchorPosition: anchor, unchoosing: unchoosing, baseSelection: selection, basePicks: pickNumbers,
            endPosition: anchor)
        _ = sweepDrag(to: anchor)
        return Step(
            outcome: .applied, effects: [.haptic, animation],
            announcements: [.countChanged(selection.count)])
    }

    private mutating func dragMoved(to photo: PhotoID) -> Step {
        guard mode == .selecting, drag != nil else { return .ignored }
        guard let number = gridNumber(of: photo) else { return .rejected(.unknownPhoto) }
        // The grid has not changed since the drag began.
        drag!.endPosition = grid.position(of: number)
        let countBefore = selection.count
        let selectionBefore = selection
        let picksBefore = pickNumbers
        let keptOut = sweepDrag(to: drag!.endPosition)
        let selectionChanged = selection != selectionBefore
        guard selectionChanged || pickNumbers != picksBefore else {
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
        var range: [Number] = []
        grid.append(from: min(drag.anchorPosition, end), through: max(drag.anchorPosition, end), to: &range)
        if end < drag.anchorPosition { range.reverse() }
        if drag.unchoosing {
            let swept = Set(range)
            selection = drag.baseSelection.subtracting(swept)
            pickNumbers = drag.basePicks.filter { !swept.contains($0) }
            return false
        }
        selection = drag.baseSelection
        pickNumbers = drag.basePicks
        var keptOut = false
        for number in range where !drag.baseSelection.contains(number) {
            if let limit, selection.count >= limit {
                keptOut = true
                break
            }
            selection.insert(number)
            pickNumbers.append(number)
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
        return Step(outcome: .applied, effects: [.present(kind, chosenPhotos)])
    }

    /// Back to browsing with nothing chosen, after an optional action effect.
    private mutating func leaveSelecting(action: Effect?) -> Step {
        let selectionChanged = !selection.isEmpty
        mode = .browsing
        sheet = nil
        selection = []
        pickNumbers = []
        var effects: [Effect] = action.map { [$0] } ?? []
        if selectionChanged { effects.append(.haptic) }
        effects.append(animation)
        return Step(outcome: .applied, effects: effects, announcements: [.modeExited])
    }

    private mutating func libraryChanged(removed: [PhotoID], inserted: [Insertion]) -> Step {
        // Removed ids that are not in the grid are skipped.
        var leaving = Set<Number>()
        for photo in removed {
            if let number = gridNumber(of: photo) { leaving.insert(number) }
        }
        // Each insertion must be new to the grid once the removals are made, and listed once.
        var arriving = Set<PhotoID>()
        for insertion in inserted {
            let stillInGrid = gridNumber(of: insertion.photo).map { !leaving.contains($0) } ?? false
            if stillInGrid || !arriving.insert(insertion.photo).inserted {
                return .rejected(.duplicatePhoto)
            }
        }
        guard !leaving.isEmpty || !inserted.isEmpty else { return .ignored }

        changeGrid(removing: Array(leaving), inserting: inserted)
        // The seed's pruning, `selection.formIntersection(photos)`: the selection was inside
        // the grid, so only the photos that left and did not come back can leave it.
        let before = selection.count
        for number in leaving where !inGrid.contains(number) { selection.remove(number) }
        guard selection.count != before else { return Step(outcome: .applied) }
        pickNumbers.removeAll { !selection.contains($0) }
        return Step(
            outcome: .applied, effects: [.haptic, animation],
            announcements: [.countChanged(selection.count)])
    }

    // MARK: - The grid

    /// `members`, every one in the grid, in grid order.
    ///
    /// Every photo of the grid: the grid. Up to `scanLimit` members: their positions, found
    /// each from its page, sorted. More: one pass that looks every grid photo's number up in
    /// `members`.
    private func inGridOrder(_ members: Set<Number>) -> [Number] {
        if members.count == grid.count { return Array(grid) }
        guard members.count <= Self.scanLimit else { return grid.filter(members.contains) }
        return members.map { (position: grid.position(of: $0), number: $0) }.sorted { $0.position < $1.position }.map(\.number)
    }

    /// Takes the photos `gone` out of the grid, then puts the insertions in, each at its
    /// position clamped to the grid as it is at its turn, as if inserted one by one; the
    /// inserted photos must be new to the grid.
    ///
    /// The insertions go in by where they end up, ascending: each then lands at its final
    /// position, since every photo before it there is in place already. O(k (P + page)) for
    /// k photos (see `PagedGrid`), plus O(m²) integer steps for m insertions.
    private mutating func changeGrid(removing gone: [Number], inserting inserted: [Insertion]) {
        guard !gone.isEmpty || !inserted.isEmpty else { return }
        for number in gone {
            grid.remove(number)
            inGrid.remove(number)
        }
        let arriving = inserted.map { number(naming: $0.photo) }
        inGrid.formUnion(arriving)
        let placed = zip(Self.finalPositions(of: inserted, intoCount: grid.count), arriving).sorted { $0.0 < $1.0 }
        for (position, number) in placed { grid.insert(number, at: position) }
        // A set keeps the room it once needed, and copying it (Select All shares it with the
        // selection) costs that room: once removals have left it three quarters empty, it is
        // rebuilt at its size, which those removals paid for.
        if inGrid.capacity > 4 * max(inGrid.count, 1024) { inGrid = Set(grid) }
    }

    /// The number of `photo`, numbering it if the model has not met it yet. O(1) hashing.
    private mutating func number(naming photo: PhotoID) -> Number {
        if let number = numbers[photo] { return number }
        let number = Number(names.count)
        names.append(photo)
        numbers[photo] = number
        return number
    }

    /// Where each insertion ends up, in the order listed, once all are applied in turn to a
    /// grid of `count` photos: each at its position clamped to `0...` the count at its turn,
    /// pushing right the earlier ones at or after that position.
    ///
    /// O(m²) integer steps for m insertions; the grid itself is not touched.
    @_spi(GridSimInternals) public static func finalPositions(of inserted: [Insertion], intoCount count: Int) -> [Int] {
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
