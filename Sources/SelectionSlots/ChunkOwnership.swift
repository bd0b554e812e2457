/// The chunks of a `SelectionBitmap` that its holder knows to be reachable from it alone:
/// through its own root, its own directory, to its own chunk. A flip may write such a chunk
/// without asking the root array, the directory and the chunk whether they are shared.
///
/// Why: those three questions are three calls into the Swift runtime on every tap, about as
/// much as the rest of the tap. The answer changes only when a bitmap is copied or when
/// another bitmap takes its chunks, which the journal that holds this record hears of (see
/// `SelectionChangeJournal.revokeOwnership()`); in between, it can be remembered.
///
/// One bit per chunk, one word per directory: 312 bytes at ten million slots. The first
/// directory's word is kept inline, so that a bitmap of up to 262,144 slots, or a snapshot of
/// one written for the first time, allocates nothing for it. Forgetting is O(1) while
/// nothing is owned, O(directories) otherwise.
///
/// Copyable, without a deinit, so that inlined code may read it (`owns(chunk:)`); its one
/// holder, the journal, never copies it and frees it once (`deallocate()`).
@usableFromInline
struct ChunkOwnership {
    /// Bit `c & 63` of word `c >> 6` is set when chunk `c` is owned; word 0 is `firstWord`,
    /// word `w` > 0 is `laterWords[w - 1]`. Read by inlined code (`owns(chunk:)`), written
    /// only here.
    @usableFromInline private(set) var firstWord: UInt64 = 0
    @usableFromInline private(set) var laterWords: UnsafeMutablePointer<UInt64>?
    @usableFromInline private(set) var laterCapacity = 0
    /// Whether some bit may be set, so that forgetting nothing costs nothing.
    private var mayOwnAny = false

    init() {}

    /// Frees the words past the first. The record is not used afterwards.
    func deallocate() {
        laterWords?.deallocate()
    }

    /// Whether chunk `chunkIndex` is owned. O(1). Inlinable for `SelectionBitmap.toggle(_:)`.
    @inlinable @inline(__always)
    func owns(chunk chunkIndex: Int) -> Bool {
        let wordIndex = chunkIndex >> 6
        let word =
            wordIndex == 0
            ? firstWord : (wordIndex <= laterCapacity ? laterWord(at: wordIndex) : 0)
        return word & (1 << UInt64(chunkIndex & 63)) != 0
    }

    /// Records that chunk `chunkIndex` is owned: the caller has just made its whole path
    /// unique. Amortised O(1); allocates only to grow past the first directory.
    mutating func claim(chunk chunkIndex: Int) {
        let wordIndex = chunkIndex >> 6
        let bit: UInt64 = 1 << UInt64(chunkIndex & 63)
        if wordIndex == 0 {
            firstWord |= bit
        } else {
            if wordIndex > laterCapacity { grow(toHold: wordIndex) }
            setBits(bit, inLaterWordAt: wordIndex)
        }
        mayOwnAny = true
    }

    /// Forgets every chunk. O(1) when none is owned.
    mutating func forgetAll() {
        guard mayOwnAny else { return }
        firstWord = 0
        clearLaterWords()
        mayOwnAny = false
    }

    // The words past the first: every access to `laterWords` is in the members below.

    /// Word `wordIndex` (1 ... laterCapacity). O(1).
    @inlinable @inline(__always)
    func laterWord(at wordIndex: Int) -> UInt64 {
        laterWords.unsafelyUnwrapped[wordIndex - 1]
    }

    /// Sets `bits` in word `wordIndex` (1 ... laterCapacity). O(1).
    @inline(__always)
    private mutating func setBits(_ bits: UInt64, inLaterWordAt wordIndex: Int) {
        laterWords.unsafelyUnwrapped[wordIndex - 1] |= bits
    }

    /// Clears the words past the first. O(laterCapacity).
    private mutating func clearLaterWords() {
        laterWords?.update(repeating: 0, count: laterCapacity)
    }

    /// Makes room for words 1 ... `wordCount`, clear where new. Amortised O(1) per word.
    private mutating func grow(toHold wordCount: Int) {
        let newCapacity = Swift.max(wordCount, laterCapacity * 2, 4)
        let newWords = UnsafeMutablePointer<UInt64>.allocate(capacity: newCapacity)
        if let laterWords {
            newWords.initialize(from: laterWords, count: laterCapacity)
            laterWords.deallocate()
        }
        (newWords + laterCapacity).initialize(repeating: 0, count: newCapacity - laterCapacity)
        laterWords = newWords
        laterCapacity = newCapacity
    }
}
