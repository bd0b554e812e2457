import SeededRandom
import Testing

@testable import SelectionSlots

/// The grid's block helpers against plain models: a block's buffer against the block, the
/// vector search against `firstIndex(of:)`.
struct LiveSlotsBlockTests {
    @Test func eachBlockReadsAsItsSlots() {
        var random = SplitMix64(seed: 3)
        var grid = LiveSlots(count: 5000)
        grid.remove((0..<300).map { _ in PhotoSlot(Int(random.next() % 5000)) })
        for slot in 5000..<5400 { grid.insert(PhotoSlot(slot), at: Int(random.next() % 5000)) }
        #expect(grid.blocks.count > 3)
        for block in grid.blocks.indices {
            #expect(grid.withSlots(ofBlock: block) { Array($0) } == grid.blocks[block], "block \(block)")
        }
    }

    @Test func theVectorSearchFindsTheFirstPlaceOfASlot() {
        var random = SplitMix64(seed: 4)
        for count in 1...40 {
            // Some slots repeat, so that the first of several is the one to find.
            let slots = (0..<count).map { _ in PhotoSlot(Int(random.next() % UInt64(count / 2 + 1))) }
            slots.withUnsafeBufferPointer { buffer in
                for slot in Set(slots) {
                    let found = LiveSlots.index(of: slot, in: buffer)
                    #expect(found == slots.firstIndex(of: slot), "\(slot) in \(count)")
                }
            }
        }
    }
}
