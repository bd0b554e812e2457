import BenchmarkKit
import SeededRandom
@_spi(GridSimInternals) import SelectionCore

/// Toggle latency: taps while selecting, reported per tap, in two patterns: taps anywhere in
/// the grid (uniformly random: every tap a cache miss on a large grid, the worst case) and
/// taps near each other (`nearby`: runs of taps within 200 photos of a point that jumps
/// between runs, as a person taps the photos on screen; the replay suite's trace does the same).
///
/// Latency is timed in batches of 64 taps and divided by 64 (the clock's ~20 ns overhead is
/// subtracted per batch first), so a percentile here is a percentile of 64-tap batch means:
/// it shows slow stretches, not a single slow tap. A per-tap clock would cost ten times a
/// bitset toggle and measure mostly itself.
///
/// Each subject's turn in a round starts with an untimed pass over the taps it is about to
/// time, done twice so that the selection is unchanged (`tapWarmUp`). Otherwise, on a large
/// grid, the turn before it (the reference model walks 400 MB at 10M photos) has evicted its
/// state, and the case times main-memory latency: some 30 ns a toggle for the plain bitset at 10M
/// random taps, where a toggle in cache takes a few.
enum ToggleSuite: BenchmarkSuite {
    static let name = "toggle"
    static let summary = "tap events into a selecting state; latency per tap (batches of 64)"
    static let tapsPerSample = 64

    /// The tap sequence, shared by every subject: 65,536 photos, replayed cyclically.
    final class Fixture {
        let photoCount: Int
        let tapSlots: [Int32]
        private(set) lazy var tapIDs: [String] = tapSlots.map { PhotoNaming.id(ofSlot: Int($0)) }
        private(set) lazy var tapEvents: [Event] = tapIDs.map { Event.tap($0) }

        /// Uniformly random photos, or runs of 1 to 80 taps within 200 photos of a random point.
        init(photoCount: Int, nearby: Bool) {
            self.photoCount = photoCount
            guard nearby else {
                var random = SplitMix64(workload: ToggleSuite.name, size: photoCount)
                tapSlots = (0..<Fixture.sequenceLength).map { _ in Int32(random.int(below: photoCount)) }
                return
            }
            var random = SplitMix64(workload: ToggleSuite.name + "-nearby", size: photoCount)
            var taps: [Int32] = []
            taps.reserveCapacity(Fixture.sequenceLength + 80)
            while taps.count < Fixture.sequenceLength {
                let anchor = random.int(below: photoCount)
                for _ in 0...random.int(below: 80) {
                    taps.append(Int32(min(max(anchor + random.int(below: 401) - 200, 0), photoCount - 1)))
                }
            }
            tapSlots = Array(taps.prefix(Fixture.sequenceLength))
        }

        /// A power of two, so that the cursor wraps with a mask.
        static let sequenceLength = 1 << 16
        static let mask = sequenceLength - 1
        /// Every subject starts selecting with this photo chosen (a long press on it).
        static let firstSlot = 0
    }

    /// A selection and where it is in the tap sequence.
    struct TapState<Selection> {
        var selection: Selection
        var cursor = 0
    }

    /// The warm-up of a tap subject: the next `operations` taps, performed twice, so that every
    /// photo is tapped an even number of times and the selection is as it was; then the cursor
    /// is put back, so that the round times those same taps with their memory in cache.
    static func tapWarmUp<Selection>(
        _ state: StateBox<TapState<Selection>>, _ perform: @escaping (Int) -> Void
    ) -> (Int) -> Void {
        { operations in
            let start = state.value.cursor
            for _ in 0..<2 {
                state.value.cursor = start
                perform(operations)
            }
            state.value.cursor = start
        }
    }

    /// A tap subject's prepared operation: `perform`, its warm-up and its result.
    static func tapOperation<Selection>(
        _ state: StateBox<TapState<Selection>>, perform: @escaping (Int) -> Void,
        resetBeforeSample: (() -> Void)? = nil, result: @escaping () -> ResultFingerprint?
    ) -> PreparedOperation {
        PreparedOperation(
            perform: perform, resetBeforeSample: resetBeforeSample,
            warmUpBeforeRound: tapWarmUp(state, perform), result: result)
    }

    /// The subjects, one entry each. The chunked engine goes here as
    /// `engineTaps(ChunkedEngine.self, name: "chunked bitmap", role: .engine)` or as a subject
    /// of its own.
    static func subjects(context: SuiteContext) -> [Subject<Fixture>] {
        [
            // A tap of the reference model hashes the id (O(1)) but a deselect scans its picks
            // (O(selected)); the taps here keep the selection under 65,536, so it runs at
            // every size.
            engineTaps(ReferenceModel.self, name: "ReferenceModel", role: .reference),
            fastEngineTaps(injection: context.injection),
            Subject(name: "Set<String>", role: .seed) { fixture, _ in
                let state = StateBox(TapState(selection: Set([PhotoNaming.id(ofSlot: Fixture.firstSlot)])))
                let ids = fixture.tapIDs
                return tapOperation(
                    state,
                    perform: { count in
                        state.withValue { state in
                            for _ in 0..<count {
                                let id = ids[state.cursor]
                                if state.selection.remove(id) == nil { state.selection.insert(id) }
                                state.cursor = (state.cursor + 1) & Fixture.mask
                            }
                        }
                    },
                    result: { slotsResult(state.value.selection.map(PhotoNaming.slot(of:))) })
            },
            Subject(name: "Set<Int>", role: .peer) { fixture, _ in
                let state = StateBox(TapState(selection: Set([Fixture.firstSlot])))
                let slots = fixture.tapSlots
                return tapOperation(
                    state,
                    perform: { count in
                        state.withValue { state in
                            for _ in 0..<count {
                                let slot = Int(slots[state.cursor])
                                if state.selection.remove(slot) == nil { state.selection.insert(slot) }
                                state.cursor = (state.cursor + 1) & Fixture.mask
                            }
                        }
                    },
                    result: { slotsResult(state.value.selection) })
            },
            Subject(name: "CRoaring", role: .peer) { fixture, _ in
                let state = StateBox(TapState(selection: RoaringBitmap(slots: [Fixture.firstSlot])))
                let slots = fixture.tapSlots
                return tapOperation(
                    state,
                    perform: { count in
                        state.withValue { state in
                            for _ in 0..<count {
                                state.selection.toggle(Int(slots[state.cursor]))
                                state.cursor = (state.cursor + 1) & Fixture.mask
                            }
                        }
                    },
                    result: { slotsResult(state.value.selection.slots) })
            },
            Subject(name: "bitset", role: .lowerBound) { fixture, _ in
                let state = StateBox(TapState(selection: PlainBitset(slots: [Fixture.firstSlot], slotCapacity: fixture.photoCount)))
                let slots = fixture.tapSlots
                let injection = context.injection
                return tapOperation(
                    state,
                    perform: { count in
                        state.withValue { state in
                            for _ in 0..<count {
                                state.selection.toggle(Int(slots[state.cursor]))
                                state.cursor = (state.cursor + 1) & Fixture.mask
                                injection.afterOperation(readingAgain: state.selection.words)
                            }
                        }
                    },
                    result: { slotsResult(state.value.selection.slots) })
            },
        ] + (OutsideEngine.current.isEmpty ? [kitStep] : OutsideEngine.current.map { $0.toggleSubject() })
    }

    /// The kit's per-step path with next to nothing behind it (`TrivialAdapter`): what every
    /// adopter's tap pays on top of its own code. GridSim's own runs only; a team's run
    /// measures its adapters through the same path.
    static var kitStep: Subject<Fixture> {
        engineTaps(AdapterEngine<TrivialAdapter>.self, name: kitStepName, role: .engine)
    }
    static let kitStepName = "kit step"

    /// Taps through any `SelectionEngine` (the reference model; the engine to come).
    static func engineTaps<Engine: SelectionEngine>(
        _ engine: Engine.Type, name: String, role: SubjectRole,
        skipReason: @escaping (CaseParameters) -> String? = { _ in nil }
    ) -> Subject<Fixture> {
        Subject(name: name, role: role, skipReason: skipReason) { fixture, _ in
            let state = StateBox(TapState(selection: EngineSetup.selecting(
                Engine.self, photoCount: fixture.photoCount, selected: [Fixture.firstSlot])))
            let events = fixture.tapEvents
            return tapOperation(
                state,
                perform: { count in
                    let effects = state.withValue { state in
                        var effects = 0
                        for _ in 0..<count {
                            effects &+= state.selection.apply(events[state.cursor]).effectCount
                            state.cursor = (state.cursor + 1) & Fixture.mask
                        }
                        return effects
                    }
                    blackHole(effects)
                },
                result: { slotsResult(EngineSetup.selectedSlots(state.value.selection)) })
        }
    }

    /// Two cases per size: `toggle/SIZE` (random taps) and `toggle/SIZE/nearby`.
    static func cases(size: Int, context: SuiteContext, include: (String) -> Bool) -> [BenchmarkCase] {
        [nil, "nearby"].compactMap { variant -> BenchmarkCase? in
            guard include(BenchmarkCase.id(suite: name, size: size, variant: variant)) else { return nil }
            let nearby = variant != nil
            let fixture = SharedFixture(users: 1) { Fixture(photoCount: size, nearby: nearby) }
            return BenchmarkCase(
                suite: name, size: size, variant: variant, parameters: CaseParameters(size: size),
                operationName: "tap", itemName: "taps", itemsPerOperation: 1,
                operationsPerSample: .fixed(tapsPerSample), allocationOperations: 1024,
                anchor: "Set<String>",
                notes: [
                    "latency = 64-tap batch time / 64, clock overhead subtracted per batch; percentiles are over batches",
                    "each subject's turn in a round starts with the taps it is about to time, done twice untimed (the selection is unchanged): taps are timed with their data in cache, not with what the previous subject left there",
                    nearby
                        ? "taps cycle through 65,536 photos in runs of 1 to 80 within 200 photos of a random point (photos on screen); every subject starts selecting with photo 1 chosen"
                        : "taps cycle through 65,536 random photos; every subject starts selecting with photo 1 chosen",
                    "the reference model's tap also builds its Step (effects, announcements: allocations) and, deselecting, scans its picks; the peers only flip membership",
                ],
                fixture: fixture, subjects: subjects(context: context))
        }
    }
}

/// The result of a selection: its slots, sorted, fingerprinted.
func slotsResult<Slots: Sequence>(_ slots: Slots) -> ResultFingerprint where Slots.Element == Int {
    let sorted = slots.sorted()
    return ResultFingerprint(canonical: sorted, summary: "\(sorted.count) chosen")
}
