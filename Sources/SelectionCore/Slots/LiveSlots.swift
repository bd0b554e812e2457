/// A photo that enters the grid: its slot and the position it takes, clamped to `0...count`
/// when it is applied.
public typealias SlotInsertion = PhotoInsertion<PhotoSlot>

extension PhotoInsertion where Photo == PhotoSlot {
    public init(slot: PhotoSlot, at: Int) {
        self.init(photo: slot, at: at)
    }

    public var slot: PhotoSlot {
        get { photo }
        set { photo = newValue }
    }
}

/// The grid as the fast engine holds it: the slots in grid order, contiguous, and the same
/// slots as a bitmap for O(1) membership.
///
/// Removals are deferred: a library change that removes photos clears their bits in `live`
/// and in a pending bitmap, O(removed), and leaves a gap in the stored order; the gaps are
/// compacted in one pass when they exceed an eighth of the order, before any insertion, or
/// when someone asks for `order`. So removing 1% of a 10M grid does not move 40 MB each time,
/// and the compaction's cost is spread over the removals that made it necessary.
///
/// Memory: 4 bytes per photo for the order plus 1 bit for `live` and 1 bit for the pending
/// removals, so a 10M grid given by count costs about 42 MB (and its `SlotTable` nothing).
public struct LiveSlots: Sendable {
    /// The slots in grid order, including photos removed since the last compaction (gaps):
    /// readers filter with `contains`, or by a set that is a subset of `live`.
    public private(set) var orderWithGaps: [PhotoSlot]
    /// The same slots as a set, gaps excluded. Share it with the selection for select-all and
    /// pruning.
    public private(set) var live: SelectionBitmap
    /// Slots removed from `live` but still in `orderWithGaps`, as a flat bitmap; empty when
    /// there are none.
    private var pendingRemovals: [UInt64] = []
    /// How many gaps `orderWithGaps` holds.
    public private(set) var gapCount = 0

    /// An empty grid.
    public init() {
        orderWithGaps = []
        live = SelectionBitmap()
    }

    /// The grid of a trace given by count: slots `0 ..< count` in order. O(count).
    public init(count: Int) {
        precondition(count >= 0 && count <= SlotTable.maximumCount, "photo count \(count) out of range")
        orderWithGaps = (0..<count).map { PhotoSlot($0) }
        live = SelectionBitmap(filledUpTo: count)
    }

    /// The grid with the given order, or nil when a slot appears twice. O(count).
    public init?(order: [PhotoSlot]) {
        var live = SelectionBitmap()
        for slot in order where !live.insert(slot) {
            return nil
        }
        self.orderWithGaps = order
        self.live = live
    }

    /// The slots in grid order. O(1) without gaps; O(N) to build a compacted copy otherwise.
    public var order: [PhotoSlot] {
        guard gapCount > 0 else { return orderWithGaps }
        var compacted = orderWithGaps
        let kept = Self.compact(&compacted, droppingSlotsIn: pendingRemovals)
        compacted.removeLast(compacted.count - kept)
        return compacted
    }

    public var count: Int { orderWithGaps.count - gapCount }

    public var isEmpty: Bool { count == 0 }

    /// Whether `slot` is in the grid. O(1).
    @inline(__always)
    public func contains(_ slot: PhotoSlot) -> Bool {
        live.contains(slot)
    }

    /// Removes the given slots from the grid, skipping those that are not in it; returns how
    /// many left. Slots may repeat.
    ///
    /// O(removed) to mark them in the pending bitmap, O(N/64) word operations to clear them
    /// from `live`; the order keeps gaps until `compactIfWorthIt` finds more than an eighth of
    /// it gone, amortising the O(N) compaction over at least N/8 removals.
    @discardableResult
    public mutating func remove(_ slots: some Sequence<PhotoSlot>) -> Int {
        var leaving: [UInt64] = []
        var removed = 0
        for slot in slots where live.contains(slot) {
            if leaving.isEmpty {
                leaving = [UInt64](repeating: 0, count: live.slotCapacity >> 6)
            }
            let mask: UInt64 = 1 << UInt64(slot.index & 63)
            if leaving[slot.index >> 6] & mask == 0 {
                leaving[slot.index >> 6] |= mask
                removed += 1
            }
        }
        guard removed > 0 else { return 0 }
        live.subtract(flatWords: leaving)
        if gapCount == 0 {
            pendingRemovals = leaving
        } else {
            Self.merge(leaving, into: &pendingRemovals)
        }
        gapCount += removed
        if gapCount * 8 > orderWithGaps.count { compact() }
        return removed
    }

    /// Closes every gap in the order: one O(N) pass near memory bandwidth.
    public mutating func compact() {
        guard gapCount > 0 else { return }
        let kept = Self.compact(&orderWithGaps, droppingSlotsIn: pendingRemovals)
        orderWithGaps.removeLast(orderWithGaps.count - kept)
        pendingRemovals = []
        gapCount = 0
    }

    /// ORs `words` into `target`, growing it as needed.
    private static func merge(_ words: [UInt64], into target: inout [UInt64]) {
        if target.count < words.count {
            target.append(contentsOf: repeatElement(0, count: words.count - target.count))
        }
        for index in words.indices where words[index] != 0 { target[index] |= words[index] }
    }

    /// Moves the slots whose bit is clear in `dropped` to the front, in order; returns how many.
    ///
    /// Works in blocks of 16 slots. A block of consecutive slots (the usual case in a grid
    /// given by count) is tested with one or two words of `dropped`; any other block slot by
    /// slot. A block that keeps every slot moves as one 64-byte vector.
    private static func compact(_ order: inout [PhotoSlot], droppingSlotsIn dropped: [UInt64]) -> Int {
        order.withUnsafeMutableBufferPointer { slots in
            dropped.withUnsafeBufferPointer { droppedWords in
                let base = slots.baseAddress.unsafelyUnwrapped
                let raw = UnsafeMutableRawPointer(base)
                let words = droppedWords.baseAddress.unsafelyUnwrapped
                /// 1 when the slot at `position` leaves, else 0.
                @inline(__always) func leaves(_ position: Int) -> Int {
                    let slot = base[position].index
                    return Int(truncatingIfNeeded: (words[slot >> 6] >> UInt64(slot & 63)) & 1)
                }
                let block = 16
                var write = 0
                var read = 0
                while read + block <= slots.count {
                    let blockSlots = raw.loadUnaligned(fromByteOffset: read &* 4, as: SIMD16<UInt32>.self)
                    let first = Int(blockSlots[0])
                    // Bit k set: the block's k-th slot leaves.
                    var leaving: Int
                    if Self.isRun(from: first, at: raw + read &* 4) {
                        // Slots first ..< first + 16: their bits straddle at most two words.
                        // The second word exists: slot first + 15 is in the grid.
                        let shift = first & 63
                        var bits = words[first >> 6] >> UInt64(shift)
                        if shift > 64 - block { bits |= words[(first >> 6) + 1] << UInt64(64 - shift) }
                        leaving = Int(truncatingIfNeeded: bits & 0xFFFF)
                    } else {
                        leaving = 0
                        for offset in 0..<block { leaving |= leaves(read + offset) << offset }
                    }
                    if leaving == 0 {
                        // Loaded before stored, so an overlap with the source is harmless.
                        if write != read {
                            raw.storeBytes(of: blockSlots, toByteOffset: write &* 4, as: SIMD16<UInt32>.self)
                        }
                        write += block
                    } else {
                        for offset in 0..<block {
                            base[write] = PhotoSlot(rawValue: blockSlots[offset])
                            write += 1 &- ((leaving >> offset) & 1)
                        }
                    }
                    read += block
                }
                while read < slots.count {
                    let drop = leaves(read)
                    base[write] = base[read]
                    write += 1 &- drop
                    read += 1
                }
                return write
            }
        }
    }

    /// Whether the 16 slots at `slots` are `first`, `first + 1`, … `first + 15`. Compares
    /// them two at a time as 64-bit words: `SIMD16`'s `==` compiles to a lane-by-lane loop.
    @inline(__always)
    private static func isRun(from first: Int, at slots: UnsafeRawPointer) -> Bool {
        guard first <= Int(UInt32.max) - 15 else { return false }
        var expected = UInt64(first) | UInt64(first + 1) << 32
        let step: UInt64 = 2 | 2 << 32
        var mismatch: UInt64 = 0
        for pair in 0..<8 {
            mismatch |= slots.loadUnaligned(fromByteOffset: pair &* 8, as: UInt64.self) ^ expected
            expected &+= step
        }
        return mismatch == 0
    }

    /// Inserts a slot that is not in the grid at `position`, clamped to `0...count`; returns
    /// false (and changes nothing) when it is already in. O(count) (one `memmove`).
    @discardableResult
    public mutating func insert(_ slot: PhotoSlot, at position: Int) -> Bool {
        guard !live.contains(slot) else { return false }
        compact()
        live.insert(slot)
        Self.reserveRoom(in: &orderWithGaps, for: 1)
        orderWithGaps.insert(slot, at: Swift.min(Swift.max(position, 0), orderWithGaps.count))
        return true
    }

    /// Makes room for `more` slots, growing by a sixteenth at least rather than doubling: a
    /// doubled 10M order would hold 40 MB of nothing against a 12-bytes-per-photo budget.
    private static func reserveRoom(in order: inout [PhotoSlot], for more: Int) {
        let needed = order.count + more
        guard needed > order.capacity else { return }
        order.reserveCapacity(needed + needed / 16)
    }

    /// Applies the insertions in the order listed, each position clamped to the count at its
    /// turn, as if inserted one by one. Returns false, changing nothing, when a slot is
    /// already in the grid or listed twice.
    ///
    /// O(count + k log count) for k insertions, instead of k memmoves of the whole tail: the
    /// final position of each insertion is found by walking them backwards over a Fenwick
    /// tree of free positions (one bit per position, one counter per 512), then the order is
    /// widened in place from the back, one memmove per gap, each slot moving once.
    @discardableResult
    public mutating func insert(contentsOf insertions: [SlotInsertion]) -> Bool {
        guard !insertions.isEmpty else { return true }
        for (index, insertion) in insertions.enumerated() where !live.insert(insertion.slot) {
            for earlier in insertions[..<index] { live.remove(earlier.slot) }
            return false
        }
        // Positions count photos, not gaps; and a slot removed earlier may come back.
        compact()
        if insertions.count == 1 {
            let insertion = insertions[0]
            Self.reserveRoom(in: &orderWithGaps, for: 1)
            orderWithGaps.insert(insertion.slot, at: Swift.min(Swift.max(insertion.at, 0), orderWithGaps.count))
        } else {
            let placed = Self.finalPositions(of: insertions, intoCount: orderWithGaps.count)
            Self.widen(&orderWithGaps, inserting: placed)
        }
        return true
    }

    /// Each insertion as `finalPosition << 32 | slot`, ascending: where it ends up once all
    /// are applied in turn to a grid of `count` slots.
    ///
    /// Backwards, insertion j (at clamped position p in a grid of count + j) takes the p-th
    /// position still free among the final ones, the later insertions having taken theirs.
    private static func finalPositions(of insertions: [SlotInsertion], intoCount count: Int) -> [UInt64] {
        var free = FreePositions(count: count + insertions.count)
        var placed = [UInt64](repeating: 0, count: insertions.count)
        for index in insertions.indices.reversed() {
            let insertion = insertions[index]
            let position = Swift.min(Swift.max(insertion.at, 0), count + index)
            placed[index] = UInt64(free.take(freeIndex: position)) << 32 | UInt64(insertion.slot.rawValue)
        }
        sortByHighHalf(&placed)
        return placed
    }

    /// Sorts by the high 32 bits (the positions, all distinct): two 16-bit radix passes for
    /// a large batch, O(k + 65,536), where a comparison sort would dominate the insertion.
    private static func sortByHighHalf(_ values: inout [UInt64]) {
        guard values.count > 4096 else {
            values.sort()
            return
        }
        var scratch = [UInt64](repeating: 0, count: values.count)
        var counts = [Int](repeating: 0, count: 1 << 16)
        for shift: UInt64 in [32, 48] {
            counts.withUnsafeMutableBufferPointer { counts in
                counts.update(repeating: 0)
                for value in values { counts[Int((value >> shift) & 0xFFFF)] += 1 }
                var total = 0
                for digit in 0..<counts.count {
                    let digitCount = counts[digit]
                    counts[digit] = total
                    total += digitCount
                }
                scratch.withUnsafeMutableBufferPointer { scratch in
                    for value in values {
                        let digit = Int((value >> shift) & 0xFFFF)
                        scratch[counts[digit]] = value
                        counts[digit] += 1
                    }
                }
            }
            swap(&values, &scratch)
        }
    }

    /// Grows `order` by `placed.count` and moves its slots apart so that each inserted slot
    /// lands on its final position; the slots before the first insertion do not move.
    private static func widen(_ order: inout [PhotoSlot], inserting placed: [UInt64]) {
        let finalCount = order.count + placed.count
        reserveRoom(in: &order, for: placed.count)
        order.append(contentsOf: repeatElement(PhotoSlot(0), count: placed.count))
        order.withUnsafeMutableBufferPointer { slots in
            let base = slots.baseAddress.unsafelyUnwrapped
            var segmentEnd = finalCount
            for index in placed.indices.reversed() {
                let position = Int(placed[index] >> 32)
                // The old slots after this insertion shift right by the insertions up to it.
                let shift = index + 1
                let length = segmentEnd - (position + 1)
                if length > 0 {
                    // Overlapping, so a memmove: `update(from:count:)` allows the overlap.
                    (base + position + 1).update(from: base + position + 1 - shift, count: length)
                }
                base[position] = PhotoSlot(rawValue: UInt32(truncatingIfNeeded: placed[index]))
                segmentEnd = position
            }
        }
    }
}

/// The final positions of a batch insertion that are not taken yet: a bit per position and
/// a Fenwick tree of free counts per block of 512 positions (8 words), small enough (4 bytes
/// per 512 photos) to stay in cache, so finding the p-th free position is O(log n) + 8 words.
private struct FreePositions {
    private static let wordsPerBlock = 8
    /// Bit i of word w: position 64·w + i is free.
    private var words: [UInt64]
    /// 1-based Fenwick tree over the blocks' free counts.
    private var tree: [Int32]
    /// The largest power of two not above the block count: where a descent starts.
    private let topStep: Int

    init(count: Int) {
        let wordCount = (count + 63) >> 6
        words = [UInt64](repeating: ~0, count: wordCount)
        if count & 63 != 0 {
            words[wordCount - 1] = (1 << UInt64(count & 63)) - 1
        }
        let blockCount = (wordCount + Self.wordsPerBlock - 1) / Self.wordsPerBlock
        tree = [Int32](repeating: 0, count: blockCount + 1)
        for block in 0..<blockCount {
            var free = 0
            for word in (block * Self.wordsPerBlock)..<Swift.min(wordCount, (block + 1) * Self.wordsPerBlock) {
                free += words[word].nonzeroBitCount
            }
            let node = block + 1
            tree[node] += Int32(free)
            let parent = node + (node & -node)
            if parent <= blockCount { tree[parent] += tree[node] }
        }
        var step = 1
        while step << 1 <= blockCount { step <<= 1 }
        topStep = blockCount == 0 ? 0 : step
    }

    /// Takes the free position with `freeIndex` free positions before it, and returns it.
    ///
    /// About 15 dependent loads down the tree and as many updates up: at ten million
    /// positions the tree (80 KB) sits in L2, so a take costs ~150 ns.
    mutating func take(freeIndex: Int) -> Int {
        let topStep = self.topStep
        return tree.withUnsafeMutableBufferPointer { tree in
            words.withUnsafeMutableBufferPointer { words in
                // Descend to the last block whose free prefix count is at most freeIndex.
                var remaining = freeIndex
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
                // Block `node` (0-based) holds it: find the word, then the bit.
                var word = node &* Self.wordsPerBlock
                while words[word].nonzeroBitCount <= remaining {
                    remaining &-= words[word].nonzeroBitCount
                    word &+= 1
                }
                let bit = Self.position(ofSetBit: remaining, in: words[word])
                words[word] &= ~(1 << UInt64(bit))
                var index = node &+ 1
                while index < tree.count {
                    tree[index] &-= 1
                    index &+= index & -index
                }
                return word << 6 | bit
            }
        }
    }

    /// The index of the set bit of `word` that has `rank` set bits below it.
    @inline(__always)
    private static func position(ofSetBit rank: Int, in word: UInt64) -> Int {
        var word = word
        var rank = rank
        var base = 0
        // Halve the window while the lower half holds too few set bits: 5 steps, no loop over bits.
        var width: UInt64 = 32
        while width >= 2 {
            let low = (word & ((1 << width) - 1)).nonzeroBitCount
            if rank >= low {
                rank -= low
                word >>= width
                base += Int(width)
            }
            width >>= 1
        }
        // Two bits left: the rank is 0 or 1.
        if rank == 0 { return base + (word & 1 == 1 ? 0 : 1) }
        return base + 1
    }
}
