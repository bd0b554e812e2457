import SeededRandom
import Testing
@testable import SelectionSlots

private let chunkBits = SelectionBitmapChunk.bitCount
private let directorySlots = SelectionBitmapDirectory.slotCount

/// The set algebra on a bitmap that owns its chunks and no longer journals (pruning in an
/// app's engine, after its first large change): each chunk is combined in place, in one pass,
/// against `Set<Int>`; and the shortcut for a full operand chunk.
struct SelectionBitmapInPlaceAlgebraTests {
    /// A bitmap of `model`, built slot by slot (its chunks its own), whose journal has been
    /// marked incomplete by the flips.
    private static func ownedBitmap(_ model: Set<Int>) -> SelectionBitmap {
        var bits = SelectionBitmap()
        for slot in model.sorted() { bits.insert(PhotoSlot(slot)) }
        // Past the journal's room: two flips per slot of the first chunks.
        for _ in 0 ..< 2 {
            for slot in 0 ..< 2_100 { bits.toggle(PhotoSlot(slot)) }
        }
        return bits
    }

    private static func chunkIdentities(_ bits: SelectionBitmap) -> [ObjectIdentifier?] {
        (0 ..< (bits.slotCapacity >> SelectionBitmapChunk.bitShift)).map { bits.chunk(at: $0).map(ObjectIdentifier.init) }
    }

    @Test(arguments: [0, 1, 2, 3])
    func ownedChunksAreCombinedInPlace(operation: Int) {
        var random = SplitMix64(seed: UInt64(operation) &+ 41)
        // Past a directory's end, so that a second directory is combined too.
        let bound = directorySlots + 3 * chunkBits
        for round in 0 ..< 2 {
            // Dense on both sides, so that every chunk is combined word by word.
            var model = Set((0 ..< bound).filter { _ in random.next() % 2 == 0 })
            let otherModel = Set((0 ..< bound).filter { _ in random.next() % 8 != 0 })
            var bits = Self.ownedBitmap(model)
            let other = SelectionBitmap(otherModel.map { PhotoSlot($0) })
            #expect(!bits.journal.isComplete)
            let before = Self.chunkIdentities(bits)
            combine(&bits, &model, with: other, otherModel, operation: operation)
            let context = "operation \(operation), round \(round)"
            #expect(bits.map(\.index) == model.sorted(), "\(context)")
            #expect(bits.count == model.count, "\(context)")
            #expect(bits.populationsAreConsistent, "\(context)")
            #expect(Self.chunkIdentities(bits) == before, "\(context): the same chunks, written in place")
            #expect(other.map(\.index) == otherModel.sorted(), "\(context): the operand is unchanged")
        }
    }

    @Test func aCopyStillSharesWhatItHeld() {
        let model = Set(stride(from: 0, to: 3 * chunkBits, by: 3))
        var bits = Self.ownedBitmap(model)
        let snapshot = bits
        let live = SelectionBitmap(filledUpTo: 3 * chunkBits - 7)
        bits.formIntersection(live)
        #expect(bits.map(\.index) == model.filter { $0 < 3 * chunkBits - 7 }.sorted())
        #expect(snapshot.map(\.index) == model.sorted(), "the snapshot keeps its chunks")
        // The first two chunks of `live` are full: they decide without a word read, and the
        // chunks they keep stay shared with the snapshot.
        #expect(bits.chunk(at: 0) === snapshot.chunk(at: 0))
        #expect(bits.chunk(at: 1) === snapshot.chunk(at: 1))
        #expect(bits.chunk(at: 2) !== snapshot.chunk(at: 2))
    }

    @Test func aFullOperandChunkDecidesWithoutWords() {
        var random = SplitMix64(seed: 5)
        let bound = 4 * chunkBits
        let model = Set((0 ..< bound).filter { _ in random.next() % 3 == 0 })
        // Chunks 0 and 2 full, 1 missing a slot, 3 empty.
        let otherModel = Set(0 ..< bound).subtracting([chunkBits + 17]).subtracting(3 * chunkBits ..< bound)
        let other = SelectionBitmap(otherModel.map { PhotoSlot($0) })
        for owned in [false, true] {
            var intersected = owned ? Self.ownedBitmap(model) : SelectionBitmap(model.map { PhotoSlot($0) })
            var subtracted = intersected
            intersected.formIntersection(other)
            subtracted.subtract(other)
            #expect(intersected.map(\.index) == model.intersection(otherModel).sorted(), "owned \(owned)")
            #expect(subtracted.map(\.index) == model.subtracting(otherModel).sorted(), "owned \(owned)")
            #expect(intersected.populationsAreConsistent && subtracted.populationsAreConsistent)
        }
    }
}
