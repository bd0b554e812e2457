extension LiveSlots {
    /// Calls `body` with the slots of block `block` (gaps included, in grid order) as a
    /// buffer, which must not escape it: the loops that read a block slot by slot run
    /// without an array's bounds checks. O(1) besides `body`.
    ///
    /// - Precondition: `block` is a block id, in `0 ..< blocks.count`.
    @inline(__always)
    func withSlots<R>(ofBlock block: Int, _ body: (UnsafeBufferPointer<PhotoSlot>) -> R) -> R {
        blocks[block].withUnsafeBufferPointer { body($0) }
    }

    /// Where `slot` sits among the live slots of `block`, which holds it: O(1) when the block
    /// has no gaps and holds it where a run would, else a plain search of the block, or a
    /// walk testing each slot when it has gaps. O(block).
    ///
    /// The block is opened here rather than through `withSlots(ofBlock:_:)`: a closure this
    /// size handed on through another is not inlined, and `position(of:)` would pay a call.
    @inline(__always)
    func offset(of slot: PhotoSlot, inBlock block: Int) -> Int {
        blocks[block].withUnsafeBufferPointer { slots in
            guard gapCounts[block] > 0 else {
                // Where a run would hold it: a grid given by count keeps most blocks runs.
                let guess = slot.index &- slots[0].index
                if guess >= 0 && guess < slots.count && slots[guess] == slot { return guess }
                return Self.index(of: slot, in: slots)
            }
            var rank = 0
            for stored in slots {
                if stored == slot { return rank }
                if live.contains(stored) { rank &+= 1 }
            }
            preconditionFailure("slot \(slot) is not in the block the map gives")
        }
    }

    /// The place of `slot` in block `block`, gaps counted, which holds it (see
    /// `index(of:in:)`). O(place). Opened here, as in `offset(of:inBlock:)`.
    @inline(__always)
    func index(of slot: PhotoSlot, inBlock block: Int) -> Int {
        blocks[block].withUnsafeBufferPointer { Self.index(of: slot, in: $0) }
    }

    /// The position of `slot` in `slots`: a plain search, eight slots a comparison (one
    /// unaligned vector load each), then slot by slot within the eight that hold it.
    /// O(position).
    ///
    /// - Precondition: `slots` holds `slot` (not checked: the search would read past them).
    @inline(__always)
    static func index(of slot: PhotoSlot, in slots: UnsafeBufferPointer<PhotoSlot>) -> Int {
        let wanted = SIMD8<UInt32>(repeating: slot.rawValue)
        var index = 0
        if let base = slots.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index &+ 8 <= slots.count {
                let eight = raw.loadUnaligned(fromByteOffset: index &* 4, as: SIMD8<UInt32>.self)
                if any(eight .== wanted) { break }
                index &+= 8
            }
        }
        while slots[index] != slot { index &+= 1 }
        return index
    }
}
