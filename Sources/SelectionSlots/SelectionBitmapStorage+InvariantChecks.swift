extension SelectionBitmap {
    /// Whether this build checks the invariants after every write (`SLOTS_INTERNAL_CHECKS`).
    static var runsInvariantChecks: Bool { SlotsInternalChecks.areOn }
}

#if SLOTS_INTERNAL_CHECKS
/// The checks `SelectionBitmap`'s two ways in run after every write, in builds with
/// `SLOTS_INTERNAL_CHECKS` (debug builds, and release builds given
/// `-Xswiftc -DSLOTS_INTERNAL_CHECKS`). A failed check stops the process, naming what broke.
///
/// What they hold the levels to:
/// - every chunk's population is the number of its set bits, and `count` their sum;
/// - a chunk that holds slots is marked occupied in its directory;
/// - while the journal is complete, its entries since it started add up to the change of
///   `count`, and the newest entry of each slot says what the bit now is;
/// - a chunk recorded as owned is reachable from this value alone: its directory and itself
///   are uniquely referenced.
extension SelectionBitmapStorage {
    /// After `updateChunk(at:_:)`: the chunk written, the journal's newest entry and its
    /// sum, and that the chunk is now owned. O(64). Usable from inlined code: the toggle
    /// (`toggleInOwnedChunk`) checks after writing too.
    @usableFromInline
    mutating func checkInvariants(afterWritingChunk chunkIndex: Int) {
        let directoryIndex = chunkIndex >> SelectionBitmapDirectory.chunkShift
        let chunkInDirectory = chunkIndex & (SelectionBitmapDirectory.chunkCount - 1)
        // Uniqueness first, before anything here holds a reference.
        guard journal.ownsChunk(chunkIndex) else { fail("chunk \(chunkIndex) was written but is not recorded as owned") }
        let directoryIsUnique = isDirectoryUnique(at: directoryIndex)
        let chunkIsUnique = directories[directoryIndex].isChunkUnique(at: chunkInDirectory)
        guard directoryIsUnique else { fail("chunk \(chunkIndex) is recorded as owned but a copy shares its directory") }
        guard chunkIsUnique else { fail("chunk \(chunkIndex) is recorded as owned but a copy shares it") }
        checkPopulation(ofChunk: chunkIndex)
        checkOccupancy(ofChunk: chunkIndex)
        checkJournalSum()
        if journal.isComplete, journal.entryCount > 0 {
            checkEntry(journal.newestEntry)
        }
    }

    /// After `updateChunks(sharingWith:_:)`: every chunk, the count, and every slot the
    /// journal names. O(C · 64 + entries).
    mutating func checkInvariants() {
        var total = 0
        for chunkIndex in 0..<(directories.count << SelectionBitmapDirectory.chunkShift) {
            total += checkPopulation(ofChunk: chunkIndex)
            checkOccupancy(ofChunk: chunkIndex)
        }
        guard total == count else { fail("count is \(count) but the chunks hold \(total) slots") }
        checkJournalSum()
        if journal.isComplete {
            var seen = Set<UInt64>()
            for entry in journal.entries.reversed() where seen.insert(entry >> 1).inserted {
                checkEntry(entry)
            }
        }
    }

    /// Checks chunk `chunkIndex`'s stored population against its bits; returns the population.
    @discardableResult
    private func checkPopulation(ofChunk chunkIndex: Int) -> Int {
        guard let chunk = chunk(at: chunkIndex) else { return 0 }
        var bits = 0
        for wordIndex in 0..<SelectionBitmapChunk.wordCount {
            bits += chunk.word(at: wordIndex).nonzeroBitCount
        }
        guard bits == chunk.population else {
            fail("chunk \(chunkIndex) stores population \(chunk.population) but holds \(bits) bits")
        }
        return bits
    }

    /// Checks that chunk `chunkIndex`, if it holds slots, is marked occupied in its directory.
    private func checkOccupancy(ofChunk chunkIndex: Int) {
        guard let chunk = chunk(at: chunkIndex), chunk.population != 0 else { return }
        let directory = directories[chunkIndex >> SelectionBitmapDirectory.chunkShift]
        guard directory.occupiedChunks & (1 << UInt64(chunkIndex & 63)) != 0 else {
            fail("chunk \(chunkIndex) holds \(chunk.population) slots but its directory does not mark it occupied")
        }
    }

    private func checkJournalSum() {
        guard journal.isComplete else { return }
        guard journal.countAtStart + journal.netChange == count else {
            fail("the journal's entries take the count from \(journal.countAtStart) by \(journal.netChange), but it is \(count)")
        }
    }

    /// Checks that a journal entry (`slot << 1 | isNowSet`) says what the slot's bit is.
    private func checkEntry(_ entry: UInt64) {
        let index = Int(entry >> 1)
        var isSet = false
        if let chunk = chunk(at: index >> SelectionBitmapChunk.bitShift) {
            isSet = chunk.word(at: (index >> 6) & 63) & (1 << UInt64(index & 63)) != 0
        }
        let saysSet = entry & 1 == 1
        guard isSet == saysSet else {
            fail("the journal's newest entry for slot \(index) says \(saysSet ? "set" : "clear"), but the bit is \(isSet ? "set" : "clear")")
        }
    }

    /// Stops the process. The message is built only here, on failure: a message closure
    /// formed at every check would allocate in a debug build, where allocation tests run.
    /// `fatalError`, not `preconditionFailure`, so that an optimised build with the checks on
    /// prints the message too.
    @inline(never)
    private func fail(_ message: String) -> Never {
        fatalError("SelectionBitmap invariant: \(message)")
    }
}
#endif
