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
        var seen: [UInt32] = []
        probes.withUnsafeBufferPointer { probes in map.forEachBlock(of: probes) { _, block in seen.append(UInt32(block)) } }
        #expect(seen == probes.map(expected))
        var seenFromArray: [(PhotoSlot, UInt32)] = []
        map.forEachBlock(of: probes) { slot, block in seenFromArray.append((slot, UInt32(block))) }
        #expect(seenFromArray.map(\.0) == probes && seenFromArray.map(\.1) == probes.map(expected))
    }
}
