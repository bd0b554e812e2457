import SelectionCore

/// The grid order as the view page keeps it: slots in blocks, so that a photo inserted or
/// removed anywhere moves one block, and a photo's position is found from its block.
///
/// `gridsim view` keeps one beside the engine to name the grid positions of the photos a
/// step removes and inserts (the engine's `LiveSlots` finds a slot by position, not the other
/// way round). Each step's result is checked against the engine (`matches(_:at:)`), so this
/// copy cannot drift from the reducer unnoticed. The page's script keeps the same structure.
///
/// Costs: `position(of:)` O(B + b) for B blocks of at most b slots; `insert` and `remove`
/// O(B + b), and O(N) when a block splits (rare: once per `maximumBlock / 2` insertions into
/// one place); `removeAll(where:)` O(N).
struct ViewGridOrder {
    static let maximumBlock = 4096
    private(set) var blocks: [[UInt32]]
    /// Block index of each slot in the grid; unspecified for slots not in it.
    private var blockOf: [Int32]
    private(set) var count: Int

    /// Slots `0 ..< count` in that order: the grid as a trace's header gives it.
    init(count: Int) {
        self.count = count
        blocks = stride(from: 0, to: count, by: Self.maximumBlock / 2).map { start in
            (UInt32(start)..<UInt32(min(count, start + Self.maximumBlock / 2))).map { $0 }
        }
        if blocks.isEmpty { blocks = [[]] }
        blockOf = []
        reindex()
    }

    private mutating func reindex() {
        let capacity = blocks.reduce(0) { max($0, Int($1.max() ?? 0) + 1) }
        if blockOf.count < capacity { blockOf += [Int32](repeating: -1, count: capacity - blockOf.count) }
        for (index, block) in blocks.enumerated() {
            for slot in block { blockOf[Int(slot)] = Int32(index) }
        }
    }

    /// The grid position of `slot`, which must be in the grid.
    func position(of slot: UInt32) -> Int {
        let block = Int(blockOf[Int(slot)])
        var position = 0
        for index in 0..<block { position += blocks[index].count }
        guard let offset = blocks[block].firstIndex(of: slot) else { preconditionFailure("slot \(slot) is not in the grid") }
        return position + offset
    }

    /// The slot at grid position `position` (`0 ..< count`).
    func slot(at position: Int) -> UInt32 {
        var remaining = position
        for block in blocks {
            if remaining < block.count { return block[remaining] }
            remaining -= block.count
        }
        preconditionFailure("position \(position) is past the grid")
    }

    mutating func insert(_ slot: UInt32, at position: Int) {
        var remaining = position
        var block = 0
        while block < blocks.count - 1 && remaining > blocks[block].count {
            remaining -= blocks[block].count
            block += 1
        }
        if Int(slot) >= blockOf.count { blockOf += [Int32](repeating: -1, count: Int(slot) + 1 - blockOf.count + 1024) }
        blocks[block].insert(slot, at: remaining)
        blockOf[Int(slot)] = Int32(block)
        count += 1
        if blocks[block].count > Self.maximumBlock {
            let half = blocks[block].count / 2
            let tail = Array(blocks[block][half...])
            blocks[block].removeSubrange(half...)
            blocks.insert(tail, at: block + 1)
            reindex()
        }
    }

    /// Removes the photo at `position`; returns its slot.
    @discardableResult
    mutating func remove(at position: Int) -> UInt32 {
        var remaining = position
        for index in blocks.indices {
            if remaining < blocks[index].count {
                count -= 1
                return blocks[index].remove(at: remaining)
            }
            remaining -= blocks[index].count
        }
        preconditionFailure("position \(position) is past the grid")
    }

    /// Removes every slot for which `leaves` holds; returns the positions and slots removed,
    /// ascending. O(N).
    mutating func removeAll(where leaves: (UInt32) -> Bool) -> [(position: Int, slot: UInt32)] {
        var removed: [(position: Int, slot: UInt32)] = []
        var position = 0
        for index in blocks.indices {
            for slot in blocks[index] {
                if leaves(slot) { removed.append((position, slot)) }
                position += 1
            }
            blocks[index].removeAll(where: leaves)
        }
        count -= removed.count
        return removed
    }

    /// Whether the engine's grid has `slot` at `position` and as many photos as this order.
    func matches(_ grid: LiveSlots, at position: Int, slot: UInt32) -> Bool {
        grid.count == count && position < count && grid.slot(at: position).rawValue == slot
    }

    /// Every slot in grid order. O(N).
    var order: [UInt32] { blocks.flatMap { $0 } }
}
