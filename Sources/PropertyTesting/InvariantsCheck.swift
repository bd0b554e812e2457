@_spi(GridSimInternals) import SelectionCore
import SelectionSlots

/// `invariants`: SPEC.md section 1's invariants hold after every step, in both engines.
///
/// Every step, in what the step changed: the count against the limit and the grid, the mode
/// against the selection and the sheet, a drag in progress against the mode and the sheet, the tray against the count (with a limit, after an
/// applied step), and that the photos the event names and those the engine under test reports
/// chosen are in the grid when chosen. At checkpoints: every invariant on whole states, O(N)
/// hashing. A violation found either way is described as a whole-state check describes it.
struct InvariantsCheck {
    static let name = "invariants"
    /// Where the property sits in the list the check was given.
    let position: Int
    let candidateName: String

    func afterStep<Candidate: CheckableEngine>(
        _ record: StepRecord, reference: ReferenceModel, candidate: Candidate
    ) -> PropertyFailure? {
        if let local = Self.localViolation(of: reference, record) {
            return failure("reference model", reference.state, local: local, record.step, record.event)
        }
        if let local = Self.localViolation(of: candidate, record)
            ?? (Self.addedAreInGrid(record) ? nil : "selection is not a subset of photos")
        {
            return failure(candidateName, candidate.state, local: local, record.step, record.event)
        }
        return nil
    }

    /// Whether every photo the engine under test reports chosen by the step is in its grid.
    ///
    /// Slot by slot, O(added) lookups. A step that chose many (a Select all chooses the grid)
    /// first puts them in a bitmap a word at a time (when they ascend, as a diff's do) and asks
    /// whether it is inside the live slots, word by word: O(added) integer steps and O(N / 64)
    /// words.
    /// When it is, every lookup would say so; when not, the slots are looked up one by one,
    /// so the answer is the lookups' either way.
    static func addedAreInGrid(_ record: StepRecord) -> Bool {
        let added = record.changes.added
        if added.count > wholeSelectionThreshold {
            if let chosen = SelectionChanges.bitmap(ofAscending: added), chosen.isSubset(of: record.fast.grid.live) {
                return true
            }
        }
        return added.allSatisfy(record.fast.grid.contains)
    }

    /// Above this many chosen photos a step's are checked against the grid word by word first.
    static let wholeSelectionThreshold = 4096

    /// The first invariant that the step visibly breaks, in the words of
    /// `SelectionState.invariantViolations()`. O(named), plus O(limit) for the tray.
    private static func localViolation<Engine: SelectionEngine>(of engine: Engine, _ record: StepRecord) -> String? {
        let count = engine.chosenCount
        if engine.mode == .browsing && count != 0 { return "browsing with a non-empty selection" }
        if engine.mode == .browsing && engine.sheet != nil { return "browsing with a sheet shown" }
        if engine.isDragging && (engine.mode != .selecting || engine.sheet != nil) {
            return "a drag in progress while browsing or with a sheet shown"
        }
        if let limit = engine.limit, count > limit { return "selection of \(count) exceeds the limit of \(limit)" }
        if count > engine.photoCount { return "selection is not a subset of photos" }
        for photo in record.namedPhotos where engine.isChosen(photo) && !engine.contains(photo) {
            return "selection is not a subset of photos"
        }
        if engine.limit != nil && record.expected.outcome == .applied && engine.picks.count != count {
            return "picks is not a permutation of selection"
        }
        return nil
    }

    /// At a checkpoint: every invariant on both states, the reference's first (on its
    /// numbers). O(N) hashing of integers; of ids only when the states differ, which the
    /// caller found out: it passes the states then, nil when they are the same.
    func wholeStateFailure(
        reference: ReferenceModel, referenceState: SelectionState?, candidate: SelectionState?, step: Int,
        event: Event
    ) -> PropertyFailure? {
        let referenceViolations = reference.invariantViolations()
        if !referenceViolations.isEmpty {
            return message("reference model", referenceViolations, step, event)
        }
        guard let candidate, let referenceState, candidate != referenceState else { return nil }
        let candidateViolations = candidate.invariantViolations()
        return candidateViolations.isEmpty ? nil : message(candidateName, candidateViolations, step, event)
    }

    private func failure(_ engineName: String, _ state: SelectionState, local: String, _ step: Int, _ event: Event)
        -> PropertyFailure
    {
        let violations = state.invariantViolations()
        return message(engineName, violations.isEmpty ? [local] : violations, step, event)
    }

    private func message(_ engineName: String, _ violations: [String], _ step: Int, _ event: Event) -> PropertyFailure {
        PropertyFailure(
            property: Self.name, step: step,
            message: "\(engineName) after \(event.summary): \(violations.joined(separator: "; "))")
    }
}
