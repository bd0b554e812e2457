/// A batch of insertions applied to a flat grid order in one pass: what `LiveSlots` does
/// when a change inserts many photos at once (a sync, a restore), where inserting them one
/// by one would move the same slots again and again.
enum BatchInsertion {
    /// Applies the insertions to `order` in the order listed, each position clamped to the
    /// count at its turn, as if inserted one by one. The slots must be new to `order`.
    ///
    /// O(count + k log count) for k insertions, instead of k memmoves of the whole tail: the
    /// final position of each insertion is found by walking them backwards over a Fenwick
    /// tree of free positions (one bit per position, one counter per 512), then the order is
    /// widened in place from the back, one memmove per gap, each slot moving once.
    static func apply(_ insertions: [SlotInsertion], to order: inout [PhotoSlot]) {
        let placed = finalPositions(of: insertions, intoCount: order.count)
        widen(&order, inserting: placed)
    }

    /// Each insertion as `finalPosition << 32 | slot`, ascending: where it ends up once all
    /// are applied in turn to a grid of `count` slots.
    ///
    /// Backwards, insertion j (at clamped position p in a grid of count + j) takes the p-th
    /// position still free among the final ones, the later insertions having taken theirs.
    private static func finalPositions(of insertions: [SlotInsertion], intoCount count: Int) -> [UInt64] {
        var free = FreePositions(count: count + insertions.count)
        var placed = [UInt64](repeating: 0, count: insertions.count)
        for index in insertions.indices.reversed() {
            let insertion = insertions[index]
            let position = Swift.min(Swift.max(insertion.at, 0), count + index)
            placed[index] = UInt64(free.take(freeIndex: position)) << 32 | UInt64(insertion.slot.rawValue)
        }
        sortByHighHalf(&placed)
        return placed
    }

    /// Sorts by the high 32 bits (the positions, all distinct): two 16-bit radix passes for
    /// a large batch, O(k + 65,536), where a comparison sort would dominate the insertion.
    private static func sortByHighHalf(_ values: inout [UInt64]) {
        guard values.count > 4096 else {
            values.sort()
            return
        }
        var scratch = [UInt64](repeating: 0, count: values.count)
        var counts = [Int](repeating: 0, count: 1 << 16)
        for shift: UInt64 in [32, 48] {
            Self.withMutableBuffers(&counts, &scratch) { counts, scratch in
                counts.update(repeating: 0)
                for value in values { counts[Int((value >> shift) & 0xFFFF)] += 1 }
                var total = 0
                for digit in 0..<counts.count {
                    let digitCount = counts[digit]
                    counts[digit] = total
                    total += digitCount
                }
                for value in values {
                    let digit = Int((value >> shift) & 0xFFFF)
                    scratch[counts[digit]] = value
                    counts[digit] += 1
                }
            }
            swap(&values, &scratch)
        }
    }

    /// Grows `order` by `placed.count` and moves its slots apart so that each inserted slot
    /// lands on its final position; the slots before the first insertion do not move.
    private static func widen(_ order: inout [PhotoSlot], inserting placed: [UInt64]) {
        let finalCount = order.count + placed.count
        order.reserveCapacity(finalCount)
        order.append(contentsOf: repeatElement(PhotoSlot(0), count: placed.count))
        order.withUnsafeMutableBufferPointer { slots in
            var segmentEnd = finalCount
            for index in placed.indices.reversed() {
                let position = Int(placed[index] >> 32)
                // The old slots after this insertion shift right by the insertions up to it.
                let shift = index + 1
                let length = segmentEnd - (position + 1)
                if length > 0 {
                    Self.move(length, in: slots, from: position + 1 - shift, to: position + 1)
                }
                slots[position] = PhotoSlot(rawValue: UInt32(truncatingIfNeeded: placed[index]))
                segmentEnd = position
            }
        }
    }
}

extension BatchInsertion {
    /// Moves the `count` slots of `slots` at `source` to `destination`, where the two ranges
    /// may overlap: one memmove (`update(from:count:)` allows the overlap). O(count).
    ///
    /// - Precondition: both ranges lie within `slots` (not checked).
    @inline(__always)
    fileprivate static func move(
        _ count: Int, in slots: UnsafeMutableBufferPointer<PhotoSlot>, from source: Int, to destination: Int
    ) {
        let base = slots.baseAddress.unsafelyUnwrapped
        (base + destination).update(from: base + source, count: count)
    }

    /// Calls `body` with the storage of two arrays as mutable buffers, which must not escape
    /// it: a radix pass counts and scatters a million values without an array's bounds and
    /// uniqueness checks. O(1) besides `body`.
    @inline(__always)
    fileprivate static func withMutableBuffers<A, B, R>(
        _ a: inout [A], _ b: inout [B],
        _ body: (UnsafeMutableBufferPointer<A>, UnsafeMutableBufferPointer<B>) -> R
    ) -> R {
        a.withUnsafeMutableBufferPointer { a in b.withUnsafeMutableBufferPointer { b in body(a, b) } }
    }
}

/// The final positions of a batch insertion that are not taken yet: a bit per position and
/// a tree of free counts per block of 512 positions (8 words, `BlockPrefixCounts`), small
/// enough (4 bytes per 512 photos) to stay in cache, so finding the p-th free position is
/// O(log n) + 8 words.
private struct FreePositions {
    private static let wordsPerBlock = 8
    /// Bit i of word w: position 64·w + i is free.
    private var words: [UInt64]
    /// Free positions per block of `wordsPerBlock` words.
    private var freeCounts: BlockPrefixCounts

    init(count: Int) {
        let wordCount = (count + 63) >> 6
        var words = [UInt64](repeating: ~0, count: wordCount)
        if count & 63 != 0 {
            words[wordCount - 1] = (1 << UInt64(count & 63)) - 1
        }
        let blockCount = (wordCount + Self.wordsPerBlock - 1) / Self.wordsPerBlock
        freeCounts = BlockPrefixCounts((0..<blockCount).lazy.map { block in
            let blockWords = (block * Self.wordsPerBlock)..<Swift.min(wordCount, (block + 1) * Self.wordsPerBlock)
            return Int32(blockWords.reduce(0) { $0 + words[$1].nonzeroBitCount })
        })
        self.words = words
    }

    /// Takes the free position with `freeIndex` free positions before it, and returns it.
    ///
    /// About 15 dependent loads down the tree and as many updates up: at ten million
    /// positions the tree (80 KB) sits in L2, so a take costs ~150 ns.
    mutating func take(freeIndex: Int) -> Int {
        let (block, rank) = freeCounts.block(holding: freeIndex)!
        freeCounts.add(-1, toBlock: block)
        return words.withUnsafeMutableBufferPointer { words in
            // Find the word in the block, then the bit.
            var remaining = rank
            var word = block &* Self.wordsPerBlock
            while words[word].nonzeroBitCount <= remaining {
                remaining &-= words[word].nonzeroBitCount
                word &+= 1
            }
            let bit = Self.position(ofSetBit: remaining, in: words[word])
            words[word] &= ~(1 << UInt64(bit))
            return word << 6 | bit
        }
    }

    /// The index of the set bit of `word` that has `rank` set bits below it.
    @inline(__always)
    private static func position(ofSetBit rank: Int, in word: UInt64) -> Int {
        var word = word
        var rank = rank
        var base = 0
        // Halve the window while the lower half holds too few set bits: 5 steps, no loop over bits.
        var width: UInt64 = 32
        while width >= 2 {
            let low = (word & ((1 << width) - 1)).nonzeroBitCount
            if rank >= low {
                rank -= low
                word >>= width
                base += Int(width)
            }
            width >>= 1
        }
        // Two bits left: the rank is 0 or 1.
        if rank == 0 { return base + (word & 1 == 1 ? 0 : 1) }
        return base + 1
    }
}
