import SeededRandom
import Testing
@testable import SelectionSlots

private let chunkBits = SelectionBitmapChunk.bitCount
private let directorySlots = SelectionBitmapDirectory.slotCount

/// `SelectionBitmap.remove(contentsOf:whenRemoved:)`, the pass behind `LiveSlots`' bulk
/// removal, against `Set<Int>`: slot lists with repeats, slots past the capacity, on bitmaps
/// that own their chunks and on copies that share them with a snapshot, journaled or not.
struct SelectionBitmapRemoveContentsTests {
    /// A random set below `bound`: dense over a few chunks, sparse, or full.
    private static func randomSet(below bound: Int, using random: inout SplitMix64) -> Set<Int> {
        switch random.next() % 3 {
        case 0: return Set((0..<bound).filter { _ in random.next() % 2 == 0 })
        case 1: return Set((0..<Int(random.next() % 300)).map { _ in Int.random(in: 0..<bound, using: &random) })
        default: return Set(0..<bound)
        }
    }

    /// Slots to remove: some of the set's, some absent, some repeated, some past the capacity.
    private static func randomList(of set: Set<Int>, below bound: Int, count: Int, using random: inout SplitMix64) -> [Int] {
        let members = set.sorted()
        return (0..<count).map { _ in
            switch random.next() % 8 {
            case 0: return Int.random(in: 0..<bound, using: &random)
            case 1: return bound + Int.random(in: 0..<(2 * directorySlots), using: &random)
            default: return members.isEmpty ? 0 : members[Int.random(in: 0..<members.count, using: &random)]
            }
        }
    }

    @Test(arguments: [1, 70, chunkBits + 3, directorySlots + 9, 2 * directorySlots + 5], [false, true])
    func matchesSetModel(bound: Int, snapshotHeld: Bool) {
        var random = SplitMix64(seed: UInt64(bound) &* 7 &+ (snapshotHeld ? 1 : 0))
        for round in 0..<4 {
            var model = Self.randomSet(below: bound, using: &random)
            var bits = SelectionBitmap(model.map { PhotoSlot($0) })
            let snapshot = snapshotHeld ? bits : SelectionBitmap()
            let snapshotModel = snapshotHeld ? model : []
            // Lists that fit the journal and lists that overflow it.
            let count = round % 2 == 0 ? Int(random.next() % 200) : 5_000 + Int(random.next() % 3_000)
            let list = Self.randomList(of: model, below: bound, count: count, using: &random)
            var expected: [Int] = []
            var remaining = model
            for slot in list where remaining.remove(slot) != nil { expected.append(slot) }
            let wasComplete = bits.journal.isComplete
            let fits = bits.journal.hasRoom(for: list.count)

            var handed: [Int] = []
            let removed = bits.remove(contentsOf: list.map { PhotoSlot($0) }) { handed.append($0.index) }
            model.subtract(list)

            let context = "bound \(bound), round \(round)"
            #expect(handed == expected, "\(context): each present slot once, in list order")
            #expect(removed == expected.count, "\(context)")
            #expect(bits.count == model.count, "\(context)")
            #expect(bits.map(\.index) == model.sorted(), "\(context)")
            #expect(bits.populationsAreConsistent, "\(context)")
            #expect(bits.journal.isComplete == (expected.isEmpty ? wasComplete : fits),
                    "\(context): the flips are journaled when the whole list fits")
            if snapshotHeld {
                #expect(snapshot.map(\.index) == snapshotModel.sorted(), "\(context): the snapshot is unchanged")
                #expect(snapshot.populationsAreConsistent, "\(context)")
                let changes = bits.changes(since: snapshot)
                #expect(changes.removed.map(\.index) == expected.sorted(), "\(context)")
                #expect(changes.added.isEmpty, "\(context)")
            }
        }
    }

    @Test func aListThatFitsIsJournaledAndOneThatDoesNotIsNot() {
        let base = SelectionBitmap(filledUpTo: 3 * chunkBits)
        var small = base
        let smallList = [5, 70, 5, chunkBits + 1, 9 * directorySlots].map { PhotoSlot($0) }
        #expect(small.remove(contentsOf: smallList) { _ in } == 3)
        #expect(small.journal.isComplete)
        #expect(small.changes(since: base).removed.map(\.index) == [5, 70, chunkBits + 1])

        var large = base
        let largeList = (0 ..< 5_000).map { PhotoSlot($0 * 2) }
        #expect(large.remove(contentsOf: largeList) { _ in } == 5_000)
        #expect(!large.journal.isComplete)
        #expect(large.changes(since: base).removed.map(\.index) == (0 ..< 5_000).map { $0 * 2 })
        #expect(base.count == 3 * chunkBits)
    }

    @Test func anOwnedBitmapKeepsItsChunks() {
        var bits = SelectionBitmap((0 ..< 3 * chunkBits).map { PhotoSlot($0) })
        let chunksBefore = (0 ..< 3).map { ObjectIdentifier(bits.chunk(at: $0)!) }
        let list = stride(from: 0, to: 3 * chunkBits, by: 3).map { PhotoSlot($0) }
        #expect(bits.remove(contentsOf: list) { _ in } == list.count)
        #expect((0 ..< 3).map { ObjectIdentifier(bits.chunk(at: $0)!) } == chunksBefore)
        #expect(bits.count == 3 * chunkBits - list.count)
    }

    @Test func nothingToRemoveChangesNothing() {
        var empty = SelectionBitmap()
        #expect(empty.remove(contentsOf: [PhotoSlot(3)]) { _ in Issue.record("nothing is present") } == 0)
        let base = SelectionBitmap(filledUpTo: 100)
        var copy = base
        #expect(copy.remove(contentsOf: [PhotoSlot(100), PhotoSlot(5_000_000)]) { _ in Issue.record("absent") } == 0)
        #expect(copy.journal === base.journal, "an absent list forks nothing")
    }
}
