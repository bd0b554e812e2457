/// Word-by-word operations between two bitmaps: pruning a selection against the live slots,
/// select-all, set differences.
///
/// Each runs in O(C) word operations at most (C chunks, 64 words each) and usually much
/// less: a directory or chunk that both sides share, or that one side lacks, is decided
/// without reading its words, and a chunk whose words would not change is not copied.
/// The flips are journaled while they fit (see `SelectionChangeJournal`).
extension SelectionBitmap {
    /// Keeps only the slots `other` also holds: pruning against the live slots.
    public mutating func formIntersection(_ other: SelectionBitmap) {
        updateChunks(sharingWith: other) { $0.combine(with: other, Intersection.self) }
    }

    /// Removes the slots `other` holds.
    public mutating func subtract(_ other: SelectionBitmap) {
        updateChunks(sharingWith: other) { $0.combine(with: other, Subtraction.self) }
    }

    /// Adds the slots `other` holds. Chunks this bitmap lacks are shared with `other`.
    public mutating func formUnion(_ other: SelectionBitmap) {
        updateChunks(sharingWith: other) { $0.combine(with: other, Union.self) }
    }

    /// Keeps the slots that exactly one of the two holds.
    public mutating func formSymmetricDifference(_ other: SelectionBitmap) {
        updateChunks(sharingWith: other) { $0.combine(with: other, SymmetricDifference.self) }
    }

    public func intersection(_ other: SelectionBitmap) -> SelectionBitmap {
        var result = self
        result.formIntersection(other)
        return result
    }

    public func subtracting(_ other: SelectionBitmap) -> SelectionBitmap {
        var result = self
        result.subtract(other)
        return result
    }

    public func union(_ other: SelectionBitmap) -> SelectionBitmap {
        var result = self
        result.formUnion(other)
        return result
    }

    /// The slots that exactly one of the two holds. For the slot lists of a change between
    /// two snapshots, `changes(since:)` is cheaper.
    public func symmetricDifference(_ other: SelectionBitmap) -> SelectionBitmap {
        var result = self
        result.formSymmetricDifference(other)
        return result
    }

    /// Whether every slot of this bitmap is in `other`. O(C) at most, skipping shared chunks.
    public func isSubset(of other: SelectionBitmap) -> Bool {
        guard count <= other.count else { return false }
        for directoryIndex in directories.indices {
            let mine = directories[directoryIndex]
            let theirs = other.directory(at: directoryIndex)
            if mine === theirs { continue }
            for chunkIndex in 0..<SelectionBitmapDirectory.chunkCount {
                guard let myChunk = mine.chunk(at: chunkIndex), myChunk.population != 0 else { continue }
                guard let theirChunk = theirs?.chunk(at: chunkIndex) else { return false }
                if myChunk === theirChunk { continue }
                let myWords = myChunk.words
                let theirWords = theirChunk.words
                for wordIndex in 0..<SelectionBitmapChunk.wordCount
                where myWords[wordIndex] & ~theirWords[wordIndex] != 0 {
                    return false
                }
            }
        }
        return true
    }

    /// Removes each of `slots` that is present, calling `removed` with it once its bit is
    /// clear, and returns how many were: the slots leaving a grid, with the grid's own
    /// bookkeeping done in the same pass. Slots may repeat (a repeat is absent by its turn)
    /// and may lie past the capacity.
    ///
    /// O(slots): a few loads and one word written per slot, no pass over the bitmap and no
    /// allocation for a bitmap that owns its chunks. A chunk that a copy shares is copied at
    /// its first removal (one allocation), its directory too if shared. The flips are
    /// journaled when `slots.count` of them would fit, else the journal is marked incomplete.
    @inline(__always)
    mutating func remove(contentsOf slots: UnsafeBufferPointer<PhotoSlot>, whenRemoved removed: (PhotoSlot) -> Void) -> Int {
        updateChunks(sharingWith: nil) { $0.remove(contentsOf: slots, whenRemoved: removed) }
    }

    /// `remove(contentsOf:whenRemoved:)` for an array.
    mutating func remove(contentsOf slots: [PhotoSlot], whenRemoved removed: (PhotoSlot) -> Void) -> Int {
        slots.withUnsafeBufferPointer { remove(contentsOf: $0, whenRemoved: removed) }
    }
}

/// The walks behind the operations above, run inside `SelectionBitmap.updateChunks`.
extension SelectionBitmapStorage {
    /// Replaces this bitmap's words by `Operation.combine(mine, theirs)`. Ownership is
    /// already revoked on both sides: chunks may be replaced here, and `other`'s shared.
    fileprivate mutating func combine<Operation: ChunkOperation>(
        with other: SelectionBitmap, _: Operation.Type
    ) {
        if Operation.mayAddSlots, other.directories.count > directories.count {
            reserveCapacity(other.slotCapacity)
        }
        // The shared directories that `combineShared` replaced, kept alive until their flips
        // are journaled at the end, once it is known whether they all fit: a large change
        // (pruning) overflows the journal, and is then not recorded flip by flip only to be
        // dropped. On the stack for up to a few hundred directories (tens of millions of slots).
        withUnsafeTemporaryAllocation(of: SelectionBitmapDirectory?.self, capacity: directories.count) { room in
            let replaced = SelectionBitmapReplacedDirectories(initializing: room)
            var replacedFlips = 0
            combine(with: other, replacing: replaced, flips: &replacedFlips, Operation.self)
            journalFlips(ofReplaced: replaced, count: replacedFlips)
            replaced.deinitialize()
        }
    }

    /// The walk of `combine`: shared directories are rebuilt (their old objects stored in
    /// `replaced`, their flips counted, not journaled), unique ones changed in place.
    private mutating func combine<Operation: ChunkOperation>(
        with other: SelectionBitmap, replacing replaced: SelectionBitmapReplacedDirectories,
        flips replacedFlips: inout Int, _: Operation.Type
    ) {
        for directoryIndex in directories.indices {
            let theirs = other.directory(at: directoryIndex)
            if directories[directoryIndex] === theirs && Operation.whenSameChunk == .keepMine { continue }
            // Nothing is asked or written before the first chunk that changes: asking whether
            // the directory is shared copies the root array when a copy shares it.
            var firstChange = 0
            while firstChange < SelectionBitmapDirectory.chunkCount,
                  Self.plan(
                      mine: directories[directoryIndex].chunk(at: firstChange),
                      theirs: theirs?.chunk(at: firstChange), Operation.self) == .keepMine {
                firstChange += 1
            }
            if firstChange == SelectionBitmapDirectory.chunkCount { continue }
            if !isDirectoryUnique(at: directoryIndex) {
                replaced[directoryIndex] = combineShared(
                    directoryAt: directoryIndex, with: theirs, from: firstChange, flips: &replacedFlips,
                    Operation.self)
                continue
            }
            // Forks the journal if a copy shares it, before it is asked whether it records.
            _ = uniqueJournal()
            // The chunk references of both directories, read unretained: the directories keep
            // the chunks alive, and neither is replaced below (this one is unique already).
            let mySlots = directories[directoryIndex].chunkSlot(at: 0)
            let theirSlots = theirs?.chunkSlot(at: 0)
            for chunkIndex in firstChange..<SelectionBitmapDirectory.chunkCount {
                let theirChunk = theirSlots.flatMap { Self.unretainedChunk(in: $0 + chunkIndex) }
                let shortcut = Self.shortcut(
                    mine: Self.unretainedChunk(in: mySlots + chunkIndex), theirs: theirChunk, Operation.self)
                switch shortcut ?? .combineWords {
                case .keepMine:
                    continue
                case .combineWords where !journal.isComplete && isKnownUniquelyReferenced(&mySlots[chunkIndex]):
                    // This value's own chunk, no flip to journal: combined in place in one
                    // pass, without a first pass to find whether any word changes.
                    count += Self.combineInPlace(
                        chunkIn: mySlots + chunkIndex, with: theirChunk.unsafelyUnwrapped._withUnsafeGuaranteedRef(\.words),
                        Operation.self)
                case .combineWords:
                    guard Self.wordsChange(
                        mine: directories[directoryIndex].allocatedChunk(at: chunkIndex).words,
                        theirs: theirs.allocated.allocatedChunk(at: chunkIndex).words, Operation.self)
                    else { continue }
                    // `other` keeps their chunk alive while its words are read.
                    combineWords(
                        ofChunk: directoryIndex << 6 | chunkIndex,
                        with: theirs.allocated.allocatedChunk(at: chunkIndex).words,
                        Operation.self)
                case .clear:
                    let directory = uniqueDirectory(at: directoryIndex)
                    // No local holds the chunk: `clearChunk` asks whether it is unique.
                    recordFlips(
                        of: directory.chunk(at: chunkIndex), becoming: nil,
                        chunkIndex: directoryIndex << 6 | chunkIndex)
                    count -= directory.population(ofChunkAt: chunkIndex)
                    directory.clearChunk(at: chunkIndex)
                case .takeTheirs:
                    let directory = uniqueDirectory(at: directoryIndex)
                    let theirChunk = theirs.allocated.allocatedChunk(at: chunkIndex)
                    recordFlips(of: nil, becoming: theirChunk, chunkIndex: directoryIndex << 6 | chunkIndex)
                    count += theirChunk.population
                    directory.setChunk(theirChunk, at: chunkIndex)
                }
            }
        }
    }

    /// Writes `combine(mine, theirs)` over the words of the chunk referenced by `slot`, which
    /// this value owns, and returns the change of population (already added to the chunk's).
    /// O(64) word operations; through the slot, so that nothing is retained.
    @inline(__always)
    private static func combineInPlace<Operation: ChunkOperation>(
        chunkIn slot: UnsafeMutablePointer<SelectionBitmapChunk?>, with theirWords: SelectionBitmapChunkWords,
        _: Operation.Type
    ) -> Int {
        let words = slot.pointee.allocated.mutableWords
        let delta = writeCombinedWords(of: words.readOnly, with: theirWords, into: words, Operation.self)
        slot.pointee.allocated.populationPointer.pointee &+= delta
        return delta
    }

    /// `combine` for a directory that a copy shares: builds this value's own directory as the
    /// chunks are decided, once one changes, instead of copying the directory (a retain per
    /// chunk) and then replacing chunks in the copy (a release per changed chunk). Pruning a
    /// copied selection changes nearly every chunk, so that saves two atomic operations per
    /// chunk. A directory in which nothing changes stays shared.
    ///
    /// Chunks before `firstChange` are known not to change. Returns the replaced directory,
    /// nil if none; adds the number of flips to `flips` for `journalFlips(ofReplaced:count:)`,
    /// which records them.
    private mutating func combineShared<Operation: ChunkOperation>(
        directoryAt directoryIndex: Int, with theirs: SelectionBitmapDirectory?, from firstChange: Int,
        flips: inout Int, _: Operation.Type
    ) -> SelectionBitmapDirectory? {
        // The shared directory keeps its chunks alive, and unchanged, while it is read: a copy
        // elsewhere holds it too, and this local holds it until the new one replaces it.
        let mine = directories[directoryIndex]
        var rebuilt: SelectionBitmapDirectory?
        // Added to `count` at the end, after the fork at the first change, so that the journal
        // starts from the count before the change.
        var countChange = 0
        for chunkIndex in firstChange..<SelectionBitmapDirectory.chunkCount {
            let myChunk = mine.chunk(at: chunkIndex)
            let theirChunk = theirs?.chunk(at: chunkIndex)
            let chunk: SelectionBitmapChunk?
            switch Self.plan(mine: myChunk, theirs: theirChunk, Operation.self) {
            case .keepMine:
                guard rebuilt != nil else { continue }
                chunk = myChunk
            case .clear:
                let population = myChunk.allocated.population
                countChange -= population
                flips += population
                chunk = nil
            case .takeTheirs:
                let population = theirChunk.allocated.population
                countChange += population
                flips += population
                chunk = theirChunk
            case .combineWords:
                let source = myChunk.allocated
                let target = SelectionBitmapChunk.makeUninitialized()
                let delta = Self.writeCombinedWords(
                    of: source.words, with: theirChunk.allocated.words, into: target.mutableWords, Operation.self)
                countChange += delta
                target.population = source.population + delta
                flips += Operation.flips == .both ? source.words.flipCount(to: target.words) : abs(delta)
                chunk = target
            }
            if rebuilt == nil {
                // The first change. Forks the journal if a copy shares it (no entry yet).
                _ = uniqueJournal()
                // The chunks before it are kept, shared with the copy.
                let directory = SelectionBitmapDirectory.makeUninitialized()
                for earlier in 0..<chunkIndex {
                    directory.initializeChunk(mine.chunk(at: earlier), at: earlier)
                }
                rebuilt = directory
            }
            rebuilt.allocated.initializeChunk(chunk, at: chunkIndex)
        }
        count += countChange
        guard let rebuilt else { return nil }
        replaceDirectory(at: directoryIndex, with: rebuilt)
        return mine
    }

    /// Journals the flips between the directories `combineShared` replaced (`replaced[d]`,
    /// nil where it replaced none) and their replacements, `flips` in all, or marks the journal
    /// incomplete when they do not fit. Only chunks that are not the same object on both sides
    /// are read; nothing is read when the journal is already incomplete or overflows.
    private mutating func journalFlips(ofReplaced replaced: SelectionBitmapReplacedDirectories, count flips: Int) {
        guard flips > 0 else { return }
        let journal = uniqueJournal()
        guard journal.isComplete else { return }
        guard journal.hasRoom(for: flips) else {
            journal.markIncomplete()
            return
        }
        // An unallocated chunk reads as clear words.
        let clearWords = SelectionBitmapChunkWords.allClear
        for directoryIndex in 0..<replaced.count {
            guard let old = replaced[directoryIndex] else { continue }
            let new = directories[directoryIndex]
            for chunkIndex in 0..<SelectionBitmapDirectory.chunkCount {
                let oldChunk = old.chunk(at: chunkIndex)
                let newChunk = new.chunk(at: chunkIndex)
                if oldChunk === newChunk { continue }
                let oldWords = oldChunk?.words ?? clearWords
                let newWords = newChunk?.words ?? clearWords
                journal.recordFlips(
                    from: oldWords, to: newWords,
                    chunkBase: (directoryIndex << SelectionBitmapDirectory.chunkShift | chunkIndex) << SelectionBitmapChunk.bitShift,
                    flipCount: oldWords.flipCount(to: newWords))
            }
        }
    }

    /// What to do with one chunk, decided without writing anything. Takes the references as
    /// arguments so that none is still bound when the caller asks for uniqueness.
    private static func plan<Operation: ChunkOperation>(
        mine: SelectionBitmapChunk?, theirs: SelectionBitmapChunk?, _: Operation.Type
    ) -> ChunkPlan {
        let shortcut = shortcut(
            mine: mine.map(Unmanaged.passUnretained), theirs: theirs.map(Unmanaged.passUnretained), Operation.self)
        if let shortcut { return shortcut }
        return wordsChange(mine: mine.allocated.words, theirs: theirs.allocated.words, Operation.self)
            ? .combineWords : .keepMine
    }

    /// The chunk referenced at `slot`, nil if none, without retaining it: for reads while
    /// its directory keeps it alive.
    @inline(__always)
    private static func unretainedChunk(in slot: UnsafeMutablePointer<SelectionBitmapChunk?>) -> Unmanaged<SelectionBitmapChunk>? {
        UnsafeRawPointer(slot).load(as: Unmanaged<SelectionBitmapChunk>?.self)
    }

    /// What to do with one chunk when the references and populations tell, nil when the
    /// words must be combined (both chunks allocated, distinct, and neither empty nor, where
    /// that decides, full). O(1); the chunks are read unretained, kept alive by the caller.
    @inline(__always)
    private static func shortcut<Operation: ChunkOperation>(
        mine: Unmanaged<SelectionBitmapChunk>?, theirs: Unmanaged<SelectionBitmapChunk>?, _: Operation.Type
    ) -> ChunkPlan? {
        let minePopulation = mine?._withUnsafeGuaranteedRef(\.population) ?? 0
        let theirPopulation = theirs?._withUnsafeGuaranteedRef(\.population) ?? 0
        let mineIsEmpty = minePopulation == 0
        let theirsIsEmpty = theirPopulation == 0
        let shortcut: ChunkPlan
        if mine?.toOpaque() == theirs?.toOpaque() {
            shortcut = Operation.whenSameChunk
        } else if theirsIsEmpty {
            shortcut = Operation.whenTheirsIsEmpty
        } else if mineIsEmpty {
            shortcut = Operation.whenMineIsEmpty
        } else if let whenFull = Operation.whenTheirsIsFull, theirPopulation == SelectionBitmapChunk.bitCount {
            // Pruning against a chunk of the grid that lost no photo.
            shortcut = whenFull
        } else {
            return nil
        }
        // Clearing an empty chunk or taking an empty one changes nothing.
        switch shortcut {
        case .clear: return mineIsEmpty ? .keepMine : .clear
        case .takeTheirs: return theirsIsEmpty ? .keepMine : .takeTheirs
        case .keepMine, .combineWords: return shortcut
        }
    }

    /// Whether `combine(mine, theirs)` differs from `mine` in some word. O(64) at most: stops
    /// at the first word that changes.
    @inline(__always)
    private static func wordsChange<Operation: ChunkOperation>(
        mine: SelectionBitmapChunkWords, theirs: SelectionBitmapChunkWords, _: Operation.Type
    ) -> Bool {
        for wordIndex in 0..<SelectionBitmapChunk.wordCount
        where Operation.combine(mine[wordIndex], theirs[wordIndex]) != mine[wordIndex] {
            return true
        }
        return false
    }

    /// Writes `combine(mine, theirs)` into chunk `chunkIndex`. A shared chunk is not copied
    /// and then overwritten: the result is written straight into a new chunk (one pass).
    ///
    /// O(64) word operations, without a branch per word: whether a word changes is as good
    /// as random when pruning (a quarter of the words at 1 % removal), and a mispredicted
    /// branch per word used to cost more than the words themselves.
    private mutating func combineWords<Operation: ChunkOperation>(
        ofChunk chunkIndex: Int, with theirWords: SelectionBitmapChunkWords, _: Operation.Type
    ) {
        let directory = uniqueDirectory(at: chunkIndex >> SelectionBitmapDirectory.chunkShift)
        let chunkInDirectory = chunkIndex & 63
        // Asked before any reference to the chunk is bound.
        guard directory.isChunkUnique(at: chunkInDirectory) else {
            let copy = combinedCopy(
                of: directory.allocatedChunk(at: chunkInDirectory), with: theirWords, chunkIndex: chunkIndex,
                Operation.self)
            directory.setChunk(copy, at: chunkInDirectory)
            return
        }
        let journal = uniqueJournal()
        let chunk = directory.allocatedChunk(at: chunkInDirectory)
        let delta: Int
        if journal.isComplete {
            // In place: the old words are saved first (512 bytes on the stack) to journal from.
            delta = chunk.words.withScratchCopy { oldWords in
                let delta = Self.writeCombinedWords(of: oldWords, with: theirWords, into: chunk.mutableWords, Operation.self)
                Self.journalFlips(from: oldWords, to: chunk.words, count: delta, chunkIndex: chunkIndex, in: journal, Operation.self)
                return delta
            }
        } else {
            delta = Self.writeCombinedWords(of: chunk.words, with: theirWords, into: chunk.mutableWords, Operation.self)
        }
        count += delta
        chunk.population += delta
    }

    /// A new chunk holding `combine(source, theirs)`, for a `source` this value shares; counts
    /// and journals the flips. One allocation, one pass over the words.
    private mutating func combinedCopy<Operation: ChunkOperation>(
        of source: SelectionBitmapChunk, with theirWords: SelectionBitmapChunkWords, chunkIndex: Int,
        _: Operation.Type
    ) -> SelectionBitmapChunk {
        let journal = uniqueJournal()
        let target = SelectionBitmapChunk.makeUninitialized()
        let delta = Self.writeCombinedWords(of: source.words, with: theirWords, into: target.mutableWords, Operation.self)
        if journal.isComplete {
            // The shared source keeps the old words to journal from.
            Self.journalFlips(from: source.words, to: target.words, count: delta, chunkIndex: chunkIndex, in: journal, Operation.self)
        }
        count += delta
        target.population = source.population + delta
        return target
    }

    /// Writes the 64 words `combine(old, theirs)` to `new` (which may be `old`) and returns
    /// the change of population.
    ///
    /// Branch-free, and vectorised. The population changes by the flipped bits alone,
    /// counted once per word for an operation that only clears or only sets bits.
    @inline(__always)
    private static func writeCombinedWords<Operation: ChunkOperation>(
        of oldWords: SelectionBitmapChunkWords, with theirWords: SelectionBitmapChunkWords,
        into newWords: SelectionBitmapMutableChunkWords, _: Operation.Type
    ) -> Int {
        var cleared = 0
        var set = 0
        for wordIndex in 0..<SelectionBitmapChunk.wordCount {
            let old = oldWords[wordIndex]
            let new = Operation.combine(old, theirWords[wordIndex])
            newWords[wordIndex] = new
            switch Operation.flips {
            case .clearsOnly: cleared &+= (old ^ new).nonzeroBitCount
            case .setsOnly: set &+= (old ^ new).nonzeroBitCount
            case .both:
                cleared &+= (old & ~new).nonzeroBitCount
                set &+= (new & ~old).nonzeroBitCount
            }
        }
        return set &- cleared
    }

    /// Records the flips between one chunk's old and new words (see
    /// `SelectionChangeJournal.recordFlips`). `populationChange` is the number of flips of an
    /// operation that flips one way; one that flips both ways counts them here.
    @inline(__always)
    private static func journalFlips<Operation: ChunkOperation>(
        from oldWords: SelectionBitmapChunkWords, to newWords: SelectionBitmapChunkWords, count populationChange: Int,
        chunkIndex: Int, in journal: SelectionChangeJournal, _: Operation.Type
    ) {
        let flipCount = Operation.flips == .both ? oldWords.flipCount(to: newWords) : abs(populationChange)
        journal.recordFlips(
            from: oldWords, to: newWords, chunkBase: chunkIndex << SelectionBitmapChunk.bitShift, flipCount: flipCount)
    }

    /// The body of `SelectionBitmap.remove(contentsOf:whenRemoved:)`.
    ///
    /// Runs as passes over the slots, through the root's buffer, that write the chunks
    /// already made this value's own (one bit per chunk, a word per directory, on the stack
    /// up to 128 directories, 33 million slots) and stop at the first slot whose chunk is not
    /// marked yet. Between passes that slot is looked up through the levels: absent, it is
    /// skipped; present, its chunk (and its directory, and the root array) is made unique,
    /// which may copy them and replace the root array, and is marked. The journal is forked
    /// at the first removal, and records the flips only if all `slots.count` may fit.
    @inline(__always)
    fileprivate mutating func remove(
        contentsOf slots: UnsafeBufferPointer<PhotoSlot>, whenRemoved removed: (PhotoSlot) -> Void
    ) -> Int {
        guard count > 0 else { return 0 }
        let recording = journal.hasRoom(for: slots.count)
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: directories.count) { owned in
            owned.initialize(repeating: 0)
            var removedCount = 0
            var began = false
            var next = 0
            while true {
                let pass = directories.withUnsafeBufferPointer { roots in
                    // Two copies of the pass, so that the one that does not record tests nothing.
                    recording && began
                        ? Self.removeFromOwnedChunks(
                            slots, from: next, roots: roots, owned: owned, journal: journal, whenRemoved: removed)
                        : Self.removeFromOwnedChunks(
                            slots, from: next, roots: roots, owned: owned, journal: nil, whenRemoved: removed)
                }
                removedCount += pass.removed
                next = pass.stop
                guard next < slots.count else { break }
                let index = slots[next].index
                let chunkIndex = index >> SelectionBitmapChunk.bitShift
                guard Self.holds(index, in: chunk(at: chunkIndex)) else {
                    next += 1
                    continue
                }
                if !began {
                    began = true
                    // Forked, the journal has at least the room it had.
                    _ = uniqueJournal()
                    if !recording && journal.isComplete { journal.markIncomplete() }
                }
                let directoryIndex = chunkIndex >> SelectionBitmapDirectory.chunkShift
                makeChunkOwn(at: chunkIndex, directoryIsOwn: owned[directoryIndex] != 0)
                owned[directoryIndex] |= 1 << UInt64(chunkIndex & 63)
            }
            count -= removedCount
            return removedCount
        }
    }

    /// Whether `chunk` (nil for an unallocated one) holds slot `index`. O(1).
    @inline(__always)
    private static func holds(_ index: Int, in chunk: SelectionBitmapChunk?) -> Bool {
        guard let chunk else { return false }
        return chunk.word(at: (index >> 6) & 63) & (1 << UInt64(index & 63)) != 0
    }

    /// Makes allocated chunk `chunkIndex` this value's own, copying it, its directory and the
    /// root array where a copy shares them; the directory is not asked again when
    /// `directoryIsOwn` (made own earlier in the same removal). Call with the journal forked.
    private mutating func makeChunkOwn(at chunkIndex: Int, directoryIsOwn: Bool) {
        let directoryIndex = chunkIndex >> SelectionBitmapDirectory.chunkShift
        let chunkInDirectory = chunkIndex & (SelectionBitmapDirectory.chunkCount - 1)
        // No reference to the directory or the chunk is held here: each is asked whether it
        // is unique with only this value's reference to it.
        if !directoryIsOwn { _ = uniqueDirectory(at: directoryIndex) }
        if !directories[directoryIndex].isChunkUnique(at: chunkInDirectory) {
            directories[directoryIndex].setChunk(
                directories[directoryIndex].allocatedChunk(at: chunkInDirectory).copy(), at: chunkInDirectory)
        }
    }

    /// One pass of `remove(contentsOf:whenRemoved:)` from `slots[first]` on: clears each
    /// present slot whose chunk is marked in `owned`, counts it, journals it when `journal` is
    /// given, and hands it to `removed`; skips slots past the capacity and absent ones.
    /// Returns the index of the first slot past which it could not go (its chunk not marked),
    /// or `slots.count`, and how many it removed. Nothing is retained or released: a few
    /// loads and a word written per slot.
    @inline(__always)
    private static func removeFromOwnedChunks(
        _ slots: UnsafeBufferPointer<PhotoSlot>, from first: Int, roots: UnsafeBufferPointer<SelectionBitmapDirectory>,
        owned: UnsafeMutableBufferPointer<UInt64>, journal: SelectionChangeJournal?,
        whenRemoved removed: (PhotoSlot) -> Void
    ) -> (stop: Int, removed: Int) {
        var removedHere = 0
        var position = first
        while position < slots.count {
            let slot = slots[position]
            let index = slot.index
            let directoryIndex = index >> SelectionBitmap.directoryShift
            if directoryIndex < roots.count {
                let chunkInDirectory = (index >> SelectionBitmapChunk.bitShift) & 63
                guard owned[directoryIndex] & (1 << UInt64(chunkInDirectory)) != 0 else { return (position, removedHere) }
                // A marked chunk is allocated, and its directory keeps it alive.
                let chunk = UnsafeRawPointer(roots[directoryIndex].chunkSlot(at: chunkInDirectory))
                    .load(as: Unmanaged<SelectionBitmapChunk>.self)
                let wasPresent = chunk._withUnsafeGuaranteedRef { chunk in
                    let words = chunk.mutableWords
                    let wordIndex = (index >> 6) & 63
                    let mask: UInt64 = 1 << UInt64(index & 63)
                    let word = words[wordIndex]
                    guard word & mask != 0 else { return false }
                    words[wordIndex] = word & ~mask
                    chunk.populationPointer.pointee &-= 1
                    return true
                }
                if wasPresent {
                    removedHere &+= 1
                    journal?.record(slot, isNowSet: false)
                    removed(slot)
                }
            }
            position &+= 1
        }
        return (slots.count, removedHere)
    }

    /// Journals the flips of replacing chunk `chunkIndex`'s bits (`old`, nil for clear)
    /// by `new`'s (nil for clear), or marks the journal incomplete when they do not fit.
    private mutating func recordFlips(
        of old: SelectionBitmapChunk?, becoming new: SelectionBitmapChunk?, chunkIndex: Int
    ) {
        let journal = uniqueJournal()
        let flips = (old?.population ?? 0) + (new?.population ?? 0)
        guard journal.hasRoom(for: flips) else {
            journal.markIncomplete()
            return
        }
        let chunkBase = chunkIndex << SelectionBitmapChunk.bitShift
        for wordIndex in 0..<SelectionBitmapChunk.wordCount {
            let oldWord = old?.word(at: wordIndex) ?? 0
            let newWord = new?.word(at: wordIndex) ?? 0
            if oldWord != newWord {
                journal.record(changedBits: oldWord ^ newWord, newWord: newWord, wordBase: chunkBase | (wordIndex << 6))
            }
        }
    }
}

/// What a bulk operation does with one chunk of the receiver.
enum ChunkPlan {
    /// Leave it as it is.
    case keepMine
    /// Make it all clear.
    case clear
    /// Share the other bitmap's chunk (the receiver's is empty).
    case takeTheirs
    /// Compute it word by word.
    case combineWords
}

/// One bulk operation: how words combine, and what it may conclude without reading words.
/// Generic parameters (not closures) so that each operation's loop is specialised.
protocol ChunkOperation {
    static func combine(_ mine: UInt64, _ theirs: UInt64) -> UInt64
    /// When both sides hold the very same chunk object.
    static var whenSameChunk: ChunkPlan { get }
    static var whenTheirsIsEmpty: ChunkPlan { get }
    static var whenMineIsEmpty: ChunkPlan { get }
    /// When the other chunk holds every slot, if that decides without reading words.
    static var whenTheirsIsFull: ChunkPlan? { get }
    /// Whether the result may hold slots beyond the receiver's capacity.
    static var mayAddSlots: Bool { get }
    /// Which way bits may flip: an operation that only clears (or only sets) bits changes
    /// the population by its flips alone, one count per word instead of two.
    static var flips: FlipDirection { get }
}

/// Which way a `ChunkOperation` may flip bits.
enum FlipDirection {
    case clearsOnly
    case setsOnly
    case both
}

private enum Intersection: ChunkOperation {
    @inline(__always) static func combine(_ mine: UInt64, _ theirs: UInt64) -> UInt64 { mine & theirs }
    static var whenSameChunk: ChunkPlan { .keepMine }
    static var whenTheirsIsEmpty: ChunkPlan { .clear }
    static var whenMineIsEmpty: ChunkPlan { .keepMine }
    static var whenTheirsIsFull: ChunkPlan? { .keepMine }
    static var mayAddSlots: Bool { false }
    static var flips: FlipDirection { .clearsOnly }
}

private enum Subtraction: ChunkOperation {
    @inline(__always) static func combine(_ mine: UInt64, _ theirs: UInt64) -> UInt64 { mine & ~theirs }
    static var whenSameChunk: ChunkPlan { .clear }
    static var whenTheirsIsEmpty: ChunkPlan { .keepMine }
    static var whenMineIsEmpty: ChunkPlan { .keepMine }
    static var whenTheirsIsFull: ChunkPlan? { .clear }
    static var mayAddSlots: Bool { false }
    static var flips: FlipDirection { .clearsOnly }
}

private enum Union: ChunkOperation {
    @inline(__always) static func combine(_ mine: UInt64, _ theirs: UInt64) -> UInt64 { mine | theirs }
    static var whenSameChunk: ChunkPlan { .keepMine }
    static var whenTheirsIsEmpty: ChunkPlan { .keepMine }
    static var whenMineIsEmpty: ChunkPlan { .takeTheirs }
    static var whenTheirsIsFull: ChunkPlan? { nil }
    static var mayAddSlots: Bool { true }
    static var flips: FlipDirection { .setsOnly }
}

private enum SymmetricDifference: ChunkOperation {
    @inline(__always) static func combine(_ mine: UInt64, _ theirs: UInt64) -> UInt64 { mine ^ theirs }
    static var whenSameChunk: ChunkPlan { .clear }
    static var whenTheirsIsEmpty: ChunkPlan { .keepMine }
    static var whenMineIsEmpty: ChunkPlan { .takeTheirs }
    static var whenTheirsIsFull: ChunkPlan? { nil }
    static var mayAddSlots: Bool { true }
    static var flips: FlipDirection { .both }
}
