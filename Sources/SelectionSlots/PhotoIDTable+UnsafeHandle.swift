extension PhotoIDTable {
    /// The table's storage as buffers, valid for the length of one `withStorage` call: the
    /// id bytes, where each id ends, and the buckets. A probe reads bucket after bucket and
    /// the bytes of each id whose tag agrees, in a loop that runs for every id a reader adds;
    /// through the buffers it runs without an array's bounds checks, and every pointer the
    /// table uses is made and read here.
    struct UnsafeHandle {
        /// Every id's bytes, back to back.
        let bytes: UnsafeRawBufferPointer
        /// `ends[i]` is where id `i`'s bytes end.
        let ends: UnsafeBufferPointer<UInt32>
        /// The index: `tag << 32 | (position + 1)`, 0 for empty.
        let buckets: UnsafeBufferPointer<UInt64>

        /// The bytes of the id at `position`. O(1).
        ///
        /// - Precondition: `position` is in `0 ..< ends.count` (not checked).
        @inline(__always)
        func id(at position: Int) -> UnsafeRawBufferPointer {
            let start = position == 0 ? 0 : Int(ends[position - 1])
            return bytes(in: start ..< Int(ends[position]))
        }

        /// The stored bytes in `range`. O(1).
        ///
        /// - Precondition: `range` lies within `bytes`.
        @inline(__always)
        func bytes(in range: Range<Int>) -> UnsafeRawBufferPointer {
            UnsafeRawBufferPointer(rebasing: bytes[range])
        }

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
    }

    /// Calls `body` with a handle on the table's storage, which must not escape it. O(1)
    /// besides `body`.
    @inline(__always)
    func withStorage<R>(_ body: (UnsafeHandle) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes { bytes in
            try ends.withUnsafeBufferPointer { ends in
                try buckets.withUnsafeBufferPointer { buckets in
                    try body(UnsafeHandle(bytes: bytes, ends: ends, buckets: buckets))
                }
            }
        }
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
