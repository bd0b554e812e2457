extension PhotoIDTable {
    /// The table's storage as buffers, valid while `probe(_:hash:)` runs: the id bytes, where
    /// each id ends, and the buckets. A probe reads bucket after bucket and the bytes of each
    /// id whose tag agrees, in a loop that runs for every id a reader adds; through the
    /// buffers it runs without an array's bounds checks.
    struct UnsafeHandle {
        /// Every id's bytes, back to back.
        let bytes: UnsafeRawBufferPointer
        /// `ends[i]` is where id `i`'s bytes end.
        let ends: UnsafeBufferPointer<UInt32>
        /// The index: `tag << 32 | (position + 1)`, 0 for empty.
        let buckets: UnsafeBufferPointer<UInt64>

        /// Whether the id at `position` has the bytes `id`: the lengths, then the bytes a word
        /// at a time. O(length).
        ///
        /// - Precondition: `position` is in `0 ..< ends.count` (not checked).
        @inline(__always)
        func holds(_ id: UnsafeRawBufferPointer, at position: Int) -> Bool {
            let start = position == 0 ? 0 : Int(ends[position - 1])
            let end = Int(ends[position])
            guard end - start == id.count else { return false }
            guard let base = bytes.baseAddress, let other = id.baseAddress, id.count > 0 else { return true }
            return PhotoIDTable.bytesEqual(base + start, other, count: id.count)
        }

        /// The bytes of the id at `position`.
        ///
        /// - Precondition: `position` is in `0 ..< ends.count` (not checked).
        @inline(__always)
        func id(at position: Int) -> UnsafeRawBufferPointer {
            let start = position == 0 ? 0 : Int(ends[position - 1])
            return UnsafeRawBufferPointer(rebasing: bytes[start..<Int(ends[position])])
        }

        /// Walks the probe run of `hash`: the first position holding `id`, or else the index
        /// of the empty bucket that ends the run (where `id` would go). O(run length), bytes
        /// compared only where the tags agree.
        ///
        /// - Precondition: `buckets` is a power of two long and holds an empty bucket.
        @inline(__always)
        func probe(_ id: UnsafeRawBufferPointer, hash: UInt64) -> (found: Int?, empty: Int) {
            let mask = buckets.count - 1
            let tag = hash >> 32
            var index = PhotoIDTable.home(hash, mask)
            while true {
                let bucket = buckets[index]
                if bucket == 0 { return (nil, index) }
                if bucket >> 32 == tag {
                    let position = Int(truncatingIfNeeded: bucket & 0xFFFF_FFFF) - 1
                    if holds(id, at: position) { return (position, index) }
                }
                index = (index + 1) & mask
            }
        }
    }

    /// `UnsafeHandle.probe(_:hash:)` of this table's storage. O(run length).
    ///
    /// The arrays are opened here, each closure written out, rather than through a helper
    /// that takes the probe as a closure: the compiler does not inline a loop this size
    /// handed on through another closure, and every probe would pay a call.
    ///
    /// - Precondition: the table has buckets (it is not empty).
    func probe(_ id: UnsafeRawBufferPointer, hash: UInt64) -> (found: Int?, empty: Int) {
        bytes.withUnsafeBytes { bytes in
            ends.withUnsafeBufferPointer { ends in
                buckets.withUnsafeBufferPointer { buckets in
                    UnsafeHandle(bytes: bytes, ends: ends, buckets: buckets).probe(id, hash: hash)
                }
            }
        }
    }

    /// The bucket each of the first `count` hashes' probes starts at, loaded for the whole
    /// batch at once (see `insert(batchOf:hashes:id:)`). O(count).
    ///
    /// - Precondition: `mask` is the bucket count minus one; `hashes` holds `count` hashes.
    @inline(__always)
    func homeBuckets(of hashes: UnsafeBufferPointer<UInt64>, count: Int, mask: Int) -> [UInt64] {
        buckets.withUnsafeBufferPointer { buckets in
            (0..<count).map { buckets[Self.home(hashes[$0], mask)] }
        }
    }

    /// The hash of the stored bytes in `range` and the first position of an id with those
    /// bytes, if any: for ids laid out in the storage before they are indexed. O(length).
    ///
    /// - Precondition: `range` lies within the stored bytes.
    @inline(__always)
    func hashAndFirstPosition(ofStoredBytesIn range: Range<Int>) -> (hash: UInt64, earlier: Int?) {
        bytes.withUnsafeBytes { storage in
            let id = UnsafeRawBufferPointer(rebasing: storage[range])
            let hash = hasher.hash(id)
            return (hash, position(of: id, hash: hash))
        }
    }

    /// Calls `body` with the stored bytes in `range`, which must not escape it. O(1) besides
    /// `body`.
    ///
    /// - Precondition: `range` lies within the stored bytes.
    @inline(__always)
    func withStoredBytes<R>(in range: Range<Int>, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[range])) }
    }

    /// Fills the first empty bucket of the run that starts at `hash`'s home with `position`,
    /// tagged with `hash`'s high half. O(run length).
    ///
    /// - Precondition: `buckets` is a power of two long and holds an empty bucket.
    static func place(_ position: Int, hash: UInt64, in buckets: inout [UInt64]) {
        buckets.withUnsafeMutableBufferPointer { buckets in
            let mask = buckets.count - 1
            var index = Self.home(hash, mask)
            while buckets[index] != 0 { index = (index + 1) & mask }
            buckets[index] = (hash >> 32) << 32 | UInt64(position + 1)
        }
    }

    /// Whether `count` bytes at `a` and `b` are equal, compared a word at a time.
    ///
    /// - Precondition: both point at `count` readable bytes.
    @inline(__always)
    static func bytesEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        var offset = 0
        while offset + 8 <= count {
            if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            {
                return false
            }
            offset += 8
        }
        while offset < count {
            if a.load(fromByteOffset: offset, as: UInt8.self) != b.load(fromByteOffset: offset, as: UInt8.self) {
                return false
            }
            offset += 1
        }
        return true
    }
}
