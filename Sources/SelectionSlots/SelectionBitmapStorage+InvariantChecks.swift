#if SLOTS_INTERNAL_CHECKS
/// The checks `SelectionBitmap`'s two ways in run after every write, in builds with
/// `SLOTS_INTERNAL_CHECKS` (debug builds, and release builds given
/// `-Xswiftc -DSLOTS_INTERNAL_CHECKS`). A failed check stops the process, naming what broke.
///
/// What they hold the levels to:
/// - every chunk's population is the number of its set bits, and `count` their sum;
/// - while the journal is complete, its entries since it started add up to the change of
///   `count`, and the newest entry of each slot says what the bit now is;
/// - a chunk recorded as owned is reachable from this value alone: its directory and itself
///   are uniquely referenced.
extension SelectionBitmapStorage {
    /// After `updateChunk(at:_:)`: the chunk written, the journal's newest entry and its
    /// sum, and that the chunk is now owned. O(64).
    mutating func checkInvariants(afterWritingChunk chunkIndex: Int) {
        let directoryIndex = chunkIndex >> SelectionBitmapDirectory.chunkShift
        let chunkInDirectory = chunkIndex & (SelectionBitmapDirectory.chunkCount - 1)
        // Uniqueness first, before anything here holds a reference.
        check(journal.ownsChunk(chunkIndex), "chunk \(chunkIndex) was written but is not recorded as owned")
        let directoryIsUnique = isDirectoryUnique(at: directoryIndex)
        let chunkIsUnique = directories[directoryIndex].isChunkUnique(at: chunkInDirectory)
        check(directoryIsUnique, "chunk \(chunkIndex) is recorded as owned but a copy shares its directory")
        check(chunkIsUnique, "chunk \(chunkIndex) is recorded as owned but a copy shares it")
        checkPopulation(ofChunk: chunkIndex)
        checkJournalSum()
        if journal.isComplete, let newest = journal.entries.last {
            checkEntry(newest)
        }
    }

    /// After `updateChunks(sharingWith:_:)`: every chunk, the count, and every slot the
    /// journal names. O(C · 64 + entries).
    mutating func checkInvariants() {
        var total = 0
        for chunkIndex in 0..<(directories.count << SelectionBitmapDirectory.chunkShift) {
            total += checkPopulation(ofChunk: chunkIndex)
        }
        check(total == count, "count is \(count) but the chunks hold \(total) slots")
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
        check(bits == chunk.population, "chunk \(chunkIndex) stores population \(chunk.population) but holds \(bits) bits")
        return bits
    }

    private func checkJournalSum() {
        guard journal.isComplete else { return }
        check(
            journal.countAtStart + journal.netChange == count,
            "the journal's entries take the count from \(journal.countAtStart) by \(journal.netChange), but it is \(count)")
    }

    /// Checks that a journal entry (`slot << 1 | isNowSet`) says what the slot's bit is.
    private func checkEntry(_ entry: UInt64) {
        let index = Int(entry >> 1)
        let isSet = chunk(at: index >> SelectionBitmapChunk.bitShift).map {
            $0.word(at: (index >> 6) & 63) & (1 << UInt64(index & 63)) != 0
        } ?? false
        check(
            isSet == (entry & 1 == 1),
            "the journal's newest entry for slot \(index) says \(entry & 1 == 1 ? "set" : "clear"), but the bit is \(isSet ? "set" : "clear")")
    }

    private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        precondition(condition, "SelectionBitmap invariant: \(message())")
    }
}
#endif
