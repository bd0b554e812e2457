/// The chunks of a `SelectionBitmap` that its holder knows to be reachable from it alone:
/// through its own root, its own directory, to its own chunk. A flip may write such a chunk
/// without asking the root array, the directory and the chunk whether they are shared.
///
/// Why: those three questions are three calls into the Swift runtime on every tap, about as
/// much as the rest of the tap. The answer changes only when a bitmap is copied or when
/// another bitmap takes its chunks, which the journal that holds this record hears of (see
/// `SelectionChangeJournal.revokeOwnership()`); in between, it can be remembered.
///
/// One bit per chunk, one word per directory: 312 bytes at ten million slots. Forgetting is
/// O(1) while nothing is owned, O(directories) otherwise.
struct ChunkOwnership: ~Copyable {
    /// Bit `c & 63` of word `c >> 6` is set when chunk `c` is owned.
    private var words: UnsafeMutablePointer<UInt64>?
    private var wordCapacity = 0
    /// Whether some bit may be set, so that forgetting nothing costs nothing.
    private var mayOwnAny = false

    init() {}

    deinit {
        words?.deallocate()
    }

    /// Whether chunk `chunkIndex` is owned. O(1).
    @inline(__always)
    func owns(chunk chunkIndex: Int) -> Bool {
        let wordIndex = chunkIndex >> 6
        return wordIndex < wordCapacity && words.unsafelyUnwrapped[wordIndex] & (1 << UInt64(chunkIndex & 63)) != 0
    }

    /// Records that chunk `chunkIndex` is owned: the caller has just made its whole path
    /// unique. Amortised O(1); allocates only to grow.
    mutating func claim(chunk chunkIndex: Int) {
        let wordIndex = chunkIndex >> 6
        if wordIndex >= wordCapacity { grow(toHold: wordIndex + 1) }
        words.unsafelyUnwrapped[wordIndex] |= 1 << UInt64(chunkIndex & 63)
        mayOwnAny = true
    }

    /// Forgets every chunk. O(1) when none is owned.
    mutating func forgetAll() {
        guard mayOwnAny else { return }
        words.unsafelyUnwrapped.update(repeating: 0, count: wordCapacity)
        mayOwnAny = false
    }

    private mutating func grow(toHold wordCount: Int) {
        let newCapacity = Swift.max(wordCount, wordCapacity * 2, 4)
        let newWords = UnsafeMutablePointer<UInt64>.allocate(capacity: newCapacity)
        if let words {
            newWords.initialize(from: words, count: wordCapacity)
            words.deallocate()
        }
        (newWords + wordCapacity).initialize(repeating: 0, count: newCapacity - wordCapacity)
        words = newWords
        wordCapacity = newCapacity
    }
}
