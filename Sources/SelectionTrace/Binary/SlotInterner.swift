@_spi(GridSimInternals) import SelectionCore
import SelectionSlots

/// The encoder's interner: the slots `SlotTable` hands out, numbered exactly as it numbers
/// them (a grid given by count owns slots `0 ..< N` for `"1"` … `"N"`; every other id takes
/// the next slot when first met), kept as a `PhotoIDTable` of the ids' bytes rather than a
/// dictionary of strings: one seeded hash of the bytes and one probe walk per id. Ids like
/// `s17`, which a library change inserts by the million, skip even that (`NumberedIDIndex`).
///
/// The encoder never needs an id back from its slot (an id is defined the moment it is
/// met). O(id length) expected per id.
struct SlotInterner: Sendable {
    let countedPrefix: Int
    private var explicit = PhotoIDTable()
    /// Ids like `s17`, for a grid given by count, whose positions in `explicit` are kept
    /// unnamed; nil for a listed grid, whose table may already hold such ids.
    private var numbered: NumberedIDIndex?
    /// Positions of numbered ids not yet appended to `explicit`: appended in one go when the
    /// table next takes an id, where one at a time costs more than the index saves.
    private var unnamedPending = 0
    /// Slots handed out by `handOut(definedElsewhere:)` to ids this interner never saw: after
    /// one, only a writer that holds slots may use it.
    private var unseenSlots = 0

    init(countedPhotos: Int) {
        countedPrefix = countedPhotos
        numbered = NumberedIDIndex()
    }

    /// Slots `0 ..< ids.count` for a header's explicit list, shared, not copied.
    ///
    /// - Precondition: `ids` has no duplicates.
    init(listed ids: PhotoIDTable) {
        countedPrefix = 0
        explicit = ids
    }

    /// Slots handed out so far.
    var count: Int { countedPrefix + explicit.count + unnamedPending + unseenSlots }

    /// Hands out the next `newIDs` slots to ids the caller knows are new, without keeping
    /// them: a writer that holds slots needs no table of ids, and adding to a listed grid's
    /// table would copy the whole of it (the header shares it). O(1).
    ///
    /// - Precondition: the ids are new and distinct; nothing is interned by id afterwards.
    mutating func handOut(definedElsewhere newIDs: Int) {
        precondition(count + newIDs <= SlotTable.maximumCount, "no slot left for \(newIDs) new ids")
        unseenSlots += newIDs
    }

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
        precondition(unseenSlots == 0, "an id interned after slots were handed out unseen")
        if let number = numbered?.number(of: bytes) {
            if let slot = numbered!.slot(ofNumber: number) { return (slot, false) }
            precondition(count < SlotTable.maximumCount, "no slot left for \(String(decoding: bytes, as: UTF8.self))")
            let slot = PhotoSlot(count)
            unnamedPending += 1
            numbered!.set(slot, forNumber: number)
            return (slot, true)
        }
        precondition(count < SlotTable.maximumCount, "no slot left for \(String(decoding: bytes, as: UTF8.self))")
        if unnamedPending > 0 {
            explicit.appendUnnamed(unnamedPending)
            unnamedPending = 0
        }
        let (position, isNew) = explicit.insert(bytes)
        return (PhotoSlot(countedPrefix + position), isNew)
    }
}
