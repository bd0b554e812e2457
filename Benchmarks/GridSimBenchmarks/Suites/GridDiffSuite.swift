import BenchmarkKit
import SeededRandom
@_spi(GridSimInternals) import SelectionCore

/// Snapshot diffing of grid order: the edit script between two orders of the grid, where
/// 10 % of the photos were deleted, as many new ones inserted and 2 % moved (the standard
/// case: 100K ids with 10K deleted, 10K inserted and 2K moved; 1M with 100K/100K/20K).
///
/// The stdlib subjects return a `CollectionDifference`, the linear diffs a `GridEditScript`;
/// the result check applies either to the old order and fingerprints what comes out, so
/// different (equally valid) edit scripts agree.
enum GridDiffSuite: BenchmarkSuite {
    static let name = "grid-diff"
    static let summary = "grid-order diff: 10 % deleted, 10 % inserted, 2 % moved"

    /// The two orders, as string ids and as dense slots (interned once, as a codec would).
    final class Fixture {
        let oldSlots: [Int32]
        let newSlots: [Int32]
        let slotBound: Int
        private(set) lazy var oldIDs: [String] = oldSlots.map { PhotoNaming.id(ofSlot: Int($0)) }
        private(set) lazy var newIDs: [String] = newSlots.map { PhotoNaming.id(ofSlot: Int($0)) }
        let deleted: Int
        let inserted: Int
        let moved: Int

        /// O(n log n): the new order is made by giving survivors their old rank as a key and
        /// moved or inserted photos a random key, then sorting by key.
        init(photoCount: Int) {
            var random = SplitMix64(workload: GridDiffSuite.name, size: photoCount)
            deleted = photoCount / 10
            inserted = photoCount / 10
            moved = photoCount / 50
            let picked = random.distinct(deleted + moved, below: photoCount)
            var fate = [UInt8](repeating: 0, count: photoCount)  // 0 stays, 1 deleted, 2 moved
            for (index, slot) in picked.enumerated() { fate[slot] = index < deleted ? 1 : 2 }
            var keyed: [(key: UInt64, slot: Int32)] = []
            keyed.reserveCapacity(photoCount - deleted + inserted)
            let span = UInt64(photoCount) << 20
            for slot in 0..<photoCount where fate[slot] != 1 {
                let key = fate[slot] == 0 ? UInt64(slot) << 20 : random.next() % span
                keyed.append((key, Int32(slot)))
            }
            for offset in 0..<inserted {
                keyed.append((random.next() % span, Int32(photoCount + offset)))
            }
            keyed.sort { $0.key < $1.key || ($0.key == $1.key && $0.slot < $1.slot) }
            oldSlots = (0..<photoCount).map { Int32($0) }
            newSlots = keyed.map(\.slot)
            slotBound = photoCount + inserted
        }
    }

    /// The standard library's diff of the string orders, finished by `finish` (nothing, or
    /// `inferringMoves()`).
    static func stdlibDifference(
        name: String, finish: @escaping (CollectionDifference<String>) -> CollectionDifference<String>
    ) -> Subject<Fixture> {
        Subject(name: name, role: .peer, skipReason: stdlibSkipReason) { fixture, _ in
            let old = fixture.oldIDs
            let new = fixture.newIDs
            let last = StateBox(CollectionDifference<String>([])!)
            return PreparedOperation(
                perform: { count in
                    last.withValue { last in
                        for _ in 0..<count { last = finish(new.difference(from: old)) }
                    }
                },
                result: { appliedResult(old, last.value, slot: PhotoNaming.slot(of:)) })
        }
    }

    static func subjects(context: SuiteContext) -> [Subject<Fixture>] {
        [
            fastGridDiff(),
            stdlibDifference(name: "stdlib difference(from:)") { $0 },
            stdlibDifference(name: "stdlib .inferringMoves()") { $0.inferringMoves() },
            Subject(name: "linear diff, String ids", role: .seed) { fixture, _ in
                let old = fixture.oldIDs
                let new = fixture.newIDs
                let last = StateBox(GridEditScript<String>(removals: [], insertions: [], moveCount: 0))
                return PreparedOperation(
                    perform: { count in
                        last.withValue { last in
                            for _ in 0..<count {
                                last = linearGridDifference(from: old, to: new, positions: DictionaryPositions(old))
                            }
                        }
                    },
                    result: { scriptResult(old, last.value, slot: PhotoNaming.slot(of:)) })
            },
            Subject(name: "linear diff, dense slots", role: .lowerBound) { fixture, _ in
                let old = fixture.oldSlots
                let new = fixture.newSlots
                let bound = fixture.slotBound
                let injection = context.injection
                let last = StateBox(GridEditScript<Int32>(removals: [], insertions: [], moveCount: 0))
                return PreparedOperation(
                    perform: { count in
                        last.withValue { last in
                            for _ in 0..<count {
                                last = linearGridDifference(from: old, to: new, positions: DenseSlotPositions(old, slotBound: bound))
                                injection.afterOperation(readingAgain: old)
                            }
                        }
                    },
                    result: { scriptResult(old, last.value, slot: { Int($0) }) })
            },
            // Old and new orders hold n ids each (as many inserted as deleted), 4 bytes per slot.
            MemoryKernelSubject.make(name: "memcpy", bytes: { parameters in 8 * parameters.size }),
        ]
    }

    /// Myers' algorithm is O((N+M)·D) with D ≈ 0.24 n edits here: ~0.5 n² steps.
    static func stdlibSkipReason(_ parameters: CaseParameters) -> String? {
        parameters.size > 100_000 ? "O((N+M)·D) with D ≈ 0.24 n; capped at 100K ids (several seconds per diff there)" : nil
    }

    static func cases(size: Int, context: SuiteContext, include: (String) -> Bool) -> [BenchmarkCase] {
        guard include(BenchmarkCase.id(suite: name, size: size)) else { return [] }
        let fixture = SharedFixture(users: 1) { Fixture(photoCount: size) }
        return [
            BenchmarkCase(
                suite: name, size: size, parameters: CaseParameters(size: size),
                operationName: "diff", itemName: "ids", itemsPerOperation: 2 * size,
                operationsPerSample: .automatic, allocationOperations: 2,
                anchor: "linear diff, String ids",
                notes: [
                    "old: \(GridSizeFormat.label(size)) ids; new: \(size / 10) deleted, \(size / 10) inserted, \(size / 50) moved to random places",
                    "linear diff = hash (or slot table) of old positions + longest increasing subsequence for moves, O(n log n); it emits a compact edit script, the stdlib a CollectionDifference",
                    "every diff is checked by applying it to the old order",
                    "memcpy copies the old and new slot arrays (4 bytes per id); throughput counts old + new ids",
                ],
                fixture: fixture, subjects: subjects(context: context)),
        ]
    }
}

/// Applies `difference` to `old` (untimed) and fingerprints the resulting order as slots.
func appliedResult<Element>(_ old: [Element], _ difference: CollectionDifference<Element>, slot: (Element) -> Int) -> ResultFingerprint {
    guard let applied = old.applying(difference) else {
        return ResultFingerprint(canonical: [Int](), summary: "the diff does not apply to the old order")
    }
    let removals = difference.removals.count
    let moves = difference.removals.filter { if case .remove(_, _, let associated) = $0 { associated != nil } else { false } }.count
    return ResultFingerprint(
        canonical: applied.map(slot),
        summary: "new order of \(applied.count) ids (this script: \(removals) removals, \(difference.insertions.count) insertions, \(moves) of them moves)")
}

/// Applies a linear diff's script to `old` (untimed) and fingerprints the resulting order.
func scriptResult<Element>(_ old: [Element], _ script: GridEditScript<Element>, slot: (Element) -> Int) -> ResultFingerprint {
    let applied = script.applying(to: old)
    return ResultFingerprint(
        canonical: applied.map(slot),
        summary: "new order of \(applied.count) ids (this script: \(script.removals.count) removals, \(script.insertions.count) insertions, \(script.moveCount) of them moves)")
}
