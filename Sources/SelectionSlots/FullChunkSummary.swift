/// Which 4,096-slot chunks of a grid's live bitmap hold every one of their slots: one bit per
/// chunk, 312 bytes for a ten-million-slot grid.
///
/// Why: a tap first asks whether its photo is in the grid. The live bitmap answers through
/// its root, a directory, a chunk and a word, and on a large grid that chunk is a cache miss
/// each time the taps move to another part of it. Most of a grid's chunks are full (a grid
/// given by count starts with all of them full, and a library change empties few), and this
/// summary is small enough to stay in cache: for those chunks the question is answered here.
///
/// A set bit is a promise (the chunk is full); a clear bit promises nothing. So a removal
/// must clear its chunk's bit, and an insertion may leave it clear.
@usableFromInline
struct FullChunkSummary: Sendable {
    /// Bit `c & 63` of word `c >> 6` is set when chunk `c` is full.
    @usableFromInline private(set) var words: [UInt64]

    /// The summary of `live`. O(C) chunk reads, C = `live.slotCapacity / 4096`.
    init(of live: SelectionBitmap) {
        let chunkCount = live.slotCapacity >> SelectionBitmapChunk.bitShift
        words = [UInt64](repeating: 0, count: (chunkCount + 63) >> 6)
        for chunkIndex in 0..<chunkCount where Self.isFull(chunkIndex, in: live) {
            words[chunkIndex >> 6] |= 1 << UInt64(chunkIndex & 63)
        }
    }

    /// Whether the chunk holding `slot` is full, so that `slot` is live. O(1); false when
    /// unknown.
    @inlinable @inline(__always)
    func holdsFullChunk(of slot: PhotoSlot) -> Bool {
        let chunkIndex = slot.index >> SelectionBitmapChunk.bitShift
        let wordIndex = chunkIndex >> 6
        return wordIndex < words.count && words[wordIndex] & (1 << UInt64(chunkIndex & 63)) != 0
    }

    /// Forgets that the chunk holding `slot` is full: call when a slot of it leaves. O(1).
    /// Writes only when the bit is set, so that a snapshot's summary is copied only when a
    /// full chunk loses a photo.
    @inline(__always)
    mutating func chunkLost(_ slot: PhotoSlot) {
        let chunkIndex = slot.index >> SelectionBitmapChunk.bitShift
        let wordIndex = chunkIndex >> 6
        let bit: UInt64 = 1 << UInt64(chunkIndex & 63)
        guard wordIndex < words.count, words[wordIndex] & bit != 0 else { return }
        words[wordIndex] &= ~bit
    }

    /// Forgets every chunk that `live` no longer holds full: after a bulk removal, where
    /// visiting the chunks marked full (one read each) costs less than visiting every slot
    /// removed. O(C / 64 + full chunks).
    mutating func forgetChunksNoLongerFull(in live: SelectionBitmap) {
        // Asked before anything is written: a loop that may write makes the array unique
        // (copying a snapshot's) before its first pass, whether it writes or not.
        guard let first = words.indices.first(where: { stillFull(ofWord: $0, in: live) != words[$0] }) else {
            return
        }
        for wordIndex in first..<words.count {
            words[wordIndex] = stillFull(ofWord: wordIndex, in: live)
        }
    }

    /// Word `wordIndex` without the chunks `live` no longer holds full.
    private func stillFull(ofWord wordIndex: Int, in live: SelectionBitmap) -> UInt64 {
        var bits = words[wordIndex]
        var kept = bits
        while bits != 0 {
            let bit = bits.trailingZeroBitCount
            bits &= bits &- 1
            if !Self.isFull(wordIndex << 6 | bit, in: live) { kept &= ~(1 << UInt64(bit)) }
        }
        return kept
    }

    /// Notes that the chunk holding `slot` is full if it now is: call when a slot of it is
    /// added. O(1), one chunk read; grows with the bitmap.
    mutating func chunkGained(_ slot: PhotoSlot, in live: SelectionBitmap) {
        let chunkIndex = slot.index >> SelectionBitmapChunk.bitShift
        guard Self.isFull(chunkIndex, in: live) else { return }
        let wordIndex = chunkIndex >> 6
        if wordIndex >= words.count { words.append(contentsOf: repeatElement(0, count: wordIndex + 1 - words.count)) }
        words[wordIndex] |= 1 << UInt64(chunkIndex & 63)
    }

    private static func isFull(_ chunkIndex: Int, in live: SelectionBitmap) -> Bool {
        live.chunk(at: chunkIndex)?.population == SelectionBitmapChunk.bitCount
    }
}
