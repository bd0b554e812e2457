import SeededRandom
import SelectionSlots
import TestSupport
import Testing

/// The grid and its live bitmap agree: same slots, no duplicates; and `contains` answers
/// for every slot as the order does (it may answer from its summary of full chunks).
private func expectConsistent(_ grid: LiveSlots, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(grid.live.count == grid.count, sourceLocation: sourceLocation)
    let sorted = grid.order.sorted()
    #expect(Array(grid.live) == sorted, sourceLocation: sourceLocation)
    var members = [Bool](repeating: false, count: (sorted.last?.index ?? 0) + 4097)
    for slot in sorted { members[slot.index] = true }
    let wrong = members.indices.first { grid.contains(PhotoSlot($0)) != members[$0] }
    #expect(wrong == nil, "contains(\(wrong ?? -1)) disagrees with the order", sourceLocation: sourceLocation)
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
        var random = SplitMix64(seed: shuffled ? 21 : 22)
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

    /// Past eight insertions the duplicate check sorts the slots: a repeat anywhere in the
    /// list, first and last included, still refuses the whole batch.
    @Test(arguments: [(0, 11), (3, 4), (10, 11)])
    func longBatchInsertionRejectsARepeatedSlot(first: Int, second: Int) {
        var grid = LiveSlots(count: 3)
        var insertions = (0..<12).map { SlotInsertion(slot: PhotoSlot(100 + $0), at: $0) }
        insertions[second].slot = insertions[first].slot
        let refused = grid.insert(contentsOf: insertions)
        #expect(!refused)
        #expect(grid.order == slots([0, 1, 2]))
        let distinct = (0..<12).map { SlotInsertion(slot: PhotoSlot(112 - $0), at: 0) }
        let accepted = grid.insert(contentsOf: distinct)
        #expect(accepted)
        #expect(grid.count == 15)
        expectConsistent(grid)
    }

    /// A batch insertion equals inserting one by one, clamping each position at its turn.
    @Test(arguments: [0, 1, 2, 63, 64, 65, 200, 5000])
    func batchInsertionMatchesOneByOne(count: Int) {
        var random = SplitMix64(seed: UInt64(count) + 1)
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
        var random = SplitMix64(seed: 9)
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

    /// Removals of more than a few photos leave gaps in their blocks instead of moving the
    /// order; a block is compacted once a quarter of it is gaps, or before a photo is placed in
    /// it. Gaps never show in `order`, `count`, iteration or positions.
    @Test func removalsLeaveGapsThatNeverShow() {
        var grid = LiveSlots(count: 5000)
        var model = grid.order
        for doomed in [Array(3 ..< 12), Array(50 ..< 60), [4999, 0] + Array(4990 ..< 4997)] {
            grid.remove(slots(doomed))
            model.removeAll { doomed.contains($0.index) }
            expectMatches(grid, model)
        }
        #expect(grid.gapCount == 28)
        #expect(grid.storedCount == 5000)
        // A removed photo comes back: positions count photos, not gaps.
        let inserted = grid.insert(contentsOf: [SlotInsertion(slot: 50, at: 2), SlotInsertion(slot: 9000, at: 1_000_000)])
        #expect(inserted)
        model.insert(PhotoSlot(50), at: 2)
        model.append(PhotoSlot(9000))
        expectMatches(grid, model)
        #expect(grid.gapCount == 0, "both blocks with gaps took a photo, so both were compacted")
        // A quarter of a block gone: that block is compacted at once.
        grid.remove(slots(Array(2100..<2700)))
        model.removeAll { (2100..<2700).contains($0.index) }
        expectMatches(grid, model)
        #expect(grid.gapCount == 0, "a block a quarter gaps is compacted")
        grid.remove(slots(Array(4100..<4200)))
        model.removeAll { (4100..<4200).contains($0.index) }
        expectMatches(grid, model)
        #expect(grid.gapCount == 100 && grid.storedCount == model.count + 100)
        grid.compact()
        #expect(grid.gapCount == 0 && grid.storedCount == model.count)
        expectMatches(grid, model)
    }

    /// A bulk removal compacts the blocks it leaves a quarter gaps, counting the gaps an
    /// earlier removal left, and no other; a copy held meanwhile keeps its order.
    @Test func bulkRemovalCompactsTheBlocksItLeavesAQuarterGaps() {
        let fill = 1536
        var grid = LiveSlots(count: 3 * fill)
        var model = grid.order
        let first = Array(stride(from: 0, to: 600, by: 2))
        grid.remove(slots(first))
        model.removeAll { first.contains($0.index) }
        expectMatches(grid, model)
        #expect(grid.gapCount == 300, "300 gaps of 1,536: under a quarter")
        let snapshot = grid
        let second = Array(stride(from: 1, to: 200, by: 2)) + Array(2 * fill ..< 2 * fill + 200)
        grid.remove(slots(second))
        model.removeAll { second.contains($0.index) }
        expectMatches(grid, model)
        #expect(grid.gapCount == 200, "the first block reached a quarter (400 gaps) and was compacted; the third keeps 200")
        #expect(grid.storedCount == model.count + 200)
        expectMatches(snapshot, slots(Array(0 ..< 3 * fill).filter { !first.contains($0) }))
        #expect(snapshot.gapCount == 300)
    }

    /// A removal of a few photos (up to `gapClosingLimit`) compacts their blocks at once, so
    /// no gap is left for positions to walk over; one more photo leaves gaps.
    @Test func aFewRemovalsLeaveNoGaps() {
        var grid = LiveSlots(count: 5000)
        var model = grid.order
        let few = [7, 1600, 1601, 4999, 3000, 12, 13, 2]
        #expect(few.count == LiveSlots.gapClosingLimit)
        grid.remove(slots(few))
        model.removeAll { few.contains($0.index) }
        expectMatches(grid, model)
        #expect(grid.gapCount == 0 && grid.storedCount == model.count)
        let more = Array(100 ... 100 + LiveSlots.gapClosingLimit)
        grid.remove(slots(more))
        model.removeAll { more.contains($0.index) }
        expectMatches(grid, model)
        #expect(grid.gapCount == more.count)
    }

    /// While a copy (a snapshot) is alive, a few removals leave gaps instead of compacting
    /// blocks the copy shares; the copy keeps its order, and once it is gone the next few
    /// removals compact again.
    @Test func aFewRemovalsLeaveGapsWhileACopyShares() {
        var grid = LiveSlots(count: 5000)
        var model = grid.order
        var snapshot: LiveSlots? = grid
        let few = [7, 1600, 4999]
        grid.remove(slots(few))
        model.removeAll { few.contains($0.index) }
        expectMatches(grid, model)
        #expect(grid.gapCount == few.count && grid.storedCount == model.count + few.count)
        expectMatches(snapshot!, slots(Array(0 ..< 5000)))
        snapshot = nil
        grid.remove(slots([8]))
        model.removeAll { $0.index == 8 }
        expectMatches(grid, model)
        #expect(grid.gapCount == few.count - 1)
    }

    /// When every photo leaves at once, the blocks go whole; the grid then takes photos again,
    /// old and new, as an empty one does.
    @Test func losingEveryPhotoEmptiesTheGrid() {
        var grid = LiveSlots(count: 5000)
        #expect(grid.remove(slots(Array(0 ..< 5000).reversed() + [17, 9999])) == 5000)
        expectMatches(grid, [])
        #expect(grid.gapCount == 0 && grid.storedCount == 0)
        let back = [SlotInsertion(slot: 17, at: 0), SlotInsertion(slot: 9000, at: 0), SlotInsertion(slot: 3, at: 1)]
        let inserted = grid.insert(contentsOf: back)
        #expect(inserted)
        expectMatches(grid, slots([9000, 3, 17]))
        // Emptied again, its kept blocks take photos at both ends.
        #expect(grid.remove(slots(Array(100 ..< 200) + [17, 3, 9000])) == 3)
        expectMatches(grid, [])
        let again = grid.insert(contentsOf: [SlotInsertion(slot: 5, at: 0), SlotInsertion(slot: 6, at: 0), SlotInsertion(slot: 4, at: 2)])
        #expect(again)
        expectMatches(grid, slots([6, 5, 4]))
    }

    /// Photos put first one after another fill new first blocks of `frontBlockLimit` instead
    /// of moving one whole block each; positions, removals and iteration see one order.
    @Test func photosPutFirstStartNewFirstBlocks() {
        var grid = LiveSlots(count: 3000)
        var model = grid.order
        for slot in 10_000 ..< 10_000 + 3 * LiveSlots.frontBlockLimit {
            grid.insert(PhotoSlot(slot), at: slot % 7 == 0 ? 1 : 0)
            model.insert(PhotoSlot(slot), at: slot % 7 == 0 ? 1 : 0)
        }
        expectMatches(grid, model)
        let doomed = [10_005, 10_006, 11_000, 2, 2999]
        grid.remove(slots(doomed))
        model.removeAll { doomed.contains($0.index) }
        expectMatches(grid, model)
    }

    /// Many insertions into one place split its block again and again; positions, iteration
    /// and removals keep working across the new blocks.
    @Test func insertionsSplitBlocks() {
        var grid = LiveSlots(count: 3000)
        var model = grid.order
        for index in 0..<5000 {
            let slot = PhotoSlot(10_000 + index)
            let inserted = grid.insert(slot, at: 1500)
            #expect(inserted)
            model.insert(slot, at: 1500)
        }
        expectMatches(grid, model)
        let doomed = Set(model.enumerated().filter { $0.offset % 3 == 0 }.map(\.element))
        let removed = grid.remove(Array(doomed))
        #expect(removed == doomed.count)
        model.removeAll { doomed.contains($0) }
        expectMatches(grid, model)
    }

    /// Random removals (one by one and in bulk), insertions (one by one and in a batch,
    /// returning photos included) on grids from one block to many, against an array.
    @Test(arguments: [0, 700, 2048, 9000, 70_000])
    func randomChangesMatchAnArray(count: Int) {
        var random = SplitMix64(seed: UInt64(count) &+ 77)
        var grid = LiveSlots(count: count)
        var model = grid.order
        var gone: [PhotoSlot] = []
        var nextSlot = count
        for round in 0..<40 {
            let big = round % 4 == 3
            let removals = (0..<Int(random.next() % (big ? UInt64(Swift.max(model.count / 3, 1)) + 1 : 6))).map { _ in
                PhotoSlot(Int.random(in: 0..<Swift.max(nextSlot, 1), using: &random))
            }
            let doomed = Set(removals).intersection(model)
            let removed = grid.remove(removals)
            #expect(removed == doomed.count, "round \(round)")
            model.removeAll { doomed.contains($0) }
            gone.append(contentsOf: doomed)
            var insertions: [SlotInsertion] = []
            for _ in 0..<Int(random.next() % (big ? 300 : 4)) {
                let slot: PhotoSlot
                if !gone.isEmpty && random.next() % 3 == 0 {
                    slot = gone.remove(at: Int(random.next() % UInt64(gone.count)))
                } else {
                    slot = PhotoSlot(nextSlot)
                    nextSlot += 1
                }
                insertions.append(SlotInsertion(slot: slot, at: Int.random(in: -2...(model.count + insertions.count + 2), using: &random)))
            }
            for insertion in insertions {
                model.insert(insertion.slot, at: Swift.min(Swift.max(insertion.at, 0), model.count))
            }
            let accepted = grid.insert(contentsOf: insertions)
            #expect(accepted, "round \(round)")
            expectMatches(grid, model, "round \(round)")
        }
    }

    /// Removals from chunks that were full, one by one and in bulk as the first change: the
    /// summary of full chunks must forget them, or `contains` would still say yes.
    @Test(arguments: [3, 5_000])
    func removalsFromFullChunksShowInContains(removals: Int) {
        var grid = LiveSlots(count: 50_000)
        let doomed = (0..<removals).map { PhotoSlot(($0 * 9_973 + 11) % 50_000) }
        let removed = grid.remove(doomed)
        #expect(removed == Set(doomed).count)
        #expect(doomed.allSatisfy { !grid.contains($0) })
        expectConsistent(grid)
    }

    /// A copy is a snapshot: changing one leaves the other as it was.
    @Test func copiesAreIndependent() {
        var grid = LiveSlots(count: 6000)
        grid.remove(slots([1, 2, 3]))
        let snapshot = grid
        let before = snapshot.order
        grid.insert(7000, at: 2)
        grid.remove(slots(Array(100..<3000)))
        #expect(snapshot.order == before)
        expectMatches(snapshot, before)
        #expect(grid.count == 6000 - 3 + 1 - 2900)
    }

    /// A few chosen photos on a large grid are found through their blocks alone: in grid order,
    /// after insertions, removals and a photo that came back.
    @Test func fewSlotsOfASetOnALargeGridInGridOrder() {
        var random = SplitMix64(seed: 8)
        var grid = LiveSlots(count: 200_000)
        grid.insert(contentsOf: (0..<50).map { SlotInsertion(slot: PhotoSlot(300_000 + $0), at: Int.random(in: 0...150_000, using: &random)) })
        grid.remove(slots(Array(stride(from: 5, to: 200_000, by: 97))))
        grid.insert(PhotoSlot(5), at: 3)
        let order = grid.order
        for chosenCount in [1, 2, 7, 20] {
            let chosen = Set((0..<chosenCount).map { _ in order[Int.random(in: 0..<order.count, using: &random)] } + [PhotoSlot(5)])
            let expected = order.filter { chosen.contains($0) }
            #expect(grid.slots(of: SelectionBitmap(chosen)) == expected, "\(chosenCount) chosen")
        }
    }

    /// After a mass delete a grid holds a few thousand photos over a million slots, most
    /// blocks empty: a few chosen photos, some sharing a block, are listed in grid order, and
    /// slots of the set that left the grid (a selection a bug failed to prune) are skipped.
    @Test func slotsOfASetOnAGridWithManyDeadSlots() {
        var random = SplitMix64(seed: 12)
        var grid = LiveSlots(count: 1_000_000)
        let kept = Set((0..<3_000).map { _ in PhotoSlot(Int.random(in: 0..<1_000_000, using: &random)) })
        let dead = (0..<1_000_000).map { PhotoSlot($0) }.filter { !kept.contains($0) }
        grid.remove(dead)
        grid.insert(contentsOf: (0..<40).map { SlotInsertion(slot: PhotoSlot(1_000_000 + $0), at: Int.random(in: 0...2_000, using: &random)) })
        // Blocks full of photos among the empty ones: few chosen there are searched for.
        grid.insert(contentsOf: (0..<5_000).map { SlotInsertion(slot: PhotoSlot(1_100_000 + $0), at: 1_000 + $0) })
        grid.remove([PhotoSlot(1_100_007)])
        let order = grid.order
        #expect(order.count == kept.count + 40 + 4_999)
        for chosenCount in [1, 3, 30, 200] {
            var chosen = Set((0..<chosenCount).map { _ in order[Int.random(in: 0..<order.count, using: &random)] })
            // Two neighbours in a full block, and a run of a block's worth (scanned, not searched).
            chosen.formUnion([order[1_500], order[1_501]])
            if chosenCount == 200 { chosen.formUnion(order[3_000 ..< 3_300]) }
            let expected = order.filter { chosen.contains($0) }
            let stale = [dead[17], dead[500_000], PhotoSlot(1_100_007)]
            #expect(grid.slots(of: SelectionBitmap(Array(chosen) + stale)) == expected, "\(chosenCount) chosen")
        }
    }

    /// The chosen photos in grid order, stopping early, whatever the gaps.
    @Test func slotsOfASetInGridOrder() {
        var grid = LiveSlots(count: 5000)
        grid.insert(contentsOf: (0..<40).map { SlotInsertion(slot: PhotoSlot(6000 + $0), at: 4000 - $0 * 90) })
        grid.remove(slots(Array(stride(from: 1, to: 5000, by: 7))))
        var random = SplitMix64(seed: 4)
        for density in [0, 1, 30, 100] {
            let chosen = grid.order.filter { _ in Int(random.next() % 100) < density }
            let set = SelectionBitmap(chosen)
            #expect(grid.slots(of: set) == chosen, "density \(density)")
        }
    }
}

/// Everything the grid says about its order matches `model`.
private func expectMatches(
    _ grid: LiveSlots, _ model: [PhotoSlot], _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(grid.order == model, comment, sourceLocation: sourceLocation)
    #expect(Array(grid) == model, comment, sourceLocation: sourceLocation)
    #expect(grid.count == model.count, comment, sourceLocation: sourceLocation)
    let positions = model.count <= 200 ? Array(model.indices) : (0..<200).map { $0 * model.count / 200 } + [model.count - 1]
    #expect(positions.allSatisfy { grid.slot(at: $0) == model[$0] }, comment, sourceLocation: sourceLocation)
    expectConsistent(grid, sourceLocation: sourceLocation)
}
