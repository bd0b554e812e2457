@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace

/// One pass of properties over a trace, for one engine under test: the engines the properties
/// need run in lockstep, each step is checked as it is applied, and whole states are compared
/// at the checkpoints a `CheckpointSchedule` picks and after the last step.
///
/// An engine runs only while a property still needs it: once `invariants` and `engines-agree`
/// have failed, the reference model stops, and so on.
protocol PropertyPassing {
    /// Applies and checks one more event.
    mutating func apply(_ traceEvent: TraceEvent)
    /// The checkpoint after the last step, and the checks that need the end.
    mutating func finish()
    /// The failures so far, each with the position of its property in the caller's list.
    var failures: [(position: Int, failure: PropertyFailure)] { get }
    /// Whether every property of the pass has failed.
    var isDecided: Bool { get }
    var checkpointCount: Int { get }
}

struct PropertyPass<Candidate: CheckableEngine>: PropertyPassing {
    private(set) var failures: [(position: Int, failure: PropertyFailure)] = []
    private(set) var checkpointCount = 0
    private var step = 0
    private var lastEvent: Event?
    private var lastCheckpointStep = -1
    private var schedule: CheckpointSchedule

    private var reference: ReferenceModel?
    private var candidate: Candidate?
    private var fresh: FreshReplay?
    private let freshIsCandidate: Bool
    /// Whether any property compares whole states at checkpoints.
    private let usesCheckpoints: Bool
    private var window: CheckWindow<Candidate>?

    private var invariants: InvariantsCheck?
    private var enginesAgree: EnginesAgreeCheck?
    private var replay: DeterministicReplayCheck<Candidate>?
    private var stateAtStep: StateAtStepCheck?
    private var snapshotDiff: SnapshotDiffCheck?
    private var gridDiff: GridDiffCheck?
    private var textRoundTrip: TextRoundTripCheck?

    /// Events a bisection window holds at least before a checkpoint starts a new one.
    static var windowLength: Int { 4096 }

    init(header: TraceHeader, properties: [(position: Int, kind: Property.Kind)], schedule: CheckpointSchedule) {
        self.schedule = schedule
        let configuration = header.configuration
        let kinds = Set(properties.map(\.kind))
        let needsFresh = !kinds.isDisjoint(with: [.stateAtStep, .snapshotDiff, .gridDiff])
        // A plain fast engine under test is the fresh replay too; it then runs as long as the
        // fresh replay is needed.
        freshIsCandidate = needsFresh && Candidate.self == FastEngine.self
        if needsFresh { fresh = FreshReplay(configuration: configuration, replaysItself: !freshIsCandidate) }
        usesCheckpoints = !kinds.isSubset(of: [.deterministicReplay, .textRoundTrip])
        // The event store of `state-at-step` replays the trace once more with a fast engine:
        // when that is the engine under test, it is `deterministic-replay`'s second replay.
        let sharesSecondReplay = freshIsCandidate && kinds.isSuperset(of: [.stateAtStep, .deterministicReplay])
        for (position, kind) in properties {
            switch kind {
            case .invariants: invariants = InvariantsCheck(position: position, candidateName: "\(Candidate.self)")
            case .enginesAgree: enginesAgree = EnginesAgreeCheck(position: position)
            case .deterministicReplay:
                replay = DeterministicReplayCheck(
                    position: position, configuration: configuration, sharesSecondReplay: sharesSecondReplay)
            case .stateAtStep:
                stateAtStep = StateAtStepCheck(position: position, configuration: configuration, start: fresh!.start)
            case .snapshotDiff: snapshotDiff = SnapshotDiffCheck(position: position)
            case .gridDiff: gridDiff = GridDiffCheck(position: position)
            case .textRoundTrip: textRoundTrip = TextRoundTripCheck(position: position, header: header)
            }
        }
        if invariants != nil || enginesAgree != nil {
            let reference = ReferenceModel(configuration: configuration)
            let candidate = Candidate(configuration: configuration)
            self.reference = reference
            self.candidate = candidate
            window = CheckWindow(configuration: configuration)
        }
        if (replay != nil || freshIsCandidate) && candidate == nil { candidate = Candidate(configuration: configuration) }
        if let failure = textRoundTrip?.headerFailure { fail(.textRoundTrip, failure) }
    }

    var isDecided: Bool {
        invariants == nil && enginesAgree == nil && replay == nil && stateAtStep == nil && snapshotDiff == nil
            && gridDiff == nil && textRoundTrip == nil
    }

    mutating func apply(_ traceEvent: TraceEvent) {
        step += 1
        let event = traceEvent.event
        lastEvent = event
        if let failure = textRoundTrip?.check(traceEvent, step: step) { fail(.textRoundTrip, failure) }

        let comparesSteps = invariants != nil || enginesAgree != nil
        let selectionBefore = comparesSteps ? candidate?.fastEngine.selection : nil
        let expected = reference?.apply(event)
        let actual = candidate?.apply(event)
        window?.record(traceEvent)
        if comparesSteps, let expected, let actual, let selectionBefore {
            let fast = candidate!.fastEngine
            let record = StepRecord(
                step: step, event: event, expected: expected, actual: actual, fast: fast,
                changes: fast.selection.changes(since: selectionBefore))
            if let failure = invariants?.afterStep(record, reference: reference!, candidate: candidate!) {
                fail(.invariants, failure)
            }
            if let failure = enginesAgree?.afterStep(record, reference: reference!, candidate: candidate!) {
                fail(.enginesAgree, failure)
            }
        }
        if let actual, replay?.sharesSecondReplay == false,
            let failure = replay?.afterStep(step, event: event, first: candidate!, firstStep: actual)
        {
            fail(.deterministicReplay, failure)
        }
        let sharedEngine = freshIsCandidate ? candidate?.fastEngine : nil
        if let slotEvent = fresh?.apply(event, replayedBy: sharedEngine) {
            if let storeStep = stateAtStep?.afterStep(slotEvent, fresh: fresh!), let actual,
                let check = replay, check.sharesSecondReplay,
                let failure = check.afterStep(
                    step, first: candidate!, firstStep: actual, second: stateAtStep!.engine,
                    secondStep: fresh!.names.step(for: storeStep))
            {
                fail(.deterministicReplay, failure)
            }
            if let failure = snapshotDiff?.afterStep(fresh: fresh!) { fail(.snapshotDiff, failure) }
        }

        guard usesCheckpoints else { return }
        let photoCount = reference?.photoCount ?? fresh?.photoCount ?? candidate?.photoCount ?? 0
        let slotCount = fresh?.names.count ?? candidate?.fastEngine.slots.count ?? 0
        if schedule.isCheckpoint(photoCount: photoCount, slotCount: slotCount) { checkpoint(isLast: false) }
    }

    mutating func finish() {
        if usesCheckpoints && lastCheckpointStep != step {
            checkpoint(isLast: true)
        } else if let fresh, let failure = gridDiff?.startPair(fresh: fresh) {
            fail(.gridDiff, failure)
        }
        if let candidate, let check = replay {
            let shared = check.sharesSecondReplay ? stateAtStep!.namedEngine(fresh: fresh!) : nil
            if let failure = check.finish(first: candidate, shared: shared) { fail(.deterministicReplay, failure) }
        }
    }

    /// Whole states: compared, and on a difference, the window bisected to the step that made
    /// it; then the sampled restores and diffs.
    private mutating func checkpoint(isLast: Bool) {
        checkpointCount += 1
        lastCheckpointStep = step
        if invariants != nil || enginesAgree != nil, let event = lastEvent {
            // Whole states with ids only when they differ: over 10M photos each names the
            // grid in gigabytes of strings.
            let sameState = EnginesAgreeCheck.haveSameState(reference!, candidate!)
            let referenceState = sameState ? nil : reference!.state
            let candidateState = sameState ? nil : candidate!.state
            if enginesAgree != nil,
                let failure = EnginesAgreeCheck.wholeStateFailure(
                    reference: reference!, candidate: candidate!, referenceState: referenceState,
                    candidateState: candidateState, step: step, event: event)
            {
                let first = window!.firstFailure(endingWith: failure) { reference, candidate, step, event in
                    EnginesAgreeCheck.wholeStateFailure(
                        reference: reference, candidate: candidate, referenceState: reference.state,
                        candidateState: candidate.state, step: step, event: event)
                }
                fail(.enginesAgree, first)
            }
            if let check = invariants,
                let failure = check.wholeStateFailure(
                    reference: reference!, referenceState: referenceState, candidate: candidateState, step: step,
                    event: event)
            {
                let first = window!.firstFailure(endingWith: failure) { reference, candidate, step, event in
                    check.wholeStateFailure(
                        reference: reference, referenceState: reference.state, candidate: candidate.state, step: step,
                        event: event)
                }
                fail(.invariants, first)
            }
        }
        // A new window costs a copy of each engine (their next writes copy the grid, the
        // sets and the id table), so it starts only once the window is long.
        if invariants != nil || enginesAgree != nil, window!.eventCount >= Self.windowLength {
            window!.restart(at: step, reference: reference!, candidate: candidate!)
        }
        if let fresh {
            if let failure = stateAtStep?.checkpoint(fresh: fresh) { fail(.stateAtStep, failure) }
            if let failure = snapshotDiff?.checkpoint(fresh: fresh) { fail(.snapshotDiff, failure) }
            if let failure = gridDiff?.checkpoint(fresh: fresh, isLast: isLast) { fail(.gridDiff, failure) }
            self.fresh?.markCheckpoint()
        }
    }

    /// Records a property's failure, stops checking it, and stops the engines no property
    /// needs any more.
    private mutating func fail(_ kind: Property.Kind, _ failure: PropertyFailure) {
        let position: Int?
        switch kind {
        case .invariants: (position, invariants) = (invariants?.position, nil)
        case .enginesAgree: (position, enginesAgree) = (enginesAgree?.position, nil)
        case .deterministicReplay: (position, replay) = (replay?.position, nil)
        case .stateAtStep:
            // The event store goes; a second replay that was its engine goes on alone.
            if let store = stateAtStep, replay?.sharesSecondReplay == true {
                replay!.adopt(store.namedEngine(fresh: fresh!) as! Candidate)
            }
            (position, stateAtStep) = (stateAtStep?.position, nil)
        case .snapshotDiff: (position, snapshotDiff) = (snapshotDiff?.position, nil)
        case .gridDiff: (position, gridDiff) = (gridDiff?.position, nil)
        case .textRoundTrip: (position, textRoundTrip) = (textRoundTrip?.position, nil)
        }
        guard let position else { return }
        failures.append((position, failure))
        if invariants == nil && enginesAgree == nil {
            reference = nil
            window = nil
        }
        if stateAtStep == nil && snapshotDiff == nil && gridDiff == nil { fresh = nil }
        if invariants == nil && enginesAgree == nil && replay == nil && fresh == nil { candidate = nil }
    }
}

