/// Which blocks of a `LiveSlots` hold a run of consecutive slots, one bit per block id.
///
/// Why bits with the first word inline: a grid of up to 64 blocks (about 98,000 photos laid
/// out) keeps them without an allocation, so a small grid costs what it did before it knew its
/// runs; a 10M grid's 6,511 blocks take 102 words. Flags are only ever cleared (a block that
/// changes stops being a run) or appended clear, so a copy shares the words until one of its
/// runs changes.
struct BlockRunFlags: Sendable {
    private var firstWord: UInt64 = 0
    private var laterWords: [UInt64] = []
    private(set) var count = 0

    /// No flags.
    init() {}

    /// `count` flags, all set or all clear. O(count / 64).
    init(repeating isRun: Bool, count: Int) {
        self.init()
        for _ in 0 ..< count { append(isRun) }
    }

    /// The flags of `blocks`, in order. O(count / 64).
    init(_ flags: some Sequence<Bool>) {
        self.init()
        for flag in flags { append(flag) }
    }

    /// Whether block `block` is a run. O(1).
    @inline(__always)
    subscript(block: Int) -> Bool {
        let word = block < 64 ? firstWord : laterWords[(block >> 6) - 1]
        return word & (1 << UInt64(block & 63)) != 0
    }

    /// Marks block `block` as no longer a run; writes only when it was one. O(1).
    @inline(__always)
    mutating func clear(_ block: Int) {
        guard self[block] else { return }
        let mask = ~(1 << UInt64(block & 63) as UInt64)
        if block < 64 { firstWord &= mask } else { laterWords[(block >> 6) - 1] &= mask }
    }

    /// Appends a flag for a new block. Amortised O(1).
    mutating func append(_ isRun: Bool) {
        let block = count
        count += 1
        if block >= 64 && block & 63 == 0 { laterWords.append(0) }
        guard isRun else { return }
        if block < 64 { firstWord |= 1 << UInt64(block) } else { laterWords[(block >> 6) - 1] |= 1 << UInt64(block & 63) }
    }

    /// Drops every flag, keeping the storage. O(count / 64).
    mutating func removeAll() {
        firstWord = 0
        laterWords.removeAll(keepingCapacity: true)
        count = 0
    }
}
