/// The words of one chunk that `SelectionBitmap.updateChunk(at:_:)` has made its bitmap's
/// own, with the journal: the only way to change a chunk's words in place.
///
/// Each write journals the bits it changes (while the journal is complete) and counts the
/// population change, which the bitmap applies once the write is over, so a word cannot
/// change without its entries and counts.
struct SelectionBitmapChunkWrite {
    private let words: SelectionBitmapMutableChunkWords
    /// The slot of the chunk's bit 0.
    private let chunkBase: Int
    /// Unretained: the bitmap's storage holds the journal for the whole write, and a retain
    /// and release per flip would be a tenth of a toggle.
    private let journal: Unmanaged<SelectionChangeJournal>
    /// Set bits added minus set bits removed so far.
    private(set) var populationChange = 0
    /// Bits changed so far by `write(_:toWordAt:)`, either way.
    private(set) var flipCount = 0

    @inline(__always)
    init(words: SelectionBitmapMutableChunkWords, chunkBase: Int, journal: SelectionChangeJournal) {
        self.words = words
        self.chunkBase = chunkBase
        self.journal = Unmanaged.passUnretained(journal)
    }

    /// Word `index` (0 ..< 64).
    @inline(__always)
    func word(at index: Int) -> UInt64 {
        words[index]
    }

    /// Flips bit `bit` (0 ..< 4096); returns whether it is now set. O(1), one journal entry.
    @inline(__always)
    mutating func flip(bit: Int) -> Bool {
        let wordIndex = bit >> 6
        let mask: UInt64 = 1 << UInt64(bit & 63)
        let flipped = words[wordIndex] ^ mask
        words[wordIndex] = flipped
        let isSet = flipped & mask != 0
        populationChange &+= isSet ? 1 : -1
        withJournal { $0.record(PhotoSlot(chunkBase | bit), isNowSet: isSet) }
        return isSet
    }

    /// Makes word `index` (0 ..< 64) `newWord`. O(1) plus one journal entry per changed bit.
    @inline(__always)
    mutating func write(_ newWord: UInt64, toWordAt index: Int) {
        let old = words[index]
        guard newWord != old else { return }
        words[index] = newWord
        let added = (newWord & ~old).nonzeroBitCount
        let removed = (old & ~newWord).nonzeroBitCount
        populationChange &+= added &- removed
        flipCount &+= added &+ removed
        withJournal { journal in
            if journal.isComplete {
                journal.record(changedBits: old ^ newWord, newWord: newWord, wordBase: chunkBase | (index << 6))
            }
        }
    }

    /// Runs `body` on the journal, which the bitmap's storage keeps alive for the whole
    /// write, without retaining it.
    @inline(__always)
    private func withJournal(_ body: (SelectionChangeJournal) -> Void) {
        journal._withUnsafeGuaranteedRef(body)
    }
}
