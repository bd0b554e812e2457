/// Where each element of the old grid stood, looked up by element.
protocol OldPositionIndex {
    associatedtype Element
    /// The old offset of `element`, or nil if it was not in the old grid.
    func oldOffset(of element: Element) -> Int?
}

/// Old positions of string ids in a dictionary: what a diff over photo ids as the seeds
/// keep them has to build. O(n) to build, O(1) expected per lookup (with hashing).
struct DictionaryPositions: OldPositionIndex {
    private let offsets: [String: Int]

    init(_ old: [String]) {
        var offsets = [String: Int](minimumCapacity: old.count)
        for (offset, id) in old.enumerated() { offsets[id] = offset }
        self.offsets = offsets
    }

    func oldOffset(of element: String) -> Int? { offsets[element] }
}

/// Old positions of dense slots in a flat table indexed by slot: no hashing at all. O(slots)
/// to build, O(1) per lookup.
struct DenseSlotPositions: OldPositionIndex {
    private let offsets: [Int32]

    /// `slotBound` is one more than the largest slot in either grid.
    init(_ old: [Int32], slotBound: Int) {
        var offsets = [Int32](repeating: -1, count: slotBound)
        for (offset, slot) in old.enumerated() { offsets[Int(slot)] = Int32(offset) }
        self.offsets = offsets
    }

    func oldOffset(of element: Int32) -> Int? {
        let index = Int(element)
        guard index >= 0, index < offsets.count else { return nil }
        let offset = offsets[index]
        return offset < 0 ? nil : Int(offset)
    }
}

/// An edit script between two grid orders in a compact form: which old positions leave and
/// which new positions arrive (with their element). A moved photo appears on both sides.
///
/// The linear diffs produce this rather than the stdlib's `CollectionDifference`, whose
/// construction validates and re-sorts every change through non-specialised generic code
/// (several allocations per change): a cost of the format, not of finding the edits.
struct GridEditScript<Element> {
    /// Old offsets of the photos that leave (deleted or moved away), ascending.
    var removals: [Int]
    /// New offsets of the photos that arrive (inserted or moved in), ascending, with them.
    var insertions: [(offset: Int, element: Element)]
    /// How many removal and insertion pairs are the same photo moving.
    var moveCount: Int

    /// The new order, rebuilt from `old`: O(old + new).
    func applying(to old: [Element]) -> [Element] {
        var leaves = [Bool](repeating: false, count: old.count)
        for offset in removals { leaves[offset] = true }
        var staying = old.indices.lazy.filter { !leaves[$0] }.map { old[$0] }.makeIterator()
        var result: [Element] = []
        result.reserveCapacity(old.count - removals.count + insertions.count)
        var nextInsertion = insertions.makeIterator()
        var pending = nextInsertion.next()
        while true {
            if let insertion = pending, insertion.offset == result.count {
                result.append(insertion.element)
                pending = nextInsertion.next()
            } else if let element = staying.next() {
                result.append(element)
            } else {
                break
            }
        }
        return result
    }
}

/// A grid-order diff in O(n log n) (Heckel's idea, with moves chosen by a longest increasing
/// subsequence): photos only in `old` leave, photos only in `new` arrive, and of the photos
/// in both, those outside a longest run that kept its relative order move (they leave and
/// arrive). `script.applying(to: old) == new`.
///
/// Assumes no duplicates in either grid (SPEC.md: photos has no duplicates).
/// O(n log n) time for the subsequence, O(n) otherwise.
func linearGridDifference<Index: OldPositionIndex>(
    from old: [Index.Element], to new: [Index.Element], positions: Index
) -> GridEditScript<Index.Element> {
    var leaves = [Bool](repeating: true, count: old.count)  // until shown to stay
    var arrives = [Bool](repeating: false, count: new.count)
    // (new offset, old offset) of every photo in both grids, in new order.
    var common: [(new: Int, old: Int)] = []
    common.reserveCapacity(min(old.count, new.count))
    for (newOffset, element) in new.enumerated() {
        if let oldOffset = positions.oldOffset(of: element) {
            common.append((newOffset, oldOffset))
        } else {
            arrives[newOffset] = true
        }
    }
    let stays = longestIncreasingSubsequenceMembers(common.map(\.old))
    var moveCount = 0
    for (index, pair) in common.enumerated() {
        if stays[index] {
            leaves[pair.old] = false
        } else {
            arrives[pair.new] = true
            moveCount += 1
        }
    }
    var removals: [Int] = []
    for offset in old.indices where leaves[offset] { removals.append(offset) }
    var insertions: [(offset: Int, element: Index.Element)] = []
    for offset in new.indices where arrives[offset] { insertions.append((offset, new[offset])) }
    return GridEditScript(removals: removals, insertions: insertions, moveCount: moveCount)
}

/// Which positions of `values` belong to one longest strictly increasing subsequence
/// (patience sorting with back pointers). O(n log n) time, O(n) memory.
func longestIncreasingSubsequenceMembers(_ values: [Int]) -> [Bool] {
    var tailIndices: [Int] = []  // tailIndices[k]: index of the smallest tail of a run of length k+1
    var previous = [Int](repeating: -1, count: values.count)
    for (index, value) in values.enumerated() {
        var low = 0
        var high = tailIndices.count
        while low < high {
            let middle = (low + high) / 2
            if values[tailIndices[middle]] < value { low = middle + 1 } else { high = middle }
        }
        if low > 0 { previous[index] = tailIndices[low - 1] }
        if low == tailIndices.count { tailIndices.append(index) } else { tailIndices[low] = index }
    }
    var members = [Bool](repeating: false, count: values.count)
    var cursor = tailIndices.last ?? -1
    while cursor >= 0 {
        members[cursor] = true
        cursor = previous[cursor]
    }
    return members
}
