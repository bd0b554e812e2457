/// The slots that differ between two values of a bitmap: what a snapshot diff reports.
public struct SelectionChanges: Hashable, Sendable {
    /// Slots present in the newer value only, ascending.
    public var added: [PhotoSlot]
    /// Slots present in the older value only, ascending.
    public var removed: [PhotoSlot]

    public init(added: [PhotoSlot] = [], removed: [PhotoSlot] = []) {
        self.added = added
        self.removed = removed
    }

    public var isEmpty: Bool { added.isEmpty && removed.isEmpty }

    /// The number of slots that differ: the size of the symmetric difference.
    public var count: Int { added.count + removed.count }
}

extension SelectionBitmap {
    /// The changes that turn `old` into this value: a snapshot diff.
    ///
    /// Cost grows with what changed, not with the grid:
    /// - when one value descends from the other by recorded flips (the usual case: a
    ///   snapshot, then toggles), O(k log k) for k journal entries between them, whatever N;
    /// - otherwise O(D + 64 · d + 64 · c) for D directories, d directories and c chunks that
    ///   are not the same object in both values (`structuralChanges(since:)`).
    public func changes(since old: SelectionBitmap) -> SelectionChanges {
        if journal === old.journal { return SelectionChanges() }
        if let entries = journal.entries(since: old.journal) {
            return Self.changes(fromJournalEntries: entries, reversed: false)
        }
        if let entries = old.journal.entries(since: journal) {
            return Self.changes(fromJournalEntries: entries, reversed: true)
        }
        return structuralChanges(since: old)
    }

    /// The net effect of journal entries: a slot flipped an odd number of times changed, in
    /// the direction of its flips (they alternate, so their sum is -1, 0 or +1).
    /// `reversed` reads entries that lead from the newer value to the older one.
    static func changes(fromJournalEntries entries: [UInt64], reversed: Bool) -> SelectionChanges {
        var changes = SelectionChanges()
        guard !entries.isEmpty else { return changes }
        var sorted = entries
        sorted.sort()
        changes.added.reserveCapacity(sorted.count)
        changes.removed.reserveCapacity(sorted.count)
        var index = 0
        while index < sorted.count {
            let slot = sorted[index] >> 1
            var net = 0
            while index < sorted.count && sorted[index] >> 1 == slot {
                net += sorted[index] & 1 == 1 ? 1 : -1
                index += 1
            }
            if net == 0 { continue }
            if (net > 0) != reversed {
                changes.added.append(PhotoSlot(rawValue: UInt32(slot)))
            } else {
                changes.removed.append(PhotoSlot(rawValue: UInt32(slot)))
            }
        }
        return changes
    }

    /// The changes found by comparing storage: directories and chunks that are the same
    /// object in both values are skipped, the others compared word by word: once to count the
    /// slots that changed, then once for each list, written into an array allocated at its
    /// size. A Select all over 10M photos adds 10M slots: appended one by one into arrays grown
    /// by doubling, they would be copied and paged in again and again.
    ///
    /// O(D + 64 · d + 64 · c): D directories, d directories and c chunks that differ by identity.
    func structuralChanges(since old: SelectionBitmap) -> SelectionChanges {
        var addedCount = 0
        var removedCount = 0
        forEachDifferingWord(since: old) { _, newWord, oldWord in
            addedCount += (newWord & ~oldWord).nonzeroBitCount
            removedCount += (oldWord & ~newWord).nonzeroBitCount
        }
        return SelectionChanges(
            added: slots(differingFrom: old, count: addedCount) { newWord, oldWord in newWord & ~oldWord },
            removed: slots(differingFrom: old, count: removedCount) { newWord, oldWord in oldWord & ~newWord })
    }

    /// The slots of the bits `bits` picks from each pair of differing words (this value's,
    /// `old`'s), in slot order; there are `count` of them.
    private func slots(
        differingFrom old: SelectionBitmap, count: Int, _ bits: (_ newWord: UInt64, _ oldWord: UInt64) -> UInt64
    ) -> [PhotoSlot] {
        guard count > 0 else { return [] }
        return [PhotoSlot](unsafeUninitializedCapacity: count) { slots, initialized in
            // Raw 32-bit stores: a Select all lists a million slots, a few instructions each.
            slots.baseAddress.unsafelyUnwrapped.withMemoryRebound(to: UInt32.self, capacity: count) { out in
                forEachDifferingWord(since: old) { wordBase, newWord, oldWord in
                    var word = bits(newWord, oldWord)
                    precondition(initialized &+ word.nonzeroBitCount <= count, "the words changed since they were counted")
                    let first = UInt32(truncatingIfNeeded: wordBase)
                    if word == ~0 {
                        // A Select all's or a Deselect all's words: 64 slots in a row, one
                        // loop without a bit scan.
                        for bit in 0..<64 { (out + (initialized &+ bit)).initialize(to: first | UInt32(truncatingIfNeeded: bit)) }
                        initialized &+= 64
                        return
                    }
                    while word != 0 {
                        (out + initialized).initialize(to: first | UInt32(truncatingIfNeeded: word.trailingZeroBitCount))
                        initialized &+= 1
                        word &= word &- 1
                    }
                }
            }
        }
    }

    /// Calls `body` with the first slot of each word that differs from `old`'s, and both
    /// words, in slot order; directories and chunks that are the same object are skipped.
    @inline(__always)
    private func forEachDifferingWord(
        since old: SelectionBitmap, _ body: (_ wordBase: Int, _ newWord: UInt64, _ oldWord: UInt64) -> Void
    ) {
        let directoryCount = Swift.max(directories.count, old.directories.count)
        for directoryIndex in 0..<directoryCount {
            let newDirectory = directory(at: directoryIndex)
            let oldDirectory = old.directory(at: directoryIndex)
            if newDirectory === oldDirectory { continue }
            for chunkIndex in 0..<SelectionBitmapDirectory.chunkCount {
                let newChunk = newDirectory?.chunk(at: chunkIndex)
                let oldChunk = oldDirectory?.chunk(at: chunkIndex)
                if newChunk === oldChunk { continue }
                let chunkBase = (directoryIndex << Self.directoryShift) | (chunkIndex << SelectionBitmapChunk.bitShift)
                for wordIndex in 0..<SelectionBitmapChunk.wordCount {
                    let newWord = newChunk?.word(at: wordIndex) ?? 0
                    let oldWord = oldChunk?.word(at: wordIndex) ?? 0
                    guard newWord != oldWord else { continue }
                    body(chunkBase | (wordIndex << 6), newWord, oldWord)
                }
            }
        }
    }
}
