import BenchmarkKit
import SeededRandom
@_spi(GridSimInternals) import SelectionCore
import Testing
@testable import GridSimBenchmarks

/// The peers must be right before their timings mean anything (each run also checks that
/// all subjects agree; these tests check them against plain definitions).
@Suite("Benchmark peers")
struct PeerTests {
    @Test("plain bitset: toggles, counts, set operations")
    func bitset() {
        var set = PlainBitset(slotCapacity: 130)
        let added = [set.toggle(3), set.toggle(129), set.toggle(64)]
        let toggledBack = set.toggle(64)
        #expect(added == [true, true, true])
        #expect(!toggledBack)
        #expect(set.count == 2 && set.slots == [3, 129])
        set.insert(200)  // grows
        #expect(set.contains(200) && set.count == 3)
        set.remove(3)
        #expect(set.slots == [129, 200])

        let all = PlainBitset(allSlotsBelow: 70)
        #expect(all.count == 70 && all.contains(69) && !all.contains(70))
        var both = PlainBitset(slotCapacity: 0)
        both.assignIntersection(of: PlainBitset(slots: [1, 5, 65, 69], slotCapacity: 70), and: PlainBitset(slots: [5, 69, 3], slotCapacity: 70))
        #expect(both.slots == [5, 69] && both.count == 2)
        var changed: [Int32] = []
        PlainBitset.appendSymmetricDifference(of: PlainBitset(slots: [1, 2, 100], slotCapacity: 128), and: PlainBitset(slots: [2, 3], slotCapacity: 128), to: &changed)
        #expect(changed == [1, 3, 100])
    }

    @Test("CRoaring wrapper: toggles, copies that do not share, and, xor")
    func roaring() {
        var set = RoaringBitmap(slots: [1, 2, 3])
        let copy = set
        let added = set.toggle(4)
        let removed = !set.toggle(2)
        #expect(added && removed)
        #expect(set.slots == [1, 3, 4])
        #expect(copy.slots == [1, 2, 3])  // copy-on-write
        var pruned = set.copy()
        pruned.formIntersection(RoaringBitmap(slots: [3, 4, 5]))
        #expect(pruned.slots == [3, 4] && set.count == 3)
        #expect(set.symmetricDifference(RoaringBitmap(slots: [1, 9])).slots == [3, 4, 9])
        #expect(RoaringBitmap(range: 5).slots == [0, 1, 2, 3, 4])
    }

    @Test("longest increasing subsequence")
    func lis() {
        let values = [3, 1, 4, 1, 5, 9, 2, 6]
        let members = longestIncreasingSubsequenceMembers(values)
        let kept = zip(values, members).filter(\.1).map(\.0)
        #expect(kept.count == 4)
        #expect(zip(kept, kept.dropFirst()).allSatisfy { $0 < $1 })
        #expect(longestIncreasingSubsequenceMembers([]).isEmpty)
    }

    @Test("the linear grid diff turns old into new, moving only what left the longest kept run", arguments: [10, 100, 1000])
    func linearDiff(size: Int) throws {
        let fixture = GridDiffSuite.Fixture(photoCount: size)
        let slots = linearGridDifference(from: fixture.oldSlots, to: fixture.newSlots, positions: DenseSlotPositions(fixture.oldSlots, slotBound: fixture.slotBound))
        #expect(slots.applying(to: fixture.oldSlots) == fixture.newSlots)
        let ids = linearGridDifference(from: fixture.oldIDs, to: fixture.newIDs, positions: DictionaryPositions(fixture.oldIDs))
        #expect(ids.applying(to: fixture.oldIDs) == fixture.newIDs)
        #expect(slots.removals == ids.removals && slots.moveCount == ids.moveCount)
        // Deleted and inserted photos as designed; moves come on top, at most the photos moved.
        #expect(slots.removals.count == fixture.deleted + slots.moveCount)
        #expect(slots.insertions.count == fixture.inserted + slots.moveCount)
        #expect(slots.moveCount <= fixture.moved)
        #expect(fixture.newSlots.count == size)
        // The stdlib agrees on the new order.
        let stdlib = fixture.newIDs.difference(from: fixture.oldIDs).inferringMoves()
        #expect(fixture.oldIDs.applying(stdlib) == fixture.newIDs)
    }

    @Test("a reversed grid: everything but one photo moves")
    func reversal() {
        let old: [Int32] = [0, 1, 2, 3, 4]
        let new: [Int32] = [4, 3, 2, 1, 0]
        let script = linearGridDifference(from: old, to: new, positions: DenseSlotPositions(old, slotBound: 5))
        #expect(script.applying(to: old) == new)
        #expect(script.moveCount == 4 && script.removals.count == 4)
    }

    @Test("edge cases: empty grids, everything replaced, nothing changed")
    func edgeCases() {
        let empty: [Int32] = []
        let three: [Int32] = [0, 1, 2]
        let others: [Int32] = [3, 4]
        for (old, new) in [(empty, empty), (empty, three), (three, empty), (three, others), (three, three)] {
            let script = linearGridDifference(from: old, to: new, positions: DenseSlotPositions(old, slotBound: 5))
            #expect(script.applying(to: old) == new)
        }
    }

    @Test("the slot replayer agrees with the reference model on a synthetic trace")
    func replayAgreement() {
        let trace = SyntheticTrace(photoCount: 300, length: 5_000)
        var reference = ReferenceModel(configuration: GridConfiguration(photos: .count(300)))
        var tally = OutcomeTally()
        for event in trace.events { tally.count(reference.apply(event).outcome) }
        let expected = replayResult(mode: reference.mode, photoCount: reference.photoCount, tally: tally,
                                    selected: reference.chosenPhotos.map(PhotoNaming.slot(of:)).sorted())

        func replay<Storage: SlotSet>(_ storage: Storage.Type) -> ResultFingerprintSummary {
            var replayer = SlotReplayer<Storage>(photoCount: 300)
            for event in trace.internedEvents { replayer.apply(event) }
            let result = replayResult(mode: replayer.mode, photoCount: replayer.grid.count, tally: replayer.tally, selected: replayer.selection.sortedSlots)
            return ResultFingerprintSummary(result)
        }
        #expect(tally.applied > 1000 && tally.rejected > 0 && tally.ignored > 0)  // the trace exercises every outcome
        #expect(replay(Set<Int>.self) == ResultFingerprintSummary(expected))
        #expect(replay(PlainBitset.self) == ResultFingerprintSummary(expected))
        #expect(replay(RoaringBitmap.self) == ResultFingerprintSummary(expected))
    }

    @Test("seeded workloads are the same every time, and distinct draws are distinct")
    func determinism() {
        var first = SplitMix64(workload: "w", size: 10)
        var second = SplitMix64(workload: "w", size: 10)
        #expect((0..<5).map { _ in first.next() } == (0..<5).map { _ in second.next() })
        var random = SplitMix64(seed: 1)
        let drawn = random.distinct(500, below: 1000)
        #expect(Set(drawn).count == 500 && drawn.allSatisfy { (0..<1000).contains($0) })
        var draws: [Int] = []
        for _ in 0..<1000 { draws.append(random.int(below: 7)) }
        #expect(Set(draws) == Set(0..<7))
        let trace = SyntheticTrace(photoCount: 50, length: 400)
        #expect(trace.events == SyntheticTrace(photoCount: 50, length: 400).events)
    }
}

/// A fingerprint compared with its summary, so a failure shows what differs.
struct ResultFingerprintSummary: Equatable, CustomStringConvertible {
    let count: Int
    let hash: UInt64
    let description: String

    init(_ fingerprint: ResultFingerprint) {
        count = fingerprint.count
        hash = fingerprint.hash
        description = fingerprint.summary
    }
}
