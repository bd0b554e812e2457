import Synchronization

/// The bit flips a `SelectionBitmap` made since it last diverged from a copy, so that the
/// diff of two snapshots a few toggles apart costs what changed, not what the grid holds.
///
/// Why a journal and not only shared chunks: 100 toggles spread over a ten-million-slot
/// grid land in ~100 different chunks of ~39 directories, so even a diff that skips shared
/// objects visits every directory, compares ~2,400 chunk references and 6,400 words, where
/// the same 100 toggles on a 10K grid touch 3 chunks. The journal makes that diff sort ~100
/// entries at any grid size. Chunk identity remains the fallback when no journal path exists.
///
/// How it stays correct without locks: a bitmap writes only a journal it references
/// uniquely. The first change after a copy *forks*: the writer gets a new journal whose
/// `parent` is the old one. A parent is therefore never written again (its child holds it),
/// and two bitmaps holding the same journal object hold the same bits. A snapshot's changes
/// up to a later value are the entries of the journals between them on the parent chain.
///
/// What it costs: one uniqueness check and one 8-byte append per flip; two allocations per
/// fork (the first change after a snapshot, which copies a chunk anyway). It is bounded: a
/// chain holds at most `entryLimit` entries. Past that, or after a change too big to list,
/// the journal is marked incomplete: it stops recording, frees its entries, lets go of its
/// parent, and diffs across it fall back to comparing chunks.
@usableFromInline
final class SelectionChangeJournal {
    /// The most entries one parent chain records: a diff sorts at most this many (tens of
    /// µs), about what comparing every chunk of a 10M-slot bitmap costs.
    static let entryLimit = 4096

    /// The journal this one continues; strong, so that it outlives the snapshots holding it.
    /// Written only while this journal is unique (`markIncomplete`) or being freed.
    private(set) var parent: SelectionChangeJournal?
    /// Entries recorded on the complete part of the chain above when this journal forked.
    let inheritedEntryCount: Int
    // The entries, as a hand-managed buffer: an `[UInt64]` stored property would cost a
    // dynamic exclusivity check and a uniqueness check per append on the toggle path. The
    // owner of a journal is the only writer (see above), so the checks are switched off.
    /// Each flip as `slot << 1 | (isNowSet ? 1 : 0)`, oldest first; `entryCount` of them.
    @exclusivity(unchecked) private var storage: UnsafeMutablePointer<UInt64>?
    @exclusivity(unchecked) private(set) var entryCount = 0
    @exclusivity(unchecked) private var capacity = 0
    /// False once a change happened that is not in the entries.
    @exclusivity(unchecked) @usableFromInline private(set) var isComplete = true

    // Which chunks the holder may write in place (see `ChunkOwnership`). It lives here because
    // the journal is already the object a flip asks about: when the journal is unique and no
    // revocation came in, the record is still true.
    @exclusivity(unchecked) @usableFromInline private(set) var ownership = ChunkOwnership()
    /// Set by whoever may have made the holder's chunks reachable from elsewhere: a copy
    /// forking away, or another bitmap taking its chunks. Atomic because it is set through a
    /// journal that others share; the holder reads it once the journal is unique again.
    @usableFromInline let ownershipRevoked = Atomic<Bool>(false)

    #if SLOTS_INTERNAL_CHECKS
    /// The holder's count when this journal started recording, and the net change of its
    /// entries (+1 a set, -1 a clear) since: while the journal is complete, the holder's
    /// count must be their sum (`SelectionBitmapStorage.checkInvariants`).
    @exclusivity(unchecked) private(set) var countAtStart = 0
    @exclusivity(unchecked) private(set) var netChange = 0
    #endif

    /// A journal that continues from no other.
    init() {
        parent = nil
        inheritedEntryCount = 0
    }

    private init(parent: SelectionChangeJournal, inheritedEntryCount: Int) {
        self.parent = parent
        self.inheritedEntryCount = inheritedEntryCount
    }

    deinit {
        ownership.deallocate()
        deallocateEntries()
        // Frees a long chain iteratively: one recursive release per journal could exhaust a
        // small thread stack. Each step detaches an ancestor that only this chain holds.
        var next = parent
        parent = nil
        while isKnownUniquelyReferenced(&next) {
            let journal = next.unsafelyUnwrapped
            next = journal.parent
            journal.parent = nil
        }
    }

    /// The last entry recorded; the journal must hold one.
    var newestEntry: UInt64 {
        entries[entryCount - 1]
    }

    /// A new journal for a writer that shares this one, linked to it while the chain has room.
    /// The writer goes on sharing this journal's chunks, so their holder no longer owns them.
    func fork() -> SelectionChangeJournal {
        revokeOwnership()
        // An incomplete journal is still a valid target (its holders' bits are known), it
        // just contributes no entries of its own to a longer chain.
        let inherited = isComplete ? inheritedEntryCount + entryCount : 0
        guard inherited < Self.entryLimit else { return SelectionChangeJournal() }
        return SelectionChangeJournal(parent: self, inheritedEntryCount: inherited)
    }

    /// Whether `flips` more entries fit on this chain.
    @inline(__always)
    func hasRoom(for flips: Int) -> Bool {
        isComplete && inheritedEntryCount + entryCount + flips <= Self.entryLimit
    }

    /// Records one flip. The caller holds the sole reference. Amortised O(1); no allocation
    /// once the entry buffer has grown, or once the journal is incomplete.
    @inline(__always)
    func record(_ slot: PhotoSlot, isNowSet: Bool) {
        guard isComplete else { return }
        guard hasRoom(for: 1) else {
            markIncomplete()
            return
        }
        append(UInt64(slot.rawValue) << 1 | (isNowSet ? 1 : 0))
    }

    @inline(__always)
    private func append(_ entry: UInt64) {
        if entryCount == capacity { grow() }
        var cursor = EntryCursor(at: entryCount, of: self)
        cursor.store(entry)
        entryCount &+= 1
        #if SLOTS_INTERNAL_CHECKS
        netChange += entry & 1 == 1 ? 1 : -1
        #endif
    }

    /// Notes the holder's count as this journal's starting point, for the invariant check.
    /// A no-op in builds without `SLOTS_INTERNAL_CHECKS`.
    @inline(__always)
    func startChecking(at count: Int) {
        #if SLOTS_INTERNAL_CHECKS
        countAtStart = count
        netChange = 0
        #endif
    }

    /// Records the flips of one word: the bits of `changedBits`, `wordBase` being the slot
    /// of bit 0 and `newWord` the word after the change; marks the journal incomplete
    /// instead when they do not fit. The caller holds the sole reference.
    func record(changedBits: UInt64, newWord: UInt64, wordBase: Int) {
        guard isComplete else { return }
        guard hasRoom(for: changedBits.nonzeroBitCount) else {
            markIncomplete()
            return
        }
        var bits = changedBits
        while bits != 0 {
            let bit = bits.trailingZeroBitCount
            bits &= bits &- 1
            let isNowSet = (newWord >> UInt64(bit)) & 1
            append(UInt64(wordBase | bit) << 1 | isNowSet)
        }
    }

    /// Records the flips between two versions of a chunk's 64 words, `flipCount` of them
    /// (bit `i` of word `w` is slot `chunkBase + 64 · w + i`), or marks the journal
    /// incomplete when they do not fit. The caller holds the sole reference.
    ///
    /// O(64) plus one step per flip: room is made once, and unchanged cache lines of the
    /// chunk (eight words) are passed over with one test each.
    func recordFlips(
        from oldWords: SelectionBitmapChunkWords, to newWords: SelectionBitmapChunkWords,
        chunkBase: Int, flipCount: Int
    ) {
        guard isComplete else { return }
        guard hasRoom(for: flipCount) else {
            markIncomplete()
            return
        }
        while capacity - entryCount < flipCount { grow() }
        var next = EntryCursor(at: entryCount, of: self)
        for lineStart in stride(from: 0, to: 64, by: 8) {
            var lineChanges: UInt64 = 0
            for wordIndex in lineStart..<lineStart + 8 {
                lineChanges |= oldWords[wordIndex] ^ newWords[wordIndex]
            }
            guard lineChanges != 0 else { continue }
            for wordIndex in lineStart..<lineStart + 8 {
                let newWord = newWords[wordIndex]
                var bits = oldWords[wordIndex] ^ newWord
                let wordBase = UInt64(chunkBase | (wordIndex << 6))
                while bits != 0 {
                    let bit = UInt64(bits.trailingZeroBitCount)
                    bits &= bits &- 1
                    next.store((wordBase | bit) << 1 | ((newWord >> bit) & 1))
                    #if SLOTS_INTERNAL_CHECKS
                    netChange += (newWord >> bit) & 1 == 1 ? 1 : -1
                    #endif
                }
            }
        }
        entryCount &+= flipCount
    }

    // MARK: - Ownership

    /// Whether the holder may write chunk `chunkIndex` in place, asked without settling: false
    /// while a revocation is pending, which `settleOwnership()` must apply first. The caller
    /// holds the sole reference. O(1). Inlinable for `SelectionBitmap.toggle(_:)`.
    @inlinable @inline(__always)
    func ownsChunkUnlessRevoked(_ chunkIndex: Int) -> Bool {
        !ownershipRevoked.load(ordering: .acquiring) && ownership.owns(chunk: chunkIndex)
    }

    /// Records one flip out of line: for inlined code (`SelectionBitmap.toggle(_:)`), which
    /// calls it only while the journal is complete. The caller holds the sole reference.
    @usableFromInline @inline(never)
    func recordOutOfLine(_ slot: PhotoSlot, isNowSet: Bool) {
        record(slot, isNowSet: isNowSet)
    }

    /// Whether the holder may write chunk `chunkIndex` in place. The caller holds the sole
    /// reference and has called `settleOwnership()` since it last became unique. O(1).
    @inline(__always)
    func ownsChunk(_ chunkIndex: Int) -> Bool {
        ownership.owns(chunk: chunkIndex)
    }

    /// Records that the holder has just made the whole path to chunk `chunkIndex` its own.
    /// The caller holds the sole reference.
    func claimChunk(_ chunkIndex: Int) {
        ownership.claim(chunk: chunkIndex)
    }

    /// Tells the holder that its chunks may be reachable from elsewhere. Any holder of any
    /// reference may call it, from any thread.
    func revokeOwnership() {
        ownershipRevoked.store(true, ordering: .releasing)
    }

    /// Whether a revocation came in that `settleOwnership()` has not applied yet.
    var hasPendingRevocation: Bool {
        ownershipRevoked.load(ordering: .acquiring)
    }

    /// Applies a revocation, if one came in. The caller holds the sole reference, so nobody
    /// else can revoke at the same time.
    @inline(__always)
    func settleOwnership() {
        if ownershipRevoked.load(ordering: .acquiring) {
            ownership.forgetAll()
            ownershipRevoked.store(false, ordering: .relaxed)
        }
    }

    /// Notes a change that is not recorded. The caller holds the sole reference.
    func markIncomplete() {
        isComplete = false
        freeEntries()
        // No walk can cross this journal any more, so the ancestors are of no use.
        parent = nil
    }

    /// The entries of the journals from this one up to, not including, `ancestor`, if
    /// `ancestor` is on this journal's parent chain and every journal on the way is
    /// complete; nil otherwise. Newest journal first. O(chain length + entries returned).
    func entries(since ancestor: SelectionChangeJournal) -> [UInt64]? {
        if ancestor === self { return [] }
        var gathered: [UInt64] = []
        var journal = self
        while journal.isComplete, let parent = journal.parent {
            gathered.append(contentsOf: journal.entries)
            if parent === ancestor { return gathered }
            journal = parent
        }
        return nil
    }
}

// The entry buffer: every access to `storage` is in the members below.
extension SelectionChangeJournal {
    /// The recorded entries, oldest first. Valid until the next write to the journal.
    var entries: UnsafeBufferPointer<UInt64> {
        UnsafeBufferPointer(start: storage, count: entryCount)
    }

    /// Where the next entries go: a position in the buffer that moves on with each entry
    /// stored. It does not count them (the caller adds them to `entryCount` when done).
    ///
    /// A pointer rather than an index into `storage`, so that a loop storing entries loads
    /// the buffer's address once, not once per entry.
    fileprivate struct EntryCursor {
        private var next: UnsafeMutablePointer<UInt64>

        /// A cursor at entry `index` of `journal`'s buffer.
        ///
        /// - Precondition: the buffer has room for every entry stored through the cursor
        ///   from `index` on, and is not grown or freed while the cursor is used.
        @inline(__always)
        init(at index: Int, of journal: SelectionChangeJournal) {
            next = journal.storage.unsafelyUnwrapped + index
        }

        /// Stores `entry` and moves on to the next position.
        @inline(__always)
        mutating func store(_ entry: UInt64) {
            next.pointee = entry
            next += 1
        }
    }

    /// Doubles the entry buffer (from 32 entries, up to the limit), keeping the entries.
    fileprivate func grow() {
        let newCapacity = Swift.min(Swift.max(32, capacity * 2), Self.entryLimit)
        let newStorage = UnsafeMutablePointer<UInt64>.allocate(capacity: newCapacity)
        if let storage {
            newStorage.initialize(from: storage, count: entryCount)
            storage.deallocate()
        }
        storage = newStorage
        capacity = newCapacity
    }

    /// Frees the entry buffer and forgets the entries: the journal holds none and has no room.
    fileprivate func freeEntries() {
        deallocateEntries()
        storage = nil
        entryCount = 0
        capacity = 0
    }

    /// Frees the entry buffer without forgetting it, for `deinit`: nothing reads the journal
    /// afterwards.
    fileprivate func deallocateEntries() {
        storage?.deallocate()
    }
}
