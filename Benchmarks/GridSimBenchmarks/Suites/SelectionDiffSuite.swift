import BenchmarkKit
import SeededRandom
@_spi(GridSimInternals) import SelectionCore

/// Snapshot diffing of selections: which photos changed between two states k = 1, 100 and
/// 10,000 taps apart (half the grid selected in the first).
///
/// Every subject produces the changed photos in its natural form (a set, a bitmap, a list of
/// slots); the result check compares them sorted. A chunked engine whose snapshots share
/// unchanged chunks should cost in proportion to k; everything here costs O(n).
enum SelectionDiffSuite: BenchmarkSuite {
    static let name = "selection-diff"
    static let summary = "which photos changed between two states k = 1, 100, 10,000 taps apart"
    static let distances: [(label: String, taps: Int)] = [("k=1", 1), ("k=100", 100), ("k=10000", 10_000)]

    /// State A (shared by the variants) and, per k, state B = A after k random taps.
    final class Fixture {
        let photoCount: Int
        let before: PlainBitset
        private(set) lazy var beforeSlots: [Int] = before.slots
        private var tapsByDistance: [Int: [Int]] = [:]
        private var afterByDistance: [Int: PlainBitset] = [:]

        init(photoCount: Int) {
            self.photoCount = photoCount
            var random = SplitMix64(workload: SelectionDiffSuite.name, size: photoCount)
            var words = (0..<PlainBitset.wordCount(forSlots: photoCount)).map { _ in random.next() }
            if photoCount & 63 != 0 { words[words.count - 1] &= (1 << UInt64(photoCount & 63)) - 1 }
            before = PlainBitset(words: words)
        }

        /// The k taps (random photos; a photo tapped twice ends unchanged, as in life).
        func taps(_ distance: Int) -> [Int] {
            if let taps = tapsByDistance[distance] { return taps }
            var random = SplitMix64(workload: "selection-diff-taps", size: photoCount, variant: distance)
            let taps = (0..<distance).map { _ in random.int(below: photoCount) }
            tapsByDistance[distance] = taps
            return taps
        }

        func after(_ distance: Int) -> PlainBitset {
            if let after = afterByDistance[distance] { return after }
            var after = before
            for slot in taps(distance) { after.toggle(slot) }
            afterByDistance[distance] = after
            return after
        }

        private var engineStatesA: [ObjectIdentifier: Any] = [:]

        /// An engine in state A, built once per engine type for every k.
        func stateA<Engine: SelectionEngine>(_ engine: Engine.Type) -> Engine {
            if let built = engineStatesA[ObjectIdentifier(engine)] as? Engine { return built }
            let built = EngineSetup.selecting(engine, photoCount: photoCount, selected: beforeSlots)
            engineStatesA[ObjectIdentifier(engine)] = built
            return built
        }
    }

    static func subjects(context: SuiteContext) -> [Subject<Fixture>] {
        [
            engineFullComparison(ReferenceModel.self, name: "ReferenceModel", role: .reference, skipReason: referenceSkipReason),
            fastSnapshotDiff(),
            Subject(name: "Set<String>.symmetricDifference", role: .seed) { fixture, parameters in
                let before = Set(fixture.beforeSlots.map(PhotoNaming.id(ofSlot:)))
                let after = Set(fixture.after(parameters.length).slots.map(PhotoNaming.id(ofSlot:)))
                let changed = StateBox<Set<String>>([])
                return PreparedOperation(
                    perform: { count in
                        changed.withValue { changed in
                            for _ in 0..<count { changed = before.symmetricDifference(after) }
                        }
                    },
                    result: { diffResult(changed.value.map(PhotoNaming.slot(of:))) })
            },
            Subject(name: "Set<Int>.symmetricDifference", role: .peer) { fixture, parameters in
                let before = Set(fixture.beforeSlots)
                let after = Set(fixture.after(parameters.length).slots)
                let changed = StateBox<Set<Int>>([])
                return PreparedOperation(
                    perform: { count in
                        changed.withValue { changed in
                            for _ in 0..<count { changed = before.symmetricDifference(after) }
                        }
                    },
                    result: { diffResult(changed.value) })
            },
            Subject(name: "CRoaring xor", role: .peer) { fixture, parameters in
                let before = RoaringBitmap(slots: fixture.beforeSlots)
                let after = RoaringBitmap(slots: fixture.after(parameters.length).slots)
                let changed = StateBox(RoaringBitmap())
                return PreparedOperation(
                    perform: { count in
                        changed.withValue { changed in
                            for _ in 0..<count { changed = before.symmetricDifference(after) }
                        }
                    },
                    result: { diffResult(changed.value.slots) })
            },
            Subject(name: "bitset xor", role: .lowerBound) { fixture, parameters in
                let before = fixture.before
                let after = fixture.after(parameters.length)
                let injection = context.injection
                let changed = StateBox<[Int32]>([])
                return PreparedOperation(
                    perform: { count in
                        changed.withValue { changed in
                            for _ in 0..<count {
                                changed.removeAll(keepingCapacity: true)
                                PlainBitset.appendSymmetricDifference(of: before, and: after, to: &changed)
                                injection.afterOperation(readingAgain: before.words)
                            }
                        }
                    },
                    result: { diffResult(changed.value.map { Int($0) }) })
            },
            MemoryKernelSubject.make(name: "memcpy", bytes: { parameters in parameters.size / 4 }),
        ]
    }

    /// Two states of any `SelectionEngine`, compared photo by photo over the whole grid (what
    /// the protocol allows). An engine with snapshot diffs gets its own subject in the list
    /// above, calling its diff on the two states.
    static func engineFullComparison<Engine: SelectionEngine>(
        _ engine: Engine.Type, name: String, role: SubjectRole,
        skipReason: @escaping (CaseParameters) -> String? = { _ in nil }
    ) -> Subject<Fixture> {
        Subject(name: name, role: role, skipReason: skipReason) { fixture, parameters in
            let before = fixture.stateA(engine)
            var tapped = before
            for slot in fixture.taps(parameters.length) { _ = tapped.apply(.tap(PhotoNaming.id(ofSlot: slot))) }
            let after = tapped
            let changed = StateBox<[String]>([])
            return PreparedOperation(
                perform: { count in
                    changed.withValue { changed in
                        for _ in 0..<count {
                            changed = before.photos.filter { before.isSelected($0) != after.isSelected($0) }
                        }
                    }
                },
                result: { diffResult(changed.value.map(PhotoNaming.slot(of:))) })
        }
    }

    /// The reference model's two states cost n/2 + k taps to build and the comparison asks
    /// both sets about every photo: seconds at 10M.
    static func referenceSkipReason(_ parameters: CaseParameters) -> String? {
        parameters.size > 1_000_000 ? "two string-keyed states of n/2 photos and a full comparison (seconds at 10M); capped at 1M photos" : nil
    }

    static func cases(size: Int, context: SuiteContext, include: (String) -> Bool) -> [BenchmarkCase] {
        let kept = distances.filter { include(BenchmarkCase.id(suite: name, size: size, variant: $0.label)) }
        guard !kept.isEmpty else { return [] }
        let fixture = SharedFixture(users: kept.count) { Fixture(photoCount: size) }
        return kept.map { variant in
            BenchmarkCase(
                suite: name, size: size, variant: variant.label,
                parameters: CaseParameters(size: size, length: variant.taps),
                operationName: "diff", itemName: "photos", itemsPerOperation: size,
                operationsPerSample: .automatic, allocationOperations: 2,
                anchor: "Set<String>.symmetricDifference",
                notes: [
                    "state A: a random half selected; state B: A after \(variant.taps) random tap(s)",
                    "ReferenceModel compares the two states photo by photo (isSelected on every photo of the grid)",
                    "memcpy copies n/4 bytes, the bytes the bitset reads (two n-bit sets)",
                ],
                fixture: fixture, subjects: subjects(context: context))
        }
    }

    static func subjectNames(context: SuiteContext) -> [(name: String, role: SubjectRole)] {
        subjects(context: context).map { ($0.name, $0.role) }
    }
}

/// The result of a selection diff: the changed slots, sorted, fingerprinted.
func diffResult<Slots: Sequence>(_ slots: Slots) -> ResultFingerprint where Slots.Element == Int {
    let sorted = slots.sorted()
    return ResultFingerprint(canonical: sorted, summary: "\(sorted.count) photos changed")
}
