@_spi(GridSimInternals) import SelectionCore
import SelectionSlots

extension SelectionChanges {
    /// `bitmap` with the removed slots taken out, then the added ones put in: what removing
    /// each of `removed` and inserting each of `added` in turn gives, written a run of
    /// consecutive slots at a time (a word at a time within a run).
    ///
    /// The changes of a Select all or a Deselect all over a grid of N photos are a few runs of
    /// about N slots, so applying them costs O(N / 64) word writes instead of N single-slot
    /// writes; scattered slots cost one range write each, as a single-slot write would.
    /// O(added + removed) to find the runs.
    func applied(to bitmap: SelectionBitmap) -> SelectionBitmap {
        var result = bitmap
        Self.forEachRun(of: removed) { first, count in _ = result.remove(slotsFrom: first, count: count) }
        Self.forEachRun(of: added) { first, count in _ = result.insert(slotsFrom: first, count: count) }
        return result
    }

    /// Calls `body` with the first slot and the length of each maximal run of consecutive
    /// slots in `slots`, in order; a slot listed again starts a run of its own. O(slots).
    static func forEachRun(of slots: [PhotoSlot], _ body: (PhotoSlot, Int) -> Void) {
        // A Select all's changes are a million slots: the scan reads them as raw integers.
        slots.withUnsafeBufferPointer { slots in
            var index = 0
            while index < slots.count {
                let first = slots[index].rawValue
                var end = index + 1
                while end < slots.count && slots[end].rawValue &- first == UInt32(truncatingIfNeeded: end &- index) {
                    end += 1
                }
                body(PhotoSlot(rawValue: first), end - index)
                index = end
            }
        }
    }
}
