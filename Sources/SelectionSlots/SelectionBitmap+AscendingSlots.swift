extension SelectionBitmap {
    /// The bitmap of `slots`, which ascend strictly, built a word at a time: a diff's list
    /// (`SelectionChanges`) made a bitmap, so that applying it is set algebra over chunks.
    ///
    /// Why not `init(_:)`: that inserts slot by slot, each insert asking for its chunk,
    /// whether the chunk is owned and whether the journal has room. Here each chunk is made
    /// once and its words set with one OR a slot, whatever the slots' runs. A new value:
    /// nothing shares its levels, and its journal starts here.
    ///
    /// Nil when a slot is not greater than the one before it: the order is checked in the
    /// same pass, so that a caller need not read a million slots once more to ask.
    ///
    /// O(slots) plus one allocation per chunk that holds a slot and the directories up to
    /// the last slot.
    package init?(ascending slots: UnsafeBufferPointer<PhotoSlot>) {
        guard let last = slots.last else {
            self.init()
            return
        }
        self.init(slotCapacity: last.index + 1)
        var index = 0
        var previous = -1
        while index < slots.count {
            let chunkIndex = slots[index].index >> SelectionBitmapChunk.bitShift
            let chunkBase = chunkIndex << SelectionBitmapChunk.bitShift
            let chunk = SelectionBitmapChunk.makeEmpty()
            let words = chunk.mutableWords
            let first = index
            while index < slots.count {
                let slot = slots[index].index
                guard slot >> SelectionBitmapChunk.bitShift == chunkIndex else { break }
                if slot <= previous { return nil }
                previous = slot
                let bit = slot &- chunkBase
                words[bit >> 6] |= 1 << UInt64(bit & 63)
                index += 1
            }
            chunk.population = index - first
            storage.directories[chunkIndex >> SelectionBitmapDirectory.chunkShift]
                .setChunk(chunk, at: chunkIndex & (SelectionBitmapDirectory.chunkCount - 1))
        }
        storage.count = slots.count
        storage.journal.startChecking(at: slots.count)
    }
}
