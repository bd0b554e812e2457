import SeededRandom
import TestSupport
import Testing
@testable import SelectionSlots

private let chunkBits = SelectionBitmapChunk.bitCount
private let directorySlots = SelectionBitmapDirectory.slotCount

private func contents(_ bitmap: SelectionBitmap) -> Set<Int> { Set(bitmap.map(\.index)) }

/// What `changes(since:)` must say: the symmetric difference, split by side, ascending.
private func expectedChanges(from old: Set<Int>, to new: Set<Int>) -> SelectionChanges {
    SelectionChanges(
        added: slots(new.subtracting(old).sorted()),
        removed: slots(old.subtracting(new).sorted()))
}

/// Checks the diff both ways round and by both methods.
private func expectChanges(
    from old: SelectionBitmap, to new: SelectionBitmap, _ context: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let oldModel = contents(old)
    let newModel = contents(new)
    let expected = expectedChanges(from: oldModel, to: newModel)
    #expect(new.changes(since: old) == expected, "\(context)", sourceLocation: sourceLocation)
    #expect(new.structuralChanges(since: old) == expected, "\(context)", sourceLocation: sourceLocation)
    let backwards = SelectionChanges(added: expected.removed, removed: expected.added)
    #expect(old.changes(since: new) == backwards, "\(context)", sourceLocation: sourceLocation)
    #expect(new.changes(since: old).count == oldModel.symmetricDifference(newModel).count, sourceLocation: sourceLocation)
}

/// Whether `new.changes(since: old)` is answered by the journal rather than by comparing chunks.
private func diffUsesJournal(from old: SelectionBitmap, to new: SelectionBitmap) -> Bool {
    new.journal === old.journal
        || new.journal.entries(since: old.journal) != nil
        || old.journal.entries(since: new.journal) != nil
}

struct SelectionBitmapSnapshotTests {
    @Test func mutatingACopyNeverChangesTheOriginal() {
        var random = SplitMix64(seed: 11)
        var current = SelectionBitmap(filledUpTo: 2 * chunkBits + 3)
        var model = Set(0..<(2 * chunkBits + 3))
        var snapshots: [(SelectionBitmap, Set<Int>)] = []
        for step in 0..<600 {
            if step % 7 == 0 { snapshots.append((current, model)) }
            let slot = Int.random(in: 0..<(directorySlots + 100), using: &random)
            switch random.next() % 6 {
            case 0: current.removeAll(); model.removeAll()
            case 1:
                let other = SelectionBitmap(slots([slot, slot / 2, 77]))
                current.formSymmetricDifference(other)
                model.formSymmetricDifference([slot, slot / 2, 77])
            default:
                current.toggle(PhotoSlot(slot))
                if model.remove(slot) == nil { model.insert(slot) }
            }
        }
        #expect(contents(current) == model)
        for (index, (snapshot, snapshotModel)) in snapshots.enumerated() {
            #expect(contents(snapshot) == snapshotModel, "snapshot \(index)")
            #expect(snapshot.count == snapshotModel.count, "snapshot \(index)")
            #expect(snapshot.populationsAreConsistent, "snapshot \(index)")
        }
    }

    @Test func mutatingTheOriginalNeverChangesACopy() {
        var original = SelectionBitmap(slots([1, 64, chunkBits, directorySlots + 2]))
        let copy = original
        original.insert(2)
        original.remove(64)
        original.formUnion(SelectionBitmap(filledUpTo: 10))
        original.subtract(slots([1]))
        #expect(contents(copy) == [1, 64, chunkBits, directorySlots + 2])
        #expect(contents(original) == Set(0..<10).subtracting([1]).union([chunkBits, directorySlots + 2]))
    }

    @Test func aCopySharesStorageUntilWritten() {
        var original = SelectionBitmap(filledUpTo: 3 * chunkBits)
        let copy = original
        #expect(original.chunk(at: 1) === copy.chunk(at: 1))
        original.toggle(PhotoSlot(chunkBits + 5))
        // Only the written chunk was copied.
        #expect(original.chunk(at: 1) !== copy.chunk(at: 1))
        #expect(original.chunk(at: 0) === copy.chunk(at: 0))
        #expect(original.chunk(at: 2) === copy.chunk(at: 2))
    }

    @Test func snapshotsAFewTogglesApartDiffThroughTheJournal() {
        var random = SplitMix64(seed: 3)
        // A large capacity, sparsely filled, so that the Set model stays cheap.
        let size = 10 * directorySlots
        var current = SelectionBitmap(slotCapacity: size)
        for _ in 0..<2000 { current.insert(PhotoSlot(Int.random(in: 0..<size, using: &random))) }
        for round in 0..<20 {
            let snapshot = current
            for _ in 0..<Int(random.next() % 150) {
                current.toggle(PhotoSlot(Int.random(in: 0..<size, using: &random)))
            }
            // Toggle some twice: they cancel out.
            let twice = PhotoSlot(Int.random(in: 0..<size, using: &random))
            current.toggle(twice)
            current.toggle(twice)
            #expect(diffUsesJournal(from: snapshot, to: current), "round \(round)")
            expectChanges(from: snapshot, to: current, "round \(round)")
        }
    }

    @Test func diffsSpanSeveralSnapshotsAndBothDirections() {
        var random = SplitMix64(seed: 4)
        var current = SelectionBitmap()
        var history: [SelectionBitmap] = []
        for _ in 0..<30 {
            history.append(current)
            for _ in 0..<Int(random.next() % 20 + 1) {
                current.toggle(PhotoSlot(Int.random(in: 0..<(3 * chunkBits), using: &random)))
            }
        }
        history.append(current)
        for (older, old) in history.enumerated() {
            for new in history[older...] {
                #expect(diffUsesJournal(from: old, to: new))
                expectChanges(from: old, to: new, "from \(older)")
            }
        }
    }

    @Test func divergedCopiesDiffByComparingChunks() {
        let base = SelectionBitmap(filledUpTo: 3 * chunkBits)
        var left = base
        var right = base
        left.toggle(5)
        left.toggle(PhotoSlot(chunkBits + 9))
        right.toggle(6)
        right.toggle(PhotoSlot(2 * chunkBits + 1))
        #expect(!diffUsesJournal(from: left, to: right))
        expectChanges(from: left, to: right)
        expectChanges(from: base, to: left)
        expectChanges(from: base, to: right)
        // Unrelated bitmaps.
        expectChanges(from: SelectionBitmap(slots([1, 2, 3])), to: SelectionBitmap(slots([3, 4, directorySlots])))
        expectChanges(from: SelectionBitmap(), to: SelectionBitmap(filledUpTo: 70))
    }

    @Test func bulkOperationsAreJournaledWhileTheyFit() {
        var selection = SelectionBitmap(slots([1, 2, 3, chunkBits + 1, 5 * chunkBits]))
        let live = SelectionBitmap(filledUpTo: 6 * chunkBits).subtracting(SelectionBitmap(slots([2, chunkBits + 1])))
        let beforePruning = selection
        selection.formIntersection(live)
        #expect(diffUsesJournal(from: beforePruning, to: selection))
        expectChanges(from: beforePruning, to: selection)

        let beforeDeselect = selection
        selection.removeAll()
        #expect(diffUsesJournal(from: beforeDeselect, to: selection))
        expectChanges(from: beforeDeselect, to: selection)

        // Select all adds far more than a journal holds: the diff falls back, still right.
        let beforeSelectAll = selection
        selection.selectAll(liveSlots: live)
        #expect(!diffUsesJournal(from: beforeSelectAll, to: selection))
        expectChanges(from: beforeSelectAll, to: selection)
    }

    /// Whole words and chunks that change (a Select all, a Deselect all) and words that
    /// change in part, side by side: the diff lists every slot either way.
    @Test func wholeWordsThatChangeAreListedSlotBySlot() {
        var old = SelectionBitmap()
        var new = SelectionBitmap()
        _ = new.insert(slotsFrom: PhotoSlot(0), count: 300_000)
        _ = old.insert(slotsFrom: PhotoSlot(100), count: 37)
        _ = old.insert(slotsFrom: PhotoSlot(299_990), count: 20)
        for slot in stride(from: 5, to: 4_096, by: 9) { new.remove(PhotoSlot(slot)) }
        expectChanges(from: old, to: new, "a Select all with a few taps")
        expectChanges(from: new, to: SelectionBitmap(), "a Deselect all")
    }

    @Test func aFullJournalFallsBackToComparingChunks() {
        var current = SelectionBitmap()
        let snapshot = current
        for slot in 0...SelectionChangeJournal.entryLimit {
            current.insert(PhotoSlot(slot * 3))
        }
        #expect(!diffUsesJournal(from: snapshot, to: current))
        expectChanges(from: snapshot, to: current)
        // A later snapshot starts a fresh journal.
        let later = current
        current.remove(PhotoSlot(3))
        #expect(diffUsesJournal(from: later, to: current))
        expectChanges(from: later, to: current)
    }

    /// Random histories: snapshots, toggles, bulk operations, diffs between any two points.
    @Test(arguments: [0, 1, 2, 3])
    func randomHistoriesDiffLikeSetSymmetricDifference(seed: UInt64) {
        var random = SplitMix64(seed: 100 + seed)
        let bound = [70, chunkBits + 1, 3 * chunkBits, directorySlots + 10][Int(seed)]
        var current = SelectionBitmap()
        var points: [SelectionBitmap] = [current]
        for _ in 0..<120 {
            let slot = PhotoSlot(Int.random(in: 0..<bound, using: &random))
            switch random.next() % 10 {
            case 0: points.append(current)
            case 1: current.removeAll()
            case 2: current.formIntersection(SelectionBitmap(filledUpTo: Int.random(in: 0...bound, using: &random)))
            case 3: current.formUnion(SelectionBitmap(slots([slot.index, slot.index / 3])))
            case 4:
                // Write to an old point: its journal forks, later diffs must stay right.
                var old = points[Int.random(in: 0..<points.count, using: &random)]
                old.toggle(slot)
                points.append(old)
            default: current.toggle(slot)
            }
        }
        points.append(current)
        for _ in 0..<60 {
            let old = points[Int.random(in: 0..<points.count, using: &random)]
            let new = points[Int.random(in: 0..<points.count, using: &random)]
            expectChanges(from: old, to: new)
            let expected = contents(old).symmetricDifference(contents(new))
            #expect(contents(old.symmetricDifference(new)) == expected)
        }
    }

    @Test func diffOfEqualValuesIsEmpty() {
        let value = SelectionBitmap(filledUpTo: 100)
        let copy = value
        #expect(copy.changes(since: value).isEmpty)
        #expect(SelectionBitmap(filledUpTo: 100).changes(since: value).isEmpty)
        var toggledBack = value
        toggledBack.toggle(7)
        toggledBack.toggle(7)
        #expect(toggledBack.changes(since: value).isEmpty)
        #expect(toggledBack == value)
    }
}
