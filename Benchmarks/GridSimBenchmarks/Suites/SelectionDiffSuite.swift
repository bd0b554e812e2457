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

    /// State A (`selected`, a random half, shared by the variants) and, per k, state B = A
    /// after k random taps.
    final class Fixture: HalfSelectedGrid {
        private var tapsByDistance: [Int: [Int]] = [:]
        private var afterByDistance: [Int: PlainBitset] = [:]

        init(photoCount: Int) {
            super.init(photoCount: photoCount, workload: SelectionDiffSuite.name)
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
            var after = selected
            for slot in taps(distance) { after.toggle(slot) }
            afterByDistance[distance] = after
            return after
        }
    }

    static func subjects(context: SuiteContext) -> [Subject<Fixture>] {
        [
            engineFullComparison(ReferenceModel.self, name: "ReferenceModel", role: .reference, skipReason: referenceSkipReason),
            fastSnapshotDiff(),
            Subject(name: "Set<String>.symmetricDifference", role: .seed) { fixture, parameters in
                let before = Set(fixture.selectedSlots.map(PhotoNaming.id(ofSlot:)))
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
                let before = Set(fixture.selectedSlots)
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
                let before = RoaringBitmap(slots: fixture.selectedSlots)
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
                let before = fixture.selected
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
            let before = fixture.selecting(engine)
            var tapped = before
            for slot in fixture.taps(parameters.length) { _ = tapped.apply(.tap(PhotoNaming.id(ofSlot: slot))) }
            let after = tapped
            let changed = StateBox<[String]>([])
            return PreparedOperation(
                perform: { count in
                    changed.withValue { changed in
                        for _ in 0..<count {
                            changed = before.photos.filter { before.isChosen($0) != after.isChosen($0) }
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
        casesSharingOneFixture(
            distances, label: \.label, size: size, include: include, fixture: { Fixture(photoCount: size) }
        ) { variant, fixture in
            BenchmarkCase(
                suite: name, size: size, variant: variant.label,
                parameters: CaseParameters(size: size, length: variant.taps),
                operationName: "diff", itemName: "photos", itemsPerOperation: size,
                operationsPerSample: .automatic, allocationOperations: 2,
                anchor: "Set<String>.symmetricDifference",
                notes: [
                    "state A: a random half selected; state B: A after \(variant.taps) random tap(s)",
                    "ReferenceModel compares the two states photo by photo (isChosen on every photo of the grid)",
                    "memcpy copies n/4 bytes, the bytes the bitset reads (two n-bit sets)",
                ],
                fixture: fixture, subjects: subjects(context: context))
        }
    }
}

/// The result of a selection diff: the changed slots, sorted, fingerprinted.
func diffResult<Slots: Sequence>(_ slots: Slots) -> ResultFingerprint where Slots.Element == Int {
    let sorted = slots.sorted()
    return ResultFingerprint(canonical: sorted, summary: "\(sorted.count) photos changed")
}
