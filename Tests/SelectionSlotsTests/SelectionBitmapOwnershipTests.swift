import SeededRandom
import TestSupport
import Testing
@testable import SelectionSlots

private let chunkBits = SelectionBitmapChunk.bitCount

private func contents(_ bitmap: SelectionBitmap) -> Set<Int> { Set(bitmap.map(\.index)) }

/// A flip writes a chunk in place, without asking whether it is shared, when the bitmap
/// remembers owning it (`ChunkOwnership`). Each test here builds a way for a chunk it owned
/// to become reachable from another value, then writes, and checks the other value.
struct SelectionBitmapOwnershipTests {
    /// A bitmap that shared its chunk through `formUnion` copies before its next write: in
    /// the first directory (whose ownership word is inline) and in a later one.
    @Test(arguments: [0, 3 * SelectionBitmapDirectory.slotCount + 2 * chunkBits])
    func chunksTakenByAnotherBitmapAreCopiedBeforeTheOwnerWrites(base: Int) {
        var source = SelectionBitmap()
        source.toggle(PhotoSlot(base + 5))
        var taker = SelectionBitmap()
        taker.formUnion(source)
        let chunkIndex = base / chunkBits
        #expect(taker.chunk(at: chunkIndex) === source.chunk(at: chunkIndex), "the union shares the chunk")
        source.toggle(PhotoSlot(base + 6))
        #expect(contents(taker) == [base + 5])
        taker.toggle(PhotoSlot(base + 7))
        #expect(contents(source) == [base + 5, base + 6])
        #expect(contents(taker) == [base + 5, base + 7])
    }

    /// The live slots of a grid are shared with the selection by Select all; the grid then
    /// loses a photo, which flips a bit of the live bitmap.
    @Test func theLiveBitmapCopiesAChunkTheSelectionTook() {
        var live = SelectionBitmap(filledUpTo: 5000)
        live.remove(3)
        var selection = SelectionBitmap()
        selection.selectAll(liveSlots: live)
        live.remove(4)
        #expect(selection.contains(4))
        #expect(selection.count == 4999)
        #expect(!live.contains(4) && live.count == 4998)
    }

    /// A bulk operation that puts another bitmap's chunk where this one owned its own.
    @Test func aChunkReplacedByABulkOperationIsNotWrittenInPlace() {
        let other = SelectionBitmap(slots([10]))
        var bitmap = SelectionBitmap()
        bitmap.toggle(5)
        bitmap.toggle(5)
        bitmap.formUnion(other)
        bitmap.toggle(6)
        #expect(contents(other) == [10])
        #expect(contents(bitmap) == [6, 10])
    }

    /// A copy writes (and forks the journal), then overflows its journal, which lets go of the
    /// original's journal: the original's journal is unique again while the copy still shares
    /// the original's untouched chunks.
    @Test func aCopyThatForkedAndLetGoStillSharesTheUntouchedChunks() {
        var original = SelectionBitmap(slots([1, chunkBits + 1]))
        var copy = original
        // Enough flips to overflow the copy's journal (an even number: the slot ends as it was).
        for _ in 0..<(SelectionChangeJournal.entryLimit + 2) { copy.toggle(PhotoSlot(chunkBits + 2)) }
        #expect(!copy.journal.isComplete)
        #expect(copy.chunk(at: 0) === original.chunk(at: 0), "chunk 0 is still shared")
        original.toggle(2)
        #expect(contents(copy) == [1, chunkBits + 1])
        #expect(contents(original) == [1, 2, chunkBits + 1])
    }

    /// An iterator holds the bitmap's chunks while the bitmap is written.
    @Test func iteratingWhileTogglingSeesTheValueItStarted() {
        var bitmap = SelectionBitmap(filledUpTo: 100)
        bitmap.toggle(0)
        bitmap.toggle(0)
        var seen: [Int] = []
        for slot in bitmap {
            seen.append(slot.index)
            bitmap.toggle(PhotoSlot((slot.index + 1) % 100))
        }
        #expect(seen == Array(0..<100))
        #expect(bitmap.count == 0, "every slot was toggled once")
    }

    /// A value kept as a snapshot, written again after the writer moved on.
    @Test func aSnapshotWrittenLaterForksOnceMore() {
        var current = SelectionBitmap()
        current.toggle(1)
        let snapshot = current
        current.toggle(2)
        var revived = snapshot
        revived.toggle(3)
        current.toggle(4)
        #expect(contents(snapshot) == [1])
        #expect(contents(revived) == [1, 3])
        #expect(contents(current) == [1, 2, 4])
    }

    /// The record itself against a set: claims across the inline word and later ones, growth,
    /// forgetting.
    @Test func theRecordMatchesASet() {
        var random = SplitMix64(seed: 9)
        var record = ChunkOwnership()
        var model = Set<Int>()
        for step in 0..<2000 {
            if step % 500 == 499 {
                record.forgetAll()
                model.removeAll()
            }
            let chunk = Int(random.next() % (step < 1000 ? 200 : 5000))
            record.claim(chunk: chunk)
            model.insert(chunk)
        }
        let wrong = (0..<6000).first { record.owns(chunk: $0) != model.contains($0) }
        #expect(wrong == nil, "chunk \(wrong ?? -1)")
    }

    /// Copies written on several threads at once, each beside a bitmap that takes its chunks:
    /// each ends with exactly its own writes. (The test bundle links jemalloc, which the
    /// thread sanitizer cannot run with; the same loop built with SelectionCore's sources
    /// alone under `-sanitize=thread` reports nothing.)
    @Test func copiesWrittenOnSeveralThreadsStayApart() async {
        var base = SelectionBitmap(filledUpTo: 3 * chunkBits)
        for slot in stride(from: 0, to: 3 * chunkBits, by: 7) { base.toggle(PhotoSlot(slot)) }
        let start = base
        let expectedBase = contents(base)
        let results = await withTaskGroup(of: (Int, Set<Int>).self) { group in
            for worker in 0..<4 {
                group.addTask {
                    var mine = start
                    var taker = SelectionBitmap()
                    for round in 0..<200 {
                        mine.toggle(PhotoSlot((round * 37 + worker * 11) % (3 * chunkBits)))
                        if round % 50 == 0 { taker.formUnion(mine) }
                    }
                    return (worker, contents(mine))
                }
            }
            var results: [Int: Set<Int>] = [:]
            for await (worker, slots) in group { results[worker] = slots }
            return results
        }
        #expect(contents(start) == expectedBase)
        for worker in 0..<4 {
            var model = expectedBase
            for round in 0..<200 {
                let slot = (round * 37 + worker * 11) % (3 * chunkBits)
                if model.remove(slot) == nil { model.insert(slot) }
            }
            #expect(results[worker] == model, "worker \(worker)")
        }
    }
}
