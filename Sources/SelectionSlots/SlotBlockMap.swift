/// Which block of the grid order holds each slot: the index that lets a removal find the
/// block to update without searching the order.
///
/// Stored in pages of 65,536 entries, each copy-on-write on its own, so that an engine
/// holding a snapshot copies one 256 KB page on its next write, not the whole map. A page
/// that was never written is not stored: its slots sit where a grid given by count first
/// put them (`slot / LiveSlots.blockFill` below `initialCount`, nowhere above), so a fresh
/// 10M-photo grid costs nothing here until photos move.
struct SlotBlockMap: Sendable {
    /// Means "in no block".
    static let none = UInt32.max
    private static let pageShift = 16
    private static let pageSize = 1 << pageShift

    private var pages: [[UInt32]?] = []
    /// Slots below this were laid out in order, `blockSize` to a block.
    private let initialCount: Int
    /// A constant, so that finding an unwritten slot's block divides by multiplying.
    private static let blockSize = LiveSlots.blockFill

    /// The map of a grid whose slots `0 ..< initialCount` fill blocks of `LiveSlots.blockFill`
    /// in order. O(1).
    init(initialCount: Int) {
        self.initialCount = initialCount
    }

    /// Whether no slot has moved since the grid was laid out by count: every slot in a block
    /// is then in block `slot / LiveSlots.blockFill`, which `initialBlock(ofSlotInABlock:)`
    /// gives without a load.
    var isInitialLayout: Bool { pages.isEmpty }

    /// The block of `slot`, which is in a block, while `isInitialLayout`. O(1): a multiply.
    @inline(__always)
    static func initialBlock(ofSlotInABlock slot: PhotoSlot) -> Int {
        slot.index / blockSize
    }

    /// The block holding `slot`, or `none`. O(1).
    @inline(__always)
    subscript(slot: PhotoSlot) -> UInt32 {
        get {
            let index = slot.index
            let page = index >> Self.pageShift
            if page < pages.count, let entries = pages[page] {
                return entries[index & (Self.pageSize - 1)]
            }
            return initialBlock(of: index)
        }
        set {
            let index = slot.index
            let page = index >> Self.pageShift
            materialize(page)
            pages[page]![index & (Self.pageSize - 1)] = newValue
        }
    }

    /// Puts every slot of `slots` in `block`. O(slots), with one page lookup per run of slots
    /// on the same page rather than one per slot.
    mutating func assign(_ slots: UnsafeBufferPointer<PhotoSlot>, to block: UInt32) {
        var next = 0
        while next < slots.count {
            let page = slots[next].index >> Self.pageShift
            materialize(page)
            pages[page]!.withUnsafeMutableBufferPointer { entries in
                while next < slots.count, slots[next].index >> Self.pageShift == page {
                    entries[slots[next].index & (Self.pageSize - 1)] = block
                    next &+= 1
                }
            }
        }
    }

    @inline(__always)
    private func initialBlock(of index: Int) -> UInt32 {
        index < initialCount ? UInt32(truncatingIfNeeded: index / Self.blockSize) : Self.none
    }

    /// Stores `page`, holding what its unwritten state means, unless it is stored. O(page size).
    @inline(__always)
    private mutating func materialize(_ page: Int) {
        if page < pages.count && pages[page] != nil { return }
        if page >= pages.count {
            pages.append(contentsOf: repeatElement(nil, count: page + 1 - pages.count))
        }
        let first = page << Self.pageShift
        let laidOut = Swift.max(0, Swift.min(Self.pageSize, initialCount - first))
        let blockSize = Self.blockSize
        pages[page] = [UInt32](unsafeUninitializedCapacity: Self.pageSize) { entries, initialized in
            // Block by block rather than a division per slot.
            var offset = 0
            while offset < laidOut {
                let block = (first + offset) / blockSize
                let end = Swift.min(laidOut, (block + 1) * blockSize - first)
                for index in offset ..< end { entries[index] = UInt32(truncatingIfNeeded: block) }
                offset = end
            }
            for offset in laidOut ..< Self.pageSize { entries[offset] = Self.none }
            initialized = Self.pageSize
        }
    }
}
