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
    /// The root level; directory `d` covers slots `d << 18 ..< (d + 1) << 18`.
    var directories: [SelectionBitmapDirectory]
    /// The number of slots present, kept up to date by every write.
    public internal(set) var count: Int
    /// The flips since this value diverged from a copy (see `SelectionChangeJournal`).
    var journal: SelectionChangeJournal

    /// `slot >> directoryShift` is the slot's directory.
    static let directoryShift = SelectionBitmapChunk.bitShift + SelectionBitmapDirectory.chunkShift

    /// An empty bitmap. O(1); one allocation (the journal).
    public init() {
        directories = []
        count = 0
        journal = SelectionChangeJournal()
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
    /// O(C) allocations and N / 8 bytes written.
    public init(filledUpTo count: Int) {
        precondition(count >= 0 && count <= SlotTable.maximumCount, "slot count \(count) out of range")
        self.init(slotCapacity: count)
        var remaining = count
        var chunkIndex = 0
        while remaining > 0 {
            let bits = Swift.min(remaining, SelectionBitmapChunk.bitCount)
            directories[chunkIndex >> SelectionBitmapDirectory.chunkShift]
                .setChunk(SelectionBitmapChunk.makeFilled(bitCount: bits), at: chunkIndex & 63)
            remaining -= bits
            chunkIndex += 1
        }
        self.count = count
    }

    /// The bitmap of the given slots. O(slots) plus growth.
    public init(_ slots: some Sequence<PhotoSlot>) {
        self.init()
        for slot in slots { insert(slot) }
    }

    /// The slots this bitmap holds room for; always a multiple of 262,144.
    public var slotCapacity: Int { directories.count << Self.directoryShift }

    public var isEmpty: Bool { count == 0 }

    /// Makes room for slots `0 ..< slotCapacity`. O(new directories).
    public mutating func reserveCapacity(_ slotCapacity: Int) {
        let needed = (slotCapacity + SelectionBitmapDirectory.slotCount - 1) >> Self.directoryShift
        guard needed > directories.count else { return }
        directories.reserveCapacity(needed)
        while directories.count < needed {
            directories.append(SelectionBitmapDirectory.makeEmpty())
        }
    }

    // MARK: - One slot

    /// Whether `slot` is present. O(1): two dependent loads and a word.
    @inline(__always)
    public func contains(_ slot: PhotoSlot) -> Bool {
        let index = slot.index
        let directoryIndex = index >> Self.directoryShift
        guard directoryIndex < directories.count else { return false }
        let chunkIndex = (index >> SelectionBitmapChunk.bitShift) & 63
        guard let chunk = directories[directoryIndex].chunk(at: chunkIndex) else { return false }
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
    @discardableResult
    public mutating func remove(_ slot: PhotoSlot) -> Bool {
        guard contains(slot) else { return false }
        flip(slot)
        return true
    }

    /// Adds `slot` if absent, removes it if present; returns whether it is now present.
    /// O(1), as `insert`.
    @discardableResult
    public mutating func toggle(_ slot: PhotoSlot) -> Bool {
        flip(slot)
    }

    /// Flips one bit, recording the flip in the journal. Every single-slot write ends here.
    ///
    /// A chunk this value owns (see `ChunkOwnership`) is written directly; any other is
    /// reached through `uniqueDirectory`-style checks of the root, its directory and itself,
    /// copied where shared, and then owned.
    @inline(__always)
    @discardableResult
    mutating func flip(_ slot: PhotoSlot) -> Bool {
        let index = slot.index
        if index >= slotCapacity { reserveCapacity(index + 1) }
        let journal = uniqueJournal()
        journal.settleOwnership()
        let chunkIndex = index >> SelectionBitmapChunk.bitShift
        let isNowSet: Bool
        if journal.ownsChunk(chunkIndex) {
            // Reads the root and the directory, writes only the chunk: no uniqueness to ask.
            isNowSet = directories.withUnsafeBufferPointer { roots in
                SelectionBitmapDirectory.flip(
                    bit: index & (SelectionBitmapDirectory.slotCount - 1),
                    ofOwnedChunkIn: roots.baseAddress.unsafelyUnwrapped + (index >> Self.directoryShift))
            }
        } else {
            isNowSet = directories.withUnsafeMutableBufferPointer { roots in
                SelectionBitmapDirectory.flip(
                    bit: index & (SelectionBitmapDirectory.slotCount - 1),
                    ofDirectoryIn: roots.baseAddress.unsafelyUnwrapped + (index >> Self.directoryShift))
            }
            journal.claimChunk(chunkIndex)
        }
        count &+= isNowSet ? 1 : -1
        journal.record(slot, isNowSet: isNowSet)
        return isNowSet
    }

    // MARK: - Copy-on-write plumbing

    /// Directory `directoryIndex`, copied if shared, so that this value may replace its chunks.
    mutating func uniqueDirectory(at directoryIndex: Int) -> SelectionBitmapDirectory {
        if !isKnownUniquelyReferenced(&directories[directoryIndex]) {
            directories[directoryIndex] = directories[directoryIndex].copy()
        }
        return directories[directoryIndex]
    }

    /// The journal, forked if a copy shares it. Call before every change (recorded or not):
    /// two values holding one journal object must hold the same bits.
    ///
    /// A change other than `flip` must also call `revokeOwnership()` on this value's journal
    /// before it replaces chunks, and on the journal of any bitmap whose chunks it takes.
    @inline(__always)
    mutating func uniqueJournal() -> SelectionChangeJournal {
        if !isKnownUniquelyReferenced(&journal) { journal = journal.fork() }
        return journal
    }

    /// The chunk covering `chunkIndex`, or nil when it is unallocated or beyond capacity.
    @inline(__always)
    func chunk(at chunkIndex: Int) -> SelectionBitmapChunk? {
        let directoryIndex = chunkIndex >> SelectionBitmapDirectory.chunkShift
        guard directoryIndex < directories.count else { return nil }
        return directories[directoryIndex].chunk(at: chunkIndex & 63)
    }

    /// The directory `directoryIndex`, or nil beyond capacity.
    @inline(__always)
    func directory(at directoryIndex: Int) -> SelectionBitmapDirectory? {
        directoryIndex < directories.count ? directories[directoryIndex] : nil
    }

    // MARK: - Many slots

    /// Removes every slot, keeping capacity.
    ///
    /// O(C): uniquely owned chunks are cleared in place (only the non-empty ones are
    /// written) so that later toggles do not allocate; shared ones are dropped.
    public mutating func removeAll() {
        guard count != 0 else { return }
        journal.revokeOwnership()
        let journal = uniqueJournal()
        if !journal.hasRoom(for: count) { journal.markIncomplete() }
        for directoryIndex in directories.indices where !directories[directoryIndex].isEmpty {
            let directory = uniqueDirectory(at: directoryIndex)
            for chunkIndex in 0..<SelectionBitmapDirectory.chunkCount
            where directory.population(ofChunkAt: chunkIndex) != 0 {
                if journal.isComplete {
                    let words = directory.chunk(at: chunkIndex).unsafelyUnwrapped.words
                    let chunkBase = (directoryIndex << Self.directoryShift) | (chunkIndex << SelectionBitmapChunk.bitShift)
                    for wordIndex in 0..<SelectionBitmapChunk.wordCount where words[wordIndex] != 0 {
                        journal.record(changedBits: words[wordIndex], newWord: 0, wordBase: chunkBase | (wordIndex << 6))
                    }
                }
                directory.clearChunk(at: chunkIndex)
            }
        }
        count = 0
    }

    /// Removes the given slots; returns how many were present.
    ///
    /// O(slots): one word per slot, never a pass over the bitmap. Each removal is journaled.
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
    /// A selection is a subset of the live slots, so this is a union with `liveSlots`; chunks
    /// this bitmap lacks are shared with `liveSlots`, not copied. O(C) word operations,
    /// skipping shared chunks and directories.
    public mutating func selectAll(liveSlots: SelectionBitmap) {
        formUnion(liveSlots)
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
