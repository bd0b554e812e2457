/// Photo ids in order, stored once: their UTF-8 bytes back to back in one buffer, where each
/// ends, and an open-addressing index from bytes to position.
///
/// A million 42-byte PhotoKit ids take 42 MB of bytes, 4 MB of ends and a 16 MB index
/// (2^21 buckets of 8 bytes): about 20 bytes a photo besides the ids themselves, where a
/// `[String]` and a `[String: Int]` cost about 150 (a heap object per id of more than 15 bytes,
/// and two hashed copies of it). A reader builds one while it reads a header and hands it over
/// as the grid's `PhotoList`; the engine's `SlotTable` uses it as is, hashing nothing again.
///
/// The index holds each id's first position. `insert` refuses an id that is already there (an
/// interner); `appendAllowingDuplicate` keeps a repeat in the order without indexing it (a list
/// as given, whose repeats a caller may refuse or tolerate).
///
/// Buckets are `tag << 32 | (position + 1)`, 0 for empty, `tag` the hash's high 32 bits: a
/// probe compares bytes only when the tags agree. Linear probing, at most 3/4 full.
///
/// Ids given as bytes must be valid UTF-8 (the readers check before they add any): the table
/// compares bytes, and names an id with the string those bytes spell.
public struct PhotoIDTable: Sendable {
    /// Every id's bytes, back to back. Visible to inlined code, so that a writer's closure
    /// handed an id's bytes is inlined rather than called across modules (a closure called
    /// from another module reaches its captured variables through dynamic exclusivity checks).
    @usableFromInline private(set) internal var bytes: [UInt8] = []
    /// `ends[i]` is where id `i`'s bytes end; it starts where id `i - 1`'s end (0 for the first).
    /// Visible to inlined code so that `count`, read for every slot a reader checks, is not a
    /// call across modules.
    @usableFromInline private(set) internal var ends: [UInt32] = []
    /// A power of two buckets (or none while the table is empty).
    private(set) var buckets: [UInt64] = []
    /// Ids in the index: positions minus repeats and unnamed positions.
    private var indexedCount = 0
    /// Positions that repeat an earlier id (kept in order, not indexed).
    public private(set) var duplicateCount = 0
    /// The length in bytes of the longest id held, or more (a batch cut back at a repeat
    /// leaves it as it was): what a writer makes room for.
    public private(set) var longestByteCount = 0
    /// The first repeat appended, as (earlier position, its position).
    public private(set) var firstDuplicate: (earlier: Int, position: Int)?
    public let hasher: PhotoIDHasher

    /// The most id bytes one table holds: ends are 32-bit.
    public static let maximumByteCount = Int(UInt32.max)

    /// An empty table hashing with `hasher` (this process's, by default).
    public init(hasher: PhotoIDHasher = .process) {
        self.hasher = hasher
    }

    /// A table of `ids` in order, repeats kept (see `duplicateCount`). O(total length).
    public init(_ ids: some Sequence<String>, hasher: PhotoIDHasher = .process) {
        self.init(hasher: hasher)
        reserveCapacity(ids.underestimatedCount)
        for id in ids { appendAllowingDuplicate(id) }
    }

    /// How many positions the table holds. O(1), inlined into other modules.
    @inlinable @inline(__always)
    public var count: Int { ends.count }

    /// The bytes of every id together.
    public var byteCount: Int { bytes.count }

    /// Whether some id appears twice.
    public var hasDuplicates: Bool { duplicateCount > 0 }

    /// Makes room for `idCount` more ids (and `byteCount` more bytes) without regrowing the
    /// index, so that a reader that knows the count hashes every id once.
    public mutating func reserveCapacity(_ idCount: Int, bytes byteCount: Int = 0) {
        Self.reserve(&ends, ends.count + idCount)
        Self.reserve(&bytes, bytes.count + byteCount)
        let needed = Self.bucketCount(for: indexedCount + idCount)
        if needed > buckets.count { rehash(bucketCount: needed) }
    }

    // MARK: - Reading

    /// The id at `position`, as a string (built on demand). O(length).
    public subscript(position: Int) -> String {
        withBytes(at: position) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the bytes of the id at `position`. O(1) plus `body`; inlined.
    @inlinable
    public func withBytes<R>(at position: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        precondition(position >= 0 && position < ends.count, "position \(position) out of range")
        let start = position == 0 ? 0 : Int(ends[position - 1])
        let end = Int(ends[position])
        return try bytes.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[start..<end])) }
    }

    /// Calls `body` with the bytes of each id at `positions`, in order, the storage opened once
    /// for them all: for writers of a whole list. O(bytes) besides `body`; inlined.
    @inlinable
    public func forEachID(in positions: Range<Int>, _ body: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        precondition(positions.lowerBound >= 0 && positions.upperBound <= ends.count, "positions out of range")
        try bytes.withUnsafeBytes { bytes in
            try ends.withUnsafeBufferPointer { ends in
                var start = positions.lowerBound == 0 ? 0 : Int(ends[positions.lowerBound - 1])
                for position in positions {
                    let end = Int(ends[position])
                    try body(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
                    start = end
                }
            }
        }
    }

    /// The first position of the id whose bytes are `id`, or nil. One hash and a probe.
    public func position(of id: UnsafeRawBufferPointer) -> Int? {
        position(of: id, hash: hasher.hash(id))
    }

    /// The first position of `id`, or nil. One hash of its UTF-8 bytes and a probe.
    public func position(of id: String) -> Int? {
        var id = id
        return id.withUTF8 { position(of: UnsafeRawBufferPointer($0)) }
    }

    /// The first position of `id`, whose hash by this table's hasher is `hash`. O(length)
    /// expected; a probe reads buckets in a row and compares bytes only when tags agree.
    public func position(of id: UnsafeRawBufferPointer, hash: UInt64) -> Int? {
        guard !buckets.isEmpty else { return nil }
        return probe(id, hash: hash).found
    }

    // MARK: - Adding

    /// Appends `id` unless it is already there. Returns its first position and whether it is new.
    /// Amortised O(length): one hash, a probe, and a copy of the bytes when new.
    @discardableResult
    public mutating func insert(_ id: UnsafeRawBufferPointer) -> (position: Int, isNew: Bool) {
        insert(id, hash: hasher.hash(id))
    }

    /// `insert` of a string's UTF-8 bytes.
    @discardableResult
    public mutating func insert(_ id: String) -> (position: Int, isNew: Bool) {
        var id = id
        return id.withUTF8 { insert(UnsafeRawBufferPointer($0)) }
    }

    /// `insert` with the id's hash already known (by this table's hasher).
    @discardableResult
    public mutating func insert(_ id: UnsafeRawBufferPointer, hash: UInt64) -> (position: Int, isNew: Bool) {
        // Grown first, so that the probe that misses also finds the bucket to fill.
        if (indexedCount + 1) * 4 > buckets.count * 3 {
            rehash(bucketCount: Self.bucketCount(for: indexedCount + 1))
        }
        let probed = probe(id, hash: hash)
        if let known = probed.found { return (known, false) }
        let position = appendBytes(id)
        buckets[probed.empty] = (hash >> 32) << 32 | UInt64(position + 1)
        indexedCount += 1
        return (position, true)
    }

    /// Inserts `ids`, whose hashes are known, in order, as `insert(_:hash:)` would one at a
    /// time, stopping at the first that is already there: returns its index in the batch and
    /// its position.
    ///
    /// The batch's bytes are stored first, in one go (an array append an id costs more than
    /// the copy), then each id is probed for in place, a repeat within the batch included,
    /// and the storage is cut back to the ids before a repeat. The bucket each probe starts
    /// at is loaded for the whole batch before anything is placed: in a table of millions of
    /// ids nearly every probe misses the cache, and the misses of a batch then overlap
    /// instead of coming one after another. O(bytes) expected.
    public mutating func insert(
        batchOf ids: UnsafeBufferPointer<UnsafeRawBufferPointer>, hashes: UnsafeBufferPointer<UInt64>
    ) -> (index: Int, position: Int)? {
        let count = ids.count
        precondition(hashes.count >= count, "a hash for every id")
        let needed = Self.bucketCount(for: indexedCount + count)
        if needed > buckets.count { rehash(bucketCount: needed) }
        let first = ends.count
        let firstByte = bytes.count
        appendBytes(of: ids)
        let mask = buckets.count - 1
        let firstBuckets = homeBuckets(of: hashes, count: count, mask: mask)
        let repeated: (index: Int, position: Int)? = bytes.withUnsafeBytes { bytes in
            ends.withUnsafeBufferPointer { ends in
                buckets.withUnsafeMutableBufferPointer { buckets in
                    let handle = UnsafeHandle(bytes: bytes, ends: ends, buckets: UnsafeBufferPointer(buckets))
                    for index in 0..<count {
                        let hash = hashes[index]
                        let home = Self.home(hash, mask)
                        var bucket = home
                        // Nothing was at the start of the probe, nor has been put there since:
                        // new. Otherwise the probe decides (the batch's earlier ids included).
                        if firstBuckets[index] != 0 || buckets[home] != 0 {
                            let probed = handle.probe(handle.id(at: first + index), hash: hash)
                            if let known = probed.found { return (index, known) }
                            bucket = probed.empty
                        }
                        buckets[bucket] = (hash >> 32) << 32 | UInt64(first + index + 1)
                    }
                    return nil
                }
            }
        }
        let inserted = repeated?.index ?? count
        indexedCount += inserted
        if inserted < count {
            bytes.removeSubrange((inserted == 0 ? firstByte : Int(ends[first + inserted - 1]))...)
            ends.removeSubrange((first + inserted)...)
        }
        return repeated
    }

    /// Appends `id` even when it is already there; a repeat is kept in order but not indexed.
    /// Returns its position and, for a repeat, the first position of the same id.
    @discardableResult
    public mutating func appendAllowingDuplicate(_ id: UnsafeRawBufferPointer) -> (position: Int, earlier: Int?) {
        let hash = hasher.hash(id)
        if let earlier = position(of: id, hash: hash) {
            let position = appendBytes(id)
            duplicateCount += 1
            if firstDuplicate == nil { firstDuplicate = (earlier, position) }
            return (position, earlier)
        }
        let position = appendBytes(id)
        index(position, hash: hash)
        return (position, nil)
    }

    /// `appendAllowingDuplicate` of a string's UTF-8 bytes.
    @discardableResult
    public mutating func appendAllowingDuplicate(_ id: String) -> (position: Int, earlier: Int?) {
        var id = id
        return id.withUTF8 { appendAllowingDuplicate(UnsafeRawBufferPointer($0)) }
    }

    /// Appends `count` positions that name nothing (empty, never found): places kept for ids a
    /// reader lost, so that the positions after them keep their numbers. O(count).
    public mutating func appendUnnamed(_ count: Int) {
        precondition(ends.count + count < Int(UInt32.max), "too many positions")
        ends.append(contentsOf: repeatElement(UInt32(bytes.count), count: count))
    }

    /// A table of ids already laid out back to back in `bytes` (id `i` ending at `ends[i]`),
    /// taking that storage as its own and leaving `bytes` empty: for a reader that decoded
    /// the ids in place, so that they are never copied. Hashes each id once; a repeat is kept
    /// and reported as by `appendAllowingDuplicate`. O(bytes).
    ///
    /// - Precondition: `ends` never decreases and its last element is at most `bytes.count`;
    ///   `bytes` beyond it is dropped (its capacity is kept).
    public init(takingConcatenated bytes: inout [UInt8], ends: [UInt32], hasher: PhotoIDHasher = .process) {
        let byteCount = ends.last.map(Int.init) ?? 0
        precondition(byteCount <= bytes.count, "the ids end past their bytes")
        self.hasher = hasher
        swap(&self.bytes, &bytes)
        self.bytes.removeSubrange(byteCount...)
        self.ends = ends
        rehash(bucketCount: Self.bucketCount(for: ends.count))
        var start = 0
        for current in 0..<ends.count {
            let end = Int(ends[current])
            precondition(end >= start, "ends must not decrease")
            longestByteCount = Swift.max(longestByteCount, end - start)
            let (hash, earlier) = hashAndFirstPosition(ofStoredBytesIn: start..<end)
            if let earlier {
                duplicateCount += 1
                if firstDuplicate == nil { firstDuplicate = (earlier, current) }
            } else {
                index(current, hash: hash)
            }
            start = end
        }
    }

    // MARK: - Storage

    /// Appends the bytes of `ids`, with one array append for all of them and one copy an id.
    /// O(bytes).
    private mutating func appendBytes(of ids: UnsafeBufferPointer<UnsafeRawBufferPointer>) {
        var total = 0
        var longest = longestByteCount
        for id in ids {
            total += id.count
            longest = Swift.max(longest, id.count)
        }
        precondition(bytes.count + total <= Self.maximumByteCount, "more than \(Self.maximumByteCount) bytes of ids")
        precondition(ends.count + ids.count < Int(UInt32.max) - 1, "too many positions")
        longestByteCount = longest
        let first = ends.count
        var end = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: total))
        ends.append(contentsOf: repeatElement(0, count: ids.count))
        bytes.withUnsafeMutableBytes { storage in
            ends.withUnsafeMutableBufferPointer { ends in
                for (index, id) in ids.enumerated() {
                    if let source = id.baseAddress {
                        (storage.baseAddress! + end).copyMemory(from: source, byteCount: id.count)
                    }
                    end += id.count
                    ends[first + index] = UInt32(end)
                }
            }
        }
    }

    private mutating func appendBytes(_ id: UnsafeRawBufferPointer) -> Int {
        precondition(bytes.count + id.count <= Self.maximumByteCount, "more than \(Self.maximumByteCount) bytes of ids")
        precondition(ends.count < Int(UInt32.max) - 1, "too many positions")
        // As typed bytes, which an array copies with one `memcpy`, where raw ones are copied
        // through the generic sequence path a byte at a time.
        bytes.append(contentsOf: id.bindMemory(to: UInt8.self))
        ends.append(UInt32(bytes.count))
        longestByteCount = Swift.max(longestByteCount, id.count)
        return ends.count - 1
    }

    /// Puts `position` in the index, growing it first when it would pass 3/4 full.
    private mutating func index(_ position: Int, hash: UInt64) {
        if (indexedCount + 1) * 4 > buckets.count * 3 {
            rehash(bucketCount: Self.bucketCount(for: indexedCount + 1))
        }
        Self.place(position, hash: hash, in: &buckets)
        indexedCount += 1
    }

    /// The bucket a probe for `hash` starts at: from the hash's high half, the tag a bucket
    /// keeps, so that a growing index can place a bucket without its id. (Past 2^32 buckets
    /// the top ones are never a home, which only lengthens probes.)
    @inline(__always)
    static func home(_ hash: UInt64, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: hash >> 32) & mask
    }

    /// The power of two that keeps `count` ids at most 3/4 full (at least 16).
    private static func bucketCount(for count: Int) -> Int {
        var buckets = 16
        while count * 4 > buckets * 3 { buckets *= 2 }
        return buckets
    }

    /// Rebuilds the index with `bucketCount` buckets from the tags alone, which
    /// `reserveCapacity` spares readers that know their count. O(buckets), reading no bytes.
    private mutating func rehash(bucketCount: Int) {
        var fresh = Self.emptyBuckets(bucketCount)
        if indexedCount > 0 {
            // An id is indexed when its bucket names its own position, which is the first
            // position with its bytes: walk the old buckets rather than the positions.
            // A bucket's tag is the hash's high half, which is also where its home comes from,
            // so the bucket moves as it is: no id's bytes are read or hashed again.
            for bucket in buckets where bucket != 0 {
                let position = Int(truncatingIfNeeded: bucket & 0xFFFF_FFFF) - 1
                Self.place(position, hash: bucket, in: &fresh)
            }
        }
        buckets = fresh
    }

    /// Grows `array` to hold at least `capacity` elements; large storage is asked for huge
    /// pages (see `HugePages`) before it is first written, which for hundreds of megabytes of
    /// ids saves most of the page faults of filling it.
    private static func reserve<Element>(_ array: inout [Element], _ capacity: Int) {
        guard capacity > array.capacity else { return }
        var fresh: [Element] = HugePages.emptyArray(capacity: capacity)
        fresh.append(contentsOf: array)
        array = fresh
    }

    /// `count` empty buckets, on huge pages where the system allows (see `HugePages`).
    private static func emptyBuckets(_ count: Int) -> [UInt64] {
        HugePages.array(repeating: 0, count: count)
    }
}

extension PhotoIDTable: RandomAccessCollection {
    public var startIndex: Int { 0 }
    public var endIndex: Int { ends.count }
}

extension PhotoIDTable: ExpressibleByArrayLiteral {
    public init(arrayLiteral ids: String...) {
        self.init(ids)
    }
}

extension PhotoIDTable: Hashable {
    /// Two tables are equal when they hold the same ids in the same order; the hasher and
    /// the index layout do not count. O(bytes).
    public static func == (lhs: PhotoIDTable, rhs: PhotoIDTable) -> Bool {
        lhs.ends == rhs.ends && lhs.bytes == rhs.bytes
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ends.count)
        withStoredBytes(in: 0..<bytes.count) { hasher.combine(bytes: $0) }
    }
}

extension PhotoIDTable: CustomStringConvertible {
    public var description: String { Array(self).description }
}
