/// How one grid order became another: deletions, insertions and moves, in the shape of a
/// collection view's batch update.
///
/// Indices of deletions and of a move's origin refer to the old order; indices of
/// insertions and of a move's destination refer to the new order. The slots that are
/// neither deleted nor moved keep their relative order and fill the remaining new
/// positions; `apply(to:)` rebuilds the new order that way, which is how a diff is verified.
///
/// Moves are minimal: the slots that stay are a longest run that is in the same relative
/// order in both grids (a longest increasing subsequence), everything else common moves.
public struct GridDiff: Hashable, Sendable {
    public struct Deletion: Hashable, Sendable {
        public var oldIndex: Int
        public var slot: PhotoSlot
    }

    public struct Insertion: Hashable, Sendable {
        public var newIndex: Int
        public var slot: PhotoSlot
    }

    public struct Move: Hashable, Sendable {
        public var oldIndex: Int
        public var newIndex: Int
        public var slot: PhotoSlot
    }

    public var oldCount: Int
    public var newCount: Int
    /// Ascending old indices.
    public var deletions: [Deletion]
    /// Ascending new indices.
    public var insertions: [Insertion]
    /// Ascending old indices.
    public var moves: [Move]

    public var isEmpty: Bool { deletions.isEmpty && insertions.isEmpty && moves.isEmpty }

    /// The diff from `old` to `new`; each must be free of duplicates.
    ///
    /// O(n + m + L log L) time for n old and m new slots, where the log factor applies only to
    /// the common slots that are out of order (in-order slots extend the running subsequence
    /// in O(1)); no hashing. Slots are dense, so the index of each new slot sits in an array
    /// indexed by slot (4 bytes per slot of the new grid's slot range); a sparse range
    /// (more than 4 slots per element) uses a dictionary instead.
    public init(from old: [PhotoSlot], to new: [PhotoSlot]) {
        var lowest = UInt32.max
        var highest: UInt32 = 0
        for slot in new {
            lowest = Swift.min(lowest, slot.rawValue)
            highest = Swift.max(highest, slot.rawValue)
        }
        let range = new.isEmpty ? 0 : Int(highest - lowest) + 1
        if range <= 4 * new.count + 1024 {
            self.init(from: old, to: new, newIndices: DenseNewIndices(new, lowest: lowest, range: range))
        } else {
            self.init(from: old, to: new, newIndices: HashedNewIndices(new))
        }
    }

    private init(from old: [PhotoSlot], to new: [PhotoSlot], newIndices: some NewIndexLookup) {
        oldCount = old.count
        newCount = new.count
        deletions = []
        insertions = []
        moves = []

        // The slots both grids hold, in old order: their old and new indices.
        var commonOldIndices: [Int32] = []
        var commonNewIndices: [Int32] = []
        commonOldIndices.reserveCapacity(Swift.min(old.count, new.count))
        commonNewIndices.reserveCapacity(Swift.min(old.count, new.count))
        var isInOld = [Bool](repeating: false, count: new.count)
        for (oldIndex, slot) in old.enumerated() {
            let newIndex = newIndices.newIndex(of: slot)
            if newIndex < 0 {
                deletions.append(Deletion(oldIndex: oldIndex, slot: slot))
            } else {
                isInOld[Int(newIndex)] = true
                commonOldIndices.append(Int32(oldIndex))
                commonNewIndices.append(newIndex)
            }
        }
        for newIndex in new.indices where !isInOld[newIndex] {
            insertions.append(Insertion(newIndex: newIndex, slot: new[newIndex]))
        }

        let stays = Self.longestIncreasingRun(commonNewIndices)
        for common in commonOldIndices.indices where !stays[common] {
            let oldIndex = Int(commonOldIndices[common])
            moves.append(Move(oldIndex: oldIndex, newIndex: Int(commonNewIndices[common]), slot: old[oldIndex]))
        }
    }

    /// Marks a longest strictly increasing subsequence of `values` (patience sorting with
    /// back links). A value above the current longest tail extends it in O(1); others
    /// replace a tail found by binary search. O(n log L) worst case for a longest run of L.
    private static func longestIncreasingRun(_ values: [Int32]) -> [Bool] {
        var marks = [Bool](repeating: false, count: values.count)
        guard !values.isEmpty else { return marks }
        // tails[k]: the index of the element ending the best run of length k + 1 so far;
        // tailValues[k] its value. Both grow to at most values.count: allocated once.
        var tails = [Int32](repeating: 0, count: values.count)
        var tailValues = [Int32](repeating: 0, count: values.count)
        var previous = [Int32](repeating: -1, count: values.count)
        var length = 0
        withMutableBuffers(&tails, &tailValues, &previous) { tails, tailValues, previous in
            for index in 0..<values.count {
                let value = values[index]
                var position = length
                if length > 0 && value < tailValues[length - 1] {
                    var low = 0
                    var high = length - 1
                    while low < high {
                        let middle = (low + high) >> 1
                        if tailValues[middle] < value { low = middle + 1 } else { high = middle }
                    }
                    position = low
                } else {
                    length += 1
                }
                tails[position] = Int32(index)
                tailValues[position] = value
                previous[index] = position > 0 ? tails[position - 1] : -1
            }
        }
        var index = tails[length - 1]
        while index >= 0 {
            marks[Int(index)] = true
            index = previous[Int(index)]
        }
        return marks
    }

    /// The new order, rebuilt from `old` and this diff: insertions and moves take their new
    /// positions, the other surviving slots fill the rest in old order. O(n + m).
    ///
    /// Traps when the diff does not describe `old` (wrong count, or a deleted or moved slot
    /// that is not at its old index).
    public func apply(to old: [PhotoSlot]) -> [PhotoSlot] {
        precondition(old.count == oldCount, "the diff is from \(oldCount) slots, not \(old.count)")
        var leaves = [Bool](repeating: false, count: oldCount)
        for deletion in deletions {
            precondition(old[deletion.oldIndex] == deletion.slot, "deletion at \(deletion.oldIndex) names another slot")
            leaves[deletion.oldIndex] = true
        }
        var result = [PhotoSlot](repeating: PhotoSlot(0), count: newCount)
        var isPlaced = [Bool](repeating: false, count: newCount)
        for move in moves {
            precondition(old[move.oldIndex] == move.slot, "move from \(move.oldIndex) names another slot")
            precondition(!leaves[move.oldIndex], "slot at \(move.oldIndex) leaves twice")
            precondition(!isPlaced[move.newIndex], "position \(move.newIndex) filled twice")
            leaves[move.oldIndex] = true
            result[move.newIndex] = move.slot
            isPlaced[move.newIndex] = true
        }
        for insertion in insertions {
            precondition(!isPlaced[insertion.newIndex], "position \(insertion.newIndex) filled twice")
            result[insertion.newIndex] = insertion.slot
            isPlaced[insertion.newIndex] = true
        }
        var next = 0
        for newIndex in 0..<newCount where !isPlaced[newIndex] {
            while next < oldCount && leaves[next] { next += 1 }
            precondition(next < oldCount, "too few old slots stay for \(newCount) positions")
            result[newIndex] = old[next]
            next += 1
        }
        while next < oldCount && leaves[next] { next += 1 }
        precondition(next == oldCount, "old slots left over after filling \(newCount) positions")
        return result
    }
}

/// The index of each slot in the new grid, or -1. Generic, so each lookup is inlined.
private protocol NewIndexLookup {
    func newIndex(of slot: PhotoSlot) -> Int32
}

/// An array indexed by slot: no hashing, 4 bytes per slot of the range.
private struct DenseNewIndices: NewIndexLookup {
    let lowest: UInt32
    let indices: [Int32]

    init(_ new: [PhotoSlot], lowest: UInt32, range: Int) {
        self.lowest = lowest
        var indices = [Int32](repeating: -1, count: range)
        for (index, slot) in new.enumerated() {
            indices[Int(slot.rawValue &- lowest)] = Int32(index)
        }
        self.indices = indices
    }

    @inline(__always)
    func newIndex(of slot: PhotoSlot) -> Int32 {
        let offset = Int(slot.rawValue &- lowest)
        return offset < indices.count ? indices[offset] : -1
    }
}

/// A dictionary, for a new grid whose slots are spread thin over a large range.
private struct HashedNewIndices: NewIndexLookup {
    let indices: [PhotoSlot: Int32]

    init(_ new: [PhotoSlot]) {
        var indices: [PhotoSlot: Int32] = [:]
        indices.reserveCapacity(new.count)
        for (index, slot) in new.enumerated() {
            indices[slot] = Int32(index)
        }
        self.indices = indices
    }

    @inline(__always)
    func newIndex(of slot: PhotoSlot) -> Int32 {
        indices[slot] ?? -1
    }
}

/// Calls `body` with the storage of three arrays as mutable buffers, which must not escape
/// it: a loop that reads and writes all three at computed indices runs without an array's
/// bounds and uniqueness checks. O(1) besides `body`.
@inline(__always)
private func withMutableBuffers<A, B, C, R>(
    _ a: inout [A], _ b: inout [B], _ c: inout [C],
    _ body: (UnsafeMutableBufferPointer<A>, UnsafeMutableBufferPointer<B>, UnsafeMutableBufferPointer<C>) -> R
) -> R {
    a.withUnsafeMutableBufferPointer { a in
        b.withUnsafeMutableBufferPointer { b in
            c.withUnsafeMutableBufferPointer { c in body(a, b, c) }
        }
    }
}
