/// A set of `PhotoSlot`s stored as a bitmap: the selection, or the grid's live slots.
///
/// Layout: a root array of `SelectionBitmapDirectory` (64 chunk references each), each chunk
/// a `SelectionBitmapChunk` of 4096 bits with its population. Every level is copy-on-write on
/// its own: copying a bitmap is O(1), and the first write after a copy copies the root
/// (one reference per 262,144 slots), one directory and one chunk, never the whole bitmap.
/// So a bitmap is a value, and an old snapshot costs one chunk copy per chunk touched since.
/// A bitmap remembers which chunks it has made its own (`ChunkOwnership`), so that a toggle in
/// one of them asks nothing of the three levels.
///
/// Unallocated chunks (nil) read as all clear, so a mostly empty selection is small. A chunk
/// that is uniquely owned is kept when it becomes empty, so that toggling back and forth
/// does not allocate.
///
/// A `SelectionChangeJournal` records each flip since the bitmap diverged from its last
/// copy, which makes `changes(since:)` between nearby snapshots independent of the grid size.
///
/// Slots at or above `slotCapacity` are absent; inserting one grows the bitmap.
///
/// Complexity notation: N is `slotCapacity`, C = N / 4096 the number of chunks.
public struct SelectionBitmap {
    /// The three levels and the count. Written only through `updateChunk(at:_:)` and
    /// `updateChunks(sharingWith:_:)` below, which keep copy-on-write, chunk ownership and the
    /// journal in step, and check the invariants in builds with `SLOTS_INTERNAL_CHECKS`.
    /// Settable from the module only for the inlined toggle (`toggle(_:)`).
    @usableFromInline var storage: SelectionBitmapStorage

    // Read accessors that borrow: a plain getter would retain the array or the journal.
    /// The root level; directory `d` covers slots `d << 18 ..< (d + 1) << 18`.
    var directories: [SelectionBitmapDirectory] {
        @inline(__always) _read { yield storage.directories }
    }
    /// The flips since this value diverged from a copy (see `SelectionChangeJournal`).
    var journal: SelectionChangeJournal {
        @inline(__always) _read { yield storage.journal }
    }
    /// The number of slots present, kept up to date by every write.
    @inline(__always)
    public var count: Int { storage.count }

    /// `slot >> directoryShift` is the slot's directory.
    @inlinable static var directoryShift: Int { SelectionBitmapChunk.bitShift + SelectionBitmapDirectory.chunkShift }

    /// An empty bitmap. O(1); one allocation (the journal).
    public init() {
        storage = SelectionBitmapStorage()
    }

    /// An empty bitmap with room for slots `0 ..< slotCapacity` without growing.
    ///
    /// O(N / 262,144) allocations: chunks are allocated when first written.
    public init(slotCapacity: Int) {
        self.init()
        reserveCapacity(slotCapacity)
    }

    /// The bitmap of slots `0 ..< count`: the live slots of a grid given by count.
    ///
    /// O(C) allocations and N / 8 bytes written. A new value: nothing shares its levels, and
    /// its journal starts here.
    public init(filledUpTo count: Int) {
        precondition(count >= 0 && count <= SlotTable.maximumCount, "slot count \(count) out of range")
        self.init(slotCapacity: count)
        var remaining = count
        var chunkIndex = 0
        while remaining > 0 {
            let bits = Swift.min(remaining, SelectionBitmapChunk.bitCount)
            storage.directories[chunkIndex >> SelectionBitmapDirectory.chunkShift]
                .setChunk(SelectionBitmapChunk.makeFilled(bitCount: bits), at: chunkIndex & 63)
            remaining -= bits
            chunkIndex += 1
        }
        storage.count = count
        storage.journal.startChecking(at: count)
    }

    /// The bitmap of the given slots. O(slots) plus growth.
    @inlinable
    public init(_ slots: some Sequence<PhotoSlot>) {
        self.init()
        for slot in slots { insert(slot) }
    }

    /// The slots this bitmap holds room for; always a multiple of 262,144.
    public var slotCapacity: Int { storage.slotCapacity }

    public var isEmpty: Bool { count == 0 }

    /// Makes room for slots `0 ..< slotCapacity`. O(new directories).
    public mutating func reserveCapacity(_ slotCapacity: Int) {
        storage.reserveCapacity(slotCapacity)
    }

    // MARK: - One slot

    /// Whether `slot` is present. O(1): two dependent loads and a word. Inlinable: the
    /// engine asks it on every tap.
    @inlinable @inline(__always)
    public func contains(_ slot: PhotoSlot) -> Bool {
        let index = slot.index
        let directoryIndex = index >> Self.directoryShift
        guard directoryIndex < storage.directories.count else { return false }
        let chunkIndex = (index >> SelectionBitmapChunk.bitShift) & 63
        guard let chunk = storage.directories[directoryIndex].chunk(at: chunkIndex) else { return false }
        return chunk.word(at: (index >> 6) & 63) & (1 << UInt64(index & 63)) != 0
    }

    /// Adds `slot`; returns false when it was already present.
    ///
    /// O(1); touches one word. Allocates only to grow, to allocate a never-written chunk, or
    /// to copy a level that a snapshot shares.
    @discardableResult
    public mutating func insert(_ slot: PhotoSlot) -> Bool {
        guard !contains(slot) else { return false }
        flip(slot)
        return true
    }

    /// Removes `slot`; returns false when it was absent. O(1), as `insert`.
    ///
    /// A slot whose chunk its directory marks unoccupied is absent, asked of the directory
    /// alone: a library change prunes the selection of photos spread over the grid, and on a
    /// large grid their chunks are cache misses, where the 39 directories of 10M slots are not.
    @discardableResult
    public mutating func remove(_ slot: PhotoSlot) -> Bool {
        guard chunkIsOccupied(slot.index >> SelectionBitmapChunk.bitShift), contains(slot) else { return false }
        flip(slot)
        return true
    }

    /// Whether chunk `chunkIndex` may hold slots (`SelectionBitmapDirectory.occupiedChunks`);
    /// false beyond capacity. O(1).
    @inline(__always)
    func chunkIsOccupied(_ chunkIndex: Int) -> Bool {
        let directoryIndex = chunkIndex >> SelectionBitmapDirectory.chunkShift
        guard directoryIndex < storage.directories.count else { return false }
        return storage.directories[directoryIndex].occupiedChunks & (1 << UInt64(chunkIndex & 63)) != 0
    }

    /// Adds `slot` if absent, removes it if present; returns whether it is now present.
    /// O(1), as `insert`.
    ///
    /// Inlinable: in a chunk this value owns (the steady state of taps) it is a word flip in
    /// the caller (`SelectionBitmapStorage.toggleInOwnedChunk`); otherwise a call to `flip`.
    @inlinable @inline(__always)
    @discardableResult
    public mutating func toggle(_ slot: PhotoSlot) -> Bool {
        storage.toggleInOwnedChunk(slot.index) ?? flipOutOfLine(slot)
    }

    /// `flip(_:)`, out of line: the way of a toggle that must first make its chunk this
    /// value's own.
    @usableFromInline @inline(never)
    mutating func flipOutOfLine(_ slot: PhotoSlot) -> Bool {
        flip(slot)
    }

    /// Flips one bit, recording the flip in the journal. Every single-slot write ends here.
    @inline(__always)
    @discardableResult
    mutating func flip(_ slot: PhotoSlot) -> Bool {
        let index = slot.index
        return updateChunk(at: index >> SelectionBitmapChunk.bitShift) { chunk in
            chunk.flip(bit: index & (SelectionBitmapChunk.bitCount - 1))
        }
    }

    // MARK: - The two ways in

    /// Runs `body` on the words of chunk `chunkIndex`, made this value's own: every write of
    /// one chunk's words (a flip, a range) goes through here.
    ///
    /// Before `body`: the journal is forked if a copy shares it, a revocation of ownership is
    /// applied, and the chunk's path (root array, directory, chunk) is copied where shared,
    /// allocated where never written, and recorded as owned (see `ChunkOwnership`). A chunk
    /// already owned is reached without asking anything of the three levels. `body` writes
    /// through `SelectionBitmapChunkWrite`, which journals every changed word and counts the
    /// population change; after it, the chunk's population and `count` take that change.
    ///
    /// O(1) plus `body`; allocates only to grow, to fork the journal, or for what it copies
    /// or creates.
    @inline(__always)
    mutating func updateChunk<Result>(
        at chunkIndex: Int, _ body: (inout SelectionBitmapChunkWrite) -> Result
    ) -> Result {
        let (result, populationChange) = storage.writeChunk(at: chunkIndex, body)
        storage.count &+= populationChange
        #if SLOTS_INTERNAL_CHECKS
        storage.checkInvariants(afterWritingChunk: chunkIndex)
        #endif
        return result
    }

    /// Runs `body` with write access to every level: every change that may replace chunks or
    /// directories (bulk operations, clearing) goes through here.
    ///
    /// Before `body`, ownership is revoked on this value's journal and on `other`'s, whose
    /// chunks `body` may share from then on: a chunk reachable from two bitmaps is no longer
    /// either one's own. `body` forks the journal before its first change
    /// (`SelectionBitmapStorage.uniqueJournal()`), so that a change that turns out to change
    /// nothing forks nothing, and it journals its flips or marks the journal incomplete.
    ///
    /// O(1) plus `body`.
    mutating func updateChunks<Result>(
        sharingWith other: SelectionBitmap?, _ body: (inout SelectionBitmapStorage) -> Result
    ) -> Result {
        storage.journal.revokeOwnership()
        other?.journal.revokeOwnership()
        let result = body(&storage)
        #if SLOTS_INTERNAL_CHECKS
        storage.checkInvariants()
        #endif
        return result
    }

    /// The chunk covering `chunkIndex`, or nil when it is unallocated or beyond capacity.
    @inline(__always)
    func chunk(at chunkIndex: Int) -> SelectionBitmapChunk? {
        storage.chunk(at: chunkIndex)
    }

    /// The directory `directoryIndex`, or nil beyond capacity.
    @inline(__always)
    func directory(at directoryIndex: Int) -> SelectionBitmapDirectory? {
        storage.directory(at: directoryIndex)
    }

    // MARK: - Many slots

    /// Removes every slot, keeping capacity.
    ///
    /// O(C): uniquely owned chunks are cleared in place (only the non-empty ones are
    /// written) so that later toggles do not allocate; shared ones are dropped. When the
    /// flips are not journaled (too many), a directory a copy shares is dropped whole, none
    /// of its chunks read: after a large Select all, O(C / 64).
    public mutating func removeAll() {
        guard count != 0 else { return }
        updateChunks(sharingWith: nil) { $0.removeAll() }
    }

    /// Removes the given slots; returns how many were present.
    ///
    /// O(slots): one word per slot, never a pass over the bitmap. Each removal is journaled.
    @inlinable
    @discardableResult
    public mutating func subtract(_ slots: some Sequence<PhotoSlot>) -> Int {
        var removed = 0
        for slot in slots where remove(slot) {
            removed += 1
        }
        return removed
    }

    /// Makes every live slot present: the selection of "Select all".
    ///
    /// A selection is a subset of the live slots, so the result holds `liveSlots`' bits.
    /// While the journal has room for the flips, this is a union with `liveSlots` that
    /// journals them: chunks this bitmap lacks are shared, not copied; O(C) word operations,
    /// skipping shared chunks and directories. Otherwise (a large grid) every directory of
    /// `liveSlots` is shared whole and the journal marked incomplete: O(C / 64), no chunk read.
    ///
    /// - Precondition: every present slot is in `liveSlots`; checked in builds with
    ///   `SLOTS_INTERNAL_CHECKS`.
    public mutating func selectAll(liveSlots: SelectionBitmap) {
        #if SLOTS_INTERNAL_CHECKS
        if !isSubset(of: liveSlots) { fatalError("SelectionBitmap.selectAll: a present slot is not live") }
        #endif
        let flips = liveSlots.count - count
        guard flips > 0 else { return }
        if journal.hasRoom(for: flips) {
            formUnion(liveSlots)
        } else {
            updateChunks(sharingWith: liveSlots) { $0.shareDirectories(of: liveSlots) }
        }
    }

    // MARK: - Grid order

    /// The present slots in the grid's order; they must all be in the grid (as a selection's
    /// are). O(k log k) plus the blocks holding them when they are few, else O(position of the
    /// last one in the grid): see `LiveSlots.slots(of:)`.
    public func slots(inGridOrder grid: LiveSlots) -> [PhotoSlot] {
        grid.slots(of: self)
    }
}

// A value with copy-on-write storage: its objects are written only when uniquely referenced,
// and shared journals and chunks are never written, so copies may cross threads.
extension SelectionBitmap: @unchecked Sendable {}

extension SelectionBitmap: Equatable {
    /// Whether both hold the same slots, whatever their capacity.
    ///
    /// O(C) at most, skipping directories and chunks both values share.
    public static func == (lhs: SelectionBitmap, rhs: SelectionBitmap) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.journal === rhs.journal { return true }
        let directoryCount = Swift.max(lhs.directories.count, rhs.directories.count)
        for directoryIndex in 0..<directoryCount {
            let left = lhs.directory(at: directoryIndex)
            let right = rhs.directory(at: directoryIndex)
            if left === right { continue }
            for chunkIndex in 0..<SelectionBitmapDirectory.chunkCount {
                let leftChunk = left?.chunk(at: chunkIndex)
                let rightChunk = right?.chunk(at: chunkIndex)
                if leftChunk === rightChunk { continue }
                if let leftChunk, let rightChunk {
                    if !leftChunk.hasSameBits(as: rightChunk) { return false }
                } else if (leftChunk?.population ?? 0) != 0 || (rightChunk?.population ?? 0) != 0 {
                    return false
                }
            }
        }
        return true
    }
}

extension SelectionBitmap: CustomStringConvertible {
    public var description: String {
        let shown = prefix(16).map { String($0.rawValue) }.joined(separator: ", ")
        return "SelectionBitmap(count: \(count), [\(shown)\(count > 16 ? ", …" : "")])"
    }
}

extension SelectionBitmap {
    /// Whether the stored populations agree with the bits: each chunk's with its words, and
    /// `count` with the chunks. O(C · 64); for tests.
    var populationsAreConsistent: Bool {
        var total = 0
        for directory in directories {
            for chunkIndex in 0..<SelectionBitmapDirectory.chunkCount {
                guard let chunk = directory.chunk(at: chunkIndex) else { continue }
                var bits = 0
                for wordIndex in 0..<SelectionBitmapChunk.wordCount {
                    bits += chunk.word(at: wordIndex).nonzeroBitCount
                }
                if bits != chunk.population { return false }
                total += bits
            }
        }
        return total == count
    }
}
