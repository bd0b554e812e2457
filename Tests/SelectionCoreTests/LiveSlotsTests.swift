import SelectionCore
import Testing

/// The grid and its live bitmap agree: same slots, no duplicates.
private func expectConsistent(_ grid: LiveSlots, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(grid.live.count == grid.count, sourceLocation: sourceLocation)
    #expect(Array(grid.live) == grid.order.sorted(), sourceLocation: sourceLocation)
}

struct LiveSlotsTests {
    @Test func aCountedGrid() {
        let grid = LiveSlots(count: 5)
        #expect(grid.order == slots([0, 1, 2, 3, 4]))
        #expect(grid.contains(4) && !grid.contains(5))
        expectConsistent(grid)
        expectConsistent(LiveSlots(count: 0))
        expectConsistent(LiveSlots())
    }

    @Test func anExplicitOrderRejectsDuplicates() {
        #expect(LiveSlots(order: slots([3, 1, 3])) == nil)
        let grid = LiveSlots(order: slots([3, 1, 2]))
        #expect(grid?.order == slots([3, 1, 2]))
    }

    @Test func removeCompactsInOnePass() {
        var grid = LiveSlots(order: slots([5, 0, 9, 2, 7, 4]))!
        let removed = grid.remove(slots([9, 4, 4, 100, 5]))
        #expect(removed == 3)
        #expect(grid.order == slots([0, 2, 7]))
        expectConsistent(grid)
        let none = grid.remove(slots([9, 55]))
        #expect(none == 0)
        let all = grid.remove(grid.order)
        #expect(all == 3 && grid.isEmpty)
        expectConsistent(grid)
    }

    /// Removal against a filtered array, for grids in slot order (runs of consecutive
    /// slots, tested a block at a time) and shuffled ones (tested slot by slot).
    @Test(arguments: [false, true])
    func randomRemovalsMatchAFilter(shuffled: Bool) {
        var random = SeededRandom(seed: shuffled ? 21 : 22)
        for round in 0..<30 {
            let count = Int.random(in: 0...3000, using: &random)
            var order = (0..<count).map { PhotoSlot($0) }
            if shuffled { order.shuffle(using: &random) }
            var grid = LiveSlots(order: order)!
            let rate = [1, 3, 50, 99, 100][round % 5]
            let doomed = Set(order.filter { _ in Int(random.next() % 100) < rate })
            let removed = grid.remove(Array(doomed) + [PhotoSlot(count + 5)])
            #expect(removed == doomed.count, "round \(round)")
            #expect(grid.order == order.filter { !doomed.contains($0) }, "round \(round)")
            expectConsistent(grid)
        }
    }

    @Test func insertClampsPositions() {
        var grid = LiveSlots(count: 3)
        let inserted = [grid.insert(10, at: -4), grid.insert(11, at: 99), grid.insert(12, at: 2)]
        let again = grid.insert(12, at: 0)
        #expect(inserted == [true, true, true])
        #expect(!again, "already in the grid")
        #expect(grid.order == slots([10, 0, 12, 1, 2, 11]))
        expectConsistent(grid)
    }

    @Test func batchInsertionRejectsDuplicatesAndChangesNothing() {
        var grid = LiveSlots(count: 3)
        let alreadyIn = grid.insert(contentsOf: [SlotInsertion(slot: 7, at: 0), SlotInsertion(slot: 1, at: 0)])
        #expect(!alreadyIn)
        let twice = grid.insert(contentsOf: [SlotInsertion(slot: 7, at: 0), SlotInsertion(slot: 7, at: 1)])
        #expect(!twice)
        #expect(grid.order == slots([0, 1, 2]))
        expectConsistent(grid)
    }

    /// A batch insertion equals inserting one by one, clamping each position at its turn.
    @Test(arguments: [0, 1, 2, 63, 64, 65, 200, 5000])
    func batchInsertionMatchesOneByOne(count: Int) {
        var random = SeededRandom(seed: UInt64(count) + 1)
        for round in 0..<20 {
            let grid = LiveSlots(count: count)
            let insertionCount = Int.random(in: 0...Swift.max(3, count / 4 + 2), using: &random)
            let insertions = (0..<insertionCount).map { index in
                SlotInsertion(slot: PhotoSlot(count + index), at: Int.random(in: -3...(count + index + 3), using: &random))
            }
            var expected = grid.order
            for insertion in insertions {
                expected.insert(insertion.slot, at: Swift.min(Swift.max(insertion.at, 0), expected.count))
            }
            var batched = grid
            let accepted = batched.insert(contentsOf: insertions)
            #expect(accepted)
            #expect(batched.order == expected, "count \(count), round \(round)")
            expectConsistent(batched)
        }
    }

    @Test func randomRemovalsAndInsertionsMatchAnArray() {
        var random = SeededRandom(seed: 9)
        var grid = LiveSlots(count: 3000)
        var model = grid.order
        var nextSlot = 3000
        for _ in 0..<60 {
            let doomed = (0..<Int(random.next() % 200)).map { _ in PhotoSlot(Int.random(in: 0..<nextSlot, using: &random)) }
            let removed = grid.remove(doomed)
            let doomedSet = Set(doomed)
            let before = model.count
            model.removeAll { doomedSet.contains($0) }
            #expect(removed == before - model.count)
            let insertions = (0..<Int(random.next() % 50)).map { _ -> SlotInsertion in
                defer { nextSlot += 1 }
                return SlotInsertion(slot: PhotoSlot(nextSlot), at: Int.random(in: 0...(model.count + 60), using: &random))
            }
            for insertion in insertions {
                model.insert(insertion.slot, at: Swift.min(insertion.at, model.count))
            }
            let accepted = grid.insert(contentsOf: insertions)
            #expect(accepted)
            #expect(grid.order == model)
        }
        expectConsistent(grid)
    }

    /// Small removals leave gaps instead of moving the order; the gaps are closed once they
    /// pass an eighth of it, or before an insertion, and never show in `order` or `count`.
    @Test func smallRemovalsLeaveGapsThatNeverShow() {
        var grid = LiveSlots(count: 100)
        var model = grid.order
        for doomed in [[3], [50, 51], [99, 0]] {
            grid.remove(slots(doomed))
            model.removeAll { doomed.contains($0.index) }
            #expect(grid.order == model)
            #expect(grid.count == model.count)
        }
        #expect(grid.gapCount == 5)
        #expect(grid.orderWithGaps.count == 100)
        // A removed photo comes back: positions count photos, not gaps.
        let inserted = grid.insert(contentsOf: [SlotInsertion(slot: 50, at: 2), SlotInsertion(slot: 200, at: 1_000)])
        #expect(inserted)
        model.insert(PhotoSlot(50), at: 2)
        model.append(PhotoSlot(200))
        #expect(grid.order == model && grid.gapCount == 0)
        // Past an eighth of the order, the removal compacts at once.
        grid.remove(slots(Array(10..<30)))
        model.removeAll { (10..<30).contains($0.index) }
        #expect(grid.gapCount == 0 && grid.orderWithGaps == model)
        expectConsistent(grid)
    }
}
