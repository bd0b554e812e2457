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
@usableFromInline
final class SelectionBitmapDirectory: ManagedBuffer<Void, SelectionBitmapChunk?> {
    // Constants that other modules' inlined code folds (a stored `static let` would be a call).
    @inlinable static var chunkCount: Int { 64 }
    /// `chunkIndex >> chunkShift` is the directory's index in the bitmap.
    @inlinable static var chunkShift: Int { 6 }
    /// The slots one directory covers.
    @inlinable static var slotCount: Int { chunkCount * SelectionBitmapChunk.bitCount }

    /// A directory of 64 nil chunks.
    static func makeEmpty() -> SelectionBitmapDirectory {
        let directory = allocate()
        directory.chunks.initialize(repeating: nil, count: chunkCount)
        return directory
    }

    /// A directory whose 64 references the caller initialises before anything else reads
    /// them or it is released.
    static func makeUninitialized() -> SelectionBitmapDirectory {
        allocate()
    }

    /// An independent directory sharing this one's chunks (64 retains), for copy-on-write.
    func copy() -> SelectionBitmapDirectory {
        let directory = SelectionBitmapDirectory.allocate()
        let source = chunks
        let target = directory.chunks
        // One reference at a time: `initialize(from:count:)` goes through the runtime's
        // generic array copy (value witnesses per element), several times slower than 64
        // inlined retains.
        for index in 0..<SelectionBitmapDirectory.chunkCount {
            (target + index).initialize(to: source[index])
        }
        return directory
    }

    private static func allocate() -> SelectionBitmapDirectory {
        let buffer = create(minimumCapacity: chunkCount) { _ in () }
        return unsafeDowncast(buffer, to: SelectionBitmapDirectory.self)
    }

    deinit {
        // One reference at a time, for the reason given in `copy()`.
        let references = chunks
        for index in 0..<SelectionBitmapDirectory.chunkCount {
            (references + index).deinitialize(count: 1)
        }
    }

    /// The 64 chunk references. Valid while the directory is alive; written only by its sole owner.
    @inlinable @inline(__always)
    var chunks: UnsafeMutablePointer<SelectionBitmapChunk?> {
        withUnsafeMutablePointerToElements { $0 }
    }

    @inlinable @inline(__always)
    func chunk(at index: Int) -> SelectionBitmapChunk? {
        chunks[index]
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
        let chunkSlot = slot.pointee.chunks + chunkIndex
        if !isKnownUniquelyReferenced(&chunkSlot.pointee) {
            chunkSlot.pointee = chunkSlot.pointee?.copy() ?? SelectionBitmapChunk.makeEmpty()
        }
        return chunkSlot
    }

    /// The reference to chunk `chunkIndex`, which the caller owns (see `ChunkOwnership`), of
    /// the directory referenced by `slot`, without asking whether anything is shared.
    @inline(__always)
    static func slot(
        ofChunk chunkIndex: Int, inOwnedDirectoryAt slot: UnsafePointer<SelectionBitmapDirectory>
    ) -> UnsafeMutablePointer<SelectionBitmapChunk?> {
        slot.pointee.chunks + chunkIndex
    }

    /// The population of chunk `index`; 0 for nil.
    @inline(__always)
    func population(ofChunkAt index: Int) -> Int {
        chunks[index]?.population ?? 0
    }

    /// Whether every chunk is clear. O(64).
    var isEmpty: Bool {
        for index in 0..<SelectionBitmapDirectory.chunkCount where population(ofChunkAt: index) != 0 {
            return false
        }
        return true
    }

    /// Whether the caller's reference to chunk `index` is the only one. False for nil.
    @inline(__always)
    func isChunkUnique(at index: Int) -> Bool {
        isKnownUniquelyReferenced(&chunks[index])
    }

    /// Empties chunk `index`: in place when the chunk is unique (so later writes need no
    /// allocation), else by dropping the reference. The caller owns this directory.
    func clearChunk(at index: Int) {
        // Uniqueness is asked before any reference to the chunk is bound.
        if isChunkUnique(at: index) {
            chunks[index].unsafelyUnwrapped.removeAll()
        } else {
            chunks[index] = nil
        }
    }

    /// Replaces chunk `index`. The caller must hold the sole reference to this directory.
    @inline(__always)
    func setChunk(_ chunk: SelectionBitmapChunk?, at index: Int) {
        chunks[index] = chunk
    }
}
