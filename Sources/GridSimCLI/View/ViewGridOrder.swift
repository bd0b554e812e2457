/// The grid order as the view page rebuilds it from the data: slots in blocks, so that a
/// photo inserted or removed anywhere moves one block.
///
/// `gridsim view` applies each step's grid diff to one of these as the page will (deletions
/// at positions in the grid before the step, from the last; insertions at positions in the
/// grid after it, from the first), checks its count against the engine's after each change
/// and, after the last step, the whole order: so the diffs it writes cannot drift from the
/// reducer unnoticed. The page's script keeps the same structure.
///
/// Costs, for B blocks of at most b slots: `insert` and `remove(at:)` O(B + b), and O(N) when
/// a block splits (rare: once per `maximumBlock / 2` insertions into one place);
/// `remove(ascending:)` O(B + the blocks it touches × b).
struct ViewGridOrder {
    static let maximumBlock = 4096
    private(set) var blocks: [[UInt32]]
    /// The number of slots of each block, apart from the blocks so that finding a position
    /// adds up one contiguous array.
    private var counts: [Int]
    private(set) var count: Int

    /// Slots `0 ..< count` in that order: the grid as a trace's header gives it.
    init(count: Int) {
        self.count = count
        blocks = stride(from: 0, to: count, by: Self.maximumBlock / 2).map { start in
            Array(UInt32(start)..<UInt32(min(count, start + Self.maximumBlock / 2)))
        }
        if blocks.isEmpty { blocks = [[]] }
        counts = blocks.map(\.count)
    }

    /// The block holding `position` and the position within it; a position at the end of a
    /// block is the end of that block, not the start of the next (`inserting`), or the start of
    /// the next (otherwise).
    private func block(holding position: Int, inserting: Bool) -> (block: Int, offset: Int) {
        var remaining = position
        var block = 0
        while block < counts.count - 1 && (inserting ? remaining > counts[block] : remaining >= counts[block]) {
            remaining -= counts[block]
            block += 1
        }
        return (block, remaining)
    }

    mutating func insert(_ slot: UInt32, at position: Int) {
        let (block, offset) = self.block(holding: position, inserting: true)
        blocks[block].insert(slot, at: offset)
        counts[block] += 1
        count += 1
        if counts[block] > Self.maximumBlock {
            let half = counts[block] / 2
            let tail = Array(blocks[block][half...])
            blocks[block].removeSubrange(half...)
            blocks.insert(tail, at: block + 1)
            counts[block] = half
            counts.insert(tail.count, at: block + 1)
        }
    }

    /// Removes the photo at `position` (`0 ..< count`); returns its slot.
    @discardableResult
    mutating func remove(at position: Int) -> UInt32 {
        precondition(position >= 0 && position < count, "position \(position) is past the grid")
        let (block, offset) = self.block(holding: position, inserting: false)
        counts[block] -= 1
        count -= 1
        return blocks[block].remove(at: offset)
    }

    /// Removes the photos at `positions`, ascending positions in the order before the removal.
    mutating func remove(ascending positions: [Int]) {
        var next = 0
        var blockStart = 0
        for block in blocks.indices where next < positions.count {
            let blockEnd = blockStart + counts[block]
            var leaving: [Int] = []
            while next < positions.count && positions[next] < blockEnd {
                leaving.append(positions[next] - blockStart)
                next += 1
            }
            if !leaving.isEmpty {
                blocks[block] = Self.removing(leaving, from: blocks[block])
                counts[block] = blocks[block].count
            }
            blockStart = blockEnd
        }
        precondition(next == positions.count, "positions past the grid")
        count -= positions.count
    }

    private static func removing(_ offsets: [Int], from block: [UInt32]) -> [UInt32] {
        var kept: [UInt32] = []
        kept.reserveCapacity(block.count - offsets.count)
        var next = 0
        for (offset, slot) in block.enumerated() {
            if next < offsets.count && offsets[next] == offset {
                next += 1
            } else {
                kept.append(slot)
            }
        }
        return kept
    }

    /// Every slot in grid order. O(N).
    var order: [UInt32] { blocks.flatMap { $0 } }
}
