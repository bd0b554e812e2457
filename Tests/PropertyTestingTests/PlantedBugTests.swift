@testable import PropertyTesting
@_spi(Testing) @_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace
import Testing

/// Bugs planted in a copy of the engine: the property run must find each and shrink it small.
@Suite("Planted bugs")
struct PlantedBugTests {
    /// The default hunt (`gridsim mutants` without options) finds `bug`, by a property the
    /// engine without it holds on the shrunk trace, and shrinks it to at most `events` events.
    func findAndShrink<Bug: PlantedBug>(_ bug: Bug.Type, atMost events: Int = 6) throws {
        let finding = MutantHunt.hunt(bug)
        let counterexample = try #require(finding.counterexample, "the properties missed \(Bug.self)")
        #expect(["invariants", "engines-agree"].contains(counterexample.failure.property))
        #expect(counterexample.shrunk.events.count <= events, "\(counterexample.shrunk.text)")
        #expect(
            counterexample.shrunk.events.count < counterexample.original.events.count
                || counterexample.original.events.count <= events)
        // The shrunk trace fails with the bug and holds without it.
        let property = try #require(Properties.all.first { $0.name == counterexample.failure.property })
        let mutantProperty = try #require(Properties.all(mutantOf: bug).first { $0.name == property.name })
        #expect(mutantProperty.check(counterexample.shrunk) != nil)
        #expect(property.check(counterexample.shrunk) == nil, "\(counterexample.shrunk.text)")
        // 1-minimal: without any one event, or any one photo of the header, it passes.
        let stillFails = { (trace: Trace) in mutantProperty.check(trace) != nil && property.check(trace) == nil }
        for smaller in Self.oneSmaller(counterexample.shrunk) {
            #expect(!stillFails(smaller.trace), "\(Bug.self): still fails \(smaller.without)\n\(counterexample.shrunk.text)")
        }
    }

    /// `trace` without each of its events, and without each photo of its header.
    static func oneSmaller(_ trace: Trace) -> [(without: String, trace: Trace)] {
        var smaller: [(String, Trace)] = []
        for index in trace.events.indices {
            var fewer = trace
            fewer.events.remove(at: index)
            smaller.append(("without event \(index + 1)", fewer))
        }
        for index in 0..<trace.header.photos.count {
            var fewer = trace
            fewer.header.photos = Shrinker.photos(trace.header.photos, without: index)
            smaller.append(("without photo \(index + 1) of the header", fewer))
        }
        return smaller
    }

    /// Every bug of the catalogue, by name: a new bug is tested as soon as it is listed.
    @Test(arguments: PlantedBugs.catalogue.map(\.name))
    func everyPlantedBugIsFoundAndShrunk(name: String) throws {
        let bug = try #require(PlantedBugs.named(name))
        try findAndShrink(bug)
    }

    /// The catalogue names each bug once, says what each does and where such reports come
    /// from, and lists its bugs in `all` in its own order.
    @Test func theCatalogueDescribesEveryBugOnce() {
        #expect(PlantedBugs.all.count == 18)
        #expect(Set(PlantedBugs.all.map { $0.name }).count == PlantedBugs.all.count, "names are unique")
        #expect(PlantedBugs.all.map { ObjectIdentifier($0) } == PlantedBugs.catalogue.map { ObjectIdentifier($0.bug) })
        for bug in PlantedBugs.all {
            #expect(!bug.summary.isEmpty && !bug.reportedIn.isEmpty, "\(bug.name)")
            #expect(!bug.reportedIn.contains("http"), "\(bug.name): no address that cannot be checked")
        }
        #expect(SelectAllIgnoresLimit.name == "select-all-ignores-limit")
        #expect(DragForgetsBase.summary == "sliding back over photos a drag swept leaves them chosen (or unchosen)")
        #expect(PruningKeepsTray.reportedIn.hasPrefix("photo picker issue trackers: a photo deleted elsewhere"))
        // A bug outside the catalogue, such as the control below, goes by its type's name.
        #expect(NoBug.name == "NoBug")
        #expect(NoBug.summary.isEmpty)
    }

    /// The drag bugs bend the engine's own drag through its testing hooks: a drag put back
    /// after another event goes on from its old base; one put back after the grid changed
    /// size is not; a rebased drag keeps what its last move chose; a bent move ignores the
    /// limit or walks from the finger's end.
    @Test func theDragHooksBendTheEnginesOwnDrag() {
        func engine(limit: Int? = nil, _ events: [Event]) -> FastEngine {
            var engine = FastEngine(configuration: GridConfiguration(photos: .count(6), limit: limit))
            for event in events { _ = engine.apply(event) }
            return engine
        }
        var carried = engine([.select, .dragBegan("1"), .dragMoved("2")])
        let drag = carried.dragInProgress
        #expect(carried.apply(.tap("5")).outcome == .applied)
        #expect(!carried.isDragging)
        carried.dragInProgress = drag
        #expect(carried.isDragging)
        #expect(carried.apply(.dragMoved("3")).outcome == .applied)
        #expect(carried.chosenPhotos == ["1", "2", "3", "5"])

        var resized = engine([.select, .dragBegan("1")])
        let before = resized.dragInProgress
        _ = resized.apply(.libraryChanged(removed: [], inserted: [Insertion(photo: "7", at: 6)]))
        resized.dragInProgress = before
        #expect(!resized.isDragging)

        var rebased = engine([.select, .dragBegan("2"), .dragMoved("3")])
        rebased.rebaseDrag()
        #expect(rebased.apply(.dragMoved("2")).outcome == .ignored)
        #expect(rebased.chosenPhotos == ["2", "3"])

        var unlimited = engine(limit: 2, [.select, .dragBegan("1")])
        #expect(unlimited.dragMoved(to: "4", bending: .ignoresLimit).outcome == .applied)
        #expect(unlimited.picks == ["1", "2", "3", "4"])

        var turned = engine(limit: 2, [.select, .dragBegan("1")])
        #expect(turned.dragMoved(to: "4", bending: .walksFromFarEnd).outcome == .applied)
        #expect(turned.picks == ["4", "3"])
        #expect(turned.dragMoved(to: "1", bending: .walksFromFarEnd).outcome == .applied)
        #expect(turned.picks == ["1"])
    }

    /// Each section 6 bug on the smallest trace that shows it, against the reference model.
    @Test(arguments: [
        // Sliding back over 3 leaves it chosen.
        ("drag-forgets-base", nil, [Event.select, .dragBegan("2"), .dragMoved("3"), .dragMoved("2")]),
        // Room for two: the anchor 1 and 2, not 3 and 1.
        ("drag-walks-from-far-end", 2, [Event.select, .dragBegan("1"), .dragMoved("3")]),
        ("drag-ignores-limit", 2, [Event.select, .dragBegan("1"), .dragMoved("3")]),
        // Deselect all ends the drag: the move after it is ignored.
        ("drag-survives-other-events", nil, [Event.select, .dragBegan("1"), .deselectAll, .dragMoved("3")]),
        // The finger lifted: the move after it is ignored.
        ("drag-continues-after-end", nil, [Event.select, .dragBegan("1"), .dragEnded, .dragMoved("3")]),
        // Picked 3, 1, 2: removing 1 leaves 3, 2, not the grid's 2, 3.
        ("remove-from-tray-reorders-picks", 3, [Event.longPress("3"), .tap("1"), .tap("2"), .removeFromTray("1")]),
        // 2 is not in the tray: notInTray, not chosen.
        ("remove-from-tray-accepts-unchosen", 3, [Event.longPress("1"), .removeFromTray("2")]),
    ] as [(String, Int?, [Event])])
    func eachSectionSixBugShowsOnItsTrace(name: String, limit: Int?, events: [Event]) throws {
        let bug = try #require(PlantedBugs.named(name))
        let trace = Trace(
            header: TraceHeader(photos: .count(6), limit: limit), events: events.map { TraceEvent($0) })
        let underTest = Properties.all(mutantOf: bug).filter(\.runsTheEngineUnderTest)
        #expect(!TraceCheck.failures(trace, properties: underTest).isEmpty)
        #expect(TraceCheck.failures(trace, properties: Properties.all.filter(\.runsTheEngineUnderTest)).isEmpty)
    }

    /// SPEC.md's new invariant: a drag that outlives Done (browsing) or Share (a sheet) breaks
    /// it, on the step that does so.
    @Test(arguments: [
        ([Event.select, .dragBegan("1"), .done], 3),
        ([Event.select, .dragBegan("1"), .dragMoved("2"), .share], 4),
    ])
    func aDragThatOutlivesTheModeOrASheetBreaksTheInvariant(events: [Event], step: Int) throws {
        let trace = Trace(header: TraceHeader(photos: .count(4)), events: events.map { TraceEvent($0) })
        let property = try #require(Properties.all(mutantOf: DragSurvivesOtherEvents.self).first { $0.name == "invariants" })
        let failure = try #require(property.check(trace))
        #expect(failure.step == step)
        #expect(failure.message.contains("a drag in progress while browsing or with a sheet shown"), "\(failure)")
        #expect(Properties.invariants(candidate: FastEngine.self).check(trace) == nil)
    }

    /// The planted Select all is the engine's own with the limit check dropped: over a limit
    /// it chooses everything; under no limit, or within one, it does what the engine does.
    @Test func plantedSelectAllDiffersOnlyInTheLimitCheck() {
        for (photos, limit) in [(5, 2), (5, nil), (5, 9)] as [(Int, Int?)] {
            let configuration = GridConfiguration(photos: .count(photos), limit: limit)
            var engine = FastEngine(configuration: configuration)
            var mutant = Mutant<SelectAllIgnoresLimit>(configuration: configuration)
            for event in [Event.select, .selectAll] {
                let expected = engine.apply(event)
                let actual = mutant.apply(event)
                if event == .selectAll, let limit, limit < photos {
                    #expect(expected.outcome == .rejected(.limitReached))
                    #expect(actual.outcome == .applied)
                    #expect(mutant.chosenCount == photos)
                    #expect(mutant.picks.count == photos)
                } else {
                    #expect(actual == expected)
                    #expect(mutant.chosenPhotos == engine.chosenPhotos)
                    #expect(mutant.picks == engine.picks)
                }
            }
        }
    }

    /// The command line passes `GRIDSIM_PLANTED_BUG` in: a bug's name plants it, anything
    /// else leaves the fast engine as it is.
    @Test func plantedBugsAreChosenByName() {
        for bug in PlantedBugs.all { #expect(PlantedBugs.named(bug.name)?.name == bug.name) }
        #expect(PlantedBugs.named(nil) == nil)
        #expect(PlantedBugs.named("") == nil)
        let trace = Trace(
            header: TraceHeader(photos: .count(5), limit: 2), events: [TraceEvent(.select), TraceEvent(.selectAll)])
        #expect(TraceCheck.failures(trace, properties: Properties.all(plantedBug: nil)).isEmpty)
        #expect(TraceCheck.failures(trace, properties: Properties.all(plantedBug: "no-such-bug")).isEmpty)
        #expect(!TraceCheck.failures(trace, properties: Properties.all(plantedBug: SelectAllIgnoresLimit.name)).isEmpty)
    }
}

/// A bug outside the catalogue that breaks nothing.
struct NoBug: PlantedBug {
    func apply(_ event: Event, to engine: inout FastEngine) -> Step? { nil }
}
