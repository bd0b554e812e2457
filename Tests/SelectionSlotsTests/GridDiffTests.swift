import SeededRandom
@testable import SelectionSlots
import TestSupport
import Testing

/// The diff rebuilds `new` from `old`, and says nothing false along the way.
private func expectRoundTrip(
    _ old: [PhotoSlot], _ new: [PhotoSlot], _ context: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let diff = GridDiff(from: old, to: new)
    #expect(diff.apply(to: old) == new, "\(context)", sourceLocation: sourceLocation)
    let oldSet = Set(old)
    let newSet = Set(new)
    #expect(Set(diff.deletions.map(\.slot)) == oldSet.subtracting(newSet), "\(context)", sourceLocation: sourceLocation)
    #expect(Set(diff.insertions.map(\.slot)) == newSet.subtracting(oldSet), "\(context)", sourceLocation: sourceLocation)
    #expect(diff.deletions.map(\.oldIndex) == diff.deletions.map(\.oldIndex).sorted(), sourceLocation: sourceLocation)
    #expect(diff.insertions.map(\.newIndex) == diff.insertions.map(\.newIndex).sorted(), sourceLocation: sourceLocation)
    for move in diff.moves {
        #expect(old[move.oldIndex] == move.slot && new[move.newIndex] == move.slot, sourceLocation: sourceLocation)
    }
    #expect(diff.oldCount == old.count && diff.newCount == new.count, sourceLocation: sourceLocation)
}

struct GridDiffTests {
    @Test func edgeCases() {
        let some = slots([4, 8, 15, 16, 23, 42])
        expectRoundTrip([], [])
        expectRoundTrip(some, some)
        #expect(GridDiff(from: some, to: some).isEmpty)
        expectRoundTrip(some, [], "all deleted")
        expectRoundTrip([], some, "all inserted")
        expectRoundTrip(some, slots([1, 2, 3]), "all replaced")
        expectRoundTrip(some, some.reversed(), "reversed")
        #expect(GridDiff(from: some, to: some.reversed()).moves.count == some.count - 1)
    }

    @Test func oneMovedPhotoIsOneMove() {
        let old = slots(Array(0..<100))
        var new = old
        new.append(new.removeFirst())
        let diff = GridDiff(from: old, to: new)
        #expect(diff.moves == [GridDiff.Move(oldIndex: 0, newIndex: 99, slot: 0)])
        #expect(diff.deletions.isEmpty && diff.insertions.isEmpty)
        #expect(diff.apply(to: old) == new)
    }

    @Test func deletionsAndInsertionsAloneNeedNoMoves() {
        let old = slots(Array(0..<50))
        let new = slots([100] + Array(0..<10) + [101, 102] + Array(20..<50) + [103])
        let diff = GridDiff(from: old, to: new)
        #expect(diff.moves.isEmpty)
        #expect(diff.deletions.map(\.oldIndex) == Array(10..<20))
        #expect(diff.insertions.map(\.newIndex) == [0, 11, 12, 43])
        #expect(diff.apply(to: old) == new)
    }

    /// Random grids: deletions, insertions, moves, in every mix, over dense and sparse slots.
    @Test(arguments: [0, 1, 2, 3, 4, 5, 6, 7])
    func randomRoundTrips(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for round in 0..<40 {
            let count = Int.random(in: 0...300, using: &random)
            // Sparse slots (every 1000th) exercise the hashed index.
            let spacing = seed % 2 == 0 ? 1 : 1000
            let old = (0..<count).map { PhotoSlot($0 * spacing) }.shuffled(using: &random)
            var new = old.filter { _ in random.next() % 8 != 0 }
            var nextSlot = count * spacing
            for _ in 0..<Int.random(in: 0...(count / 5 + 1), using: &random) {
                new.insert(PhotoSlot(nextSlot), at: Int.random(in: 0...new.count, using: &random))
                nextSlot += spacing
            }
            for _ in 0..<Int.random(in: 0...(count / 10 + 1), using: &random) where !new.isEmpty {
                let moved = new.remove(at: Int.random(in: 0..<new.count, using: &random))
                new.insert(moved, at: Int.random(in: 0...new.count, using: &random))
            }
            expectRoundTrip(old, new, "seed \(seed), round \(round)")
        }
    }

    @Test func purePermutations() {
        var random = SplitMix64(seed: 77)
        for count in [1, 2, 3, 10, 500] {
            let old = slots(Array(0..<count))
            expectRoundTrip(old, old.shuffled(using: &random), "count \(count)")
        }
    }

    @Test func aDiffOfTheBenchmarkShape() {
        // 10K ids: 1K deleted, 1K inserted, 200 moved; the benchmark is 10 times bigger.
        var random = SplitMix64(seed: 5)
        let old = slots(Array(0..<10_000))
        var new = old.filter { _ in random.next() % 10 != 0 }
        for index in 0..<1_000 {
            new.insert(PhotoSlot(10_000 + index), at: Int.random(in: 0...new.count, using: &random))
        }
        for _ in 0..<200 {
            let moved = new.remove(at: Int.random(in: 0..<new.count, using: &random))
            new.insert(moved, at: Int.random(in: 0...new.count, using: &random))
        }
        let diff = GridDiff(from: old, to: new)
        #expect(diff.apply(to: old) == new)
        #expect(diff.moves.count <= 200, "moves are minimal, at most the ones made")
    }
}
