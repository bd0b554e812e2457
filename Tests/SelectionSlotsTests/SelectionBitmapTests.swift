import SeededRandom
import TestSupport
import Testing
@testable import SelectionSlots

private let chunkBits = SelectionBitmapChunk.bitCount
private let directorySlots = SelectionBitmapDirectory.slotCount

/// Sizes around every boundary: words, chunks, directories.
private let sizes = [
    0, 1, 63, 64, 65, chunkBits - 1, chunkBits, chunkBits + 1, 3 * chunkBits + 17,
    directorySlots - 1, directorySlots + 1,
]

private func bitmap(_ values: some Sequence<Int>) -> SelectionBitmap {
    SelectionBitmap(values.map { PhotoSlot($0) })
}

private func contents(_ bitmap: SelectionBitmap) -> [Int] {
    bitmap.map(\.index)
}

/// The bitmap holds exactly the model, and its stored counts agree with its bits.
private func expectSame(
    _ bitmap: SelectionBitmap, _ model: Set<Int>, _ context: @autoclosure () -> String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    // Linear, not a sort: iterated slots strictly ascend, all are in the model, and there
    // are as many as the model holds.
    var iterated = 0
    var previous = -1
    var ascendingAndInModel = true
    for slot in bitmap {
        ascendingAndInModel = ascendingAndInModel && slot.index > previous && model.contains(slot.index)
        previous = slot.index
        iterated += 1
    }
    #expect(ascendingAndInModel && iterated == model.count, "\(context())", sourceLocation: sourceLocation)
    #expect(bitmap.count == model.count, "\(context())", sourceLocation: sourceLocation)
    #expect(bitmap.populationsAreConsistent, "\(context())", sourceLocation: sourceLocation)
}

/// A random set of slots below `bound` of a random shape (empty, a few, full, a dense
/// window across chunk boundaries, a run), and the same set as a bitmap.
private func randomSet(below bound: Int, using random: inout SplitMix64) -> (Set<Int>, SelectionBitmap) {
    guard bound > 0 else { return ([], SelectionBitmap()) }
    let set: Set<Int>
    switch random.next() % 5 {
    case 0:
        set = []
    case 1:
        set = Set((0..<Int(random.next() % 8)).map { _ in Int.random(in: 0..<bound, using: &random) })
    case 2:
        return (Set(0..<bound), SelectionBitmap(filledUpTo: bound))
    case 3:
        let start = Int.random(in: 0..<bound, using: &random)
        let window = start..<Swift.min(bound, start + Int.random(in: 0...(3 * chunkBits), using: &random))
        set = Set(window.filter { _ in random.next() % 2 == 0 })
    default:
        let start = Int.random(in: 0..<bound, using: &random)
        set = Set(start..<Swift.min(bound, start + Int.random(in: 0...200, using: &random)))
    }
    return (set, bitmap(set))
}

struct SelectionBitmapTests {
    @Test func emptyBitmap() {
        let empty = SelectionBitmap()
        #expect(empty.isEmpty)
        #expect(empty.count == 0)
        #expect(contents(empty) == [])
        #expect(!empty.contains(0))
        #expect(!empty.contains(PhotoSlot(rawValue: .max)))
        #expect(empty.slotCapacity == 0)
        #expect(empty == SelectionBitmap(slotCapacity: 5 * directorySlots))
    }

    @Test(arguments: sizes)
    func filledUpTo(size: Int) {
        let full = SelectionBitmap(filledUpTo: size)
        expectSame(full, Set(0..<size))
        #expect(!full.contains(PhotoSlot(size)))
        #expect(full.slotCapacity >= size)
        #expect(full == bitmap(0..<size))
    }

    @Test func singleSlotOperationsAcrossBoundaries() {
        var bits = SelectionBitmap()
        let slots = [0, 63, 64, 65, chunkBits - 1, chunkBits, chunkBits + 1, directorySlots - 1, directorySlots, 3 * directorySlots + 7]
        for slot in slots {
            let first = bits.insert(PhotoSlot(slot))
            let second = bits.insert(PhotoSlot(slot))
            #expect(first && !second)
            #expect(bits.contains(PhotoSlot(slot)))
        }
        expectSame(bits, Set(slots))
        let removed = bits.remove(PhotoSlot(64))
        let removedAgain = bits.remove(PhotoSlot(64))
        let zeroIsSet = bits.toggle(PhotoSlot(0))
        let oneIsSet = bits.toggle(PhotoSlot(1))
        #expect(removed && !removedAgain && !zeroIsSet && oneIsSet)
        expectSame(bits, Set(slots).subtracting([64, 0]).union([1]))
    }

    @Test func growsWhenNewSlotsAppear() {
        var bits = SelectionBitmap(filledUpTo: 10)
        #expect(bits.slotCapacity == directorySlots)
        bits.insert(PhotoSlot(2 * directorySlots + 5))
        #expect(bits.slotCapacity == 3 * directorySlots)
        expectSame(bits, Set(0..<10).union([2 * directorySlots + 5]))
        // Absent slots beyond capacity are simply absent.
        let removed = bits.remove(PhotoSlot(40 * directorySlots))
        #expect(!removed)
        #expect(bits.slotCapacity == 3 * directorySlots)
    }

    /// Random operation sequences against `Set<Int>`, from an empty and from a full bitmap.
    @Test(arguments: sizes, [false, true])
    func randomOperationsMatchSetModel(size: Int, startsFull: Bool) {
        var random = SplitMix64(seed: UInt64(size) &* 31 &+ (startsFull ? 7 : 3))
        var bits = startsFull ? SelectionBitmap(filledUpTo: size) : SelectionBitmap()
        var model = startsFull ? Set(0..<size) : []
        // Slots up to a little past the size, so that growth is exercised too.
        let bound = size + 70
        let live = SelectionBitmap(filledUpTo: bound)
        var snapshots: [(SelectionBitmap, Set<Int>)] = []
        let steps = size > 100_000 ? 80 : 400
        for step in 0..<steps {
            let context = "size \(size), step \(step)"
            let slot = Int.random(in: 0..<bound, using: &random)
            switch random.next() % 16 {
            case 0, 1, 2:
                let inserted = bits.insert(PhotoSlot(slot))
                #expect(inserted == model.insert(slot).inserted, "\(context)")
            case 3, 4:
                let removed = bits.remove(PhotoSlot(slot))
                #expect(removed == (model.remove(slot) != nil), "\(context)")
            case 5, 6, 7:
                let isNowSet = bits.toggle(PhotoSlot(slot))
                if model.remove(slot) == nil { model.insert(slot) }
                #expect(isNowSet == model.contains(slot), "\(context)")
            case 8:
                let doomed = (0..<Int(random.next() % 40)).map { _ in Int.random(in: 0..<bound, using: &random) }
                let expected = model.intersection(doomed).count
                let removed = bits.subtract(doomed.map { PhotoSlot($0) })
                #expect(removed == expected, "\(context)")
                model.subtract(doomed)
            case 9, 10, 11, 12:
                // Against an independent bitmap, or a copy of this one that shares most chunks.
                let otherModel: Set<Int>
                let other: SelectionBitmap
                if random.next() % 2 == 0 {
                    (otherModel, other) = randomSet(below: bound, using: &random)
                } else {
                    var derived = bits
                    var derivedModel = model
                    for _ in 0..<Int(random.next() % 6) {
                        let flipped = Int.random(in: 0..<bound, using: &random)
                        derived.toggle(PhotoSlot(flipped))
                        if derivedModel.remove(flipped) == nil { derivedModel.insert(flipped) }
                    }
                    other = derived
                    otherModel = derivedModel
                }
                combine(&bits, &model, with: other, otherModel, operation: Int(random.next() % 4))
                expectSame(other, otherModel, "\(context): the operand is unchanged")
            case 13:
                if random.next() % 4 == 0 {
                    bits.removeAll()
                    model.removeAll()
                } else {
                    bits.selectAll(liveSlots: live)
                    model.formUnion(0..<bound)
                }
            case 14:
                snapshots.append((bits, model))
            default:
                #expect(bits.contains(PhotoSlot(slot)) == model.contains(slot), "\(context)")
            }
            #expect(bits.count == model.count, "\(context)")
            #expect(bits.contains(PhotoSlot(slot)) == model.contains(slot), "\(context)")
            if step % (size > 100_000 ? 40 : 16) == 0 { expectSame(bits, model, context) }
        }
        expectSame(bits, model, "size \(size), end")
        for (index, (snapshot, snapshotModel)) in snapshots.enumerated() {
            expectSame(snapshot, snapshotModel, "size \(size), snapshot \(index) unchanged by later writes")
        }
    }

    @Test(arguments: sizes)
    func setAlgebraMatchesSetModel(size: Int) {
        var random = SplitMix64(seed: UInt64(size) &+ 99)
        for round in 0..<(size > 100_000 ? 3 : 12) {
            let bound = size + 65
            let (leftModel, left) = randomSet(below: bound, using: &random)
            let (rightModel, right) = randomSet(below: bound, using: &random)
            let context = "size \(size), round \(round)"
            expectSame(left.intersection(right), leftModel.intersection(rightModel), context)
            expectSame(left.subtracting(right), leftModel.subtracting(rightModel), context)
            expectSame(left.union(right), leftModel.union(rightModel), context)
            expectSame(left.symmetricDifference(right), leftModel.symmetricDifference(rightModel), context)
            #expect(left.isSubset(of: right) == leftModel.isSubset(of: rightModel), "\(context)")
            #expect(left.isSubset(of: left.union(right)), "\(context)")
            #expect((left == right) == (leftModel == rightModel), "\(context)")
            // With itself: every chunk is the same object.
            expectSame(left.intersection(left), leftModel, context)
            expectSame(left.subtracting(left), [], context)
            expectSame(left.symmetricDifference(left), [], context)
            expectSame(left.union(left), leftModel, context)
            // Operands unchanged.
            expectSame(left, leftModel, context)
            expectSame(right, rightModel, context)
        }
    }

    @Test func operandsOfDifferentCapacity() {
        let small = bitmap([1, 5, 70])
        let large = bitmap([5, 70, 3 * directorySlots + 1])
        expectSame(small.union(large), [1, 5, 70, 3 * directorySlots + 1])
        expectSame(large.union(small), [1, 5, 70, 3 * directorySlots + 1])
        expectSame(small.symmetricDifference(large), [1, 3 * directorySlots + 1])
        expectSame(large.intersection(small), [5, 70])
        expectSame(small.intersection(large), [5, 70])
        expectSame(large.subtracting(small), [3 * directorySlots + 1])
        expectSame(small.subtracting(large), [1])
        #expect(small != large)
        var roomy = SelectionBitmap(slotCapacity: 9 * directorySlots)
        roomy.insert(1)
        #expect(bitmap([1]) == roomy)
    }

    @Test func selectAllSharesTheLiveChunks() {
        let live = SelectionBitmap(filledUpTo: 3 * chunkBits + 5)
        var selection = bitmap([2, 4000])
        selection.selectAll(liveSlots: live)
        #expect(selection == live)
        #expect(selection.count == live.count)
        // The chunks it lacked are now the live bitmap's own objects.
        #expect(selection.chunk(at: 2) === live.chunk(at: 2))
        selection.remove(PhotoSlot(2 * chunkBits))
        #expect(live.contains(PhotoSlot(2 * chunkBits)), "the live bitmap is not written through")
        expectSame(live, Set(0..<(3 * chunkBits + 5)))
    }

    @Test func removeAllKeepsUniqueChunksAllocated() {
        var bits = bitmap([3, chunkBits + 3])
        // An identifier, not a reference: holding the chunk would make it shared.
        let chunk = bits.chunk(at: 0).map(ObjectIdentifier.init)
        bits.removeAll()
        expectSame(bits, [])
        #expect(chunk != nil && bits.chunk(at: 0).map(ObjectIdentifier.init) == chunk, "cleared in place, not freed")
        bits.insert(3)
        expectSame(bits, [3])

        // A shared chunk is dropped instead, and the snapshot keeps its bits.
        let snapshot = bits
        bits.removeAll()
        expectSame(bits, [])
        expectSame(snapshot, [3])
    }

    @Test(arguments: sizes)
    func iterationInGridOrder(size: Int) {
        var random = SplitMix64(seed: UInt64(size) &+ 5)
        let order = (0..<size).map { PhotoSlot($0) }.shuffled(using: &random)
        let (model, bits) = randomSet(below: size, using: &random)
        let expected = order.filter { model.contains($0.index) }
        #expect(bits.slots(inGridOrder: LiveSlots(order: order)!) == expected)
        #expect(Array(bits) == model.sorted().map { PhotoSlot($0) })
    }

    @Test func iterationSkipsEmptyAndUnallocatedChunks() {
        var bits = bitmap([0, 1, 5 * chunkBits + 9, 2 * directorySlots + 63, 2 * directorySlots + 64])
        bits.remove(1)
        bits.remove(0)  // chunk 0 stays allocated but empty
        #expect(contents(bits) == [5 * chunkBits + 9, 2 * directorySlots + 63, 2 * directorySlots + 64])
        var iterator = SelectionBitmap().makeIterator()
        #expect(iterator.next() == nil)
        #expect(iterator.next() == nil)
    }
}
