import SeededRandom
import TestSupport
import Testing
@testable import SelectionSlots

private let chunkBits = SelectionBitmapChunk.bitCount
private let directorySlots = SelectionBitmapDirectory.slotCount

private func contents(_ bitmap: SelectionBitmap) -> Set<Int> { Set(bitmap.map(\.index)) }

/// The bitmap holds exactly the model, and its stored counts agree with its bits.
private func expectSame(
    _ bitmap: SelectionBitmap, _ model: Set<Int>, _ context: @autoclosure () -> String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(contents(bitmap) == model, "\(context())", sourceLocation: sourceLocation)
    #expect(bitmap.count == model.count, "\(context())", sourceLocation: sourceLocation)
    #expect(bitmap.populationsAreConsistent, "\(context())", sourceLocation: sourceLocation)
}

/// `changes(since:)` both ways round says the models' symmetric difference.
private func expectChanges(
    from old: SelectionBitmap, _ oldModel: Set<Int>, to new: SelectionBitmap, _ newModel: Set<Int>,
    _ context: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    let added = newModel.subtracting(oldModel).sorted().map { PhotoSlot($0) }
    let removed = oldModel.subtracting(newModel).sorted().map { PhotoSlot($0) }
    #expect(new.changes(since: old) == SelectionChanges(added: added, removed: removed), "\(context)", sourceLocation: sourceLocation)
    #expect(old.changes(since: new) == SelectionChanges(added: removed, removed: added), "\(context)", sourceLocation: sourceLocation)
}

/// Select all and Deselect all over grids too large for the journal to list their flips,
/// where the selection shares the live slots' directories whole and drops them whole.
struct SelectionBitmapSelectAllTests {
    @Test func largeSelectAllSharesTheLiveDirectoriesAndDeselectAllDropsThem() {
        let size = 2 * directorySlots + 3 * chunkBits + 5
        var live = SelectionBitmap(filledUpTo: size)
        var liveModel = Set(0..<size)
        var selection = SelectionBitmap([PhotoSlot(7), PhotoSlot(directorySlots + 9)])
        selection.selectAll(liveSlots: live)
        expectSame(selection, liveModel, "after Select all")
        for directoryIndex in 0..<live.directories.count {
            #expect(selection.directory(at: directoryIndex) === live.directory(at: directoryIndex))
        }
        #expect(!selection.journal.isComplete, "the flips do not fit the journal")

        // A tap in the selection copies its path and leaves the live slots alone.
        selection.remove(PhotoSlot(directorySlots + 1))
        var selectionModel = liveModel
        selectionModel.remove(directorySlots + 1)
        expectSame(selection, selectionModel, "after a tap")
        expectSame(live, liveModel, "the live slots after a tap in the selection")
        #expect(selection.directory(at: 1) !== live.directory(at: 1))
        #expect(selection.directory(at: 0) === live.directory(at: 0), "untouched directories stay shared")

        // A photo leaving the grid leaves the selection as it was until it is pruned.
        live.remove(PhotoSlot(5))
        liveModel.remove(5)
        expectSame(live, liveModel, "the live slots after a removal")
        expectSame(selection, selectionModel, "the selection before pruning")
        selection.formIntersection(live)
        selectionModel.formIntersection(liveModel)
        expectSame(selection, selectionModel, "the selection after pruning")

        let beforeDeselecting = selection
        selection.removeAll()
        expectSame(selection, [], "after Deselect all")
        expectSame(live, liveModel, "the live slots after Deselect all")
        expectSame(beforeDeselecting, selectionModel, "a snapshot before Deselect all")
        expectChanges(from: beforeDeselecting, selectionModel, to: selection, [], "Deselect all")

        // The dropped directories are empty ones, which a later write makes its own.
        selection.insert(PhotoSlot(2 * directorySlots + 1))
        expectSame(selection, [2 * directorySlots + 1], "a tap after Deselect all")
        expectSame(live, liveModel, "the live slots after a tap")
        selection.selectAll(liveSlots: live)
        expectSame(selection, liveModel, "Select all again")
    }

    @Test func selectAllOfAGridGrownPastTheSelection() {
        let size = 3 * directorySlots + 11
        let live = SelectionBitmap(filledUpTo: size)
        var selection = SelectionBitmap()
        selection.insert(PhotoSlot(3))
        #expect(selection.slotCapacity < live.slotCapacity)
        selection.selectAll(liveSlots: live)
        expectSame(selection, Set(0..<size))
        #expect(selection.slotCapacity == live.slotCapacity)
        // Selecting all again changes nothing and copies nothing.
        let before = selection
        selection.selectAll(liveSlots: live)
        #expect(selection.directory(at: 0) === before.directory(at: 0))
        expectSame(selection, Set(0..<size))
    }

    @Test func smallSelectAllStillJournalsItsFlips() {
        let live = SelectionBitmap(filledUpTo: 100)
        var selection = SelectionBitmap([PhotoSlot(4)])
        let before = selection
        selection.selectAll(liveSlots: live)
        expectSame(selection, Set(0..<100))
        #expect(selection.journal.isComplete, "99 flips fit the journal")
        expectChanges(from: before, [4], to: selection, Set(0..<100), "a small Select all")
    }

    /// Random taps, library changes (the live slots gain and lose photos, and the selection
    /// is pruned to them), Select all and Deselect all, against sets; snapshots of both
    /// bitmaps must keep their bits, and diffs between the selection's snapshots must match.
    @Test(arguments: [chunkBits + 9, directorySlots + 77, 2 * directorySlots + 3 * chunkBits])
    func randomSessionsMatchSetModels(size: Int) {
        var random = SplitMix64(seed: UInt64(size) &* 13 &+ 5)
        let bound = size + 2 * chunkBits
        var liveModel = Set((0..<size).filter { _ in random.next() % 8 != 0 })
        var live = SelectionBitmap(liveModel.map { PhotoSlot($0) })
        var selection = SelectionBitmap()
        var selectionModel: Set<Int> = []
        var snapshots: [(SelectionBitmap, Set<Int>, SelectionBitmap, Set<Int>)] = []
        for step in 0..<160 {
            let context = "size \(size), step \(step)"
            switch random.next() % 10 {
            case 0, 1:
                selection.selectAll(liveSlots: live)
                selectionModel = liveModel
            case 2, 3:
                selection.removeAll()
                selectionModel.removeAll()
            case 4, 5, 6:
                // Taps on live photos.
                for _ in 0..<Int(random.next() % 5) {
                    let slot = Int.random(in: 0..<bound, using: &random)
                    guard liveModel.contains(slot) else { continue }
                    selection.toggle(PhotoSlot(slot))
                    if selectionModel.remove(slot) == nil { selectionModel.insert(slot) }
                }
            case 7, 8:
                // A library change: some photos leave, some arrive, the selection is pruned.
                for _ in 0..<Int(random.next() % 6) {
                    let slot = Int.random(in: 0..<bound, using: &random)
                    if random.next() % 2 == 0 {
                        live.insert(PhotoSlot(slot))
                        liveModel.insert(slot)
                    } else {
                        live.remove(PhotoSlot(slot))
                        liveModel.remove(slot)
                    }
                }
                selection.formIntersection(live)
                selectionModel.formIntersection(liveModel)
            default:
                snapshots.append((selection, selectionModel, live, liveModel))
            }
            #expect(selection.count == selectionModel.count, "\(context)")
            if step % 20 == 0 {
                expectSame(selection, selectionModel, context)
                expectSame(live, liveModel, "\(context): live")
            }
        }
        expectSame(selection, selectionModel, "size \(size), end")
        expectSame(live, liveModel, "size \(size), end: live")
        for (index, (oldSelection, oldSelectionModel, oldLive, oldLiveModel)) in snapshots.enumerated() {
            expectSame(oldSelection, oldSelectionModel, "size \(size), snapshot \(index)")
            expectSame(oldLive, oldLiveModel, "size \(size), live snapshot \(index)")
            expectChanges(
                from: oldSelection, oldSelectionModel, to: selection, selectionModel, "size \(size), snapshot \(index)")
        }
    }
}
