import Foundation
@testable import PropertyTesting
import SeededRandom
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace
import TestSupport
import Testing

enum RegressionTraces {
    static let folder = "Traces/regressions"
    static let directory = PackageRoot.appending(folder)

    /// Every trace of the folder; throws when it is missing or holds none (a trace stays there
    /// for good once written).
    static func paths() throws -> [String] { try FixtureFolder.paths(in: folder, suffix: ".jsonl") }
}

/// The properties on every regression trace first, then on generated cases.
/// `GRIDSIM_PROPERTY_SCALE=100` runs 100 times more cases; `GRIDSIM_PROPERTY_SEED` fixes the seed.
@Suite("Properties", .serialized)
struct PropertyTests {
    @Test func regressionTracesThenGeneratedCases() throws {
        for path in try RegressionTraces.paths() {
            let trace = try Trace(contentsOfFile: path)
            for failure in PropertyRunner.check(trace) {
                Issue.record("\(path): \(failure)")
            }
        }
        let runner = PropertyRunner(cases: PropertyRunner.scaledCases(), seed: PropertyRunner.seedFromEnvironment())
        guard let counterexample = runner.run() else { return }
        let written = try? PropertyRunner.writeRegression(counterexample, to: RegressionTraces.directory.path)
        Issue.record(
            """
            \(counterexample.failure)
            seed \(PropertyRunner.format(seed: counterexample.caseSeed)); reproduce: \(counterexample.reproduction)
            shrunk to \(counterexample.shrunk.events.count) events\(written.map { ", written to \($0)" } ?? "")
            """)
    }

    @Test func aCaseIsDeterminedByItsSeed() {
        let generator = TraceGenerator()
        let runner = PropertyRunner(cases: 50, seed: 42)
        for index in 0..<50 {
            #expect(generator.trace(seed: runner.caseSeed(index)) == generator.trace(seed: runner.caseSeed(index)))
        }
        #expect(generator.trace(seed: 1) != generator.trace(seed: 2))
    }

    @Test func generatorCoversTheInterestingCases() {
        let generator = TraceGenerator()
        var sizes = Set<Int>()
        var seen = Set<String>()
        for seed in 0..<400 as Range<UInt64> {
            let trace = generator.trace(seed: seed)
            sizes.insert(trace.header.photos.count)
            var model = ReferenceModel(configuration: trace.header.configuration)
            var lastDelete: Set<PhotoID> = []
            for traceEvent in trace.events {
                let chosenBefore = Set(model.chosenPhotos)
                let sheetBefore = model.sheet
                let draggingBefore = model.isDragging
                let step = model.apply(traceEvent.event)
                seen.formUnion(Self.sectionSixCases(traceEvent.event, step, draggingBefore: draggingBefore))
                if case .longPress(let p) = traceEvent.event, lastDelete.contains(p) {
                    seen.insert("long press right after Delete on a deleted photo")
                }
                lastDelete = []
                if case .deleted(let photos) = step.action { lastDelete = Set(photos) }
                if case .longPress(let p) = traceEvent.event, chosenBefore.contains(p) { seen.insert("long press on a chosen photo") }
                if step.outcome == .rejected(.unknownPhoto) { seen.insert("unknown photo") }
                if step.outcome == .rejected(.duplicatePhoto) { seen.insert("duplicate insertion") }
                if step.outcome == .rejected(.limitReached) { seen.insert("limit reached") }
                if sheetBefore != nil { seen.insert("event under a sheet") }
                if case .libraryChanged(let removed, _) = traceEvent.event, !chosenBefore.isDisjoint(with: removed) {
                    seen.insert("chosen photo disappears")
                }
            }
        }
        #expect(sizes.contains(0) && sizes.contains(1) && sizes.contains(10_000))
        #expect(
            seen == [
                "long press on a chosen photo", "unknown photo", "duplicate insertion", "limit reached",
                "event under a sheet", "chosen photo disappears", "long press right after Delete on a deleted photo",
                "tray removal applied", "tray removal refused", "drag begun", "drag ended", "move ignored",
                "move onto an unknown photo", "limit keeps a photo out of a drag", "another event ends a drag",
                "a second drag begins during one", "a library change during a drag",
            ])
    }

    static func sectionSixCases(_ event: Event, _ step: Step, draggingBefore: Bool) -> Set<String> {
        var seen = Set<String>()
        switch (event, step.outcome) {
        case (.removeFromTray, .applied): seen.insert("tray removal applied")
        case (.removeFromTray, .rejected(.notInTray)): seen.insert("tray removal refused")
        case (.dragBegan, .applied): seen.insert(draggingBefore ? "a second drag begins during one" : "drag begun")
        case (.dragEnded, .applied): seen.insert("drag ended")
        case (.dragMoved, .ignored): seen.insert("move ignored")
        case (.dragMoved, .rejected(.unknownPhoto)): seen.insert("move onto an unknown photo")
        case (.dragMoved, .rejected(.limitReached)): seen.insert("limit keeps a photo out of a drag")
        default: break
        }
        if draggingBefore {
            switch event {
            case .dragMoved, .dragEnded, .dragBegan: break
            case .libraryChanged: seen.insert("a library change during a drag")
            default: seen.insert("another event ends a drag")
            }
        }
        return seen
    }

    /// A drag burst sweeps back and forth: across its anchor, one way then the other.
    @Test func dragsSweepPastTheAnchorBothWays() {
        var crossings = 0
        var longest = 0
        for seed in 0..<300 as Range<UInt64> {
            let trace = TraceGenerator().trace(seed: seed)
            var model = ReferenceModel(configuration: trace.header.configuration)
            var anchor: Int?
            var side = 0
            var moves = 0
            for traceEvent in trace.events {
                if case .dragMoved(let p) = traceEvent.event, model.isDragging, let anchor,
                    let position = model.photos.firstIndex(of: p), position != anchor
                {
                    let now = position > anchor ? 1 : -1
                    if side != 0 && now != side { crossings += 1 }
                    side = now
                    moves += 1
                    longest = max(longest, moves)
                }
                _ = model.apply(traceEvent.event)
                if case .dragBegan(let p) = traceEvent.event, model.isDragging {
                    anchor = model.photos.firstIndex(of: p)
                    side = 0
                    moves = 0
                }
            }
        }
        #expect(crossings >= 50)
        #expect(longest >= 10)
    }

    /// An engine that does not handle some events gets traces without them.
    @Test func excludedEventsAreNeverGenerated() {
        let excluded: Set<EventName> = [.dragBegan, .dragMoved, .dragEnded, .removeFromTray]
        let generator = TraceGenerator(excluding: excluded)
        var events = 0
        for seed in 0..<300 as Range<UInt64> {
            let trace = generator.trace(seed: seed)
            events += trace.events.count
            #expect(trace.events.allSatisfy { !excluded.contains($0.event.name) })
        }
        #expect(events > 300 * 20)
        let everythingButTaps = TraceGenerator(excluding: Set(EventName.allCases).subtracting([.tap]))
        for seed in 0..<50 as Range<UInt64> {
            #expect(everythingButTaps.trace(seed: seed).events.allSatisfy { $0.event.name == .tap })
        }
        #expect(TraceGenerator(excluding: Set(EventName.allCases)).trace(seed: 1).events.isEmpty)
    }

    /// Shrinking a failure that needs a drag keeps the drag's begin and the move that matters,
    /// and renames the photos of every kind of event.
    @Test func shrinkerShrinksDragsAsDragsAndRenamesTheirPhotos() {
        let ids = ["photo-a", "photo-b", "photo-c", "photo-d", "photo-e"]
        // Fails when a drag that began on photo-b reaches photo-d without ending first (the
        // shrinker may rename them b and d).
        let fails: (Trace) -> Bool = { trace in
            var dragAnchor: PhotoID?
            for event in trace.events.map(\.event) {
                switch event {
                case .dragBegan(let p): dragAnchor = p
                case .dragMoved(let p):
                    if p == "photo-d" || p == "d", dragAnchor == "photo-b" || dragAnchor == "b" { return true }
                case .dragEnded: dragAnchor = nil
                default: break
                }
            }
            return false
        }
        let events: [Event] = [
            .longPress("photo-a"), .dragBegan("photo-e"), .dragMoved("photo-d"), .dragEnded, .dragBegan("photo-b"),
            .dragMoved("photo-c"), .dragMoved("photo-e"), .dragMoved("photo-d"), .dragEnded, .removeFromTray("photo-a"),
        ]
        let trace = Trace(header: TraceHeader(photos: .ids(ids), limit: 3), events: events.map { TraceEvent($0) })
        #expect(fails(trace))
        var shrinker = Shrinker(stillFails: fails)
        let shrunk = shrinker.shrink(trace)
        #expect(shrunk.events.map(\.event.name) == [.dragBegan, .dragMoved], "\(shrunk.text)")
        let renamed = Shrinker.renamedShorter(trace)!
        #expect(renamed.events.map(\.event) == [
            .longPress("a"), .dragBegan("e"), .dragMoved("d"), .dragEnded, .dragBegan("b"), .dragMoved("c"),
            .dragMoved("e"), .dragMoved("d"), .dragEnded, .removeFromTray("a"),
        ])
        #expect(Shrinker.dragBurst(startingAt: 4, in: trace.events) == 4..<9)
        #expect(Shrinker.dragBurst(startingAt: 1, in: Array(trace.events.prefix(3))) == 1..<3)
    }

    @Test func xoshiroIsDeterministicAndSplitsIntoIndependentStreams() {
        var a = Xoshiro256(seed: 7)
        var b = Xoshiro256(seed: 7)
        #expect((0..<100).map { _ in a.next() } == (0..<100).map { _ in b.next() })
        var parent = Xoshiro256(seed: 7)
        var child = parent.split()
        #expect((0..<10).map { _ in parent.next() } != (0..<10).map { _ in child.next() })
    }

    /// Every seeded stream of the project (sessions, property traces, workloads, PhotoKit ids,
    /// randomised tests) comes from these two: their first words, computed independently
    /// from the published algorithms, pin them so that no seed's output can drift.
    @Test func theGeneratorsGiveThePublishedSequences() {
        var splitMix = SplitMix64(seed: 7)
        #expect((0..<3).map { _ in splitMix.next() } == [0x63CB_E1E4_5932_0DD7, 0x044C_3CD7_F43C_661C, 0xE698_4080_BAB1_2A02])
        var xoshiro = Xoshiro256(seed: 7)
        #expect((0..<3).map { _ in xoshiro.next() } == [0xB358_FAF7_4EF9_765A, 0x475C_3D96_4F48_2CD2, 0xD6F1_D349_952C_7996])
    }

    @Test func shrinkerFindsTheSmallestFailingTrace() {
        // Fails whenever a tap on "3" follows a long press on anything.
        let fails: (Trace) -> Bool = { trace in
            guard let press = trace.events.firstIndex(where: { if case .longPress = $0.event { true } else { false } })
            else { return false }
            return trace.events[press...].contains { $0.event == .tap("3") }
        }
        var events = (0..<40).map { TraceEvent(t: $0, .tap(String($0 % 7))) }
        events.insert(TraceEvent(t: 5, .longPress("1")), at: 6)
        events.append(TraceEvent(t: 99, .libraryChanged(removed: ["1", "2"], inserted: [Insertion(photo: "x", at: 4)])))
        let trace = Trace(header: TraceHeader(photos: .count(50), limit: 3, reduceMotion: true), events: events)
        #expect(fails(trace))
        var shrinker = Shrinker(stillFails: fails)
        let shrunk = shrinker.shrink(trace)
        #expect(shrunk.events.map(\.event) == [.longPress("1"), .tap("3")])
        // The failure needs no photo at all: unknown photos still make the events.
        #expect(shrunk.header == TraceHeader(photos: .count(0)))
    }

    @Test func checkReportsEveryPropertyOnTheSeedTraces() throws {
        let paths = try FixtureFolder.paths(in: "Traces", suffix: ".jsonl")
        #expect(paths.count >= 6)
        for path in paths {
            let trace = try Trace(contentsOfFile: path)
            #expect(PropertyRunner.check(trace) == [], "\(path)")
        }
    }
}
