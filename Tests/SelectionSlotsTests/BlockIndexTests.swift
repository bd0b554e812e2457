import SeededRandom
import TestSupport
import Testing

@testable import SelectionSlots

/// The grid order's two indexes against plain models: the tree of block counts against
/// prefix sums, the slot-to-block map against a dictionary.
struct BlockIndexTests {
    /// For every rank, the block that holds it by a linear scan of the counts.
    private func expectedBlock(holding rank: Int, in counts: [Int32]) -> (block: Int, rank: Int)? {
        var before = 0
        for (block, count) in counts.enumerated() {
            if rank < before + Int(count) { return (block, rank - before) }
            before += Int(count)
        }
        return nil
    }

    @Test(arguments: [0, 1, 2, 7, 64, 100, 1000])
    func prefixCountsFindEveryRankAsAScanDoes(blockCount: Int) {
        var random = SplitMix64(seed: UInt64(blockCount) &+ 3)
        // Zero counts included: empty blocks must be skipped.
        var counts = (0..<blockCount).map { _ in Int32(random.next() % 4 == 0 ? 0 : random.next() % 9) }
        var tree = BlockPrefixCounts(counts)
        for round in 0..<4 {
            let total = counts.reduce(0) { $0 + Int($1) }
            for rank in 0...(total + 1) {
                let found = tree.block(holding: rank)
                let expected = expectedBlock(holding: rank, in: counts)
                #expect(found?.block == expected?.block && found?.rank == expected?.rank, "rank \(rank), round \(round)")
            }
            // Change some counts through the tree and the model alike.
            for _ in 0..<Swift.min(blockCount, 20) {
                let block = Int(random.next() % UInt64(blockCount))
                let delta = Int32(random.next() % 5) - Int32(Swift.min(counts[block], 2))
                counts[block] += delta
                tree.add(delta, toBlock: block)
            }
        }
        #expect(tree.blockCount == blockCount)
    }

    /// A tree rebuilt in its own storage over other counts, of as many blocks or not, finds
    /// every rank as a tree built afresh does.
    @Test(arguments: [(5, 5), (100, 100), (100, 37), (1, 64), (64, 0)])
    func prefixCountsRebuiltAnswerAsBuiltAfresh(before: Int, after: Int) {
        var random = SplitMix64(seed: UInt64(before &* 131 &+ after))
        var tree = BlockPrefixCounts((0..<before).map { _ in Int32(random.next() % 9) })
        let counts = (0..<after).map { _ in Int32(random.next() % 4 == 0 ? 0 : random.next() % 9) }
        tree.rebuild(blockCount: after) { counts[$0] }
        #expect(tree.blockCount == after)
        let total = counts.reduce(0) { $0 + Int($1) }
        for rank in 0...(total + 1) {
            let found = tree.block(holding: rank)
            let expected = expectedBlock(holding: rank, in: counts)
            #expect(found?.block == expected?.block && found?.rank == expected?.rank, "rank \(rank)")
        }
        for block in 0...after {
            #expect(tree.count(beforeBlock: block) == counts.prefix(block).reduce(0) { $0 + Int($1) })
        }
    }

    @Test func slotBlockMapReadsItsLayoutAndItsWrites() {
        var random = SplitMix64(seed: 11)
        let initialCount = 200_000
        var map = SlotBlockMap(initialCount: initialCount)
        var written: [PhotoSlot: UInt32] = [:]
        for _ in 0..<2000 {
            let slot = PhotoSlot(Int(random.next() % 300_000))
            let block = UInt32(random.next() % 5000)
            map[slot] = block
            written[slot] = block
        }
        let run = (150_000..<150_100).map { PhotoSlot($0) }
        run.withUnsafeBufferPointer { map.assign($0, to: 77) }
        for slot in run { written[slot] = 77 }
        func expected(_ slot: PhotoSlot) -> UInt32 {
            written[slot] ?? (slot.index < initialCount ? UInt32(slot.index / LiveSlots.blockFill) : SlotBlockMap.none)
        }
        let probes = (0..<5000).map { _ in PhotoSlot(Int(random.next() % 400_000)) } + Array(written.keys)
        #expect(probes.allSatisfy { map[$0] == expected($0) })
        #expect(!map.isInitialLayout)
    }

    /// A map no slot was written to gives each slot of the initial layout its block by a
    /// multiply, as its lookup does.
    @Test func anUnwrittenMapIsTheInitialLayout() {
        let initialCount = 200_000
        let map = SlotBlockMap(initialCount: initialCount)
        #expect(map.isInitialLayout)
        for index in [0, 1, LiveSlots.blockFill - 1, LiveSlots.blockFill, 65_535, 65_536, initialCount - 1] {
            #expect(SlotBlockMap.initialBlock(ofSlotInABlock: PhotoSlot(index)) == Int(map[PhotoSlot(index)]))
        }
    }
}
