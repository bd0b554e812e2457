import Testing

@testable import SelectionSlots

/// The check that `SelectionBitmap`'s two ways in run after every write (builds with
/// `SLOTS_INTERNAL_CHECKS`: debug, or release with `-Xswiftc -DSLOTS_INTERNAL_CHECKS`) stops
/// the process when the journal no longer says what the bits did. Each mistake is planted by
/// writing the journal behind the bitmap's back, the way a mutating method that forgot the
/// funnel would.
struct SelectionBitmapInvariantCheckTests {
    #if SLOTS_INTERNAL_CHECKS
    @Test func aJournalEntryWithoutItsFlipStopsTheNextToggle() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var bitmap = SelectionBitmap([PhotoSlot(1), PhotoSlot(2)])
            bitmap.journal.record(PhotoSlot(5), isNowSet: true)
            bitmap.toggle(PhotoSlot(9))
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("SelectionBitmap invariant: the journal's entries take the count from 0 by 4, but it is 3"))
    }

    @Test func anEntryThatNamesTheWrongStateStopsABulkChange() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var bitmap = SelectionBitmap([PhotoSlot(1), PhotoSlot(2)])
            // Two entries for slot 7 that cancel in the count but say it is now set.
            bitmap.journal.record(PhotoSlot(7), isNowSet: false)
            bitmap.journal.record(PhotoSlot(7), isNowSet: true)
            bitmap.formIntersection(SelectionBitmap([PhotoSlot(1)]))
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("the journal's newest entry for slot 7 says set, but the bit is clear"))
    }

    @Test func aPopulationOutOfStepWithTheBitsStopsTheNextWrite() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var bitmap = SelectionBitmap([PhotoSlot(1), PhotoSlot(2)])
            bitmap.chunk(at: 0)?.population += 1
            bitmap.toggle(PhotoSlot(3))
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("chunk 0 stores population 4 but holds 3 bits"))
    }

    /// A chunk that is not allocated, taken for one that is, stops the process before it is
    /// read (a release build without the checks would read through nil).
    @Test func anUnallocatedChunkTakenForAnAllocatedOneStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let directory = SelectionBitmapDirectory.makeEmpty()
            _ = directory.allocatedChunk(at: 3).population
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("SelectionBitmap: an unallocated chunk was taken for an allocated one"))
    }

    /// The same writes without a planted mistake pass every check, so the checks above fail
    /// for the mistake and not for the writes.
    @Test func theSameWritesWithoutAMistakePass() {
        var bitmap = SelectionBitmap([PhotoSlot(1), PhotoSlot(2)])
        bitmap.toggle(PhotoSlot(9))
        bitmap.formIntersection(SelectionBitmap([PhotoSlot(1), PhotoSlot(9)]))
        bitmap.toggle(PhotoSlot(3))
        #expect(Array(bitmap) == [PhotoSlot(1), PhotoSlot(3), PhotoSlot(9)])
    }
    @Test func theTestsAndTheLibraryAgreeThatTheCheckIsOn() {
        #expect(SelectionBitmap.runsInvariantChecks)
    }
    #else
    /// Built without `SLOTS_INTERNAL_CHECKS` (a release build): the library must not check
    /// either, or every write would pay for it.
    @Test func aBuildWithoutTheFlagLeavesTheCheckOut() {
        #expect(!SelectionBitmap.runsInvariantChecks)
    }
    #endif
}
