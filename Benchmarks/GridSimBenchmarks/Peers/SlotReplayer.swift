@_spi(GridSimInternals) import SelectionCore

/// How many events of a replay were applied, ignored and rejected: part of the result every
/// replay subject must agree on.
struct OutcomeTally: Equatable {
    var applied = 0
    var ignored = 0
    var rejected = 0

    mutating func count(_ outcome: Outcome) {
        switch outcome {
        case .applied: applied += 1
        case .ignored: ignored += 1
        case .rejected: rejected += 1
        }
    }
}

/// A minimal selection reducer over integer slots, generic over the set type, for the
/// replay peers. It implements SPEC.md section 2 for exactly the events `SyntheticTrace`
/// emits, with no limit and no sheets (the trace has neither), and computes only what the
/// result check compares: mode, grid size, selection, outcome tally. Effects and
/// announcements are not built, which a real engine must do; the reference model does.
struct SlotReplayer<Storage: SlotSet> {
    private(set) var grid: Storage
    private(set) var selection: Storage
    private(set) var mode: Mode = .browsing
    private(set) var tally = OutcomeTally()
    private var nextSlot: Int

    /// A grid of `photoCount` photos, browsing. O(photoCount) for the grid set.
    init(photoCount: Int) {
        grid = Storage(allSlotsBelow: photoCount)
        selection = Storage(slotCapacity: photoCount)
        nextSlot = photoCount
    }

    /// Applies one event. O(1) for taps and presses; Select all, Deselect all, Done and Back
    /// cost what the set type's copy or clear costs; a library change O(changes).
    mutating func apply(_ event: InternedEvent) {
        tally.count(outcome(of: event))
    }

    private mutating func outcome(of event: InternedEvent) -> Outcome {
        switch event {
        case .longPress(let photo):
            guard grid.contains(Int(photo)) else { return .rejected(.unknownPhoto) }
            guard mode == .browsing else { return .ignored }
            mode = .selecting
            selection.insertSlot(Int(photo))
            return .applied
        case .tap(let photo):
            guard grid.contains(Int(photo)) else { return .rejected(.unknownPhoto) }
            if mode == .selecting { selection.toggleSlot(Int(photo)) }
            return .applied
        case .select:
            guard mode == .browsing else { return .ignored }
            mode = .selecting
            return .applied
        case .selectAll:
            guard mode == .selecting, selection.count != grid.count else { return .ignored }
            selection.assign(grid)
            return .applied
        case .deselectAll:
            guard mode == .selecting, selection.count != 0 else { return .ignored }
            selection.removeAllSlots()
            return .applied
        case .done:
            guard mode == .selecting else { return .ignored }
            leaveSelecting()
            return .applied
        case .back:
            if mode == .selecting { leaveSelecting() }
            return .applied
        case .libraryChanged(let removed, let insertedCount):
            var changed = insertedCount > 0
            for photo in removed where grid.contains(Int(photo)) {
                grid.removeSlot(Int(photo))
                selection.removeSlot(Int(photo))
                changed = true
            }
            for _ in 0..<insertedCount {
                grid.insertSlot(nextSlot)
                nextSlot += 1
            }
            return changed ? .applied : .ignored
        }
    }

    private mutating func leaveSelecting() {
        mode = .browsing
        if selection.count != 0 { selection.removeAllSlots() }
    }
}
