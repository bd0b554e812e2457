/// The ids a binary trace has defined, as bytes: for a reader that does not keep ids as
/// strings (a pass that only counts, as `gridsim inspect` makes) but must still refuse an id
/// defined twice. Answers "which slot has these bytes?" with one hash of the bytes and no
/// `String` made.
///
/// An open-addressing table (linear probing, at most half full) of entry numbers tagged with
/// their hash's high bits, over one arena holding every id's bytes. Memory: the ids' bytes
/// plus about 30 bytes an id. Lookup and insertion O(id length) expected. The hash is seeded
/// per process, so a hostile trace cannot be crafted to collide.
///
/// A record's ids are looked up as a batch (`stage`, then `lookUpStaged`): the table is
/// larger than the caches, and touching every bucket of the batch first lets the processor
/// wait for many of them at once instead of one after another.
///
/// Sendable: the staged views are read only within the batch that staged them.
struct DefinedIDIndex: @unchecked Sendable {
    /// Every id's bytes, back to back; entry `i` ends at `ends[i]`.
    private var arena: [UInt8] = []
    private var ends: [Int] = []
    private var slots: [UInt32] = []
    /// Per bucket: 0 when empty, else the entry number + 1 in the low 32 bits and the hash's
    /// high 32 bits above. An id's home bucket is its hash's top `bucketBits` bits, so the
    /// table can grow from these words alone, in order: no id is hashed again.
    private var table: [UInt64] = Array(repeating: 0, count: 1 << 10)
    private var bucketBits = 10

    private static let seed: UInt64 = {
        var random = SystemRandomNumberGenerator()
        return random.next() | 1
    }()

    /// How many ids are held.
    var count: Int { ends.count }

    /// The ids of the batch being checked, and their hashes.
    private(set) var staged: [UnsafeRawBufferPointer] = []
    private var stagedHashes: [UInt64] = []

    /// Starts a batch; the bytes staged must stay valid until it is done.
    mutating func beginBatch() {
        staged.removeAll(keepingCapacity: true)
        stagedHashes.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    mutating func stage(_ bytes: UnsafeRawBufferPointer) {
        staged.append(bytes)
        stagedHashes.append(Self.hash(bytes))
    }

    /// Loads the bucket of every staged id, so that the lookups after find them in cache.
    mutating func touchStaged() {
        if (ends.count + staged.count) * 2 > table.count { grow(toHold: ends.count + staged.count) }
        var folded: UInt64 = 0
        for hash in stagedHashes { folded ^= table[home(hash)] }
        touched = folded
    }

    /// Kept so that the loads of `touchStaged` are not optimised away.
    private var touched: UInt64 = 0

    /// The slot of staged id `position`, if it is held.
    @inline(__always)
    func slotOfStaged(_ position: Int) -> UInt32? {
        slot(for: staged[position], hash: stagedHashes[position])
    }

    /// Adds staged id `position`, which is not held yet.
    @inline(__always)
    mutating func insertStaged(_ position: Int, slot: UInt32) {
        insert(staged[position], hash: stagedHashes[position], slot: slot)
    }

    /// The slot of the id spelt `bytes`, if it is held.
    @inline(__always)
    func slot(for bytes: UnsafeRawBufferPointer) -> UInt32? {
        slot(for: bytes, hash: Self.hash(bytes))
    }

    @inline(__always)
    private func slot(for bytes: UnsafeRawBufferPointer, hash: UInt64) -> UInt32? {
        let mask = table.count - 1
        var bucket = home(hash)
        let tag = hash >> 32
        while true {
            let word = table[bucket]
            if word == 0 { return nil }
            if word >> 32 == tag {
                let entry = Int(word & 0xFFFF_FFFF) - 1
                if matches(entry, bytes) { return slots[entry] }
            }
            bucket = (bucket + 1) & mask
        }
    }

    /// The slot of the id spelt `bytes` if it is held (`isNew` false); else adds it with
    /// `slot` (`isNew` true). One hash.
    @inline(__always)
    mutating func slotOrInsert(_ bytes: UnsafeRawBufferPointer, slot: UInt32) -> (slot: UInt32, isNew: Bool) {
        let hash = Self.hash(bytes)
        if let known = self.slot(for: bytes, hash: hash) { return (known, false) }
        insert(bytes, hash: hash, slot: slot)
        return (slot, true)
    }

    /// The slot of `bytes` when they spell one of the counted ids `"1"` … `"countedPrefix"`
    /// exactly as `String(_:)` writes it (no sign, no leading zero): `SlotTable`'s rule.
    @inline(__always)
    static func countedSlot(_ bytes: UnsafeRawBufferPointer, countedPrefix: Int) -> UInt32? {
        guard countedPrefix > 0, !bytes.isEmpty, bytes.count <= 10, bytes[0] != UInt8(ascii: "0") else { return nil }
        var value = 0
        for byte in bytes {
            let digit = Int(byte) &- 48
            guard digit >= 0 && digit <= 9 else { return nil }
            value = value * 10 + digit
        }
        return value <= countedPrefix ? UInt32(value - 1) : nil
    }

    /// Adds an id that is not held yet.
    mutating func insert(_ bytes: UnsafeRawBufferPointer, slot: UInt32) {
        insert(bytes, hash: Self.hash(bytes), slot: slot)
    }

    @inline(__always)
    private mutating func insert(_ bytes: UnsafeRawBufferPointer, hash: UInt64, slot: UInt32) {
        if (ends.count + 1) * 2 > table.count { grow(toHold: ends.count + 1) }
        arena.append(contentsOf: bytes)
        ends.append(arena.count)
        slots.append(slot)
        place(entry: ends.count - 1, hash: hash)
    }

    /// Forgets the ids added last, down to `count` held: for a record found bad part way.
    /// O(ids held): rare (damage only).
    mutating func truncate(to count: Int) {
        guard count < ends.count else { return }
        arena.removeSubrange((count == 0 ? 0 : ends[count - 1])...)
        ends.removeSubrange(count...)
        slots.removeSubrange(count...)
        rebuild(bucketBits: bucketBits, keeping: count)
    }

    private func matches(_ entry: Int, _ bytes: UnsafeRawBufferPointer) -> Bool {
        let start = entry == 0 ? 0 : ends[entry - 1]
        guard ends[entry] - start == bytes.count else { return false }
        return arena.withUnsafeBytes { stored in
            bytes.count == 0 || memoryEquals(stored.baseAddress! + start, bytes.baseAddress!, bytes.count)
        }
    }

    /// The home bucket of `hash`: its top bits.
    @inline(__always)
    private func home(_ hash: UInt64) -> Int {
        Int(truncatingIfNeeded: hash >> UInt64(64 - bucketBits))
    }

    private mutating func place(entry: Int, hash: UInt64) {
        place(word: (hash >> 32) << 32 | UInt64(entry + 1))
    }

    @inline(__always)
    private mutating func place(word: UInt64) {
        let mask = table.count - 1
        var bucket = Int(truncatingIfNeeded: (word >> 32) >> UInt64(32 - bucketBits))
        while table[bucket] != 0 { bucket = (bucket + 1) & mask }
        table[bucket] = word
    }

    private mutating func grow(toHold count: Int) {
        var bits = bucketBits + 1
        while count * 2 > 1 << bits { bits += 1 }
        rebuild(bucketBits: bits, keeping: ends.count)
    }

    /// A table of `1 << bucketBits` buckets holding the entries below `kept`, placed from
    /// the old table's words in bucket order, so that the writes run nearly in order too.
    /// O(buckets).
    private mutating func rebuild(bucketBits bits: Int, keeping kept: Int) {
        precondition(bits <= 32, "an index of ids holds at most 2^31 of them")
        let old = table
        table = Array(repeating: 0, count: 1 << bits)
        bucketBits = bits
        // An entry displaced past the end of the old table wrapped to its start: place the
        // words from the first empty bucket on, so that each lands after those before it.
        let start = old.firstIndex(of: 0) ?? 0
        for offset in 0..<old.count {
            let word = old[(start + offset) & (old.count - 1)]
            if word != 0 && Int(word & 0xFFFF_FFFF) <= kept { place(word: word) }
        }
    }

    /// A 64-bit hash of `bytes`: eight bytes at a time, multiplied and folded (the mixing of
    /// SplitMix64's finaliser), seeded.
    @inline(__always)
    private static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var h = seed ^ (UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15)
        var position = 0
        while bytes.count - position >= 8 {
            h = (h ^ bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 31
            position += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while position < bytes.count {
            tail |= UInt64(bytes[position]) << shift
            shift += 8
            position += 1
        }
        h = (h ^ tail) &* 0x94D0_49BB_1331_11EB
        h ^= h >> 29
        h = h &* 0xBF58_476D_1CE4_E5B9
        return h ^ (h >> 32)
    }
}

/// Whether `count` bytes at `a` and `b` are equal.
@inline(__always)
private func memoryEquals(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Bool {
    var position = 0
    while count - position >= 8 {
        if a.loadUnaligned(fromByteOffset: position, as: UInt64.self)
            != b.loadUnaligned(fromByteOffset: position, as: UInt64.self)
        {
            return false
        }
        position += 8
    }
    while position < count {
        if a.load(fromByteOffset: position, as: UInt8.self) != b.load(fromByteOffset: position, as: UInt8.self) {
            return false
        }
        position += 1
    }
    return true
}
