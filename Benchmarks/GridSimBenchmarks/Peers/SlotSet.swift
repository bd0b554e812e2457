/// The set operations a selection-replay peer needs, so that one replayer serves Swift
/// `Set<Int>`, CRoaring and the plain bitset alike (see `SlotReplayer`). The requirement
/// names carry `Slot` so that they never overload the conforming types' own methods.
protocol SlotSet {
    init(slotCapacity: Int)
    /// A set of every slot in `0..<count` (a fresh grid).
    init(allSlotsBelow count: Int)
    func contains(_ slot: Int) -> Bool
    var count: Int { get }
    mutating func insertSlot(_ slot: Int)
    mutating func removeSlot(_ slot: Int)
    /// Flips `slot` (a tap while selecting).
    mutating func toggleSlot(_ slot: Int)
    mutating func removeAllSlots()
    /// Becomes equal to `other` (Select all: the selection becomes the grid).
    mutating func assign(_ other: Self)
    /// Members ascending; for result checks, untimed.
    var sortedSlots: [Int] { get }
}

extension Set<Int>: SlotSet {
    init(slotCapacity: Int) { self.init() }
    init(allSlotsBelow count: Int) { self.init(0..<count) }
    mutating func insertSlot(_ slot: Int) { insert(slot) }
    mutating func removeSlot(_ slot: Int) { remove(slot) }
    mutating func toggleSlot(_ slot: Int) {
        if remove(slot) == nil { insert(slot) }
    }
    /// Drops the storage too: keeping a 10M-bucket table around would make every later
    /// clear and copy pay for it.
    mutating func removeAllSlots() { self = [] }
    /// Shares the storage; the next change copies it (Swift's copy-on-write).
    mutating func assign(_ other: Set<Int>) { self = other }
    var sortedSlots: [Int] { sorted() }
}

extension PlainBitset: SlotSet {
    init(allSlotsBelow count: Int) {
        var words = [UInt64](repeating: ~0, count: Self.wordCount(forSlots: count))
        if count & 63 != 0, !words.isEmpty { words[words.count - 1] = (1 << UInt64(count & 63)) - 1 }
        self.init(words: words)
    }
    mutating func insertSlot(_ slot: Int) { insert(slot) }
    mutating func removeSlot(_ slot: Int) { remove(slot) }
    mutating func toggleSlot(_ slot: Int) { toggle(slot) }
    mutating func removeAllSlots() { removeAll() }
    var sortedSlots: [Int] { slots }
}

extension RoaringBitmap: SlotSet {
    init(slotCapacity: Int) { self.init() }
    init(allSlotsBelow count: Int) { self.init(range: count) }
    mutating func insertSlot(_ slot: Int) { insert(slot) }
    mutating func removeSlot(_ slot: Int) { remove(slot) }
    mutating func toggleSlot(_ slot: Int) { toggle(slot) }
    mutating func removeAllSlots() { removeAll() }
    /// Shares the C bitmap; the next change copies it (see `RoaringBitmap.makeUnique`).
    mutating func assign(_ other: RoaringBitmap) { self = other }
    var sortedSlots: [Int] { slots }
}
