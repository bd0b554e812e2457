import PropertyTesting
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace
import Testing

/// A fast engine that, after an applied Move, also moves the grid's first photo to the end:
/// nothing a step shows (its step, counts, mode and selection changes are right), only the
/// grid's order, which whole states at checkpoints see.
struct ReordersOnMove: CheckableEngine {
    var engine: FastEngine

    init(configuration: GridConfiguration) { engine = FastEngine(configuration: configuration) }

    mutating func apply(_ event: Event) -> Step {
        let step = engine.apply(event)
        if event == .move, step.outcome == .applied, let first = engine.photos.first {
            _ = engine.apply(.libraryChanged(removed: [first], inserted: [Insertion(photo: first, at: engine.photoCount)]))
        }
        return step
    }

    var fastEngine: FastEngine { engine }
    var mode: Mode { engine.mode }
    var sheet: Sheet? { engine.sheet }
    var limit: Int? { engine.limit }
    var reduceMotion: Bool { engine.reduceMotion }
    var photoCount: Int { engine.photoCount }
    var chosenCount: Int { engine.chosenCount }
    func contains(_ photo: PhotoID) -> Bool { engine.contains(photo) }
    func isChosen(_ photo: PhotoID) -> Bool { engine.isChosen(photo) }
    var photos: [PhotoID] { engine.photos }
    var chosenPhotos: [PhotoID] { engine.chosenPhotos }
    var picks: [PhotoID] { engine.picks }
    var isDragging: Bool { engine.isDragging }
}

@Suite("Streaming check")
struct TraceCheckTests {
    /// 100 photos; the Move is step 3, then `taps` taps while browsing.
    static func moveThenTaps(_ taps: Int) -> Trace {
        var events = [TraceEvent(.longPress("5")), TraceEvent(.tap("6")), TraceEvent(.move)]
        events += (0..<taps).map { TraceEvent(.tap(String(7 + $0 % 50))) }
        return Trace(header: TraceHeader(photos: .count(100)), events: events)
    }

    @Test func aShortTraceOverASmallGridIsCheckpointedAfterEveryStep() {
        var schedule = CheckpointSchedule()
        #expect((0..<60).allSatisfy { _ in schedule.isCheckpoint(photoCount: 10_000) })
    }

    @Test func aLongTracePaysForCheckpointsStepByStep() {
        var schedule = CheckpointSchedule(upfrontPhotos: 0, photosPerStep: 4)
        let checkpoints = (1...10_000).filter { _ in schedule.isCheckpoint(photoCount: 1_000) }
        #expect(checkpoints == Array(stride(from: 250, through: 10_000, by: 250)))
        // Slots seen cost too: a grid emptied after a million ids is not free to compare.
        var sparse = CheckpointSchedule(upfrontPhotos: 0, photosPerStep: 4)
        #expect((1...1_000).filter { _ in sparse.isCheckpoint(photoCount: 0, slotCount: 1 << 20) }.count == 0)
        // Credit does not pile up over a tiny grid to be spent on a big one.
        var capped = CheckpointSchedule(upfrontPhotos: 100, photosPerStep: 4)
        for _ in 0..<1_000 { _ = capped.isCheckpoint(photoCount: 1) }
        #expect((0..<10).filter { _ in capped.isCheckpoint(photoCount: 100) }.count == 1)
    }

    @Test func aDifferenceOnlyWholeStatesShowIsPinnedToItsStep() {
        let trace = Self.moveThenTaps(500)
        let properties = Properties.all(candidate: ReordersOnMove.self)
        for schedule in [CheckpointSchedule.everyStep, CheckpointSchedule(upfrontPhotos: 0, photosPerStep: 1)] {
            let failures = TraceCheck.failures(trace, properties: properties, schedule: schedule)
            let agree = try! #require(failures.first { $0.property == "engines-agree" })
            #expect(agree.step == 3)
            #expect(agree.message.hasPrefix("move: state differs: photos"))
            #expect(!failures.contains { $0.property == "invariants" })
        }
        // The plain fast engine passes the same trace.
        #expect(TraceCheck.failures(trace, properties: Properties.all).isEmpty)
    }

    /// Past the first window (which starts from the configuration), a window starts from
    /// copies of the engines at a checkpoint: a difference there is pinned to its step too.
    @Test func aDifferenceInALaterWindowIsPinnedToItsStep() {
        var events = (0..<4_200).map { TraceEvent(.tap(String(1 + $0 % 100))) }
        events += Self.moveThenTaps(300).events
        let trace = Trace(header: TraceHeader(photos: .count(100)), events: events)
        let schedule = CheckpointSchedule(upfrontPhotos: 0, photosPerStep: 1)
        let failures = TraceCheck.failures(trace, properties: Properties.all(candidate: ReordersOnMove.self), schedule: schedule)
        let agree = try! #require(failures.first { $0.property == "engines-agree" })
        #expect(agree.step == 4_203)
        #expect(agree.message.hasPrefix("move: state differs: photos"))
    }

    /// With `state-at-step`, the event store's engine is `deterministic-replay`'s second
    /// replay: its steps name photos through the fresh replay's table, so photos the trace
    /// adds (interned as they come) are listed by the right ids, and the pass agrees with
    /// `deterministic-replay` checked alone.
    @Test func theEventStoreReplaysTheTraceASecondTime() {
        var events = [TraceEvent(.longPress("3"))]
        for round in 0..<40 {
            let new = "new-\(round)"
            events += [
                TraceEvent(.libraryChanged(removed: [String(round % 7)], inserted: [Insertion(photo: new, at: round % 5)])),
                TraceEvent(.tap(new)), TraceEvent(.share), TraceEvent(.dismiss), TraceEvent(.move),
                TraceEvent(.longPress(new)), TraceEvent(.tap(String(10 + round))),
            ]
        }
        events += [TraceEvent(.delete)]
        let trace = Trace(header: TraceHeader(photos: .count(60)), events: events)
        let pair = [Properties.stateAtStep, Properties.deterministicReplay(candidate: FastEngine.self)]
        for schedule in [CheckpointSchedule.everyStep, CheckpointSchedule()] {
            #expect(TraceCheck.failures(trace, properties: pair, schedule: schedule).isEmpty)
            #expect(TraceCheck.failures(trace, properties: Properties.all, schedule: schedule).isEmpty)
        }
        #expect(TraceCheck.failures(trace, properties: [pair[1]]).isEmpty)
    }

    @Test func aSparseScheduleTakesFewCheckpointsAndTheLastStep() {
        var check = TraceCheck(
            header: TraceHeader(photos: .count(100)), properties: Properties.all,
            schedule: CheckpointSchedule(upfrontPhotos: 0, photosPerStep: 1))
        for traceEvent in Self.moveThenTaps(250).events { check.apply(traceEvent) }
        #expect(check.finish().allSatisfy { $0 == nil })
        // About one per hundred steps (a grid of 100), and the last one.
        #expect(check.checkpointCount == 3)
    }

    @Test func streamingASourceReportsWhatTheTraceInMemoryDoes() throws {
        let trace = Self.moveThenTaps(40)
        let properties = Properties.all(candidate: ReordersOnMove.self)
        var source = TraceEventList(trace.events)
        let report = try TraceChecking.check(header: trace.header, events: &source, properties: properties)
        #expect(report.events == 43)
        #expect(report.results.map(\.property) == properties.map(\.name))
        #expect(report.results.compactMap(\.failure) == TraceCheck.failures(trace, properties: properties))
        let lines = TraceChecking.lines(for: report, tracePath: "t.jsonl")
        #expect(lines.contains("FAIL  engines-agree at step 3: move: state differs"))
        #expect(lines.hasSuffix("6 passed, 1 failed; 'gridsim shrink t.jsonl' makes it smaller\n"))
    }

    /// The check on two threads (snapshot-diff on the second) reports what it
    /// reports on one, on traces of many batches: with no bug, and with planted bugs that
    /// properties on either thread find. (Bugs that leave chosen photos outside the grid stop
    /// the fast engine at its own precondition: not these.)
    @Test(arguments: [nil, "pruning-announces-nothing", "drag-forgets-base"])
    func twoThreadsReportWhatOneDoes(plantedBug: String?) throws {
        let generator = TraceGenerator(maximumPhotos: 40, maximumEvents: 600)
        let properties = Properties.all(plantedBug: plantedBug)
        var failing = 0
        for seed in UInt64(1)...2 {
            let trace = generator.trace(seed: seed)
            var one = TraceEventList(trace.events)
            var two = TraceEventList(trace.events)
            let single = try TraceChecking.check(header: trace.header, events: &one, properties: properties, cores: 1, batchLength: 64)
            let split = try TraceChecking.check(header: trace.header, events: &two, properties: properties, cores: 2, batchLength: 64)
            #expect(single.events == split.events && single.checkpoints == split.checkpoints)
            #expect(single.results.map(\.property) == split.results.map(\.property))
            #expect(single.results.map(\.failure) == split.results.map(\.failure))
            failing += single.failedCount
        }
        // With a bug planted, the comparison means something only if the bug is found.
        #expect((failing > 0) == (plantedBug != nil))
    }

    @Test func aMalformedEventAfterAFailureIsStillThrown() throws {
        var reader = try TextTraceReader(
            text: """
                {"trace":"photo-grid-selection","version":1,"photos":{"count":8},"limit":2}
                {"event":"longPress","photo":"3"}
                {"event":"selectAll"}
                {"event":"zoom"}

                """)
        #expect(throws: TraceError.self) {
            try TraceChecking.check(
                header: reader.header, events: &reader,
                properties: Properties.all(candidate: Mutant<SelectAllIgnoresLimit>.self))
        }
    }

    @Test func shrinkingCutsAfterTheFailingStepFirst() {
        // A long trace that fails at step 3 (the Move); the greedy passes alone would try
        // hundreds of candidates of hundreds of events.
        let trace = Self.moveThenTaps(2_000)
        let property = Properties.enginesAgree(candidate: ReordersOnMove.self)
        let failure = property.check(trace)!
        var shrinker = Shrinker { property.check($0) != nil }
        var phases: [ShrinkProgress.Phase] = []
        shrinker.progress = { phases.append($0.phase) }
        let shrunk = shrinker.shrink(trace, failingStep: failure.step)
        #expect(phases.first == .cuttingAfterTheFailure)
        #expect(shrunk.events.count == 2 && shrunk.events.last?.event == .move)
        #expect(shrunk.header.photos.count == 2)
        #expect(shrinker.checksSpent < 60)
    }
}
