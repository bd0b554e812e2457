import SelectionSlots

/// The engine for grids of millions of photos: SPEC.md's meaning, with slots and bitmaps.
///
/// - The grid is `LiveSlots`: slots in grid order, in contiguous blocks (4 bytes a photo),
///   plus a live-slot bitmap.
/// - The selection is a `SelectionBitmap`: a toggle touches one word and allocates nothing
///   in steady state; copying the engine (a snapshot) shares every chunk.
/// - Pick order is kept only when a limit is set, the only case where it is observable.
/// - Ids are interned by `slots` at the edge (`apply(_: Event)`); `apply(_: SlotEvent)` is the
///   hot path and never touches a string.
///
/// Each operation's cost is stated where it is implemented; N is the grid's photo count.
@_spi(GridSimInternals) public struct FastEngine: SelectionEngine, Sendable {
    // Only this file writes the state: the drag's moves get the selection and picks handed
    // over for the call (`SlotDrag.move`), the event store names slots through
    // `adoptNames(_:)`, and the planted bugs write through the testing hooks at the end.

    /// The interner between ids and slots; grows when a trace names a new id.
    @_spi(GridSimInternals) public private(set) var slots: SlotTable
    @_spi(GridSimInternals) public private(set) var grid: LiveSlots
    /// Settable under the SPI only so that the inlined tap (`tap(_:)`) may toggle it: code
    /// inlined into another module cannot reach a `private(set)` setter. Like the rest of the
    /// state, it is written only in this file.
    @_spi(GridSimInternals) public var selection: SelectionBitmap
    /// The picks (the chosen photos in the order they were picked) as slots; maintained only
    /// when `limit` is set. `picks` names them.
    @_spi(GridSimInternals) public private(set) var pickSlots: [PhotoSlot] = []
    @_spi(GridSimInternals) public private(set) var mode: Mode = .browsing
    /// The sheet shown, if any (kept in `cover`).
    @_spi(GridSimInternals) public private(set) var sheet: Sheet? {
        get { if case .sheet(let kind)? = cover { kind } else { nil } }
        set { cover = newValue.map(Cover.sheet) }
    }
    @_spi(GridSimInternals) public let limit: Int?
    @_spi(GridSimInternals) public let reduceMotion: Bool
    /// How library changes prune the selection; `.automatic` chooses by the size of the change.
    @_spi(GridSimInternals) public var pruning: PruningStrategy = .automatic
    /// Whether steps list the photos of Delete, Move, Share and Edit (in grid order: O(N) each
    /// while many photos are chosen). A replay that wants only states (the state after a
    /// step, the first pass of a streamed report) turns it off: the state does not depend on
    /// those lists, and the steps then carry empty ones.
    @_spi(GridSimInternals) public var listsActionPhotos = true
    /// The drag in progress (SPEC.md section 6), if any. Set and cleared with `cover`.
    private var drag: SlotDrag?
    /// What a tap in selecting mode must not simply toggle under: a sheet, or a drag in
    /// progress. The two never overlap (any other event ends a drag first, and a drag cannot
    /// begin under a sheet), so one byte holds both and a tap tests it once. Read by the
    /// inlined tap; written only in this file.
    @usableFromInline private(set) var cover: Cover?

    @usableFromInline
    enum Cover: Sendable {
        case sheet(Sheet)
        case drag
    }

    /// O(N) for a grid given by count (the slot order is written once; no string is built),
    /// and the same for an id list without repeats, whose table the slots take over as it is
    /// (no id hashed again). A list with repeats, which only code builds, is interned again.
    @_spi(GridSimInternals) public init(configuration: GridConfiguration) {
        slots = SlotTable(photos: configuration.photos)
        switch configuration.photos {
        case .count(let n):
            grid = LiveSlots(count: max(0, n))
        case .ids(let ids):
            if !ids.hasDuplicates {
                // Slot i is the list's position i: the grid of a count.
                grid = LiveSlots(count: ids.count)
            } else {
                let table = slots
                grid = LiveSlots(order: ids.map { table.slot(for: $0)! }.uniqued())!
            }
        }
        selection = SelectionBitmap(slotCapacity: grid.live.slotCapacity)
        limit = configuration.effectiveLimit
        reduceMotion = configuration.reduceMotion
        if !configuration.start.isBrowsing { enter(configuration.start) }
    }

    /// Takes a start state's mode, picks and sheet (SPEC.md section 7). Picks the state cannot
    /// hold (not in the grid, repeated, past the limit) are passed over: readers refuse them
    /// first. O(picks), hashing each.
    private mutating func enter(_ start: StartState) {
        guard start.mode == .selecting else { return }
        mode = .selecting
        for photo in start.picks {
            if let limit, selection.count >= limit { break }
            guard let slot = slots.slot(for: photo), grid.contains(slot), !selection.contains(slot) else { continue }
            selection.insert(slot)
            if limit != nil { pickSlots.append(slot) }
        }
        sheet = start.sheet
    }

    var animation: AnimationStyle { reduceMotion ? .none : .snappy }

    // MARK: - SelectionEngine

    @_spi(GridSimInternals) public mutating func apply(_ event: Event) -> Step {
        let slotEvent = slots.intern(event)
        return slots.step(for: apply(slotEvent))
    }

    /// The slot of `photo`, handing out the next one when the id is new: for codecs that
    /// intern ids themselves and apply `SlotEvent`s. Changes nothing else. Amortised O(1).
    @discardableResult
    @_spi(GridSimInternals) public mutating func intern(_ photo: PhotoID) -> PhotoSlot {
        slots.intern(photo).slot
    }

    /// `event` with its photos interned, new ids getting the next slots: what `apply(_: Event)`
    /// does before it applies, for a store that logs the interned event. Amortised O(photos).
    mutating func intern(_ event: Event) -> SlotEvent {
        slots.intern(event)
    }

    /// Names slots by `names` from now on: a table that grew from this engine's own (it
    /// interned every event applied since), so that each slot keeps its id. O(1); the table
    /// is shared until one side interns a new id.
    mutating func adoptNames(_ names: SlotTable) {
        assert(names.count >= slots.count, "a table that names slots grows from the engine's own")
        slots = names
    }

    @_spi(GridSimInternals) public var photoCount: Int { grid.count }
    @_spi(GridSimInternals) public var chosenCount: Int { selection.count }

    @_spi(GridSimInternals) public func contains(_ photo: PhotoID) -> Bool {
        slots.slot(for: photo).map(grid.contains) ?? false
    }

    @_spi(GridSimInternals) public func isChosen(_ photo: PhotoID) -> Bool {
        slots.slot(for: photo).map(selection.contains) ?? false
    }

    /// O(N) strings: for reports, not for hot paths.
    @_spi(GridSimInternals) public var photos: [PhotoID] { slots.ids(for: grid.order) }

    /// O(N) scan of the grid order (stops at the last chosen photo).
    @_spi(GridSimInternals) public var chosenPhotos: [PhotoID] { slots.ids(for: selection.slots(inGridOrder: grid)) }

    @_spi(GridSimInternals) public var picks: [PhotoID] { limit == nil ? chosenPhotos : slots.ids(for: pickSlots) }

    @_spi(GridSimInternals) public var isDragging: Bool { drag != nil }

    // MARK: - The reducer

    /// Applies one interned event. Same meaning as `ReferenceModel.apply`, check for check.
    ///
    /// Inlinable, for taps, most events of a session: a tap that toggles (in the grid,
    /// selecting, nothing covering, no limit) is a word flip in the caller, which builds the
    /// step itself and so sees that it lists no photo. A call, a `SlotStep` returned through
    /// memory and dropped through its value witness cost a tap some 100 of its 250
    /// instructions in the exact gate. Every other tap, and every other event, is a call.
    @inlinable @inline(__always)
    @_spi(GridSimInternals) public mutating func apply(_ event: SlotEvent) -> SlotStep {
        // A tap during a drag takes this way too: the cover test sends it out of line.
        if case .tap(let slot) = event { return SlotStep(tap(slot)) }
        return applyOther(event)
    }

    /// A tap: the toggle in place, anything else through `tapOutOfLine(_:)`. O(1).
    @inlinable @inline(__always)
    mutating func tap(_ slot: PhotoSlot) -> TapStep {
        guard grid.contains(slot), mode == .selecting, cover == nil, limit == nil else { return tapOutOfLine(slot) }
        // No pick order to keep: one walk to the word instead of a test and a write.
        selection.toggle(slot)
        return .toggled(count: selection.count, animation: reduceMotion ? AnimationStyle.none : .snappy)
    }

    @usableFromInline @inline(never)
    mutating func applyOther(_ event: SlotEvent) -> SlotStep {
        switch event {
        case .dragMoved(let slot):
            return dragMoved(to: slot)
        case .dragEnded:
            guard mode == .selecting, drag != nil else { return .ignored }
            endDrag()
            return SlotStep(outcome: .applied)
        default:
            // Any other event ends a drag in progress first, without a step of its own.
            if case .drag? = cover { endDrag() }
        }
        switch event {
        case .dragMoved, .dragEnded:
            preconditionFailure("handled above")
        case .removeFromTray(let slot):
            return removeFromTray(slot)
        case .dragBegan(let slot):
            return dragBegan(at: slot)
        case .longPress(let slot), .selectItem(let slot):
            return enterSelecting(with: slot)
        case .tap(let slot):
            return SlotStep(tapOutOfLine(slot))
        case .select:
            guard mode == .selecting else { return enterSelecting(with: nil) }
            return sheet != nil ? .rejected(.covered) : .ignored
        case .selectAll:
            return selectAll()
        case .deselectAll:
            guard mode == .selecting else { return .ignored }
            if sheet != nil { return .rejected(.covered) }
            if selection.isEmpty { return .ignored }
            clearSelection()
            return SlotStep(
                outcome: .applied, haptic: true, animation: animation, announcement: .countChanged(0))
        case .done:
            guard mode == .selecting else { return .ignored }
            if sheet != nil { return .rejected(.covered) }
            return leaveSelecting(action: nil)
        case .back:
            guard mode == .selecting else { return SlotStep(outcome: .applied, action: .navigateBack) }
            if sheet != nil {
                sheet = nil
                return SlotStep(outcome: .applied)
            }
            return leaveSelecting(action: nil)
        case .delete:
            if let refusal = refusalOfActionOnSelection() { return refusal }
            guard listsActionPhotos else {
                // The grid does not depend on the order it loses photos in: slot order,
                // O(chunks + chosen), instead of grid order.
                grid.remove(Array(selection))
                return leaveSelecting(action: .deleted([]))
            }
            let chosen = selection.slots(inGridOrder: grid)
            grid.remove(chosen)
            return leaveSelecting(action: .deleted(chosen))
        case .move:
            if let refusal = refusalOfActionOnSelection() { return refusal }
            return leaveSelecting(
                action: .moved(listsActionPhotos ? selection.slots(inGridOrder: grid) : []))
        case .share:
            return present(.share)
        case .edit:
            return present(.edit)
        case .dismiss:
            guard mode == .selecting, sheet != nil else { return .ignored }
            sheet = nil
            return SlotStep(outcome: .applied)
        case .libraryChanged(let removed, let inserted):
            return libraryChanged(removed: removed, inserted: inserted)
        }
    }

    // MARK: - SPEC.md section 6

    /// O(1), plus O(limit) to drop the pick.
    private mutating func removeFromTray(_ slot: PhotoSlot) -> SlotStep {
        guard limit != nil else { return .ignored }
        if sheet != nil { return .rejected(.covered) }
        guard grid.contains(slot), selection.contains(slot) else { return .rejected(.notInTray) }
        selection.remove(slot)
        if let index = pickSlots.firstIndex(of: slot) { pickSlots.remove(at: index) }
        return SlotStep(
            outcome: .applied, haptic: true, animation: animation,
            announcement: .countChanged(selection.count))
    }

    /// O(1).
    private mutating func enterSelecting(with slot: PhotoSlot?) -> SlotStep {
        if let slot, !grid.contains(slot) { return .rejected(.unknownPhoto) }
        if mode == .selecting { return sheet != nil ? .rejected(.covered) : .ignored }
        mode = .selecting
        if let slot {
            selection.insert(slot)
            if limit != nil { pickSlots.append(slot) }
        }
        return SlotStep(
            outcome: .applied, haptic: slot != nil, animation: animation,
            announcement: .modeEntered(count: selection.count))
    }

    /// Every tap, every check: the out-of-line part of `tap(_:)`. O(1) without a limit;
    /// O(limit) to drop a pick with one. A tap during a drag ends the drag first, as any event
    /// but the drag's own does, whatever the tap then does.
    @usableFromInline @inline(never)
    mutating func tapOutOfLine(_ slot: PhotoSlot) -> TapStep {
        guard grid.contains(slot) else {
            // A drag is only ever in selecting mode, so this is the one refusal that comes
            // before the cover test and must end it itself.
            if case .drag? = cover { endDrag() }
            return .rejected(.unknownPhoto)
        }
        guard mode == .selecting else { return .opened(slot) }
        if cover != nil { return coveredTap(slot) }
        if limit == nil {
            selection.toggle(slot)
        } else if selection.contains(slot) {
            selection.remove(slot)
            if let index = pickSlots.firstIndex(of: slot) { pickSlots.remove(at: index) }
        } else {
            if let limit {
                if selection.count == limit { return .rejected(.limitReached) }
                pickSlots.append(slot)
            }
            selection.insert(slot)
        }
        return .toggled(count: selection.count, animation: animation)
    }

    /// A tap under a sheet is refused; during a drag, it ends the drag and is then an
    /// ordinary tap. O(1), as `tap`.
    private mutating func coveredTap(_ slot: PhotoSlot) -> TapStep {
        guard case .drag? = cover else { return .rejected(.covered) }
        endDrag()
        return tapOutOfLine(slot)
    }

    /// Begins a drag at `slot`: the anchor flips. O(log B) to find its position.
    private mutating func dragBegan(at slot: PhotoSlot) -> SlotStep {
        guard grid.contains(slot) else { return .rejected(.unknownPhoto) }
        guard mode == .selecting else { return .ignored }
        if sheet != nil { return .rejected(.covered) }
        let unchoosing = selection.contains(slot)
        if !unchoosing, let limit, selection.count == limit { return .rejected(.limitReached) }
        drag = SlotDrag(
            anchor: grid.position(of: slot)!, unchoosing: unchoosing, base: selection, basePicks: pickSlots)
        cover = .drag
        if unchoosing {
            selection.remove(slot)
            if limit != nil, let index = pickSlots.firstIndex(of: slot) { pickSlots.remove(at: index) }
        } else {
            // The anchor is not in the base, and the count is below the limit: it is added.
            selection.insert(slot)
            if limit != nil { pickSlots.append(slot) }
        }
        return SlotStep(
            outcome: .applied, haptic: true, animation: animation,
            announcement: .countChanged(selection.count))
    }

    /// Moves the drag's end to `slot`. O(log B) to find it, then O(change) (see
    /// `FastEngine+Drag.swift`).
    private mutating func dragMoved(to slot: PhotoSlot) -> SlotStep {
        guard mode == .selecting, drag != nil else { return .ignored }
        guard let end = grid.position(of: slot) else { return .rejected(.unknownPhoto) }
        let countBefore = selection.count
        let (flips, keptOut) = drag!.move(
            to: end, in: grid, limit: limit, selection: &selection, picks: &pickSlots)
        // Picks change only with the selection: they are the base's picks that stay, then
        // the photos added, in walking order.
        guard flips > 0 else { return keptOut ? .rejected(.limitReached) : .ignored }
        return SlotStep(
            outcome: .applied, haptic: true, animation: animation,
            announcement: selection.count != countBefore ? .countChanged(selection.count) : nil)
    }

    /// `dragMoved(to:)` with a rule bent, for a planted bug (the testing hooks below). A
    /// function of its own rather than a parameter of the engine's: a test of the bend in
    /// the engine's move cost the drag 1.2 % more instructions in the exact gate.
    private mutating func dragMoved(to slot: PhotoSlot, bending bend: DragBend) -> SlotStep {
        guard mode == .selecting, drag != nil else { return .ignored }
        guard let end = grid.position(of: slot) else { return .rejected(.unknownPhoto) }
        let countBefore = selection.count
        let (flips, keptOut) =
            switch bend {
            case .ignoresLimit:
                drag!.move(
                    to: end, in: grid, limit: limit.map { _ in Int.max }, selection: &selection, picks: &pickSlots)
            case .walksFromFarEnd:
                drag!.moveWalkingFromFarEnd(
                    to: end, in: grid, limit: limit, selection: &selection, picks: &pickSlots)
            }
        guard flips > 0 else { return keptOut ? .rejected(.limitReached) : .ignored }
        return SlotStep(
            outcome: .applied, haptic: true, animation: animation,
            announcement: selection.count != countBefore ? .countChanged(selection.count) : nil)
    }

    /// Ends the drag in progress: O(1) (the base copies are released).
    private mutating func endDrag() {
        drag = nil
        cover = nil
    }

    /// O(N / 64) words for the union with the live bitmap; with a limit, O(N) more to append
    /// the new picks in grid order.
    private mutating func selectAll(checkingLimit: Bool = true) -> SlotStep {
        guard mode == .selecting else { return .ignored }
        if sheet != nil { return .rejected(.covered) }
        if selection.count == grid.count { return .ignored }
        if checkingLimit, let limit, limit < grid.count { return .rejected(.limitReached) }
        if limit != nil {
            for slot in grid where !selection.contains(slot) {
                pickSlots.append(slot)
            }
        }
        selection.selectAll(liveSlots: grid.live)
        return SlotStep(
            outcome: .applied, haptic: true, animation: animation,
            announcement: .countChanged(selection.count))
    }

    private func refusalOfActionOnSelection() -> SlotStep? {
        guard mode == .selecting else { return .ignored }
        if sheet != nil { return .rejected(.covered) }
        if selection.isEmpty { return .rejected(.nothingSelected) }
        return nil
    }

    /// Lists the chosen photos in grid order: O(k log k) plus the blocks holding them when
    /// they are few, else O(N) (see `LiveSlots.slots(of:)`).
    private mutating func present(_ kind: Sheet) -> SlotStep {
        if let refusal = refusalOfActionOnSelection() { return refusal }
        sheet = kind
        return SlotStep(
            outcome: .applied,
            action: .present(kind, listsActionPhotos ? selection.slots(inGridOrder: grid) : []))
    }

    /// O(chunks) to clear the selection.
    private mutating func leaveSelecting(action: SlotAction?) -> SlotStep {
        let selectionChanged = !selection.isEmpty
        mode = .browsing
        sheet = nil
        clearSelection()
        return SlotStep(
            outcome: .applied, action: action, haptic: selectionChanged, animation: animation,
            announcement: .modeExited)
    }

    private mutating func clearSelection() {
        selection.removeAll()
        pickSlots.removeAll(keepingCapacity: true)
    }

    /// O(removed + inserted) checks, O(removed log B) to take photos out of the grid and
    /// O(inserted (log B + block)) to put photos in (see `LiveSlots`), then pruning (see
    /// `PruningStrategy`).
    private mutating func libraryChanged(removed: [PhotoSlot], inserted: [SlotInsertion]) -> SlotStep {
        if !inserted.isEmpty && !insertionsAreNew(inserted, removed: removed) {
            return .rejected(.duplicatePhoto)
        }
        let removedCount = grid.remove(removed)
        guard removedCount > 0 || !inserted.isEmpty else { return .ignored }
        let inserts = grid.insert(contentsOf: inserted)
        precondition(inserts, "insertions were checked for duplicates")

        let before = selection.count
        if before > 0 && removedCount > 0 {
            switch pruning.resolved(removedCount: removedCount, gridCount: grid.count) {
            case .subtract:
                // A removed photo inserted again in the same event stays chosen: SPEC.md prunes
                // to the photos still in the grid after the insertions.
                for slot in removed where !grid.contains(slot) { selection.remove(slot) }
            case .intersect, .automatic:
                selection.formIntersection(grid.live)
            }
            if limit != nil && selection.count != before {
                pickSlots.removeAll { !selection.contains($0) }
            }
        }
        guard selection.count != before else { return SlotStep(outcome: .applied) }
        return SlotStep(
            outcome: .applied, haptic: true, animation: animation,
            announcement: .countChanged(selection.count))
    }

    /// Whether no insertion is already in the grid once the removals are applied, and none is
    /// listed twice. Repeats: pairwise for a few, else the raw slots sorted and neighbours
    /// compared, O(k log k). The removals are searched only for an insertion already in the
    /// grid (a photo removed and put back in one change), which a change bringing new photos
    /// never has: linearly for a few, else sorted once, O(r log r). No hashing: a library
    /// change brings tens of photos, for which sorting costs less than a set.
    private func insertionsAreNew(_ inserted: [SlotInsertion], removed: [PhotoSlot]) -> Bool {
        if inserted.count <= 8 {
            for index in inserted.indices.dropFirst()
            where inserted[..<index].contains(where: { $0.slot == inserted[index].slot }) {
                return false
            }
        } else {
            var raw = inserted.map { $0.slot.rawValue }
            raw.sort()
            for index in raw.indices.dropFirst() where raw[index] == raw[index - 1] { return false }
        }
        var sortedRemoved: [UInt32]?
        for insertion in inserted where grid.contains(insertion.slot) {
            if removed.count <= 8 {
                if !removed.contains(insertion.slot) { return false }
                continue
            }
            if sortedRemoved == nil { sortedRemoved = removed.map { $0.rawValue }.sorted() }
            if !Self.sorted(sortedRemoved!, contains: insertion.slot.rawValue) { return false }
        }
        return true
    }

    /// Binary search. O(log count).
    private static func sorted(_ values: [UInt32], contains value: UInt32) -> Bool {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < values.count && values[low] == value
    }
}

/// Hooks for the engines with a planted bug (PropertyTesting's `Mutant`): they break the
/// engine through its own code paths, so that a planted bug differs from the engine in the
/// one check it drops and in nothing else. Only modules that import its SPI see them.
@_spi(Testing) extension FastEngine {
    /// Select all without the limit check: everything else (mode, sheet, pick order, the
    /// step) as `apply(.selectAll)`. O(N / 64) words, O(N) more with a limit.
    @_spi(GridSimInternals) public mutating func selectAllIgnoringLimit() -> Step {
        slots.step(for: selectAll(checkingLimit: false))
    }

    /// Puts back a selection and pick order read earlier from this engine, as if the steps
    /// since had not touched them. O(1) plus the pick order's copy.
    @_spi(GridSimInternals) public mutating func restoreSelection(_ selection: SelectionBitmap, picks: [PhotoSlot]) {
        self.selection = selection
        self.pickSlots = picks
    }

    /// The drag in progress, to be put back after an event that ended it: a drag that
    /// outlives another event or the finger's lift. Putting one back keeps a sheet shown and
    /// the mode as they are (a drag under a sheet or while browsing is the bug the invariants
    /// catch), and puts back nothing once the grid has changed size or slots, since the drag's
    /// grid positions and base would then no longer fit it. O(1).
    package var dragInProgress: DragInProgress? {
        get { drag.map { DragInProgress(drag: $0, gridCount: grid.count, slotCapacity: grid.live.slotCapacity) } }
        set {
            guard let newValue else {
                if case .drag? = cover { endDrag() } else { drag = nil }
                return
            }
            guard newValue.gridCount == grid.count, newValue.slotCapacity == grid.live.slotCapacity else { return }
            drag = newValue.drag
            if cover == nil { cover = .drag }
        }
    }

    /// Forgets the drag's base: its next move starts from the selection and picks as they
    /// are, sweeping from the anchor again. O(1).
    package mutating func rebaseDrag() {
        drag?.rebase(on: selection, picks: pickSlots)
    }

    /// `dragMoved` with one rule of SPEC.md section 6 bent, through the engine's own drag.
    package mutating func dragMoved(to photo: PhotoID, bending rule: DragBend) -> Step {
        let slot = slots.intern(photo).slot
        return slots.step(for: dragMoved(to: slot, bending: rule))
    }
}

/// A drag read from a `FastEngine` by a planted bug, to put back later.
package struct DragInProgress: Sendable {
    fileprivate let drag: FastEngine.SlotDrag
    fileprivate let gridCount: Int
    fileprivate let slotCapacity: Int
}

/// A rule of drag to select that a planted bug bends in the fast engine's own drag.
package enum DragBend: Sendable {
    /// Choosing adds every photo of the range, past the limit (picks kept all the same).
    case ignoresLimit
    /// Choosing with a limit walks the range from the finger towards the anchor: the photos
    /// far from the anchor get in and those next to it are kept out.
    case walksFromFarEnd
}

/// How a library change removes vanished photos from the selection.
@_spi(GridSimInternals) public enum PruningStrategy: String, CaseIterable, Hashable, Sendable {
    /// Remove each vanished slot: O(removed), one word each.
    case subtract
    /// AND the selection with the live-slot bitmap: O(N / 64) words, sequential, skipping
    /// chunks both share.
    case intersect
    /// Subtract while the change is small against the grid, else intersect.
    case automatic

    /// The strategy for a change of `removedCount` photos: a scattered single-word update
    /// costs about as much as ANDing four sequential words, hence the crossover at N / 256.
    @_spi(GridSimInternals) public func resolved(removedCount: Int, gridCount: Int) -> PruningStrategy {
        guard self == .automatic else { return self }
        return removedCount * 256 < gridCount ? .subtract : .intersect
    }
}

extension Array where Element: Hashable {
    /// The elements without repeats, first occurrence kept. O(count).
    fileprivate func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
