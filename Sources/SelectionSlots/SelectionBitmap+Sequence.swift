extension SelectionBitmap: Sequence {
    /// Walks the present slots in ascending slot order.
    ///
    /// A whole iteration is O(C + count): unallocated and empty chunks are skipped with one
    /// check each, and each word yields its set bits with a trailing-zero count.
    public struct Iterator: IteratorProtocol {
        /// Keeps the chunks alive (and unchanged: the iterator holds a copy of the root).
        @usableFromInline let directories: [SelectionBitmapDirectory]
        /// Keeps the bitmap from writing its chunks in place while they are read: a bitmap
        /// whose journal is shared copies before it writes (see `ChunkOwnership`).
        @usableFromInline let journal: SelectionChangeJournal
        /// The chunk being read; its directory keeps it alive.
        @usableFromInline var chunk: SelectionBitmapChunk?
        /// The next chunk to look at, as an index over the whole bitmap.
        @usableFromInline var nextChunkIndex = 0
        /// The next word of `chunk` to load.
        @usableFromInline var nextWordIndex = SelectionBitmapChunk.wordCount
        /// The unread bits of the current word, and the slot of its bit 0.
        @usableFromInline var bits: UInt64 = 0
        @usableFromInline var wordBase = 0

        @usableFromInline
        init(_ bitmap: SelectionBitmap) {
            directories = bitmap.directories
            journal = bitmap.journal
        }

        // Inlinable, so that a loop over a bitmap in another module costs no call per slot.
        @inlinable
        public mutating func next() -> PhotoSlot? {
            while bits == 0 {
                if nextWordIndex == SelectionBitmapChunk.wordCount {
                    guard advanceToNextNonEmptyChunk() else { return nil }
                }
                bits = chunk.allocated.word(at: nextWordIndex)
                wordBase = ((nextChunkIndex - 1) << SelectionBitmapChunk.bitShift) | (nextWordIndex << 6)
                nextWordIndex += 1
            }
            let bit = bits.trailingZeroBitCount
            bits &= bits &- 1
            return PhotoSlot(wordBase | bit)
        }

        @usableFromInline
        mutating func advanceToNextNonEmptyChunk() -> Bool {
            let chunkTotal = directories.count << SelectionBitmapDirectory.chunkShift
            while nextChunkIndex < chunkTotal {
                let candidate = directories[nextChunkIndex >> SelectionBitmapDirectory.chunkShift]
                    .chunk(at: nextChunkIndex & 63)
                nextChunkIndex += 1
                if let candidate, candidate.population != 0 {
                    chunk = candidate
                    nextWordIndex = 0
                    return true
                }
            }
            chunk = nil
            return false
        }
    }

    /// O(1): the iterator shares the bitmap's storage.
    @inlinable
    public func makeIterator() -> Iterator {
        Iterator(self)
    }

    public var underestimatedCount: Int { count }
}
