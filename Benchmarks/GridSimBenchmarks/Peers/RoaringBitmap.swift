import CRoaring

/// CRoaring's compressed bitmap as a Swift value with copy-on-write, for the set-operation
/// peers. The C pointer lives in `RoaringStorage`; nothing else touches it.
struct RoaringBitmap {
    private var storage: RoaringStorage

    /// An empty bitmap.
    init() {
        storage = RoaringStorage(roaring_bitmap_create())
    }

    /// A bitmap of `slots`. O(slots · log).
    init<Slots: Sequence>(slots: Slots) where Slots.Element == Int {
        self.init()
        for slot in slots { roaring_bitmap_add(storage.pointer, UInt32(slot)) }
        roaring_bitmap_run_optimize(storage.pointer)
    }

    /// A bitmap of every slot in `0..<count`. O(count / 65536).
    init(range count: Int) {
        self.init()
        if count > 0 { roaring_bitmap_add_range_closed(storage.pointer, 0, UInt32(count - 1)) }
    }

    private init(adopting pointer: UnsafeMutablePointer<roaring_bitmap_t>) {
        storage = RoaringStorage(pointer)
    }

    /// Number of members. O(containers).
    var count: Int { Int(roaring_bitmap_get_cardinality(storage.pointer)) }

    func contains(_ slot: Int) -> Bool { roaring_bitmap_contains(storage.pointer, UInt32(slot)) }

    mutating func insert(_ slot: Int) {
        makeUnique()
        roaring_bitmap_add(storage.pointer, UInt32(slot))
    }

    mutating func remove(_ slot: Int) {
        makeUnique()
        roaring_bitmap_remove(storage.pointer, UInt32(slot))
    }

    /// Flips `slot` with add/remove; returns whether it is now a member.
    @discardableResult
    mutating func toggle(_ slot: Int) -> Bool {
        makeUnique()
        if roaring_bitmap_add_checked(storage.pointer, UInt32(slot)) { return true }
        roaring_bitmap_remove(storage.pointer, UInt32(slot))
        return false
    }

    mutating func removeAll() {
        storage = RoaringStorage(roaring_bitmap_create())
    }

    /// A deep copy (`roaring_bitmap_copy`).
    func copy() -> RoaringBitmap {
        RoaringBitmap(adopting: roaring_bitmap_copy(storage.pointer))
    }

    /// Keeps only members also in `other` (`roaring_bitmap_and_inplace`).
    mutating func formIntersection(_ other: RoaringBitmap) {
        makeUnique()
        roaring_bitmap_and_inplace(storage.pointer, other.storage.pointer)
    }

    /// Members of exactly one of the two (`roaring_bitmap_xor`), as a new bitmap.
    func symmetricDifference(_ other: RoaringBitmap) -> RoaringBitmap {
        RoaringBitmap(adopting: roaring_bitmap_xor(storage.pointer, other.storage.pointer))
    }

    /// The members, ascending. O(count).
    var slots: [Int] {
        var values = [UInt32](repeating: 0, count: count)
        values.withUnsafeMutableBufferPointer { buffer in
            if let base = buffer.baseAddress { roaring_bitmap_to_uint32_array(storage.pointer, base) }
        }
        return values.map { Int($0) }
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) {
            storage = RoaringStorage(roaring_bitmap_copy(storage.pointer))
        }
    }
}

/// Owns one `roaring_bitmap_t` and frees it.
private final class RoaringStorage {
    let pointer: UnsafeMutablePointer<roaring_bitmap_t>

    init(_ pointer: UnsafeMutablePointer<roaring_bitmap_t>?) {
        guard let pointer else { fatalError("CRoaring could not allocate a bitmap") }
        self.pointer = pointer
    }

    deinit { roaring_bitmap_free(pointer) }
}
