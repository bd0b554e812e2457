/// Counts of a list of blocks with prefix sums on demand (a Fenwick tree): which block holds
/// the photo at a grid position, when each block holds a varying number of photos.
///
/// O(log B) to change a count or to find a position, B the number of blocks; O(B) to build.
/// The tree holds one `Int32` per block: 26 KB for a 10M-photo grid laid out 1,536 photos to a block.
struct BlockPrefixCounts: Sendable {
    /// 1-based: node i sums the counts of blocks (i - lowbit(i)) ..< i.
    private var tree: [Int32]
    /// The largest power of two not above the block count: where a descent starts.
    private var topStep: Int

    /// The tree over `counts`, block 0 first. O(B).
    init(_ counts: some Collection<Int32>) {
        tree = [0]
        tree.reserveCapacity(counts.count + 1)
        tree.append(contentsOf: counts)
        let blockCount = counts.count
        for node in 1 ..< tree.count {
            let parent = node + (node & -node)
            if parent <= blockCount { tree[parent] &+= tree[node] }
        }
        topStep = Self.topStep(for: blockCount)
    }

    /// Makes this the tree over `count(0) ..< count(blockCount - 1)`, in the storage it
    /// holds when nothing else shares it and the block count is unchanged. O(B).
    @inline(__always)
    mutating func rebuild(blockCount: Int, count: (Int) -> Int32) {
        if tree.count != blockCount + 1 {
            tree = [Int32](repeating: 0, count: blockCount + 1)
            topStep = Self.topStep(for: blockCount)
        }
        withMutableNodes { tree in
            tree[0] = 0
            for block in 0 ..< blockCount { tree[block &+ 1] = count(block) }
            for node in 1 ..< tree.count {
                let parent = node &+ (node & -node)
                if parent <= blockCount { tree[parent] &+= tree[node] }
            }
        }
    }

    private static func topStep(for blockCount: Int) -> Int {
        guard blockCount > 0 else { return 0 }
        return 1 << (Int.bitWidth - 1 - blockCount.leadingZeroBitCount)
    }

    var blockCount: Int { tree.count - 1 }

    /// Adds `delta` to the count of block `index`. O(log B).
    @inline(__always)
    mutating func add(_ delta: Int32, toBlock index: Int) {
        withMutableNodes { tree in
            var node = index &+ 1
            while node < tree.count {
                tree[node] &+= delta
                node &+= node & -node
            }
        }
    }

    /// The items of blocks `0 ..< block`: the grid position of block `block`'s first item.
    /// O(log B).
    @inline(__always)
    func count(beforeBlock block: Int) -> Int {
        withNodes { tree in
            var total = 0
            var node = block
            while node > 0 {
                total &+= Int(tree[node])
                node &= node &- 1
            }
            return total
        }
    }

    /// The block that holds item `rank` (0-based, counting through the blocks in order) and
    /// the item's rank inside it; nil when `rank` is not below the total. O(log B).
    @inline(__always)
    func block(holding rank: Int) -> (block: Int, rank: Int)? {
        withNodes { tree in
            // Descend to the last node whose prefix count is at most `rank`.
            var remaining = rank
            var node = 0
            var step = topStep
            while step > 0 {
                let next = node &+ step
                if next < tree.count && Int(tree[next]) <= remaining {
                    node = next
                    remaining &-= Int(tree[next])
                }
                step >>= 1
            }
            // Blocks 0 ..< node hold `rank - remaining` items: the item is in block `node`.
            return node < tree.count &- 1 ? (node, remaining) : nil
        }
    }

    /// Calls `body` with the tree's nodes as a buffer, which must not escape it: an update or
    /// a descent touches log B nodes without an array's bounds checks. O(1) besides `body`.
    @inline(__always)
    private func withNodes<R>(_ body: (UnsafeBufferPointer<Int32>) -> R) -> R {
        tree.withUnsafeBufferPointer { body($0) }
    }

    /// `withNodes(_:)` for writing.
    @inline(__always)
    private mutating func withMutableNodes<R>(_ body: (UnsafeMutableBufferPointer<Int32>) -> R) -> R {
        tree.withUnsafeMutableBufferPointer { body($0) }
    }
}
