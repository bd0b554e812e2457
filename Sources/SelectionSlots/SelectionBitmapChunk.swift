/// 4096 bits of a `SelectionBitmap`, in one heap object that snapshots share.
///
/// Why 4096 bits (64 words, 512 bytes): holding a snapshot costs one chunk copy per chunk
/// touched afterwards, and 512 bytes copy in a few tens of nanoseconds, a small part of the
/// first write after a snapshot (~1 µs at 10M, mostly retaining the 64 references of the
/// copied directory). The per-chunk overhead (16-byte object header, 8-byte population,
/// 8-byte reference in its directory) is about 6% of the payload, and a word loop of 64
/// iterations is long enough to vectorise. Ten million slots make 2,442 chunks. Smaller
/// chunks would multiply the objects that bulk operations walk and allocate (and the
/// directories a snapshot diff visits); larger ones would make every post-snapshot write
/// copy kilobytes.
///
/// The words live in the object's tail (a `ManagedBuffer`), so a chunk is one allocation and
/// a word is one indirection away. Callers write only when they hold the sole reference
/// (`isKnownUniquelyReferenced`, or a `ChunkOwnership` record that says so); a shared chunk
/// is copied first.
@usableFromInline
final class SelectionBitmapChunk: ManagedBuffer<Int, UInt64> {
    // Constants that other modules' inlined code folds (a stored `static let` would be a call).
    @inlinable static var wordCount: Int { 64 }
    @inlinable static var bitCount: Int { 4096 }
    /// `slot >> bitShift` is the chunk's index in the bitmap.
    @inlinable static var bitShift: Int { 12 }

    /// A chunk with every bit clear. One allocation.
    static func makeEmpty() -> SelectionBitmapChunk {
        let chunk = allocate()
        chunk.mutableWords.initialize(repeating: 0, from: 0, count: wordCount)
        return chunk
    }

    /// A chunk whose first `bitCount` bits are set and the rest clear. One allocation.
    static func makeFilled(bitCount setBits: Int) -> SelectionBitmapChunk {
        precondition(setBits >= 0 && setBits <= bitCount)
        let chunk = allocate()
        let words = chunk.mutableWords
        let fullWords = setBits >> 6
        words.initialize(repeating: ~0, from: 0, count: fullWords)
        if fullWords < wordCount {
            let rest = setBits & 63
            words[fullWords] = rest == 0 ? 0 : (~0 as UInt64) >> (64 - rest)
            let after = fullWords + 1
            words.initialize(repeating: 0, from: after, count: wordCount - after)
        }
        chunk.population = setBits
        return chunk
    }

    /// A chunk whose words the caller initialises before any read (the population is 0).
    static func makeUninitialized() -> SelectionBitmapChunk {
        allocate()
    }

    /// An independent chunk with the same bits, for copy-on-write. One allocation, 512 bytes copied.
    func copy() -> SelectionBitmapChunk {
        let chunk = SelectionBitmapChunk.allocate()
        chunk.mutableWords.initialize(copying: words)
        chunk.population = population
        return chunk
    }

    private static func allocate() -> SelectionBitmapChunk {
        let buffer = create(minimumCapacity: wordCount) { _ in 0 }
        return unsafeDowncast(buffer, to: SelectionBitmapChunk.self)
    }

    /// How many bits are set; kept up to date by every write.
    var population: Int {
        @inline(__always) get { populationPointer.pointee }
        @inline(__always) set { populationPointer.pointee = newValue }
    }

    /// The population, through a pointer: `ManagedBuffer.header` is a class property with a
    /// dynamic exclusivity check on every access, which the toggle path cannot afford.
    @inline(__always)
    var populationPointer: UnsafeMutablePointer<Int> {
        withUnsafeMutablePointerToHeader { $0 }
    }

    /// The 64 words, to read. Valid while the chunk is alive.
    ///
    /// With `mutableWords` and `populationPointer`, the only places this type hands out its
    /// memory: every word access goes through them, so the words need no exclusivity check.
    @inlinable @inline(__always)
    var words: SelectionBitmapChunkWords {
        SelectionBitmapChunkWords(unsafeStart: withUnsafeMutablePointerToElements { $0 })
    }

    /// The 64 words, to write. Valid while the chunk is alive.
    ///
    /// - Precondition: the caller holds the sole reference (or is building the chunk), so
    ///   that no snapshot sees the change.
    @inline(__always)
    var mutableWords: SelectionBitmapMutableChunkWords {
        SelectionBitmapMutableChunkWords(unsafeStart: withUnsafeMutablePointerToElements { $0 })
    }

    @inlinable @inline(__always)
    func word(at index: Int) -> UInt64 {
        words[index]
    }

    /// Runs `body` on the words of the chunk referenced by `slot`, which the caller owns,
    /// then adds the write's population change to the chunk's. Returns `body`'s result and
    /// that change. Static, on the slot that holds the reference, so that the toggle path
    /// neither retains nor releases.
    @inline(__always)
    static func write<Result>(
        chunkIn slot: UnsafeMutablePointer<SelectionBitmapChunk?>, chunkBase: Int, journal: SelectionChangeJournal,
        _ body: (inout SelectionBitmapChunkWrite) -> Result
    ) -> (Result, Int) {
        // Pointers, not a reference held across `body`: the directory keeps the chunk alive,
        // and holding it would cost a retain and a release per write.
        let words = slot.pointee.allocated.mutableWords
        let population = slot.pointee.allocated.populationPointer
        var write = SelectionBitmapChunkWrite(words: words, chunkBase: chunkBase, journal: journal)
        let result = body(&write)
        population.pointee &+= write.populationChange
        return (result, write.populationChange)
    }

    /// Flips bit `bit` (0 ..< 4096) of the chunk referenced by `slot`, which the caller owns,
    /// and updates its population; returns whether the bit is now set, and the population.
    /// O(1). The word flip of `SelectionBitmap.toggle(_:)`, inlinable with it; static on the
    /// slot, as `write`.
    @inlinable @inline(__always)
    static func flip(
        bit: Int, inOwnedChunkAt slot: UnsafeMutablePointer<SelectionBitmapChunk?>
    ) -> (isSet: Bool, population: Int) {
        let chunk = slot.pointee.allocated
        let word = chunk.withUnsafeMutablePointerToElements { $0 } + (bit >> 6)
        let population = chunk.withUnsafeMutablePointerToHeader { $0 }
        let mask: UInt64 = 1 << UInt64(bit & 63)
        let flipped = word.pointee ^ mask
        word.pointee = flipped
        let isSet = flipped & mask != 0
        population.pointee &+= isSet ? 1 : -1
        return (isSet, population.pointee)
    }

    /// Clears every bit, keeping the allocation for later writes.
    func removeAll() {
        guard population != 0 else { return }
        mutableWords.update(repeating: 0)
        population = 0
    }

    /// Whether both chunks hold the same bits (O(64) when they are distinct objects).
    func hasSameBits(as other: SelectionBitmapChunk) -> Bool {
        if self === other { return true }
        guard population == other.population else { return false }
        let mine = words
        let theirs = other.words
        for index in 0..<SelectionBitmapChunk.wordCount where mine[index] != theirs[index] {
            return false
        }
        return true
    }
}

extension Optional where Wrapped == SelectionBitmapChunk {
    /// The chunk, where the caller knows that it is allocated: a reference found non-nil
    /// before (an owned chunk, one the iterator stopped at), or one with a population.
    /// Unchecked in release builds; checked in builds with `SLOTS_INTERNAL_CHECKS`.
    @inlinable @inline(__always)
    var allocated: SelectionBitmapChunk {
        #if SLOTS_INTERNAL_CHECKS
        if self == nil { fatalError("SelectionBitmap: an unallocated chunk was taken for an allocated one") }
        #endif
        return unsafelyUnwrapped
    }
}
