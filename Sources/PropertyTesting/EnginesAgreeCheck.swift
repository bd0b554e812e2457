@_spi(GridSimInternals) import SelectionCore
import SelectionSlots

/// `engines-agree`: the engine under test equals the reference model on every step.
///
/// Every step, in what the step changed: the step itself (outcome, reason, effects with their
/// photos, announcements), mode, sheet, whether a drag is in progress, counts, title, toolbar and (after an applied step, with
/// a limit) the tray; whether each photo the event names is in the grid and chosen, and where
/// each inserted photo landed; and each photo the engine under test reports chosen or unchosen
/// against the reference's selection (unless the counts say it: when nothing or every photo
/// is chosen in both, their selections differ only if their grids do, which checkpoints see). At checkpoints: whole states and projections, O(N).
/// A difference found either way is described as a whole-state comparison describes it.
struct EnginesAgreeCheck {
    static let name = "engines-agree"
    /// Where the property sits in the list the check was given.
    let position: Int

    func afterStep<Candidate: CheckableEngine>(
        _ record: StepRecord, reference: ReferenceModel, candidate: Candidate
    ) -> PropertyFailure? {
        if record.actual != record.expected {
            return Self.failure(record.step, record.event, "step \(record.actual) != reference \(record.expected)")
        }
        if let local = Self.localDifference(record, reference: reference, candidate: candidate) {
            let actual = candidate.state
            let expected = reference.state
            return Self.failure(
                record.step, record.event,
                actual != expected ? "state differs: \(Properties.describeDifference(actual, expected))" : local)
        }
        let checksTray = reference.limit != nil && record.expected.outcome == .applied
        if Self.projectionsDiffer(reference, candidate, includingTray: checksTray) {
            return Self.failure(record.step, record.event, Self.projectionMessage(reference, candidate))
        }
        return nil
    }

    /// The first thing the step shows differently in the two engines. O(named + changed)
    /// lookups, plus O(m² + m log N) for m inserted photos.
    private static func localDifference<Candidate: CheckableEngine>(
        _ record: StepRecord, reference: ReferenceModel, candidate: Candidate
    ) -> String? {
        if candidate.mode != reference.mode { return "mode \(candidate.mode) vs \(reference.mode)" }
        if candidate.sheet != reference.sheet { return "a different sheet" }
        if candidate.isDragging != reference.isDragging {
            return candidate.isDragging ? "a drag in progress vs none" : "no drag in progress vs one"
        }
        if candidate.chosenCount != reference.chosenCount {
            return "\(candidate.chosenCount) chosen vs \(reference.chosenCount)"
        }
        if candidate.photoCount != reference.photoCount {
            return "\(candidate.photoCount) photos vs \(reference.photoCount)"
        }
        for photo in record.namedPhotos {
            if candidate.contains(photo) != reference.contains(photo) { return "whether \(photo) is in the grid" }
            if candidate.isChosen(photo) != reference.isChosen(photo) { return "whether \(photo) is chosen" }
        }
        let names = record.fast.slots
        if reference.chosenCount != 0 && reference.chosenCount != reference.photoCount {
            for slot in record.changes.added where !reference.isChosen(names.id(for: slot)) {
                return "\(names.id(for: slot)) chosen, not by the reference"
            }
            for slot in record.changes.removed where reference.isChosen(names.id(for: slot)) {
                return "\(names.id(for: slot)) unchosen, not by the reference"
            }
        }
        if case .libraryChanged(_, let inserted) = record.event, !inserted.isEmpty, record.expected.outcome == .applied {
            let countBefore = reference.photoCount - inserted.count
            let positions = ReferenceModel.finalPositions(of: inserted, intoCount: countBefore)
            for position in positions {
                let expected = reference.photo(at: position)
                let actual = names.id(for: record.fast.grid.slot(at: position))
                if actual != expected { return "\(actual) at grid position \(position) vs \(expected)" }
            }
        }
        return nil
    }

    /// At a checkpoint: whole states, then projections. O(N) for the comparison; the states
    /// are built (once for every property that needs them) only when `haveSameState` finds
    /// them different, nil otherwise.
    static func wholeStateFailure<Candidate: CheckableEngine>(
        reference: ReferenceModel, candidate: Candidate, referenceState: SelectionState?, candidateState: SelectionState?,
        step: Int, event: Event
    ) -> PropertyFailure? {
        if let candidateState, let referenceState, candidateState != referenceState {
            return failure(
                step, event, "state differs: \(Properties.describeDifference(candidateState, referenceState))")
        }
        if projectionsDiffer(reference, candidate, includingTray: true) {
            return failure(step, event, projectionMessage(reference, candidate))
        }
        return nil
    }

    /// Whether both engines hold the same state, as `reference.state == candidate.state`
    /// says, without naming either grid at once: the engine's photos are named a block at a
    /// time and compared with the reference's. O(N) strings made and dropped, O(block) held,
    /// where the states would hold the grid's ids twice (over 10M photos, gigabytes).
    static func haveSameState<Candidate: CheckableEngine>(_ reference: ReferenceModel, _ candidate: Candidate) -> Bool {
        guard
            candidate.mode == reference.mode && candidate.sheet == reference.sheet
                && candidate.isDragging == reference.isDragging && candidate.limit == reference.limit
                && candidate.reduceMotion == reference.reduceMotion && candidate.photoCount == reference.photoCount
                && candidate.chosenCount == reference.chosenCount
        else { return false }
        let fast = candidate.fastEngine
        let blockLength = 1 << 16
        /// Compares the engine's `slots`, named, with `referenceNames(range)` block by block.
        func sameNames(_ slots: [PhotoSlot], count: Int, _ referenceNames: (Range<Int>) -> [PhotoID]) -> Bool {
            guard slots.count == count else { return false }
            var start = 0
            while start < slots.count {
                let end = min(start + blockLength, slots.count)
                if fast.slots.ids(for: Array(slots[start..<end])) != referenceNames(start..<end) { return false }
                start = end
            }
            return true
        }
        guard sameNames(fast.grid.order, count: reference.photoCount, reference.photos(at:)) else { return false }
        let chosen = reference.chosenPhotos
        guard sameNames(fast.selection.slots(inGridOrder: fast.grid), count: chosen.count, { Array(chosen[$0]) }) else {
            return false
        }
        // Without a limit a state's picks are its selection, compared above.
        guard reference.limit != nil else { return true }
        let picks = reference.picks
        return sameNames(fast.pickSlots, count: picks.count) { Array(picks[$0]) }
    }

    private static func projectionsDiffer<Candidate: CheckableEngine>(
        _ reference: ReferenceModel, _ candidate: Candidate, includingTray: Bool
    ) -> Bool {
        candidate.title != reference.title || candidate.toolbar != reference.toolbar
            || (includingTray && candidate.tray != reference.tray)
    }

    private static func projectionMessage<Candidate: CheckableEngine>(_ reference: ReferenceModel, _ candidate: Candidate)
        -> String
    {
        "projections differ: \"\(candidate.title)\" vs \"\(reference.title)\""
    }

    private static func failure(_ step: Int, _ event: Event, _ message: String) -> PropertyFailure {
        PropertyFailure(property: name, step: step, message: "\(event.summary): \(message)")
    }
}
