/// The 64 words of one chunk, to read: a `SelectionBitmapChunk`'s, a shared set of clear
/// words, or scratch words on the stack.
///
/// A view, not an owner: it is one pointer, so the word loops of the set algebra and the
/// journal compile to what they would on the pointer itself, and it neither retains nor
/// releases. Whoever makes one keeps the words alive, and unchanged except through a
/// `SelectionBitmapMutableChunkWords` of the same words, while it is used.
@usableFromInline
struct SelectionBitmapChunkWords {
    @usableFromInline let start: UnsafePointer<UInt64>

    /// A view of the 64 words at `start`.
    ///
    /// - Precondition: `start` addresses 64 initialised words that outlive every use of
    ///   the view.
    @inlinable @inline(__always)
    init(unsafeStart start: UnsafePointer<UInt64>) {
        self.start = start
    }

    /// Word `index` (0 ..< 64). O(1).
    @inlinable @inline(__always)
    subscript(index: Int) -> UInt64 {
        start[index]
    }

    /// 64 clear words, allocated once and never written: the words of a chunk that is not
    /// allocated, for a walk that compares two chunks' words. Immutable after its one
    /// initialisation, so any thread may read it.
    nonisolated(unsafe) static let allClear: SelectionBitmapChunkWords = {
        let words = UnsafeMutablePointer<UInt64>.allocate(capacity: SelectionBitmapChunk.wordCount)
        words.initialize(repeating: 0, count: SelectionBitmapChunk.wordCount)
        return SelectionBitmapChunkWords(unsafeStart: words)
    }()

    /// The number of bits that differ between these words and `other`. O(64), vectorised.
    func flipCount(to other: SelectionBitmapChunkWords) -> Int {
        var flips = 0
        for wordIndex in 0..<SelectionBitmapChunk.wordCount {
            flips &+= (self[wordIndex] ^ other[wordIndex]).nonzeroBitCount
        }
        return flips
    }

    /// Calls `body` with a copy of these words on the stack (512 bytes), valid only within
    /// `body`: the old words of a chunk about to be rewritten in place, to journal from.
    @inline(__always)
    func withScratchCopy<Result>(_ body: (SelectionBitmapChunkWords) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: SelectionBitmapChunk.wordCount) { scratch in
            let copy = SelectionBitmapMutableChunkWords(unsafeStart: scratch.baseAddress.unsafelyUnwrapped)
            copy.initialize(copying: self)
            return body(copy.readOnly)
        }
    }
}
