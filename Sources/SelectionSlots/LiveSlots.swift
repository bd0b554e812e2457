/// A photo that enters the grid: its slot and the position it takes, clamped to `0...count`
/// when it is applied.
public typealias SlotInsertion = PhotoInsertion<PhotoSlot>

extension PhotoInsertion where Photo == PhotoSlot {
    @inlinable
    public init(slot: PhotoSlot, at: Int) {
        self.init(photo: slot, at: at)
    }

    @inlinable
    public var slot: PhotoSlot {
        get { photo }
        set { photo = newValue }
    }
}

/// The grid as the fast engine holds it: the slots in grid order, in contiguous blocks of at
/// most 2,048 (8 KB), and the same slots as a bitmap for O(1) membership.
///
/// Why blocks: a photo inserted in the middle of one contiguous 10M-slot array moves 20 MB
/// on average; in a block it moves 8 KB at most. The blocks are listed in grid order
/// (`sequence`), a Fenwick tree over their photo counts finds the block that holds a grid
/// position in O(log B), and a slot-to-block map lets a removal find its block in O(1).
/// Reading the order in turn is a walk over arrays of up to 2,048 slots, nearly as fast as
/// over one array. A grid is laid out three quarters full, so that most insertions find room
/// in their block. A photo put first while the first block holds half its capacity starts a
/// new first block, so that a library bringing photo after photo to the top moves at most
/// 4 KB each.
///
/// Removals of more than a few photos leave gaps: a removed slot leaves `live` at once and
/// stays in its block until that block is compacted, which happens when a quarter of it is
/// gaps, or before a photo is placed in it. So removing 1% of a 10M grid costs O(removed)
/// bits and block counts plus O(blocks) for the tree, and no slot of the order moves. A
/// removal of at most `gapClosingLimit` photos (a library change) compacts their blocks at
/// once instead, unless a copy still shares them: finding a position in a block with gaps
/// walks the block.
///
/// Copying (a snapshot) shares the blocks; the next write to a block copies that block only.
///
/// Memory: 4 bytes per photo as laid out; a block that takes a photo makes room for 2,048
/// (8 bytes per photo at worst, for a block left half full by a split). Plus 1 bit for
/// `live`, 4 bytes per slot in the slot-to-block map once photos move (a grid given by count
/// starts without it), and a few bytes per block: a 10M grid given by count costs about
/// 42 MB.
///
/// Complexity: N photos, B blocks (about N / 1,536), k slots changed.
public struct LiveSlots: Sendable {
    /// A block splits in two when it would hold more.
    static let blockCapacity = 2048
    /// How full a grid is laid out: three quarters, so that photos inserted later fit in the
    /// block they land in for a long time before it must split (which costs O(B)).
    static let blockFill = 1536

    /// The blocks by id, each in grid order and with its gaps. Read as buffers through
    /// `withSlots(ofBlock:_:)`.
    private(set) var blocks: [[PhotoSlot]]
    /// The block ids in grid order.
    private(set) var sequence: [UInt32]
    /// Where each block id sits in `sequence`.
    private(set) var placeOfBlock: [UInt32]
    /// Photos in the grid (live slots) per block id. Internal, like `gapCounts`, so that the
    /// invariant checks' tests can break it.
    var liveCounts: [Int32]
    /// Gaps per block id: slots removed from the grid but not yet from the block.
    var gapCounts: [Int32]
    /// A block's gaps when they are few and all known (`listedGapLimit` at most, and as many
    /// as its count), so that compacting it is a plain search instead of a pass that tests
    /// every slot; a bulk removal only counts.
    private(set) var listedGaps: [[PhotoSlot]]
    private static let listedGapLimit = 8
    /// Per block id, whether the block holds a run of consecutive slots (`first`, `first + 1`,
    /// ...) and no gap: a grid given by count, or laid out from such an order, until the block
    /// changes. A range of positions in such a block is a range of slots, which bitmaps fill
    /// a word at a time. Set when blocks are laid out, cleared by every write to a block.
    private(set) var blockIsRun: BlockRunFlags
    /// The live counts in `sequence` order, summed on demand.
    private(set) var prefixCounts: BlockPrefixCounts
    /// The block of every slot that is or was in the grid.
    private(set) var blockOfSlot: SlotBlockMap
    /// The slots in the grid, gaps excluded. Share it with the selection for select-all and
    /// pruning.
    public private(set) var live: SelectionBitmap
    /// The chunks of `live` that are full, so that `contains` rarely reads `live` itself.
    @usableFromInline private(set) var fullChunks: FullChunkSummary
    /// How many gaps the blocks hold: removed slots not yet compacted away.
    public private(set) var gapCount = 0
    /// Shared by every copy of this grid, so that a removal can tell whether its blocks may
    /// be shared with a copy (a snapshot) still alive, for which compacting would copy them.
    private var copies = CopyToken()

    /// An empty grid.
    public init() {
        self.init(count: 0)
    }

    /// The grid of a trace given by count: slots `0 ..< count` in order. O(count).
    public init(count: Int) {
        precondition(count >= 0 && count <= SlotTable.maximumCount, "photo count \(count) out of range")
        blocks = stride(from: 0, to: count, by: Self.blockFill).map { first in
            // Written in place: a lazy map appended to an array costs several times as much.
            let size = Swift.min(Self.blockFill, count - first)
            return [PhotoSlot](unsafeUninitializedCapacity: size) { block, initialized in
                for offset in 0 ..< size { block[offset] = PhotoSlot(first + offset) }
                initialized = size
            }
        }
        blockOfSlot = SlotBlockMap(initialCount: count)
        live = SelectionBitmap(filledUpTo: count)
        fullChunks = FullChunkSummary(of: live)
        (sequence, placeOfBlock, liveCounts, gapCounts, listedGaps, prefixCounts, blockIsRun) =
            ([], [], [], [], [], BlockPrefixCounts([]), BlockRunFlags())
        indexBlocksInOrder(blocksAreRuns: true)
        #if SLOTS_INTERNAL_CHECKS
        checkInvariants()
        #endif
    }

    /// The grid with the given order, or nil when a slot appears twice. O(count).
    public init?(order: [PhotoSlot]) {
        var live = SelectionBitmap()
        for slot in order where !live.insert(slot) {
            return nil
        }
        self.init(count: 0)
        self.live = live
        fullChunks = FullChunkSummary(of: live)
        lay(out: order)
        #if SLOTS_INTERNAL_CHECKS
        checkInvariants()
        #endif
    }

    /// Replaces the blocks with `order` cut into full blocks, every slot of it live. O(count).
    private mutating func lay(out order: [PhotoSlot]) {
        blocks = stride(from: 0, to: order.count, by: Self.blockFill).map { first in
            Self.makeBlock(order[first ..< Swift.min(first + Self.blockFill, order.count)])
        }
        // Slots 0 ..< n in order (explicit ids interned from a header) sit where the map's
        // unwritten pages already put them: no 4 bytes a photo for the map.
        if order.indices.allSatisfy({ order[$0].index == $0 }) {
            blockOfSlot = SlotBlockMap(initialCount: order.count)
        } else {
            blockOfSlot = SlotBlockMap(initialCount: 0)
            for block in blocks.indices {
                withSlots(ofBlock: block) { blockOfSlot.assign($0, to: UInt32(block)) }
            }
        }
        indexBlocksInOrder()
    }

    /// A block holding `slots` and no more: a grid that never changes costs 4 bytes a photo.
    /// The first insertion into it makes room for `blockCapacity` at once (see `place`).
    private static func makeBlock(_ slots: some Collection<PhotoSlot>) -> [PhotoSlot] {
        var block: [PhotoSlot] = []
        block.reserveCapacity(slots.count)
        block.append(contentsOf: slots)
        return block
    }

    /// The sequence, counts and tree for `blocks` in id order, none with gaps. O(B), plus
    /// O(N) to find the runs unless `blocksAreRuns` says.
    private mutating func indexBlocksInOrder(blocksAreRuns: Bool? = nil) {
        sequence = (0 ..< UInt32(blocks.count)).map { $0 }
        placeOfBlock = sequence
        liveCounts = blocks.map { Int32($0.count) }
        gapCounts = [Int32](repeating: 0, count: blocks.count)
        listedGaps = [[PhotoSlot]](repeating: [], count: blocks.count)
        prefixCounts = BlockPrefixCounts(liveCounts)
        blockIsRun = blocksAreRuns.map { BlockRunFlags(repeating: $0, count: blocks.count) }
            ?? BlockRunFlags(blocks.lazy.map(Self.isRun))
        gapCount = 0
    }

    /// Whether `slots` are consecutive and ascending. O(slots), vectorised.
    private static func isRun(_ slots: [PhotoSlot]) -> Bool {
        guard let first = slots.first?.rawValue else { return false }
        var differs: UInt32 = 0
        for (offset, slot) in slots.enumerated() {
            differs |= slot.rawValue ^ (first &+ UInt32(truncatingIfNeeded: offset))
        }
        return differs == 0
    }

    /// Rebuilds the tree over the live counts in grid order, in its own storage. O(B).
    private mutating func recountPrefixes() {
        let counts = liveCounts
        let order = sequence
        counts.withUnsafeBufferPointer { counts in
            order.withUnsafeBufferPointer { order in
                prefixCounts.rebuild(blockCount: order.count) { counts[Int(order[$0])] }
            }
        }
    }

    public var count: Int { live.count }

    public var isEmpty: Bool { count == 0 }

    /// Slots held by the blocks, gaps included.
    public var storedCount: Int { count + gapCount }

    /// Whether `slot` is in the grid. O(1): one word of a small summary when the slot's
    /// chunk is full (see `FullChunkSummary`), else a word of `live`.
    @inlinable @inline(__always)
    public func contains(_ slot: PhotoSlot) -> Bool {
        fullChunks.holdsFullChunk(of: slot) || live.contains(slot)
    }

    // MARK: - Reading the order

    /// The slots in grid order, as one array. O(N); O(1) for a grid of one block without gaps.
    public var order: [PhotoSlot] {
        if blocks.count == 1 && gapCount == 0 { return blocks[0] }
        var order: [PhotoSlot] = []
        order.reserveCapacity(count)
        forEachBlockInOrder { slots, hasGaps in
            if hasGaps {
                for slot in slots where live.contains(slot) { order.append(slot) }
            } else {
                order.append(contentsOf: slots)
            }
            return true
        }
        return order
    }

    /// The photo at grid position `position`, in `0 ..< count`. O(log B), plus O(block) when
    /// its block has gaps: the block is walked from whichever end is nearer the photo, which
    /// halves the walk on average.
    public func slot(at position: Int) -> PhotoSlot {
        precondition(position >= 0 && position < count, "grid position \(position) out of 0 ..< \(count)")
        let (place, rank) = prefixCounts.block(holding: position)!
        let block = Int(sequence[place])
        guard gapCounts[block] > 0 else { return blocks[block][rank] }
        let slots = blocks[block]
        let liveCount = Int(liveCounts[block])
        if rank < liveCount / 2 {
            var remaining = rank
            for slot in slots where live.contains(slot) {
                if remaining == 0 { return slot }
                remaining -= 1
            }
        } else {
            var remaining = liveCount - 1 - rank
            for slot in slots.reversed() where live.contains(slot) {
                if remaining == 0 { return slot }
                remaining -= 1
            }
        }
        preconditionFailure("block \(block) holds fewer photos than its count")
    }

    /// The grid position of `slot`, nil when it is not in the grid.
    ///
    /// O(log B) through the slot-to-block map and the block counts, plus O(1) in a block laid
    /// out as a run (and usually in any block of a grid given by count), else a plain search
    /// of the block (O(block), eight slots a comparison), or a walk testing each slot when the
    /// block has gaps. Never a scan of the order.
    public func position(of slot: PhotoSlot) -> Int? {
        guard contains(slot) else { return nil }
        let block = Int(blockOfSlot[slot])
        let blockStart = prefixCounts.count(beforeBlock: Int(placeOfBlock[block]))
        return blockStart + offset(of: slot, inBlock: block)
    }

    /// Calls `body(first, length)` for the photos at grid positions `positions` (within
    /// `0 ..< count`) as runs of consecutive slots `first ..< first + length`, in grid order,
    /// so that a bitmap can write each run a word at a time.
    ///
    /// O(log B) to find the first block, then O(1) per block laid out as a run (one call for
    /// the part of it in range), and O(positions) for other blocks, one call per run of
    /// consecutive slots found (per slot in a grid of shuffled ids). No allocation.
    @inline(__always)
    public func forEachSlotRun(inPositions positions: Range<Int>, _ body: (PhotoSlot, Int) -> Void) {
        guard !positions.isEmpty else { return }
        precondition(positions.lowerBound >= 0 && positions.upperBound <= count, "positions \(positions) out of 0 ..< \(count)")
        var (place, rank) = prefixCounts.block(holding: positions.lowerBound)!
        var remaining = positions.count
        while remaining > 0 {
            let block = Int(sequence[place])
            let take = Swift.min(remaining, Int(liveCounts[block]) &- rank)
            if take > 0 {
                if gapCounts[block] == 0 && blockIsRun[block] {
                    body(PhotoSlot(blocks[block][0].index &+ rank), take)
                } else {
                    withSlots(ofBlock: block) { slots in
                        Self.forEachRun(
                            in: slots, skippingGaps: gapCounts[block] > 0 ? live : nil, from: rank,
                            count: take, body)
                    }
                }
                remaining &-= take
            }
            place &+= 1
            rank = 0
        }
    }

    /// The runs of consecutive slots among `count` live slots of `slots` after the first
    /// `first` live ones; `live` is nil when the block has no gaps. O(slots read).
    @inline(__always)
    private static func forEachRun(
        in slots: UnsafeBufferPointer<PhotoSlot>, skippingGaps live: SelectionBitmap?, from first: Int,
        count: Int, _ body: (PhotoSlot, Int) -> Void
    ) {
        var index = 0
        if let live {
            var skipped = 0
            while skipped < first {
                if live.contains(slots[index]) { skipped &+= 1 }
                index &+= 1
            }
        } else {
            index = first
        }
        var runStart = PhotoSlot(rawValue: 0)
        var runLength = 0
        var taken = 0
        while taken < count {
            let slot = slots[index]
            index &+= 1
            if let live, !live.contains(slot) { continue }
            taken &+= 1
            if runLength > 0 && slot.rawValue == runStart.rawValue &+ UInt32(truncatingIfNeeded: runLength) {
                runLength &+= 1
            } else {
                if runLength > 0 { body(runStart, runLength) }
                runStart = slot
                runLength = 1
            }
        }
        if runLength > 0 { body(runStart, runLength) }
    }

    /// The slots of `set` that are in the grid, in grid order (the selection's photos).
    ///
    /// Fewer than N / 16 slots: O(k log k) to sort them by block (plus one pass over the
    /// set's chunks), then, for each block they touch, either a plain search per slot or one membership scan of the block,
    /// whichever is cheaper (see `slotsVisitingTheirBlocks`). So after a mass delete, a few
    /// chosen photos cost their own blocks, not a walk over the whole grid. Otherwise
    /// O(position of the last one): a scan that stops once all `set.count` are found. Each
    /// slot is written to the result and kept or overwritten by the next, without a branch on
    /// membership, which a half-selected grid would mispredict every other slot.
    public func slots(of set: SelectionBitmap) -> [PhotoSlot] {
        let wanted = set.count
        guard wanted != 0 else { return [] }
        if wanted &* 16 < count { return slotsVisitingTheirBlocks(of: set) }
        // One spare place: the branch-free loop writes each candidate before deciding.
        return [PhotoSlot](unsafeUninitializedCapacity: wanted + 1) { buffer, initialized in
            var next = 0
            forEachBlockInOrder { slots, hasGaps in
                for slot in slots {
                    buffer[next] = slot
                    // A gap's slot left the grid, and so the selection, unless it came back in
                    // another block: only live slots count.
                    next &+= set.contains(slot) && (!hasGaps || live.contains(slot)) ? 1 : 0
                    if next == wanted { return false }
                }
                return true
            }
            initialized = next
        }
    }

    /// A block is scanned with membership tests once it holds more than 1 / this of its
    /// slots' worth of chosen ones: a membership test (two dependent loads into the bitmap)
    /// costs several plain comparisons of a search.
    private static let searchesPerScan = 8

    /// `slots(of:)` for a few slots: their blocks, found through the slot-to-block map and
    /// put in grid order by a sort, are the only ones read. Within a block holding few of
    /// them, each is found by a plain search (a live slot sits exactly once in the block the
    /// map gives, gaps having been dropped before it was placed again) and the positions are
    /// sorted; a block holding many is scanned once with membership tests.
    ///
    /// O(k log k) for the sort, plus per touched block holding c chosen slots, O(c × block)
    /// plain comparisons while c ≤ block / 8, else one O(block) membership scan. Slots of `set` outside the grid are skipped, as the scan skips them.
    private func slotsVisitingTheirBlocks(of set: SelectionBitmap) -> [PhotoSlot] {
        // Each slot keyed by its block's place in grid order, then by the slot.
        var keys: [UInt64] = []
        keys.reserveCapacity(set.count)
        for slot in set where live.contains(slot) {
            keys.append(UInt64(placeOfBlock[Int(blockOfSlot[slot])]) << 32 | UInt64(slot.rawValue))
        }
        keys.sort()
        var found: [PhotoSlot] = []
        found.reserveCapacity(keys.count)
        var positions: [Int] = []
        var first = 0
        while first < keys.count {
            let place = keys[first] >> 32
            var end = first + 1
            while end < keys.count && keys[end] >> 32 == place { end += 1 }
            let block = blocks[Int(sequence[Int(place)])]
            if (end - first) &* Self.searchesPerScan <= block.count {
                positions.removeAll(keepingCapacity: true)
                for key in keys[first ..< end] {
                    let slot = PhotoSlot(rawValue: UInt32(truncatingIfNeeded: key))
                    positions.append(block.firstIndex(of: slot)!)
                }
                positions.sort()
                for position in positions { found.append(block[position]) }
            } else {
                let hasGaps = gapCounts[Int(sequence[Int(place)])] > 0
                for slot in block where set.contains(slot) && (!hasGaps || live.contains(slot)) {
                    found.append(slot)
                }
            }
            first = end
        }
        return found
    }

    /// Calls `body` with each block's slots in grid order, gaps included, and whether the
    /// block has gaps, until it returns false.
    @inline(__always)
    private func forEachBlockInOrder(_ body: (UnsafeBufferPointer<PhotoSlot>, Bool) -> Bool) {
        for block in sequence {
            let block = Int(block)
            // Opened here rather than through `withSlots(ofBlock:_:)`: a body handed on through
            // two closures is not inlined, and `slots(of:)` would pay a call per block.
            let keepGoing = blocks[block].withUnsafeBufferPointer { body($0, gapCounts[block] > 0) }
            if !keepGoing { return }
        }
    }

    // MARK: - Removing

    /// Removes the given slots from the grid, skipping those that are not in it; returns how
    /// many left. Slots may repeat.
    ///
    /// O(k log B) for a few slots, one bit and one block count each. For many (more than
    /// N / 1,024), one pass over them, O(k), that clears each from `live` and counts it in its
    /// block, then O(C / 64 + full chunks) for the full-chunk summary (C = N / 4,096) and
    /// O(B) for the tree: no allocation while the grid owns its chunks. Blocks that become a
    /// quarter gaps are compacted, O(block) each. When every photo leaves, O(k + B + C): the
    /// blocks are dropped whole. A removal of at most `gapClosingLimit` slots compacts the
    /// blocks it touches at once, O(block) each, unless a live copy shares the grid.
    ///
    /// Inlinable so that a caller's collection becomes an array where it is known, and the
    /// work below runs specialised for it instead of through generic witnesses.
    @inlinable
    @discardableResult
    public mutating func remove(_ slots: some Collection<PhotoSlot>) -> Int {
        remove(slotArray: Array(slots))
    }

    @usableFromInline
    mutating func remove(slotArray slots: [PhotoSlot]) -> Int {
        let removed: Int
        if slots.count <= 64 || slots.count &* 1024 < count {
            removed = removeOneByOne(slots)
            #if SLOTS_INTERNAL_CHECKS
            checkInvariants(touching: slots, blocksBefore: blocks.count)
            #endif
        } else {
            removed = removeInBulk(slots)
            #if SLOTS_INTERNAL_CHECKS
            checkInvariants()
            #endif
        }
        return removed
    }

    private mutating func removeOneByOne(_ slots: some Collection<PhotoSlot>) -> Int {
        // A few photos leave without a trace: their blocks are compacted at once, O(block)
        // each, so that positions in them stay a tree walk instead of a walk over the block.
        // Not while a copy is alive: its blocks are shared, and compacting one would copy it
        // (an allocation and up to 8 KB) for a removal that otherwise writes no block.
        let closesGaps = slots.count <= Self.gapClosingLimit && isKnownUniquelyReferenced(&copies)
        var removed = 0
        for slot in slots where live.remove(slot) {
            removed &+= 1
            fullChunks.chunkLost(slot)
            let block = Int(blockOfSlot[slot])
            liveCounts[block] &-= 1
            if gapCounts[block] < Self.listedGapLimit && listedGaps[block].count == gapCounts[block] {
                listedGaps[block].append(slot)
            }
            gapCounts[block] &+= 1
            gapCount &+= 1
            prefixCounts.add(-1, toBlock: Int(placeOfBlock[block]))
            if closesGaps { compact(block) } else { compactIfWorthIt(block) }
        }
        return removed
    }

    /// Removals of at most this many photos compact their blocks at once (unless a live copy
    /// shares them): a library change
    /// of a few photos costs a few block moves (8 KB at most each), and the gaps it would
    /// leave would make every later position in those blocks a walk testing each slot.
    public static let gapClosingLimit = 8

    /// The removal of many slots: one pass clears each from `live` and counts it in its
    /// block; then the full-chunk summary, the tree, and the blocks that became a quarter
    /// gaps (`isWorthCompacting`). Allocates nothing for a
    /// grid that owns its chunks.
    private mutating func removeInBulk(_ slots: [PhotoSlot]) -> Int {
        let countBefore = count
        let removed = slots.withUnsafeBufferPointer { clearAndCount($0) }
        guard removed > 0 else { return 0 }
        fullChunks.forgetChunksNoLongerFull(in: live)
        if removed == countBefore {
            // Every photo leaves (Select all, then Delete): nothing of the order is kept.
            removeEverything()
            return removed
        }
        recountPrefixes()
        gapCount += removed
        // The blocks now a quarter gaps, found from the counts: O(B), which a bulk removal
        // (more than N / 1,024 slots) exceeds anyway, where listing them in the pass above
        // cost a test per slot.
        for block in gapCounts.indices where gapCounts[block] > 0 && isWorthCompacting(block) {
            compact(block)
        }
        return removed
    }

    /// Clears `slots` from `live` and counts each one that was in the grid as a gap of its
    /// block; returns how many were. O(k + B), one pass over the slots, no allocation while
    /// `live` owns its chunks.
    ///
    /// The pass writes one count per slot, its block's photos: each block's gaps take its
    /// photo count before the pass and give back the count after, so that they grow by the
    /// photos the block lost. At 10M photos the two per-slot counts were two scattered writes
    /// where one does.
    private mutating func clearAndCount(_ slots: UnsafeBufferPointer<PhotoSlot>) -> Int {
        // The photo counts leave `self` for the pass, so that the closure below writes them
        // while `live` is being written, without touching `self`.
        var liveCounts: [Int32] = []
        swap(&liveCounts, &self.liveCounts)
        defer { swap(&liveCounts, &self.liveCounts) }
        for block in gapCounts.indices { gapCounts[block] &+= liveCounts[block] }
        defer { for block in gapCounts.indices { gapCounts[block] &-= liveCounts[block] } }
        let map = blockOfSlot
        return liveCounts.withUnsafeMutableBufferPointer { liveCountsBuffer in
            // A constant for the pass, not the closure's inout buffer read again per slot.
            let liveCounts = liveCountsBuffer
            // Every slot removed is in a block; in a grid laid out by count and unmoved,
            // block `slot / blockFill`, a multiply instead of the map's page lookup.
            return map.isInitialLayout
                ? live.remove(contentsOf: slots) { liveCounts[SlotBlockMap.initialBlock(ofSlotInABlock: $0)] &-= 1 }
                : live.remove(contentsOf: slots) { liveCounts[Int(map[$0])] &-= 1 }
        }
    }

    /// Empties the grid once `live` is empty. O(B): the blocks are dropped whole, but the
    /// first one's storage is kept, emptied, and the bitmap keeps its chunks, cleared, so that
    /// the photos the grid gets next do not grow a block and a bitmap from nothing again (a
    /// dozen allocations). The slot-to-block map keeps what it knew: a slot placed again is
    /// mapped again, and an outdated entry only ever asks for a compaction, which changes no
    /// order.
    private mutating func removeEverything() {
        var first: [PhotoSlot] = []
        swap(&first, &blocks[Int(sequence[0])])
        first.removeAll(keepingCapacity: true)
        blocks.removeAll(keepingCapacity: true)
        blocks.append(first)
        // The one block's index, in the arrays' own storage.
        sequence.removeAll(keepingCapacity: true)
        placeOfBlock.removeAll(keepingCapacity: true)
        liveCounts.removeAll(keepingCapacity: true)
        gapCounts.removeAll(keepingCapacity: true)
        listedGaps.removeAll(keepingCapacity: true)
        sequence.append(0)
        placeOfBlock.append(0)
        liveCounts.append(0)
        gapCounts.append(0)
        listedGaps.append([])
        blockIsRun.removeAll()
        blockIsRun.append(false)
        prefixCounts = BlockPrefixCounts(liveCounts)
        gapCount = 0
    }

    /// Compacts `block` when a quarter of it is gaps, so that gaps stay under a quarter of
    /// the order and each compaction is paid for by the removals that made it necessary.
    @inline(__always)
    private mutating func compactIfWorthIt(_ block: Int) {
        if isWorthCompacting(block) { compact(block) }
    }

    /// Whether `block` is a quarter gaps or more: gaps × 4 ≥ photos + gaps. Asked of the
    /// counts alone, without reading the block. O(1).
    @inline(__always)
    private func isWorthCompacting(_ block: Int) -> Bool {
        gapCounts[block] &* 3 >= liveCounts[block]
    }

    /// Drops the gaps of `block`. O(block): a block of gaps only is emptied, listed gaps are
    /// found by a plain search and removed one by one, others go in one pass that tests each
    /// slot against `live`.
    private mutating func compact(_ block: Int) {
        let dropped = Int(gapCounts[block])
        guard dropped > 0 else { return }
        blockIsRun.clear(block)
        if dropped == blocks[block].count {
            blocks[block].removeAll(keepingCapacity: true)
        } else if listedGaps[block].count == dropped {
            for gap in listedGaps[block] {
                blocks[block].remove(at: index(of: gap, inBlock: block))
            }
        } else {
            let live = self.live
            blocks[block].removeAll { !live.contains($0) }
        }
        gapCount -= dropped
        gapCounts[block] = 0
        listedGaps[block].removeAll(keepingCapacity: true)
    }

    /// Closes every gap. O(N).
    public mutating func compact() {
        guard gapCount > 0 else { return }
        for block in blocks.indices { compact(block) }
        #if SLOTS_INTERNAL_CHECKS
        checkInvariants()
        #endif
    }

    // MARK: - Inserting

    /// Inserts a slot that is not in the grid at `position`, clamped to `0...count`; returns
    /// false (and changes nothing) when it is already in. O(log B + block).
    @discardableResult
    public mutating func insert(_ slot: PhotoSlot, at position: Int) -> Bool {
        insert(contentsOf: [SlotInsertion(slot: slot, at: position)])
    }

    /// Applies the insertions in the order listed, each position clamped to the count at its
    /// turn, as if inserted one by one. Returns false, changing nothing, when a slot is
    /// already in the grid or listed twice.
    ///
    /// O(k (log B + block)) one by one, each moving the rest of one block; past N / 1,024
    /// insertions, O(N + k log N) for the whole order rebuilt in one pass (`BatchInsertion`).
    @discardableResult
    public mutating func insert(contentsOf insertions: [SlotInsertion]) -> Bool {
        guard !insertions.isEmpty else { return true }
        guard areNew(insertions) else { return false }
        if insertions.count <= 64 || insertions.count &* 1024 < count {
            #if SLOTS_INTERNAL_CHECKS
            // A slot that comes back is compacted out of the block it left: check that one too.
            let blocksBefore = blocks.count
            let formerBlocks = insertions.map { blockOfSlot[$0.slot] }
            #endif
            for insertion in insertions { place(insertion.slot, at: insertion.at) }
            #if SLOTS_INTERNAL_CHECKS
            checkInvariants(touching: insertions.map(\.slot), blocksBefore: blocksBefore)
            for block in formerBlocks where Int(block) < blocks.count { checkBlock(Int(block)) }
            #endif
        } else {
            var order = self.order
            BatchInsertion.apply(insertions, to: &order)
            for insertion in insertions { live.insert(insertion.slot) }
            fullChunks = FullChunkSummary(of: live)
            lay(out: order)
            #if SLOTS_INTERNAL_CHECKS
            checkInvariants()
            #endif
        }
        return true
    }

    /// Whether no slot of `insertions` is in the grid and none is listed twice. O(k) for a
    /// few, else O(k log k): the raw slots sorted and neighbours compared, which for the tens
    /// of photos a library change brings costs less than hashing each into a set.
    private func areNew(_ insertions: [SlotInsertion]) -> Bool {
        if insertions.contains(where: { live.contains($0.slot) }) { return false }
        if insertions.count <= 8 {
            for (index, insertion) in insertions.enumerated()
            where insertions[..<index].contains(where: { $0.slot == insertion.slot }) {
                return false
            }
            return true
        }
        var raw = insertions.map(\.slot.rawValue)
        raw.sort()
        return zip(raw, raw.dropFirst()).allSatisfy { $0 != $1 }
    }

    /// Puts a slot that is not in the grid at `position`, clamped to `0...count`.
    private mutating func place(_ slot: PhotoSlot, at position: Int) {
        // A slot that comes back may still sit in its old block as a gap: drop it there first.
        let oldBlock = blockOfSlot[slot]
        if oldBlock != SlotBlockMap.none && Int(oldBlock) < blocks.count { compact(Int(oldBlock)) }

        let position = Swift.min(Swift.max(position, 0), count)
        if sequence.isEmpty { appendEmptyBlock() }
        let place: Int
        var rank: Int
        if position == 0 && blocks[Int(sequence[0])].count >= Self.frontBlockLimit {
            // Photos arriving at the top one after another would each move a whole block.
            prependEmptyBlock()
            (place, rank) = (0, 0)
        } else if let found = prefixCounts.block(holding: position) {
            (place, rank) = found
        } else {
            // At the end: after the last photo of the last block.
            place = sequence.count - 1
            rank = Int(liveCounts[Int(sequence[place])])
        }
        let block = Int(sequence[place])
        compact(block)
        if blocks[block].count == blocks[block].capacity {
            // Exactly what it may hold before it splits: growing by doubling would leave a
            // block of 1,536 with room for 3,072.
            blocks[block].reserveCapacity(Self.blockCapacity + 1)
        }
        blocks[block].insert(slot, at: rank)
        blockIsRun.clear(block)
        live.insert(slot)
        fullChunks.chunkGained(slot, in: live)
        blockOfSlot[slot] = UInt32(block)
        liveCounts[block] &+= 1
        prefixCounts.add(1, toBlock: place)
        if blocks[block].count > Self.blockCapacity { split(atPlace: place) }
    }

    /// A first block this full takes no photo at the top: a new first block does, so that a
    /// run of photos put first (new photos of a library) moves at most this many slots each,
    /// not up to `blockCapacity`, and blocks made that way are at least half full.
    public static let frontBlockLimit = blockCapacity / 2

    /// A new, empty block first in grid order. O(B).
    private mutating func prependEmptyBlock() {
        // Room for what it takes at the top before the next one starts: one allocation where
        // growing one photo at a time would make a dozen.
        var block: [PhotoSlot] = []
        block.reserveCapacity(Self.frontBlockLimit)
        blocks.append(block)
        blockIsRun.append(false)
        liveCounts.append(0)
        gapCounts.append(0)
        listedGaps.append([])
        placeOfBlock.append(0)
        sequence.insert(UInt32(blocks.count - 1), at: 0)
        for index in sequence.indices { placeOfBlock[Int(sequence[index])] = UInt32(index) }
        recountPrefixes()
    }

    private mutating func appendEmptyBlock() {
        blocks.append([])
        blockIsRun.append(false)
        liveCounts.append(0)
        gapCounts.append(0)
        listedGaps.append([])
        placeOfBlock.append(UInt32(sequence.count))
        sequence.append(UInt32(blocks.count - 1))
        recountPrefixes()
    }

    /// Moves the back half of the full block at `place` into a new block after it. O(block +
    /// B): the sequence and tree are rebuilt, once per 512 to 1,024 insertions into a block.
    private mutating func split(atPlace place: Int) {
        let block = Int(sequence[place])
        let half = blocks[block].count / 2
        let moved = Self.makeBlock(blocks[block][half...])
        blocks[block].removeLast(moved.count)
        let newBlock = blocks.count
        blocks.append(moved)
        blockIsRun.clear(block)
        blockIsRun.append(false)
        withSlots(ofBlock: newBlock) { blockOfSlot.assign($0, to: UInt32(newBlock)) }
        // The block was compacted before the insertion that filled it: no gaps on either side.
        liveCounts[block] = Int32(half)
        liveCounts.append(Int32(moved.count))
        gapCounts.append(0)
        listedGaps.append([])
        sequence.insert(UInt32(newBlock), at: place + 1)
        placeOfBlock.append(0)
        for index in (place + 1) ..< sequence.count { placeOfBlock[Int(sequence[index])] = UInt32(index) }
        recountPrefixes()
    }
}

extension LiveSlots: Sequence {
    /// The photos in grid order, gaps skipped.
    public struct Iterator: IteratorProtocol {
        private let grid: LiveSlots
        private var place = 0
        private var offset = 0
        private var current: [PhotoSlot] = []
        private var currentHasGaps = false

        fileprivate init(grid: LiveSlots) {
            self.grid = grid
        }

        public mutating func next() -> PhotoSlot? {
            while true {
                if offset < current.count {
                    let slot = current[offset]
                    offset &+= 1
                    if !currentHasGaps || grid.live.contains(slot) { return slot }
                    continue
                }
                guard place < grid.sequence.count else { return nil }
                let block = Int(grid.sequence[place])
                place &+= 1
                current = grid.blocks[block]
                currentHasGaps = grid.gapCounts[block] > 0
                offset = 0
            }
        }
    }

    public func makeIterator() -> Iterator {
        Iterator(grid: self)
    }

    public var underestimatedCount: Int { count }
}

/// The object every copy of a `LiveSlots` holds: while it is uniquely referenced, no other
/// copy can share the grid's blocks.
private final class CopyToken: Sendable {}
