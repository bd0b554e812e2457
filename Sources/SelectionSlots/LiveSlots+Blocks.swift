extension LiveSlots {
    /// Calls `body` with the slots of block `block` (gaps included, in grid order) as a
    /// buffer, which must not escape it: the loops that read a block slot by slot run
    /// without an array's bounds checks. O(1) besides `body`.
    ///
    /// - Precondition: `block` is a block id, in `0 ..< blocks.count`.
    @inline(__always)
    func withSlots<R>(ofBlock block: Int, _ body: (UnsafeBufferPointer<PhotoSlot>) throws -> R) rethrows -> R {
        try blocks[block].withUnsafeBufferPointer(body)
    }

    /// Calls `body` with the live counts and the gap counts per block id as mutable buffers,
    /// which must not escape it: a bulk removal updates both for every slot that leaves,
    /// without an array's bounds and uniqueness checks. O(1) besides `body`.
    @inline(__always)
    mutating func withMutableBlockCounts<R>(
        _ body: (_ liveCounts: UnsafeMutableBufferPointer<Int32>, _ gapCounts: UnsafeMutableBufferPointer<Int32>)
            throws -> R
    ) rethrows -> R {
        try liveCounts.withUnsafeMutableBufferPointer { liveCounts in
            try gapCounts.withUnsafeMutableBufferPointer { gapCounts in try body(liveCounts, gapCounts) }
        }
    }

    /// The position of `slot` in `slots`: a plain search, eight slots a comparison (one
    /// unaligned vector load each), then slot by slot within the eight that hold it.
    /// O(position).
    ///
    /// - Precondition: `slots` holds `slot` (not checked: the search would read past them).
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
