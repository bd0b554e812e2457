/// Writes over a range of consecutive slots, a word at a time: what a drag to select does to
/// the selection when the photos it sweeps are consecutive slots (a grid given by count).
///
/// Each costs O(range / 64) word operations plus O(range / 4096) chunk lookups, and reads or
/// writes only the words the range covers. Chunks that would not change are passed over
/// without a write, so a shared chunk is copied only when its bits change. Every chunk
/// written goes through `updateChunk(at:_:)`, as a flip does: made this value's own first
/// and recorded as owned, every changed word journaled while the journal has room. No
/// allocation once the chunks written are this value's own.
extension SelectionBitmap {
    /// Adds the slots `first ..< first + count`; returns how many were absent.
    @discardableResult
    public mutating func insert(slotsFrom first: PhotoSlot, count: Int) -> Int {
        rewrite(first.index ..< first.index + count, from: nil, RangeInsertion.self)
    }

    /// Removes the slots `first ..< first + count`; returns how many were present.
    @discardableResult
    public mutating func remove(slotsFrom first: PhotoSlot, count: Int) -> Int {
        rewrite(first.index ..< first.index + count, from: nil, RangeRemoval.self)
    }

    /// Gives the slots `first ..< first + count` the state they have in `source`, leaving the
    /// others as they are: a drag restoring the photos it no longer sweeps from its base.
    /// Returns how many slots changed. Chunks this value shares with `source` are skipped.
    @discardableResult
    public mutating func copySlots(from first: PhotoSlot, count: Int, of source: SelectionBitmap) -> Int {
        rewrite(first.index ..< first.index + count, from: source, RangeCopy.self)
    }

    // MARK: - The shared walk

    /// Replaces each word `w` covered by `range` with `Operation.apply(w, mask, sourceWord)`,
    /// `mask` the range's bits in it. Returns the number of bits flipped.
    private mutating func rewrite<Operation: RangeOperation>(
        _ range: Range<Int>, from source: SelectionBitmap?, _: Operation.Type
    ) -> Int {
        guard !range.isEmpty else { return 0 }
        precondition(range.lowerBound >= 0, "slot range \(range) below 0")
        var end = range.upperBound
        if Operation.mayAddSlots {
            if end > slotCapacity { reserveCapacity(end) }
        } else {
            end = Swift.min(end, slotCapacity)
        }
        var flips = 0
        var start = range.lowerBound
        while start < end {
            let chunkIndex = start >> SelectionBitmapChunk.bitShift
            let chunkStart = chunkIndex << SelectionBitmapChunk.bitShift
            let chunkEnd = Swift.min(end, chunkStart + SelectionBitmapChunk.bitCount)
            let sourceChunk = source?.chunk(at: chunkIndex)
            if Operation.mayChange(chunk(at: chunkIndex), source: sourceChunk) {
                let bits = (start &- chunkStart) ..< (chunkEnd &- chunkStart)
                flips &+= updateChunk(at: chunkIndex) { chunk in
                    Self.rewriteWords(of: &chunk, bits: bits, source: sourceChunk, Operation.self)
                }
            }
            start = chunkEnd
        }
        return flips
    }

    /// Rewrites the words of `chunk` covering `bits` (within 0 ..< 4096). Returns the number
    /// of bits flipped.
    @inline(__always)
    private static func rewriteWords<Operation: RangeOperation>(
        of chunk: inout SelectionBitmapChunkWrite, bits: Range<Int>, source: SelectionBitmapChunk?,
        _: Operation.Type
    ) -> Int {
        let sourceWords = source?.words
        let firstWord = bits.lowerBound >> 6
        let lastWord = (bits.upperBound &- 1) >> 6
        for wordIndex in firstWord ... lastWord {
            let low = wordIndex == firstWord ? bits.lowerBound & 63 : 0
            let high = wordIndex == lastWord ? ((bits.upperBound &- 1) & 63) &+ 1 : 64
            let mask = Self.mask(bits: low, through: high)
            chunk.write(
                Operation.apply(chunk.word(at: wordIndex), mask: mask, source: sourceWords?[wordIndex] ?? 0),
                toWordAt: wordIndex)
        }
        return chunk.flipCount
    }

    /// The bits `low ..< high` of a word, 0 ≤ low < high ≤ 64.
    @inline(__always)
    private static func mask(bits low: Int, through high: Int) -> UInt64 {
        let upTo: UInt64 = high == 64 ? ~0 : (1 << UInt64(high)) &- 1
        return upTo & ~((1 << UInt64(low)) &- 1)
    }
}

/// One write over a range of slots: how a word changes under the range's mask, and when a
/// whole chunk is known not to change.
private protocol RangeOperation {
    static func apply(_ word: UInt64, mask: UInt64, source: UInt64) -> UInt64
    /// False when no bit of `mine` can change: decided without writing, so a shared chunk is
    /// not copied for nothing.
    static func mayChange(_ mine: SelectionBitmapChunk?, source: SelectionBitmapChunk?) -> Bool
    static var mayAddSlots: Bool { get }
}

private enum RangeInsertion: RangeOperation {
    @inline(__always)
    static func apply(_ word: UInt64, mask: UInt64, source: UInt64) -> UInt64 { word | mask }
    @inline(__always)
    static func mayChange(_ mine: SelectionBitmapChunk?, source: SelectionBitmapChunk?) -> Bool {
        (mine?.population ?? 0) != SelectionBitmapChunk.bitCount
    }
    static var mayAddSlots: Bool { true }
}

private enum RangeRemoval: RangeOperation {
    @inline(__always)
    static func apply(_ word: UInt64, mask: UInt64, source: UInt64) -> UInt64 { word & ~mask }
    @inline(__always)
    static func mayChange(_ mine: SelectionBitmapChunk?, source: SelectionBitmapChunk?) -> Bool {
        (mine?.population ?? 0) != 0
    }
    static var mayAddSlots: Bool { false }
}

private enum RangeCopy: RangeOperation {
    @inline(__always)
    static func apply(_ word: UInt64, mask: UInt64, source: UInt64) -> UInt64 {
        (word & ~mask) | (source & mask)
    }
    @inline(__always)
    static func mayChange(_ mine: SelectionBitmapChunk?, source: SelectionBitmapChunk?) -> Bool {
        if mine === source { return false }
        return (mine?.population ?? 0) != 0 || (source?.population ?? 0) != 0
    }
    static var mayAddSlots: Bool { true }
}
