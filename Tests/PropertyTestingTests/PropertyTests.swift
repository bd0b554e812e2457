import Foundation
import PropertyTesting
import SeededRandom
import SelectionCore
import SelectionTrace
import Testing

enum RegressionTraces {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Traces/regressions")

    static var paths: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".jsonl") }.sorted().map { directory.appendingPathComponent($0).path }
    }
}

/// The properties on every regression trace first, then on generated cases.
/// `GRIDSIM_PROPERTY_SCALE=100` runs 100 times more cases; `GRIDSIM_PROPERTY_SEED` fixes the seed.
@Suite("Properties", .serialized)
struct PropertyTests {
    @Test func regressionTracesThenGeneratedCases() throws {
        for path in RegressionTraces.paths {
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
            for traceEvent in trace.events {
                let chosenBefore = Set(model.selectedPhotos)
                let sheetBefore = model.sheet
                let step = model.apply(traceEvent.event)
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
                "event under a sheet", "chosen photo disappears",
            ])
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
        let traces = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Traces")
        for name in ["contextual-walkthrough", "grid-photos-disappear", "picker-tray-limit"] {
            let trace = try Trace(contentsOfFile: traces.appendingPathComponent("\(name).jsonl").path)
            #expect(PropertyRunner.check(trace) == [])
        }
    }
}

/// Bugs planted in a copy of the engine: the property run must find each and shrink it small.
@Suite("Planted bugs")
struct PlantedBugTests {
    func findAndShrink<Bug: PlantedBug>(_ bug: Bug.Type) throws {
        let runner = PropertyRunner(
            properties: Properties.all(candidate: Mutant<Bug>.self),
            generator: TraceGenerator(maximumPhotos: 300, maximumEvents: 60), cases: 2_000, seed: 2026)
        let counterexample = try #require(runner.run(), "the properties missed \(Bug.self)")
        #expect(["invariants", "engines-agree"].contains(counterexample.failure.property))
        #expect(counterexample.shrunk.events.count <= 6, "\(counterexample.shrunk.text)")
        #expect(counterexample.shrunk.events.count < counterexample.original.events.count || counterexample.original.events.count <= 6)
    }

    @Test func selectAllIgnoringTheLimitIsFound() throws {
        try findAndShrink(SelectAllIgnoresLimit.self)
    }

    @Test func pruningSkippedWhenALibraryChangeAlsoInsertsIsFound() throws {
        try findAndShrink(PruningSkippedWhenInserting.self)
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
                    #expect(mutant.selectedCount == photos)
                    #expect(mutant.picks.count == photos)
                } else {
                    #expect(actual == expected)
                    #expect(mutant.selectedPhotos == engine.selectedPhotos)
                    #expect(mutant.picks == engine.picks)
                }
            }
        }
    }

    /// The command line passes `GRIDSIM_PLANTED_BUG` in: a bug's name plants it, anything
    /// else leaves the fast engine as it is.
    @Test func plantedBugsAreChosenByName() {
        #expect(PlantedBugs.named("select-all-ignores-limit")?.name == SelectAllIgnoresLimit.name)
        #expect(PlantedBugs.named("pruning-skipped-when-inserting")?.name == PruningSkippedWhenInserting.name)
        #expect(PlantedBugs.named(nil) == nil)
        #expect(PlantedBugs.named("") == nil)
        let trace = Trace(
            header: TraceHeader(photos: .count(5), limit: 2), events: [TraceEvent(.select), TraceEvent(.selectAll)])
        #expect(TraceCheck.failures(trace, properties: Properties.all(plantedBug: nil)).isEmpty)
        #expect(TraceCheck.failures(trace, properties: Properties.all(plantedBug: "no-such-bug")).isEmpty)
        #expect(!TraceCheck.failures(trace, properties: Properties.all(plantedBug: SelectAllIgnoresLimit.name)).isEmpty)
    }
}
