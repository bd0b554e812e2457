/// 64 chunk references of a `SelectionBitmap` (262,144 slots), shared between snapshots.
///
/// Why a second level: copying a bitmap is O(1) (the root array is copy-on-write), but the
/// first write after a copy must copy the path to the word it touches. With a flat array of
/// chunks that path is the whole array: 2,442 references retained at ten million slots, some
/// 10 µs. With directories it is the root (39 references at 10M), one directory (64) and one
/// chunk, about a microsecond. Bulk operations and diffs also skip a whole directory when both
/// sides hold the same object.
///
/// A nil entry is a chunk with every bit clear that was never allocated (or was dropped
/// rather than copied): a mostly empty selection costs 8 bytes per 4,096 slots.
///
/// The references live in the object's tail (a `ManagedBuffer`): one allocation, one
/// indirection. Callers write only when they hold the sole reference to the directory.
///
/// The header holds which chunks may hold slots (`occupiedChunks`), so that emptying a
/// bitmap visits the chunks it wrote rather than every chunk: Done after a few taps on a
/// ten-million-slot grid read 2,442 chunk populations, most of them cache misses.
@usableFromInline
final class SelectionBitmapDirectory: ManagedBuffer<UInt64, SelectionBitmapChunk?> {
    // Constants that other modules' inlined code folds (a stored `static let` would be a call).
    @inlinable static var chunkCount: Int { 64 }
    /// `chunkIndex >> chunkShift` is the directory's index in the bitmap.
    @inlinable static var chunkShift: Int { 6 }
    /// The slots one directory covers.
    @inlinable static var slotCount: Int { chunkCount * SelectionBitmapChunk.bitCount }

    /// A directory of 64 nil chunks.
    static func makeEmpty() -> SelectionBitmapDirectory {
        let directory = allocate()
        directory.chunkSlot(at: 0).initialize(repeating: nil, count: chunkCount)
        return directory
    }

    /// A directory whose 64 references the caller initialises before anything else reads
    /// them or it is released. Every chunk is marked occupied: bulk operations build these.
    static func makeUninitialized() -> SelectionBitmapDirectory {
        let directory = allocate()
        directory.markAllOccupied()
        return directory
    }

    /// An independent directory sharing this one's chunks (64 retains), for copy-on-write.
    func copy() -> SelectionBitmapDirectory {
        let directory = SelectionBitmapDirectory.allocate()
        directory.occupiedChunks = occupiedChunks
        // One reference at a time: `initialize(from:count:)` goes through the runtime's
        // generic array copy (value witnesses per element), several times slower than 64
        // inlined retains.
        for index in 0..<SelectionBitmapDirectory.chunkCount {
            directory.initializeChunk(chunk(at: index), at: index)
        }
        return directory
    }

    private static func allocate() -> SelectionBitmapDirectory {
        let buffer = create(minimumCapacity: chunkCount) { _ in 0 }
        return unsafeDowncast(buffer, to: SelectionBitmapDirectory.self)
    }

    deinit {
        // One reference at a time, for the reason given in `copy()`.
        for index in 0..<SelectionBitmapDirectory.chunkCount {
            chunkSlot(at: index).deinitialize(count: 1)
        }
    }

    /// Where this directory keeps its reference to chunk `index` (0 ..< 64): the one place
    /// that computes a chunk reference's address. Valid while the directory is alive;
    /// written only by its sole owner.
    @inlinable @inline(__always)
    func chunkSlot(at index: Int) -> UnsafeMutablePointer<SelectionBitmapChunk?> {
        withUnsafeMutablePointerToElements { $0 } + index
    }

    // MARK: - Occupancy

    /// Bit `c` is clear only when chunk `c` is nil or holds no slot; a set bit promises
    /// nothing. Every way of writing a chunk keeps the promise: `setChunk` sets the bit of
    /// the chunk it stores, the bitmap's single-chunk writes set it when a chunk's population
    /// leaves 0, and the directories that bulk writes get have every bit set
    /// (`SelectionBitmapStorage.uniqueDirectory(at:)`, `makeUninitialized()`). Only emptying
    /// a whole directory clears bits (`SelectionBitmapStorage.removeAll()`).
    @inlinable
    var occupiedChunks: UInt64 {
        @inline(__always) get { occupancyPointer.pointee }
        @inline(__always) set { occupancyPointer.pointee = newValue }
    }

    /// The header, through a pointer: `ManagedBuffer.header` has a dynamic exclusivity check
    /// on every access.
    @inlinable
    var occupancyPointer: UnsafeMutablePointer<UInt64> {
        @inline(__always) get { withUnsafeMutablePointerToHeader { $0 } }
    }

    /// Notes that chunk `index` may hold slots. The caller holds the sole reference. O(1).
    @inlinable @inline(__always)
    func markOccupied(_ index: Int) {
        occupiedChunks |= 1 << UInt64(index)
    }

    /// Notes that any chunk may hold slots: for a directory handed out to bulk writes. O(1).
    @inline(__always)
    func markAllOccupied() {
        occupiedChunks = ~0
    }

    /// Calls `body` with the index of every chunk that may hold slots, in increasing order.
    /// O(occupied chunks).
    @inline(__always)
    func forEachOccupiedChunk(_ body: (Int) -> Void) {
        var occupied = occupiedChunks
        while occupied != 0 {
            body(occupied.trailingZeroBitCount)
            occupied &= occupied &- 1
        }
    }

    /// Chunk `index`; nil when it is not allocated.
    @inlinable @inline(__always)
    func chunk(at index: Int) -> SelectionBitmapChunk? {
        chunkSlot(at: index).pointee
    }

    /// Chunk `index`, which the caller knows is allocated (see `Optional.allocated`).
    @inline(__always)
    func allocatedChunk(at index: Int) -> SelectionBitmapChunk {
        chunk(at: index).allocated
    }

    /// Gives reference `index` of a directory from `makeUninitialized()` its first value.
    /// Each of the 64 must be initialised once, before anything reads them.
    @inline(__always)
    func initializeChunk(_ chunk: SelectionBitmapChunk?, at index: Int) {
        chunkSlot(at: index).initialize(to: chunk)
    }

    /// The reference to chunk `chunkIndex` of the directory referenced by `slot`, the
    /// directory copied first if shared and the chunk copied if shared or allocated if nil:
    /// a chunk the caller may write. Static, on the slot that holds the reference, so that
    /// the toggle path neither retains nor releases.
    @inline(__always)
    static func uniqueSlot(
        ofChunk chunkIndex: Int, inDirectoryAt slot: UnsafeMutablePointer<SelectionBitmapDirectory>
    ) -> UnsafeMutablePointer<SelectionBitmapChunk?> {
        if !isKnownUniquelyReferenced(&slot.pointee) { slot.pointee = slot.pointee.copy() }
        let chunkSlot = slot.pointee.chunkSlot(at: chunkIndex)
        if !isKnownUniquelyReferenced(&chunkSlot.pointee) {
            chunkSlot.pointee = chunkSlot.pointee?.copy() ?? SelectionBitmapChunk.makeEmpty()
        }
        return chunkSlot
    }

    /// The reference to chunk `chunkIndex`, which the caller owns (see `ChunkOwnership`), of
    /// the directory referenced by `slot`, without asking whether anything is shared.
    @inlinable @inline(__always)
    static func slot(
        ofChunk chunkIndex: Int, inOwnedDirectoryAt slot: UnsafePointer<SelectionBitmapDirectory>
    ) -> UnsafeMutablePointer<SelectionBitmapChunk?> {
        slot.pointee.chunkSlot(at: chunkIndex)
    }

    /// The population of chunk `index`; 0 for nil.
    @inline(__always)
    func population(ofChunkAt index: Int) -> Int {
        chunk(at: index)?.population ?? 0
    }

    /// Whether every chunk is clear. O(occupied chunks).
    var isEmpty: Bool {
        var occupied = occupiedChunks
        while occupied != 0 {
            if population(ofChunkAt: occupied.trailingZeroBitCount) != 0 { return false }
            occupied &= occupied &- 1
        }
        return true
    }

    /// Whether the caller's reference to chunk `index` is the only one. False for nil.
    @inline(__always)
    func isChunkUnique(at index: Int) -> Bool {
        isKnownUniquelyReferenced(&chunkSlot(at: index).pointee)
    }

    /// Empties chunk `index`: in place when the chunk is unique (so later writes need no
    /// allocation), else by dropping the reference. The caller owns this directory.
    func clearChunk(at index: Int) {
        // Uniqueness is asked before any reference to the chunk is bound.
        if isChunkUnique(at: index) {
            allocatedChunk(at: index).removeAll()
        } else {
            chunkSlot(at: index).pointee = nil
        }
    }

    /// Replaces chunk `index`, marking it occupied. The caller must hold the sole reference
    /// to this directory.
    @inline(__always)
    func setChunk(_ chunk: SelectionBitmapChunk?, at index: Int) {
        if chunk != nil { markOccupied(index) }
        chunkSlot(at: index).pointee = chunk
    }
}

extension Optional where Wrapped == SelectionBitmapDirectory {
    /// The directory, where the caller knows that there is one: a bitmap holds a directory
    /// for each index below its capacity, and one whose chunk has a population is one of
    /// them. Unchecked in release builds; checked in builds with `SLOTS_INTERNAL_CHECKS`.
    @inline(__always)
    var allocated: SelectionBitmapDirectory {
        #if SLOTS_INTERNAL_CHECKS
        if self == nil { fatalError("SelectionBitmap: a directory beyond capacity was taken for one within it") }
        #endif
        return unsafelyUnwrapped
    }
}
