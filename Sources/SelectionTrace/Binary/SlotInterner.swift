import SelectionCore

/// The encoder's interner: the slots `SlotTable` hands out, numbered exactly as it numbers
/// them (a grid given by count owns slots `0 ..< N` for `"1"` … `"N"`; every other id takes
/// the next slot when first met), kept as an index of the ids' bytes rather than a
/// dictionary of strings: one seeded hash of the bytes and, for a new id, an append.
///
/// The encoder never needs an id back from its slot (an id is defined the moment it is
/// met), so nothing else is stored. O(id length) expected per id.
struct SlotInterner: Sendable {
    let countedPrefix: Int
    private var explicit = DefinedIDIndex()

    init(countedPhotos: Int) {
        countedPrefix = countedPhotos
    }

    /// Slots handed out so far.
    var count: Int { countedPrefix + explicit.count }

    /// The slot of `id`, handing out the next one when the id is new.
    @inline(__always)
    mutating func intern(_ id: PhotoID) -> (slot: PhotoSlot, isNew: Bool) {
        var utf8ID = id
        return utf8ID.withUTF8 { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            if let counted = DefinedIDIndex.countedSlot(bytes, countedPrefix: countedPrefix) {
                return (PhotoSlot(rawValue: counted), false)
            }
            precondition(count < SlotTable.maximumCount, "no slot left for \(id)")
            let (slot, isNew) = explicit.slotOrInsert(bytes, slot: UInt32(truncatingIfNeeded: count))
            return (PhotoSlot(rawValue: slot), isNew)
        }
    }
}
