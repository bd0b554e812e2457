extension LiveSlots {
    /// Whether this build checks the invariants after every mutation (`SLOTS_INTERNAL_CHECKS`).
    static var runsInvariantChecks: Bool { SlotsInternalChecks.areOn }
}

#if SLOTS_INTERNAL_CHECKS
/// The checks `LiveSlots` runs after every mutation, in builds with `SLOTS_INTERNAL_CHECKS`
/// (debug builds, and release builds given `-Xswiftc -DSLOTS_INTERNAL_CHECKS`). A failed
/// check stops the process, naming what broke.
///
/// What they hold its ten parallel stores to:
/// - one entry per block in every per-block store, and `sequence` and `placeOfBlock` each
///   other's inverse;
/// - the live counts add up to `live.count` (and, through the tree, to every block's start),
///   the gap counts to `gapCount`;
/// - in each block checked: live slots and gaps add up to the block's length, as many live
///   slots as its count, each mapped to the block, listed gaps that are gaps, and a block
///   flagged as a run whose stored slots are one;
/// - the summary of full chunks promises only chunks of `live` that are full.
///
/// Cost: O(B log B) for the block index, plus O(block) for each block the mutation touched
/// (every block after a mutation that costs O(N) itself).
extension LiveSlots {
    /// After a mutation that wrote the blocks holding `slots` (and any block it added).
    func checkInvariants(touching slots: some Sequence<PhotoSlot>, blocksBefore: Int) {
        var checked = Set<Int>()
        for slot in slots {
            // The block a slot is or was in; an entry left from an earlier grid may name any
            // block, or none, and checking one block more is harmless.
            let block = Int(blockOfSlot[slot])
            if block < blocks.count && checked.insert(block).inserted { checkBlock(block) }
        }
        for block in blocksBefore..<blocks.count where !checked.contains(block) { checkBlock(block) }
        checkIndex()
    }

    /// After a mutation that may have written any block. O(N).
    func checkInvariants() {
        for block in blocks.indices { checkBlock(block) }
        checkIndex()
    }

    /// The stores indexed by block, the order of blocks, the counts and their tree, and the
    /// summary of full chunks. O(B log B + C).
    private func checkIndex() {
        let blockCount = blocks.count
        let lengths = [
            ("sequence", sequence.count), ("placeOfBlock", placeOfBlock.count), ("liveCounts", liveCounts.count),
            ("gapCounts", gapCounts.count), ("listedGaps", listedGaps.count), ("blockIsRun", blockIsRun.count),
        ]
        for (name, length) in lengths where length != blockCount {
            fail("\(name) has \(length) entries for \(blockCount) blocks")
        }
        for (place, block) in sequence.enumerated() where Int(placeOfBlock[Int(block)]) != place {
            fail("block \(block) is at place \(place) of the sequence, but placeOfBlock says \(placeOfBlock[Int(block)])")
        }
        var total = 0
        for (place, block) in sequence.enumerated() {
            let start = prefixCounts.count(beforeBlock: place)
            guard start == total else { fail("the tree starts place \(place) at \(start), but the counts before it add up to \(total)") }
            total += Int(liveCounts[Int(block)])
        }
        guard total == live.count else { fail("the blocks count \(total) photos, but live holds \(live.count)") }
        let gaps = gapCounts.reduce(0) { $0 + Int($1) }
        guard gaps == gapCount else { fail("the blocks count \(gaps) gaps, but gapCount is \(gapCount)") }
        let full = FullChunkSummary(of: live)
        for (index, word) in fullChunks.words.enumerated() {
            let fullNow = index < full.words.count ? full.words[index] : 0
            guard word & ~fullNow == 0 else { fail("the summary marks a chunk of word \(index) full, but live does not hold it full") }
        }
    }

    /// One block's slots against its counts, the slot-to-block map, its listed gaps and its
    /// run flag. O(block).
    func checkBlock(_ block: Int) {
        let slots = blocks[block]
        var liveSlots = 0
        var runBreaks = false
        for (offset, slot) in slots.enumerated() {
            if offset > 0 && slot.rawValue != slots[0].rawValue &+ UInt32(truncatingIfNeeded: offset) { runBreaks = true }
            guard live.contains(slot) else { continue }
            liveSlots += 1
            guard Int(blockOfSlot[slot]) == block else {
                fail("slot \(slot.index) sits in block \(block), but the map puts it in block \(blockOfSlot[slot])")
            }
        }
        guard liveSlots == Int(liveCounts[block]) else {
            fail("block \(block) counts \(liveCounts[block]) photos but holds \(liveSlots)")
        }
        guard liveSlots + Int(gapCounts[block]) == slots.count else {
            fail("block \(block) holds \(slots.count) slots, but counts \(liveSlots) photos and \(gapCounts[block]) gaps")
        }
        guard listedGaps[block].count <= Int(gapCounts[block]), listedGaps[block].allSatisfy({ !live.contains($0) })
        else { fail("block \(block) lists gaps that are not its gaps") }
        // Gaps may sit in a run: the flag speaks of the slots stored, and its reader asks for
        // no gaps as well.
        if blockIsRun[block] && runBreaks { fail("block \(block) is flagged as a run of slots, but is not one") }
    }

    private func fail(_ message: String) -> Never {
        fatalError("LiveSlots invariant: \(message)")
    }
}
#endif
