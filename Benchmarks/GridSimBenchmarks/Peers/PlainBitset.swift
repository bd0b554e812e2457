import SeededRandom

/// A plain bitset over photo slots: one bit per slot in a `[UInt64]`, plus the population
/// kept up to date. The simplest fast selection, and so the lower bound the project's engine
/// is compared with: a toggle touches one word, whole-set operations stream N/64 words.
struct PlainBitset: Equatable {
    private(set) var words: [UInt64]
    /// Number of set bits. O(1) to read.
    private(set) var count: Int

    /// An empty set able to hold slots `0..<slotCapacity` without growing.
    init(slotCapacity: Int) {
        words = [UInt64](repeating: 0, count: Self.wordCount(forSlots: slotCapacity))
        count = 0
    }

    /// A set with exactly `slots` (any order, no duplicates needed). O(slots + capacity/64).
    init<Slots: Sequence>(slots: Slots, slotCapacity: Int) where Slots.Element == Int {
        self.init(slotCapacity: slotCapacity)
        for slot in slots { insert(slot) }
    }

    /// Adopts ready-made words (e.g. random ones); the population is counted. O(words).
    init(words: [UInt64]) {
        self.words = words
        count = WordKernels.populationCount(words)
    }

    /// A random half of `0..<slotCount` (each slot in with probability ½), drawn from the
    /// workload's generator. O(slotCount/64).
    init(randomHalfOf slotCount: Int, workload: String) {
        var random = SplitMix64(workload: workload, size: slotCount)
        var words = (0..<Self.wordCount(forSlots: slotCount)).map { _ in random.next() }
        if slotCount & 63 != 0 { words[words.count - 1] &= (1 << UInt64(slotCount & 63)) - 1 }
        self.init(words: words)
    }

    static func wordCount(forSlots slots: Int) -> Int { (max(slots, 0) + 63) >> 6 }

    /// O(1).
    @inline(__always)
    func contains(_ slot: Int) -> Bool {
        let word = slot >> 6
        return word < words.count && words[word] & (1 << UInt64(slot & 63)) != 0
    }

    /// Adds `slot`, growing if needed. O(1) amortised.
    @inline(__always)
    mutating func insert(_ slot: Int) {
        let word = slot >> 6
        if word >= words.count { grow(toHoldSlot: slot) }
        let mask: UInt64 = 1 << UInt64(slot & 63)
        if words[word] & mask == 0 {
            words[word] |= mask
            count += 1
        }
    }

    /// Removes `slot` if present. O(1).
    @inline(__always)
    mutating func remove(_ slot: Int) {
        let word = slot >> 6
        guard word < words.count else { return }
        let mask: UInt64 = 1 << UInt64(slot & 63)
        if words[word] & mask != 0 {
            words[word] &= ~mask
            count -= 1
        }
    }

    /// Flips `slot`; returns whether it is now in the set. O(1).
    @inline(__always)
    @discardableResult
    mutating func toggle(_ slot: Int) -> Bool {
        let word = slot >> 6
        if word >= words.count { grow(toHoldSlot: slot) }
        let mask: UInt64 = 1 << UInt64(slot & 63)
        words[word] ^= mask
        let isMember = words[word] & mask != 0
        count += isMember ? 1 : -1
        return isMember
    }

    /// Adds the slots of `range`, which must be below the capacity. O(range / 64).
    mutating func insert(_ range: Range<Int>) {
        count += WordKernels.rewriteBits(range, of: &words, from: nil)
    }

    /// Gives the slots of `range` (below the capacity) their state in `source`. O(range / 64).
    mutating func copy(_ range: Range<Int>, from source: PlainBitset) {
        count += WordKernels.rewriteBits(range, of: &words, from: source.words)
    }

    /// Empties the set, keeping its capacity. O(capacity/64).
    mutating func removeAll() {
        WordKernels.zero(&words)
        count = 0
    }

    /// Becomes a copy of `other`, reusing this set's storage when it is large enough (no
    /// allocation). O(capacity/64).
    mutating func assign(_ other: PlainBitset) {
        if words.count != other.words.count {
            words = other.words
        } else {
            WordKernels.copy(other.words, into: &words)
        }
        count = other.count
    }

    /// Becomes `first ∩ second`, in this set's storage: one pass, no allocation once the
    /// storage has the right size. O(capacity/64).
    mutating func assignIntersection(of first: PlainBitset, and second: PlainBitset) {
        let wordCount = min(first.words.count, second.words.count)
        if words.count != wordCount { words = [UInt64](repeating: 0, count: wordCount) }
        count = WordKernels.intersect(first.words, second.words, into: &words)
    }

    /// Appends to `changed` every slot in exactly one of `first` and `second`, ascending.
    /// O(capacity/64 + changes).
    static func appendSymmetricDifference(of first: PlainBitset, and second: PlainBitset, to changed: inout [Int32]) {
        WordKernels.forEachDifferingBit(first.words, second.words) { changed.append(Int32($0)) }
    }

    /// The slots in the set, ascending. O(capacity/64 + count).
    var slots: [Int] {
        var result: [Int] = []
        result.reserveCapacity(count)
        WordKernels.forEachDifferingBit(words, []) { result.append($0) }
        return result
    }

    private mutating func grow(toHoldSlot slot: Int) {
        let needed = Self.wordCount(forSlots: slot + 1)
        words.append(contentsOf: repeatElement(0, count: max(needed, words.count * 2) - words.count))
    }
}
