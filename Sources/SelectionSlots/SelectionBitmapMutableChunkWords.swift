/// The 64 words of one chunk, to write: a chunk's that its bitmap owns, one being built, or
/// scratch words on the stack. A view, as `SelectionBitmapChunkWords` is; the caller is the
/// only writer of the words while it is used.
struct SelectionBitmapMutableChunkWords {
    private let start: UnsafeMutablePointer<UInt64>

    /// A view of the 64 words at `start`, which may be uninitialised until written.
    ///
    /// - Precondition: `start` addresses room for 64 words that outlives every use of the
    ///   view, and nothing else writes them meanwhile.
    @inline(__always)
    init(unsafeStart start: UnsafeMutablePointer<UInt64>) {
        self.start = start
    }

    /// Word `index` (0 ..< 64). O(1). Writing needs no initialisation first: the words are
    /// a trivial type.
    subscript(index: Int) -> UInt64 {
        @inline(__always) get { start[index] }
        @inline(__always) nonmutating set { start[index] = newValue }
    }

    /// The same words, to read.
    @inline(__always)
    var readOnly: SelectionBitmapChunkWords {
        SelectionBitmapChunkWords(unsafeStart: start)
    }

    /// Sets the `count` words from word `first` on (within 0 ..< 64) to `word`. O(count).
    @inline(__always)
    func initialize(repeating word: UInt64, from first: Int, count: Int) {
        (start + first).initialize(repeating: word, count: count)
    }

    /// Sets all 64 words to `word`. O(64).
    @inline(__always)
    func update(repeating word: UInt64) {
        start.update(repeating: word, count: SelectionBitmapChunk.wordCount)
    }

    /// Makes the 64 words a copy of `source`'s. O(64).
    @inline(__always)
    func initialize(copying source: SelectionBitmapChunkWords) {
        start.initialize(from: source.start, count: SelectionBitmapChunk.wordCount)
    }
}
