import GestureInput
@testable import SyntheticSessions
import SeededRandom
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace
import Testing

@Suite("Synthetic sessions")
struct WorkloadTests {
    // MARK: The generator

    @Test func theGeneratorIsDeterministicAndSeedsDiffer() {
        var a = Xoshiro256(seed: 42)
        var b = Xoshiro256(seed: 42)
        var c = Xoshiro256(seed: 43)
        let first = (0..<8).map { _ in a.next() }
        #expect(first == (0..<8).map { _ in b.next() })
        #expect(first != (0..<8).map { _ in c.next() })
        var zero = Xoshiro256(seed: 0)
        #expect(zero.next() != 0 || zero.next() != 0)
    }

    @Test func boundedDrawsStayInRangeAndCoverIt() {
        var random = Xoshiro256(seed: 7)
        var seen = [Int](repeating: 0, count: 6)
        for _ in 0..<6000 {
            let value = random.int(below: 6)
            seen[value] += 1
        }
        #expect(seen.allSatisfy { $0 > 850 && $0 < 1150 })  // 1000 expected each
        for _ in 0..<1000 {
            #expect((3...5).contains(random.int(in: 3...5)))
            let unit = random.unit()
            #expect(unit >= 0 && unit < 1)
        }
        #expect(random.int(below: 1) == 0)
    }

    // MARK: The mix

    @Test func mixesParseFromWeightsAndPresets() throws {
        let mix = try WorkloadMix(parsing: "burst=4, delete=1")
        #expect(mix[.burst] == 4 && mix[.delete] == 1 && mix[.open] == 0)
        let tuned = try WorkloadMix(parsing: "default,sync=10")
        #expect(tuned[.sync] == 10 && tuned[.open] == WorkloadMix.default[.open])
        #expect(try WorkloadMix(parsing: WorkloadMix.default.description) == WorkloadMix.default)
        #expect(try WorkloadMix(parsing: "browsing") == WorkloadMix.browsing)
    }

    @Test(arguments: [
        ("zoom=1", "unknown gesture 'zoom'"), ("burst=-1", "must be a number of at least 0"),
        ("burst=x", "must be a number of at least 0"), ("burst=0", "every gesture weight 0"),
        ("", "every gesture weight 0"),
        ("heavy", "unknown mix item 'heavy'"),
    ])
    func badMixesAreRefusedWithAReason(text: String, reason: String) {
        #expect {
            try WorkloadMix(parsing: text)
        } throws: { error in
            (error as? WorkloadMix.ParseError)?.message.contains(reason) == true
        }
    }

    // MARK: Semantic sessions

    static func events(_ settings: SessionSettings, count: Int) -> [TraceEvent] {
        Array(SyntheticSession(settings, eventCount: count))
    }

    @Test func aSessionHasExactlyTheEventsAskedForAndTheSameSeedGivesTheSameSession() {
        let settings = SessionSettings(photoCount: 500, seed: 11)
        let first = Self.events(settings, count: 2000)
        #expect(first.count == 2000)
        #expect(first == Self.events(settings, count: 2000))
        #expect(first != Self.events(SessionSettings(photoCount: 500, seed: 12), count: 2000))
        // Times never decrease.
        let times = first.compactMap(\.t)
        #expect(times.count == 2000 && zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test(arguments: [0, 1, 7, 300, 100_000])
    func aSyntheticUserOnlyDoesWhatTheAppAllows(photos: Int) {
        // Targets are photos on screen, sheets are dismissed before the grid is touched,
        // Delete, Move and Share always have something chosen, and the library never brings a
        // photo twice: nothing is ever rejected.
        let settings = SessionSettings(photoCount: photos, seed: UInt64(photos) + 1)
        var engine = FastEngine(configuration: GridConfiguration(photos: .count(photos)))
        var names: Set<EventName> = []
        for traceEvent in SyntheticSession(settings, eventCount: 3000) {
            let step = engine.apply(traceEvent.event)
            names.insert(traceEvent.event.name)
            #expect(step.outcome.reason == nil, "\(traceEvent.event.summary): \(step.outcome)")
        }
        #expect(names.isSuperset(of: [.tap, .longPress, .delete, .libraryChanged, .selectAll, .done, .back]))
    }

    @Test func theMixDecidesWhatHappens() {
        let syncs = Self.events(SessionSettings(photoCount: 50, mix: WorkloadMix([.sync: 1]), seed: 3), count: 500)
        #expect(syncs.allSatisfy { $0.event.name == .libraryChanged })
        let browsing = Self.events(SessionSettings(photoCount: 50, mix: WorkloadMix([.open: 1]), seed: 3), count: 500)
        #expect(Set(browsing.map(\.event.name)) == [.tap, .back])
        // Gestures that need the selection mode get there first, as a person would.
        let deletes = Self.events(
            SessionSettings(photoCount: 5000, mix: WorkloadMix([.delete: 1]), seed: 3), count: 300)
        #expect(Set(deletes.map(\.event.name)).isSubset(of: [.longPress, .select, .tap, .delete]))
    }

    /// The grid's size at every event of a session, as a replay of its trace meets it, and
    /// the chosen photos its library changes removed, as the replay's chosen count falls.
    static func replayedGridSizes(_ settings: SessionSettings, count: Int) -> (GridSizeRange, [TraceEvent]) {
        var session = SyntheticSession(settings, eventCount: count)
        var engine = FastEngine(configuration: session.header.configuration)
        var replayed = GridSizeRange()
        var events: [TraceEvent] = []
        while let traceEvent = session.next() {
            replayed.record(engine.photoCount)
            let chosenBefore = engine.chosenCount
            _ = engine.apply(traceEvent.event)
            if case .libraryChanged = traceEvent.event {
                replayed.pruning.recordLibraryChange(chosenBefore: chosenBefore, chosenAfter: engine.chosenCount)
            }
            events.append(traceEvent)
        }
        #expect(session.gridSizes.summary == replayed.summary, "the session's own count is a replay's")
        return (replayed, events)
    }

    @Test(arguments: WorkloadMix.presets.map(\.name))
    func everyPresetKeepsItsLibrary(preset: String) throws {
        let mix = try #require(WorkloadMix.presets.first { $0.name == preset }?.mix)
        for (photos, seed, events) in [(1_000, 5, 10_000), (10_000, 7, 2_500)] {
            let settings = SessionSettings(photoCount: photos, mix: mix, seed: UInt64(seed))
            let (sizes, _) = Self.replayedGridSizes(settings, count: events)
            let summary = try #require(sizes.summary)
            #expect(summary.stays(within: 0.9, 1.1, of: photos), "\(preset) over \(photos): \(summary)")
        }
    }

    @Test func aSessionOverAMillionPhotosPrunesItsSelectionAndKeepsItsLibrary() throws {
        // Syncs drawing only from the whole grid would almost never meet a chosen photo here.
        let settings = SessionSettings(photoCount: 1_000_000, seed: 5)
        let (sizes, _) = Self.replayedGridSizes(settings, count: 3_000)
        let summary = try #require(sizes.summary)
        #expect(summary.pruning.pruningChanges > 0, "\(summary.pruning)")
        #expect(summary.pruning.chosenPhotosRemoved >= summary.pruning.pruningChanges)
        #expect(summary.pruning.chosenPhotosRemoved <= 3 * summary.pruning.pruningChanges)
        #expect(summary.stays(within: 0.9, 1.1, of: 1_000_000), "\(summary)")
    }

    @Test func theMixsPruningShareDecidesHowOftenSyncsTakeChosenPhotos() throws {
        func pruning(_ mix: String) throws -> SelectionPruning {
            let settings = SessionSettings(photoCount: 100_000, mix: try WorkloadMix(parsing: mix), seed: 8)
            return try #require(Self.replayedGridSizes(settings, count: 3_000).0.summary).pruning
        }
        let never = try pruning("syncs,prune=0")
        #expect(never.libraryChanges > 0 && never.pruningChanges == 0, "\(never)")
        let rare = try pruning("syncs,prune=0.05")
        #expect(rare.pruningChanges > 0 && rare.pruningChanges * 10 < rare.libraryChanges, "\(rare)")
        // The pruning preset's every change takes chosen photos, choosing one first if need be.
        let every = try pruning("pruning")
        #expect(every.libraryChanges > 100 && every.pruningChanges == every.libraryChanges, "\(every)")
    }

    @Test func thePruningShareParsesAndReadsBack() throws {
        #expect(WorkloadMix.default.pruningShare == WorkloadMix.defaultPruningShare)
        let tuned = try WorkloadMix(parsing: "default,prune=0.5")
        #expect(tuned.pruningShare == 0.5 && tuned[.burst] == WorkloadMix.default[.burst])
        #expect(try WorkloadMix(parsing: tuned.description) == tuned)
        // A default share is left out, so a default mix reads as it always has.
        #expect(!WorkloadMix.default.description.contains("prune"))
        #expect(try WorkloadMix(parsing: "pruning").pruningShare == 1)
        #expect(try WorkloadMix(parsing: "pruning,default").pruningShare == WorkloadMix.defaultPruningShare)
        for bad in ["default,prune=2", "default,prune=-0.1", "default,prune=x"] {
            #expect(throws: WorkloadMix.ParseError.self) { try WorkloadMix(parsing: bad) }
        }
    }

    @Test func libraryChangesHoldTheGridAgainstDeletesAndSelectAll() throws {
        // Deletes, Select all and syncs: the syncs bring back what the deletes take.
        let settings = SessionSettings(
            photoCount: 1000, mix: WorkloadMix([.sync: 1, .burst: 3, .delete: 3, .selectAll: 1, .drag: 2]), seed: 5)
        let (sizes, events) = Self.replayedGridSizes(settings, count: 10_000)
        let summary = try #require(sizes.summary)
        #expect(summary.stays(within: 0.9, 1.1, of: 1000), "\(summary)")
        #expect(events.contains { $0.event.name == .selectAll } && events.contains { $0.event.name == .delete })
    }

    @Test(arguments: [1_000, 100_000])
    func aDeleteTakesTheHandfulAPersonChose(photos: Int) {
        // Select all, bursts and drags choose many photos; a Delete takes at most a handful.
        let handful = SessionModel.deleteHandful(photoCount: photos)
        #expect(handful == min(24, photos / 100))
        let settings = SessionSettings(
            photoCount: photos, mix: WorkloadMix([.selectAll: 2, .burst: 4, .drag: 2, .delete: 3, .sync: 1]), seed: 9)
        var engine = FastEngine(configuration: GridConfiguration(photos: .count(photos)))
        var deletes = 0
        var afterSelectAll: [EventName] = []
        var previous: EventName?
        for traceEvent in SyntheticSession(settings, eventCount: 4_000) {
            let step = engine.apply(traceEvent.event)
            if previous == .selectAll { afterSelectAll.append(traceEvent.event.name) }
            previous = traceEvent.event.name
            guard case .deleted(let gone)? = step.effects.first else { continue }
            deletes += 1
            #expect(gone.count <= handful, "a delete of \(gone.count) photos")
        }
        #expect(deletes > 25)
        // What people do with a whole library chosen: deselect it or leave.
        #expect(Set(afterSelectAll).isSubset(of: [.deselectAll, .done, .back]), "\(Set(afterSelectAll))")
        #expect(Set(afterSelectAll).isSuperset(of: [.deselectAll, .done]))
    }

    @Test func anAlbumChosenWholeIsSharedMovedOrDeleted() {
        // Everything chosen is at most `bulkActionLimit` photos: it may be shared or moved,
        // and a handful deleted.
        let photos = SessionModel.bulkActionLimit
        let settings = SessionSettings(photoCount: photos, mix: WorkloadMix([.selectAll: 3, .sync: 1]), seed: 4)
        var afterSelectAll: Set<EventName> = []
        var previous: EventName?
        for traceEvent in SyntheticSession(settings, eventCount: 3_000) {
            if previous == .selectAll { afterSelectAll.insert(traceEvent.event.name) }
            previous = traceEvent.event.name
        }
        #expect(afterSelectAll.isSuperset(of: [.share, .move, .deselectAll, .done]), "\(afterSelectAll)")
        #expect(afterSelectAll.isSubset(of: [.share, .edit, .move, .deselectAll, .done, .back, .delete]))
    }

    @Test func deleteAllEmptiesTheLibraryWhenTheMixAsksForIt() throws {
        #expect(WorkloadMix.presets.allSatisfy { $0.mix[.deleteAll] == 0 })
        let settings = SessionSettings(photoCount: 1000, mix: WorkloadMix([.deleteAll: 1, .burst: 2]), seed: 3)
        let (sizes, events) = Self.replayedGridSizes(settings, count: 200)
        #expect(try #require(sizes.summary).smallest == 0)
        #expect(events.contains { $0.event.name == .delete })
        #expect(try WorkloadMix(parsing: "default,deleteAll=0.1")[.deleteAll] == 0.1)
    }

    @Test func aGridSizeRangeCountsEveryEventInRuns() throws {
        var sizes = GridSizeRange()
        #expect(sizes.summary == nil)
        for size in [5, 5, 5, 3, 3, 9, 5, 1, 5] { sizes.record(size) }
        let summary = try #require(sizes.summary)
        // Sorted: 1 3 3 5 5 5 5 5 9; the lower median is the fifth.
        #expect(summary == GridSizeRange.Summary(smallest: 1, median: 5, largest: 9, events: 9))
        #expect(GridSizeRange([4, 2]).summary?.median == 2)
        #expect(summary.description == "smallest 1, median 5, largest 9 photos")
        #expect(GridSizeRange.Summary.grouped(1_000_004) == "1,000,004" && GridSizeRange.Summary.grouped(999) == "999")
        #expect(summary.stays(within: 0.9, 1.1, of: 5) == false)
        #expect(GridSizeRange([950, 1_000, 1_100]).summary!.stays(within: 0.9, 1.1, of: 1_000))
        #expect(!GridSizeRange([899, 1_000]).summary!.stays(within: 0.9, 1.1, of: 1_000))
    }

    @Test(arguments: [0, 1, 2, 50])
    func sessionsThatEmptyTheGridKeepGoing(photos: Int) {
        // deleteAll empties the grid; library changes then name photos already gone and insert
        // into an empty grid. Many seeds, so the rare draws happen.
        let mix = WorkloadMix([.deleteAll: 2, .delete: 2, .sync: 3, .burst: 1, .open: 1])
        for seed in 0..<40 {
            var engine = FastEngine(configuration: GridConfiguration(photos: .count(photos)))
            for traceEvent in SyntheticSession(
                SessionSettings(photoCount: photos, mix: mix, seed: UInt64(seed)), eventCount: 400)
            {
                #expect(engine.apply(traceEvent.event).outcome.reason == nil)
            }
        }
    }

    @Test(arguments: [0, 3, 40, 2000])
    func theModelsOneEngineIsInTheStateAReplayReaches(photos: Int) {
        // The model keeps Share, Edit and Move from its engine, deletes through a library
        // change and drags with taps: after every event, its grid, selection, mode and sheet
        // are a replay's.
        let mix = WorkloadMix([
            .share: 3, .move: 2, .delete: 2, .selectAll: 2, .burst: 3, .sync: 2, .done: 1, .open: 1, .drag: 3,
        ])
        for seed in 0..<8 {
            let configuration = GridConfiguration(photos: .count(photos))
            var model = SessionModel(configuration: configuration, setup: .phone, mix: mix, seed: UInt64(seed))
            var replay = FastEngine(configuration: configuration)
            var events = 0
            while events < 1500 {
                guard let event = model.next().event else { continue }
                events += 1
                _ = replay.apply(event.event)
                #expect(model.sheet == replay.sheet, "seed \(seed), event \(events)")
                #expect(model.mode == replay.mode, "seed \(seed), event \(events)")
                #expect(model.chosenCount == replay.chosenCount, "seed \(seed), event \(events)")
                if events % 97 == 0 || events == 1500 {
                    #expect(model.photos == replay.photos, "seed \(seed), event \(events)")
                    #expect(model.chosenPhotos == replay.chosenPhotos, "seed \(seed), event \(events)")
                }
            }
        }
    }

    @Test(arguments: ["semantic", "pointer"])
    func aSessionWrittenToASinkIsItsLines(layer: String) throws {
        let settings = SessionSettings(photoCount: 300, mix: WorkloadMix([.burst: 2, .sync: 2, .share: 1]), seed: 9)
        var sink = MemoryByteSink()
        var progress: [Int] = []
        let lines: [String]
        if layer == "semantic" {
            var session = SyntheticSession(settings, eventCount: 10_000)
            lines = [TextTraceEncoding.line(for: session.header)] + Array(session).map { TextTraceEncoding.line(for: $0) }
            session = SyntheticSession(settings, eventCount: 10_000)
            #expect(try session.write(to: &sink) { events, _ in progress.append(events) } == sink.bytes.count)
            #expect(progress == [4096, 8192])
        } else {
            lines = Array(SyntheticPointerSession(settings, eventCount: 500))
            var session = SyntheticPointerSession(settings, eventCount: 500)
            try session.write(to: &sink)
        }
        #expect(sink.bytes == Array(lines.map { $0 + "\n" }.joined().utf8))
    }

    @Test func sessionsAreStreamedNotBuilt() {
        // Ten million events on ten million photos: only the first few are made.
        let session = SyntheticSession(SessionSettings(photoCount: 10_000_000, seed: 1), eventCount: 10_000_000)
        #expect(Array(session.prefix(5)).count == 5)
    }

    // MARK: Two layers

    static func derive(_ lines: some Sequence<String>) throws -> PointerDerivation {
        var reader = try PointerTraceReader(text: lines.map { $0 + "\n" }.joined())
        return try PointerReplay.derive(&reader)
    }

    @Test(arguments: [
        (0, 393.0, 852.0), (1, 393.0, 852.0), (40, 393.0, 852.0), (2000, 393.0, 852.0), (2000, 100.0, 60.0),
        (2000, 1366.0, 1024.0),
    ])
    func thePointerLayerResolvesToTheSemanticSessionOfTheSameSeed(photos: Int, width: Double, height: Double) throws {
        let settings = SessionSettings(
            photoCount: photos,
            setup: PointerSetup(viewport: GridViewport(size: ViewportSize(width: width, height: height))),
            mix: try WorkloadMix(parsing: "default,rotate=1,scroll=6"), seed: UInt64(photos) * 31 + 7)
        var pointer = SyntheticPointerSession(settings, eventCount: 1500)
        var lines: [String] = []
        while let line = pointer.next() { lines.append(line) }
        #expect(pointer.divergences == 0)
        #expect(lines.count == 1501)
        let semantic = Self.events(settings, count: 1500)
        let derivation = try Self.derive(lines)
        #expect(derivation.mismatches.isEmpty)
        #expect(derivation.events == semantic)
        // And read as a plain version 1 trace, it is the same session too.
        #expect(try Trace(text: lines.map { $0 + "\n" }.joined()).events == semantic)
    }

    @Test func thePointerLayerHasStrayTouchesScrollsAndRotationsThatResolveToNothing() throws {
        let settings = SessionSettings(photoCount: 3000, mix: try WorkloadMix(parsing: "default,rotate=2"), seed: 99)
        var reader = try PointerTraceReader(
            text: SyntheticPointerSession(settings, eventCount: 3000).map { $0 + "\n" }.joined())
        let samples = try reader.readAll().flatMap { ($0.input ?? []) + ($0.inputAfter ?? []) }
        #expect(samples.contains { $0.input.pointer == 1 })  // a second finger
        #expect(samples.contains { if case .scroll = $0.input { true } else { false } })
        #expect(samples.contains { if case .viewport = $0.input { true } else { false } })
    }

    // MARK: Drags

    @Test(arguments: [1, 7, 300, 100_000])
    func dragsSweepRowsAndColumnsAndAreNeverRefused(photos: Int) {
        let settings = SessionSettings(photoCount: photos, mix: .selecting, seed: UInt64(photos) + 3)
        var engine = FastEngine(configuration: GridConfiguration(photos: .count(photos)))
        var moves = 0
        var steps: Set<Int> = []  // how far each dragMoved goes in the grid, on the small grids
        var last: String?
        for traceEvent in SyntheticSession(settings, eventCount: 3000) {
            let wasDragging = engine.isDragging
            let step = engine.apply(traceEvent.event)
            #expect(step.outcome.reason == nil, "\(traceEvent.event.summary): \(step.outcome)")
            switch traceEvent.event {
            case .dragBegan(let photo):
                #expect(!wasDragging)
                last = photo
            case .dragMoved(let photo):
                #expect(wasDragging)
                moves += 1
                if photos <= 300, let last, let from = engine.photos.firstIndex(of: last),
                    let to = engine.photos.firstIndex(of: photo)
                {
                    steps.insert(abs(to - from))
                }
                last = photo
            case .dragEnded:
                #expect(wasDragging, "a drag ends only what began")
            default:
                #expect(!wasDragging, "nothing else happens while a finger drags")
            }
        }
        if photos > 1 { #expect(moves > 50) }
        // One cell at a time: sideways along a row, or down or up a row (3 columns on a phone).
        if photos == 300 { #expect(steps == [1, 3]) }
    }

    @Test(arguments: [(1, 393.0, 852.0), (2000, 393.0, 852.0), (2000, 100.0, 60.0), (2000, 1366.0, 1024.0)])
    func aDragSessionsPointerLayerResolvesToItsSemanticLayer(photos: Int, width: Double, height: Double) throws {
        let settings = SessionSettings(
            photoCount: photos,
            setup: PointerSetup(viewport: GridViewport(size: ViewportSize(width: width, height: height))),
            mix: try WorkloadMix(parsing: "selecting,drag=8,rotate=1"), seed: UInt64(photos) + 17)
        let semantic = try Self.checkTwoLayers(settings, count: 1500)
        #expect(semantic.contains { $0.event.name == .dragMoved })
    }

    /// Generates both layers of a session: the pointer layer must resolve, line for line, to
    /// the semantic layer of the same seed, which is returned.
    static func checkTwoLayers(_ settings: SessionSettings, count: Int) throws -> [TraceEvent] {
        var pointer = SyntheticPointerSession(settings, eventCount: count)
        var lines: [String] = []
        while let line = pointer.next() { lines.append(line) }
        #expect(pointer.divergences == 0)
        let semantic = Self.events(settings, count: count)
        let derivation = try Self.derive(lines)
        #expect(derivation.mismatches.isEmpty)
        #expect(derivation.events == semantic)
        #expect(derivation.header.limit == settings.limit)
        return semantic
    }

    // MARK: A limit: the tray

    @Test(arguments: [3, 300, 100_000])
    func withALimitTheUserMakesRoomInTheTrayAndNeverOverfillsIt(photos: Int) {
        let settings = SessionSettings(photoCount: photos, mix: .selecting, seed: UInt64(photos) + 5, limit: 4)
        var engine = FastEngine(configuration: GridConfiguration(photos: .count(photos), limit: 4))
        var names: Set<EventName> = []
        for traceEvent in SyntheticSession(settings, eventCount: 3000) {
            let step = engine.apply(traceEvent.event)
            names.insert(traceEvent.event.name)
            #expect(engine.chosenCount <= 4)
            // Only a drag that runs into the full tray is refused, as the app refuses it.
            if let reason = step.outcome.reason {
                #expect(reason == .limitReached && traceEvent.event.name == .dragMoved, "\(traceEvent.event.summary)")
            }
        }
        #expect(names.contains(.removeFromTray))
        if photos > 4 {
            #expect(!names.contains(.selectAll), "Select all cannot fit the tray, so the user never presses it")
        }
    }

    @Test func withALimitThePointerLayerResolvesToTheSemanticLayer() throws {
        let settings = SessionSettings(
            photoCount: 2000, mix: try WorkloadMix(parsing: "selecting,drag=6"), seed: 23, limit: 5)
        let semantic = try Self.checkTwoLayers(settings, count: 1500)
        #expect(semantic.contains { $0.event.name == .removeFromTray })
    }
}
