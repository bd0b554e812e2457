import SelectionCore

/// The encoder's interner: the slots `SlotTable` hands out, numbered exactly as it numbers
/// them (a grid given by count owns slots `0 ..< N` for `"1"` … `"N"`; every other id takes
/// the next slot when first met), kept as a `PhotoIDTable` of the ids' bytes rather than a
/// dictionary of strings: one seeded hash of the bytes and one probe walk per id.
///
/// The encoder never needs an id back from its slot (an id is defined the moment it is
/// met). O(id length) expected per id.
struct SlotInterner: Sendable {
    let countedPrefix: Int
    private var explicit = PhotoIDTable()

    init(countedPhotos: Int) {
        countedPrefix = countedPhotos
    }

    /// Slots `0 ..< ids.count` for a header's explicit list, shared, not copied.
    ///
    /// - Precondition: `ids` has no duplicates.
    init(listed ids: PhotoIDTable) {
        countedPrefix = 0
        explicit = ids
    }

    /// Slots handed out so far.
    var count: Int { countedPrefix + explicit.count }

    /// The slot of `id`, handing out the next one when the id is new.
    @inline(__always)
    mutating func intern(_ id: PhotoID) -> (slot: PhotoSlot, isNew: Bool) {
        var utf8ID = id
        return utf8ID.withUTF8 { utf8 in intern(bytes: UnsafeRawBufferPointer(utf8)) }
    }

    /// The slot of the id with these UTF-8 bytes, handing out the next one when it is new.
    @inline(__always)
    mutating func intern(bytes: UnsafeRawBufferPointer) -> (slot: PhotoSlot, isNew: Bool) {
        if let counted = CountedID.slot(ofBytes: bytes, countedPrefix: countedPrefix) { return (counted, false) }
        precondition(count < SlotTable.maximumCount, "no slot left for \(String(decoding: bytes, as: UTF8.self))")
        let (position, isNew) = explicit.insert(bytes)
        return (PhotoSlot(countedPrefix + position), isNew)
    }
}
