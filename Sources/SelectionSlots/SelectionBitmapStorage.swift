/// The levels of a `SelectionBitmap` and its count: what only its two ways in,
/// `updateChunk(at:_:)` and `updateChunks(sharingWith:_:)`, may write.
///
/// The root array and the journal are written only here, and every method that may replace
/// a directory or a chunk forks the journal first (`uniqueJournal()`): two values holding one
/// journal object must hold the same bits.
@usableFromInline
struct SelectionBitmapStorage {
    /// The root level; directory `d` covers slots `d << 18 ..< (d + 1) << 18`.
    @usableFromInline private(set) var directories: [SelectionBitmapDirectory]
    /// The number of slots present.
    @usableFromInline var count: Int
    /// The flips since this value diverged from a copy (see `SelectionChangeJournal`).
    /// Settable from the module only for `isKnownUniquelyReferenced` in inlined code
    /// (`toggleInOwnedChunk`); replaced only in this file.
    @usableFromInline var journal: SelectionChangeJournal

    init() {
        directories = []
        count = 0
        journal = SelectionChangeJournal()
    }

    var slotCapacity: Int { directories.count << SelectionBitmap.directoryShift }

    /// Makes room for slots `0 ..< slotCapacity`. O(new directories). New directories are
    /// empty, so this is no change of bits.
    mutating func reserveCapacity(_ slotCapacity: Int) {
        let needed = (slotCapacity + SelectionBitmapDirectory.slotCount - 1) >> SelectionBitmap.directoryShift
        guard needed > directories.count else { return }
        directories.reserveCapacity(needed)
        while directories.count < needed {
            directories.append(SelectionBitmapDirectory.makeEmpty())
        }
    }

    /// The chunk covering `chunkIndex`, or nil when it is unallocated or beyond capacity.
    @inline(__always)
    func chunk(at chunkIndex: Int) -> SelectionBitmapChunk? {
        let directoryIndex = chunkIndex >> SelectionBitmapDirectory.chunkShift
        guard directoryIndex < directories.count else { return nil }
        return directories[directoryIndex].chunk(at: chunkIndex & 63)
    }

    /// The chunk covering `chunkIndex`, which the caller knows is allocated (see
    /// `Optional.allocated`).
    @inline(__always)
    func allocatedChunk(at chunkIndex: Int) -> SelectionBitmapChunk {
        chunk(at: chunkIndex).allocated
    }

    /// The directory `directoryIndex`, or nil beyond capacity.
    @inline(__always)
    func directory(at directoryIndex: Int) -> SelectionBitmapDirectory? {
        directoryIndex < directories.count ? directories[directoryIndex] : nil
    }

    // MARK: - Copy-on-write

    /// The journal, forked if a copy shares it. Called before the first change of every
    /// write, recorded or not.
    @inline(__always)
    mutating func uniqueJournal() -> SelectionChangeJournal {
        if !isKnownUniquelyReferenced(&journal) {
            journal = journal.fork()
            journal.startChecking(at: count)
        }
        return journal
    }

    /// Whether this value holds the only reference to directory `directoryIndex`. Asks
    /// nothing of the root array when it is unique; copies it when a copy shares it.
    @inline(__always)
    mutating func isDirectoryUnique(at directoryIndex: Int) -> Bool {
        isKnownUniquelyReferenced(&directories[directoryIndex])
    }

    /// Directory `directoryIndex`, copied if shared, so that this value may replace its chunks
    /// and write their words. Forks the journal first, so a caller must not hold the journal
    /// in a local across this call: that reference would make it fork again (the invariant
    /// check catches it). Every chunk of it is marked occupied: the bulk writes done through
    /// it keep no account of which chunks gain slots (`SelectionBitmapDirectory.occupiedChunks`).
    mutating func uniqueDirectory(at directoryIndex: Int) -> SelectionBitmapDirectory {
        let directory = uniqueDirectoryToEmpty(at: directoryIndex)
        directory.markAllOccupied()
        return directory
    }

    /// `uniqueDirectory(at:)` without marking its chunks occupied: for writes that only
    /// empty chunks (`removeAll()`).
    @inline(__always)
    private mutating func uniqueDirectoryToEmpty(at directoryIndex: Int) -> SelectionBitmapDirectory {
        _ = uniqueJournal()
        if !isKnownUniquelyReferenced(&directories[directoryIndex]) {
            directories[directoryIndex] = directories[directoryIndex].copy()
        }
        return directories[directoryIndex]
    }

    /// Puts `directory` at `directoryIndex`, in place of one a copy shares. Forks the journal first.
    mutating func replaceDirectory(at directoryIndex: Int, with directory: SelectionBitmapDirectory) {
        _ = uniqueJournal()
        directories[directoryIndex] = directory
    }

    // MARK: - One chunk

    /// The work of `SelectionBitmap.updateChunk(at:_:)` up to the count: the journal made
    /// unique and settled, the chunk made this value's own, `body` run on its words, its
    /// population updated. Returns `body`'s result and the population change.
    @inline(__always)
    mutating func writeChunk<Result>(
        at chunkIndex: Int, _ body: (inout SelectionBitmapChunkWrite) -> Result
    ) -> (Result, Int) {
        if chunkIndex >= directories.count << SelectionBitmapDirectory.chunkShift {
            reserveCapacity((chunkIndex + 1) << SelectionBitmapChunk.bitShift)
        }
        let journal = uniqueJournal()
        journal.settleOwnership()
        let directoryIndex = chunkIndex >> SelectionBitmapDirectory.chunkShift
        let chunkInDirectory = chunkIndex & (SelectionBitmapDirectory.chunkCount - 1)
        let chunkBase = chunkIndex << SelectionBitmapChunk.bitShift
        if journal.ownsChunk(chunkIndex) {
            // Reads the root and the directory, writes only the chunk: no uniqueness to ask.
            return withDirectorySlot(at: directoryIndex) { directorySlot in
                let chunkSlot = SelectionBitmapDirectory.slot(
                    ofChunk: chunkInDirectory, inOwnedDirectoryAt: directorySlot)
                let written = SelectionBitmapChunk.write(chunkIn: chunkSlot, chunkBase: chunkBase, journal: journal, body)
                Self.noteOccupancy(of: chunkSlot, at: chunkInDirectory, in: directorySlot, change: written.1)
                return written
            }
        }
        let result = withMutableDirectorySlot(at: directoryIndex) { directorySlot in
            let chunkSlot = SelectionBitmapDirectory.uniqueSlot(
                ofChunk: chunkInDirectory, inDirectoryAt: directorySlot)
            let written = SelectionBitmapChunk.write(chunkIn: chunkSlot, chunkBase: chunkBase, journal: journal, body)
            Self.noteOccupancy(of: chunkSlot, at: chunkInDirectory, in: UnsafePointer(directorySlot), change: written.1)
            return written
        }
        journal.claimChunk(chunkIndex)
        return result
    }

    /// Flips slot `index` in place when its chunk is owned: the journal unique, no revocation
    /// pending, and the chunk recorded in `ChunkOwnership`, which is the steady state of taps.
    /// Asks nothing of the three levels, journals the flip while the journal is complete,
    /// and keeps the chunk's population and `count`. Returns whether the bit is now set, or
    /// nil, having changed nothing, when the chunk must first be made this value's own
    /// (`writeChunk(at:_:)`, the way every other write takes). O(1).
    ///
    /// Inlinable, with the little it reads, so that a toggle is a word flip in the caller:
    /// the fast engine's tap, in another module, where a call cost a tenth of the tap in the
    /// exact gate. Builds that check the invariants check them after the flip, as after
    /// every write.
    @inlinable @inline(__always)
    mutating func toggleInOwnedChunk(_ index: Int) -> Bool? {
        let chunkIndex = index >> SelectionBitmapChunk.bitShift
        guard isKnownUniquelyReferenced(&journal), journal.ownsChunkUnlessRevoked(chunkIndex) else { return nil }
        // An owned chunk is allocated, below capacity, and reached through this value alone.
        let isSet = directories.withUnsafeBufferPointer { roots in
            let directorySlot = roots.baseAddress.unsafelyUnwrapped + (chunkIndex >> SelectionBitmapDirectory.chunkShift)
            let chunkInDirectory = chunkIndex & (SelectionBitmapDirectory.chunkCount - 1)
            let chunkSlot = SelectionBitmapDirectory.slot(ofChunk: chunkInDirectory, inOwnedDirectoryAt: directorySlot)
            let flipped = SelectionBitmapChunk.flip(bit: index & (SelectionBitmapChunk.bitCount - 1), inOwnedChunkAt: chunkSlot)
            // The first slot of an empty chunk: its directory learns that it is occupied. Asked
            // of the population alone (marking a chunk that went from 2 to 1 is harmless): a
            // test of the new bit would be a branch as random as the taps.
            if flipped.population == 1 { directorySlot.pointee.markOccupied(chunkInDirectory) }
            return flipped.isSet
        }
        count &+= isSet ? 1 : -1
        if journal.isComplete { journal.recordOutOfLine(PhotoSlot(index), isNowSet: isSet) }
        #if SLOTS_INTERNAL_CHECKS
        checkInvariants(afterWritingChunk: chunkIndex)
        #endif
        return isSet
    }

    /// Marks chunk `chunkInDirectory` occupied in the directory referenced by `directorySlot`
    /// when a write of `change` slots took its population from 0. O(1).
    @inline(__always)
    private static func noteOccupancy(
        of chunkSlot: UnsafeMutablePointer<SelectionBitmapChunk?>, at chunkInDirectory: Int,
        in directorySlot: UnsafePointer<SelectionBitmapDirectory>, change: Int
    ) {
        if change > 0 && chunkSlot.pointee.allocated.population == change {
            directorySlot.pointee.markOccupied(chunkInDirectory)
        }
    }

    /// Calls `body` with the address of the root's reference to directory `directoryIndex`, to
    /// read through: a directory reached this way is neither retained nor released.
    ///
    /// - Precondition: `directoryIndex < directories.count`; the address is valid only
    ///   within `body`.
    @inline(__always)
    private func withDirectorySlot<Result>(
        at directoryIndex: Int, _ body: (UnsafePointer<SelectionBitmapDirectory>) -> Result
    ) -> Result {
        directories.withUnsafeBufferPointer { roots in
            body(roots.baseAddress.unsafelyUnwrapped + directoryIndex)
        }
    }

    /// `withDirectorySlot(at:_:)` to write through: the root array is copied first if a copy
    /// shares it, so that `body` may replace the reference.
    ///
    /// - Precondition: `directoryIndex < directories.count`; the address is valid only
    ///   within `body`.
    @inline(__always)
    private mutating func withMutableDirectorySlot<Result>(
        at directoryIndex: Int, _ body: (UnsafeMutablePointer<SelectionBitmapDirectory>) -> Result
    ) -> Result {
        directories.withUnsafeMutableBufferPointer { roots in
            body(roots.baseAddress.unsafelyUnwrapped + directoryIndex)
        }
    }

    // MARK: - Sharing

    /// Takes the bits of `other`, of which this value's are a subset, by sharing each of its
    /// directories whole, without journaling the flips (the journal is marked incomplete):
    /// the body of a large `SelectionBitmap.selectAll(liveSlots:)`. O(C / 64); no chunk is
    /// read, so the count is `other`'s.
    ///
    /// - Precondition: every slot present here is present in `other`.
    mutating func shareDirectories(of other: SelectionBitmap) {
        // Read from the stored property, never kept in a local, as in `removeAll()`.
        if uniqueJournal().isComplete { journal.markIncomplete() }
        if other.directories.count > directories.count { reserveCapacity(other.slotCapacity) }
        for directoryIndex in other.directories.indices where directories[directoryIndex] !== other.directories[directoryIndex] {
            replaceDirectory(at: directoryIndex, with: other.directories[directoryIndex])
        }
        // Directories past `other`'s hold no slot, as `other` holds none there.
        count = other.count
    }

    // MARK: - Clearing

    /// Removes every slot, keeping capacity: the body of `SelectionBitmap.removeAll()`.
    mutating func removeAll() {
        // The journal is read from the stored property, never kept in a local: a local
        // reference would make `uniqueDirectory` fork it a second time.
        if !uniqueJournal().hasRoom(for: count) { journal.markIncomplete() }
        // Without flips to journal, a directory that a copy shares (Select all shares the live
        // slots' whole) makes way for an empty one, where copying it to drop its chunks one by
        // one would read each of them. The empty ones replacing them share one object.
        var emptyDirectory: SelectionBitmapDirectory?
        for directoryIndex in directories.indices {
            // A directory marked all unoccupied holds nothing, shared or not: nothing to ask.
            if directories[directoryIndex].occupiedChunks == 0 { continue }
            if !journal.isComplete && !isDirectoryUnique(at: directoryIndex) {
                if emptyDirectory == nil { emptyDirectory = SelectionBitmapDirectory.makeEmpty() }
                replaceDirectory(at: directoryIndex, with: emptyDirectory.allocated)
                continue
            }
            // Only the occupied chunks are read (`SelectionBitmapDirectory.occupiedChunks`).
            if directories[directoryIndex].isEmpty { continue }
            let directory = uniqueDirectoryToEmpty(at: directoryIndex)
            directory.forEachOccupiedChunk { chunkIndex in
                guard directory.population(ofChunkAt: chunkIndex) != 0 else { return }
                if journal.isComplete {
                    let words = directory.allocatedChunk(at: chunkIndex).words
                    let chunkBase =
                        (directoryIndex << SelectionBitmap.directoryShift) | (chunkIndex << SelectionBitmapChunk.bitShift)
                    for wordIndex in 0..<SelectionBitmapChunk.wordCount where words[wordIndex] != 0 {
                        journal.record(changedBits: words[wordIndex], newWord: 0, wordBase: chunkBase | (wordIndex << 6))
                    }
                }
                directory.clearChunk(at: chunkIndex)
            }
            // Every chunk is empty now, those whose bit was set without slots too.
            directory.occupiedChunks = 0
        }
        count = 0
    }
}
