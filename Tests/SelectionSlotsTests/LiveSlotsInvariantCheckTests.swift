import Testing

@testable import SelectionSlots

/// The check `LiveSlots` runs after every mutation (builds with `SLOTS_INTERNAL_CHECKS`:
/// debug, or release with `-Xswiftc -DSLOTS_INTERNAL_CHECKS`) stops the process when its
/// stores no longer agree. Each mistake is planted by writing a block count behind the
/// grid's back, the way a mutation that forgot one of its ten stores would.
struct LiveSlotsInvariantCheckTests {
    #if SLOTS_INTERNAL_CHECKS
    @Test func aBlockCountOutOfStepStopsTheNextInsertion() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var grid = LiveSlots(count: 10)
            grid.liveCounts[0] -= 1
            grid.insert(PhotoSlot(20), at: 3)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("LiveSlots invariant: block 0 counts 10 photos but holds 11"))
    }

    @Test func aGapCountOutOfStepStopsTheNextRemoval() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var grid = LiveSlots(count: 10)
            grid.gapCounts[0] += 1
            grid.remove([PhotoSlot(2)])
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("LiveSlots invariant: the blocks count 0 gaps, but gapCount is -1"))
    }

    @Test func aCountMovedBetweenBlocksStopsABulkRemoval() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var grid = LiveSlots(count: 5_000)
            // Moved between two blocks: each block's total holds, the blocks' do not.
            grid.liveCounts[0] -= 1
            grid.liveCounts[1] += 1
            grid.remove((0..<4_000).map(PhotoSlot.init))
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("LiveSlots invariant: block 0 counts"))
    }
    #endif

    /// The same writes without a planted mistake pass every check, so the checks above fail
    /// for the mistake and not for the writes.
    @Test func theSameWritesWithoutAMistakePass() {
        var grid = LiveSlots(count: 10)
        grid.insert(PhotoSlot(20), at: 3)
        grid.remove([PhotoSlot(2)])
        var large = LiveSlots(count: 5_000)
        large.remove((0..<4_000).map(PhotoSlot.init))
        large.insert(contentsOf: (0..<100).map { SlotInsertion(slot: PhotoSlot($0), at: $0 * 7) })
        #expect(grid.order == [0, 1, 20, 3, 4, 5, 6, 7, 8, 9].map(PhotoSlot.init))
        #expect(large.count == 1_100 && large.slot(at: 0) == PhotoSlot(0))
    }

    /// The tests and the library are built with the same flag: with it, the library checks;
    /// without it (a release build), every mutation must not pay for the checks.
    @Test func theTestsAndTheLibraryAgreeWhetherTheCheckIsOn() {
        #if SLOTS_INTERNAL_CHECKS
        #expect(LiveSlots.runsInvariantChecks)
        #else
        #expect(!LiveSlots.runsInvariantChecks)
        #endif
    }
}
