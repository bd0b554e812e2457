/// The interner between photo ids (strings at the edge) and dense `PhotoSlot`s (inside).
///
/// Slots are handed out in order, 0, 1, 2, …, once per id, and never reused in a session:
/// a photo that leaves the grid keeps its slot, and if the same id comes back it gets the
/// same slot again. Interning belongs to the codec; the reducer only sees slots.
///
/// A grid given by count N (ids `"1"` … `"N"`) is stored as a *counted prefix*: slot `i`
/// means `String(i + 1)` for `i < N`, computed when asked, so ten million photos cost no
/// memory here at all. A grid given by an id list without repeats takes that list's
/// `PhotoIDTable` as is, slot `i` its position `i`: the table a reader built, shared, never
/// hashed again nor copied. Ids interned later go to a second, small table of their own.
public struct SlotTable: Sendable {
    /// Slots `0 ..< countedPrefix` stand for the ids `"1"` … `"countedPrefix"`.
    public let countedPrefix: Int
    /// The grid's id list (slots `0 ..< listed.count`); empty for a counted grid. Never
    /// changed after `init`, so that it stays shared with the header it came from.
    private let listed: PhotoIDTable
    /// Ids interned after the grid was given, in slot order from `firstAddedSlot`.
    private var added: PhotoIDTable

    /// The most slots one table can hand out: slots are 32-bit.
    public static let maximumCount = Int(UInt32.max) + 1

    /// An empty table.
    public init() {
        countedPrefix = 0
        listed = PhotoIDTable()
        added = PhotoIDTable()
    }

    /// The table of a grid given by count: slot `i` is the id `String(i + 1)`.
    ///
    /// O(1) time and memory: no string is built.
    public init(countedPhotos count: Int) {
        precondition(count >= 0 && count <= SlotTable.maximumCount, "photo count \(count) out of range")
        countedPrefix = count
        listed = PhotoIDTable()
        added = PhotoIDTable()
    }

    /// The table of a grid's photo list: a counted prefix for `.count`, the list's own table
    /// for `.ids`.
    ///
    /// O(1) for a list without repeats (a reader's, whose table is taken as is). A list with
    /// repeats, which only code builds, is interned again: repeated ids share a slot, and
    /// whether a list may have them is the caller's rule.
    public init(photos: PhotoList) {
        switch photos {
        case .count(let n):
            self.init(countedPhotos: max(0, n))
        case .ids(let ids) where !ids.hasDuplicates:
            self.init(listed: ids)
        case .ids(let ids):
            var unique = PhotoIDTable(hasher: ids.hasher)
            unique.reserveCapacity(ids.count - ids.duplicateCount, bytes: ids.byteCount)
            for position in ids.indices { ids.withBytes(at: position) { _ = unique.insert($0) } }
            self.init(listed: unique)
        }
    }

    private init(listed: PhotoIDTable) {
        countedPrefix = 0
        self.listed = listed
        added = PhotoIDTable(hasher: listed.hasher)
    }

    /// How many slots have been handed out; every slot below it means an id.
    public var count: Int { firstAddedSlot + added.count }

    /// The first slot of an id interned after the grid was given.
    private var firstAddedSlot: Int { countedPrefix + listed.count }

    /// The slot of `id`, or nil when it was never interned.
    ///
    /// O(length of id) for a counted id, one hash and up to two probes otherwise.
    public func slot(for id: String) -> PhotoSlot? {
        if let counted = countedSlot(for: id) { return counted }
        var contiguous = id
        return contiguous.withUTF8 { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            return slot(forBytes: bytes, hash: listed.hasher.hash(bytes))
        }
    }

    /// The slot of the explicit id with these bytes and this hash (by `listed.hasher`).
    private func slot(forBytes id: UnsafeRawBufferPointer, hash: UInt64) -> PhotoSlot? {
        if let position = listed.position(of: id, hash: hash) { return PhotoSlot(position) }
        if let position = added.position(of: id, hash: hash) { return PhotoSlot(firstAddedSlot + position) }
        return nil
    }

    /// The slot of `id`, handing out the next one when the id is new.
    ///
    /// Amortised O(length of id): one hash, up to two probes, and for a new id one append of
    /// its bytes.
    @discardableResult
    public mutating func intern(_ id: String) -> (slot: PhotoSlot, isNew: Bool) {
        if let counted = countedSlot(for: id) { return (counted, false) }
        var contiguous = id
        return contiguous.withUTF8 { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            let hash = listed.hasher.hash(bytes)
            if let position = listed.position(of: bytes, hash: hash) { return (PhotoSlot(position), false) }
            precondition(count < SlotTable.maximumCount || added.position(of: bytes, hash: hash) != nil, "no slot left for \(id)")
            let (position, isNew) = added.insert(bytes, hash: hash)
            return (PhotoSlot(firstAddedSlot + position), isNew)
        }
    }

    /// The id of a slot that this table handed out.
    ///
    /// O(1) plus building the string; a counted slot renders its decimal id, which for up to
    /// 15 digits needs no allocation (Swift stores such small strings inline).
    public func id(for slot: PhotoSlot) -> String {
        let index = slot.index
        if index < countedPrefix { return String(index + 1) }
        precondition(index < count, "slot \(slot.rawValue) was never handed out")
        let explicit = index - countedPrefix
        return explicit < listed.count ? listed[explicit] : added[explicit - listed.count]
    }

    /// The ids of `slots`, in the same order. O(slots).
    ///
    /// Inlinable, so that another module's sequence becomes an array where it is known and
    /// the names come from `ids(for:)` of an array, compiled here with `id(for:)` inlined.
    @inlinable
    public func ids(for slots: some Sequence<PhotoSlot>) -> [String] {
        ids(for: Array(slots))
    }

    /// The ids of `slots`, in the same order. O(slots).
    public func ids(for slots: [PhotoSlot]) -> [String] {
        slots.map { id(for: $0) }
    }

    /// The slot of `id` when it is one of `"1"` … `"countedPrefix"` exactly as `String(_:)`
    /// writes it (see `CountedID`).
    private func countedSlot(for id: String) -> PhotoSlot? {
        guard countedPrefix > 0 else { return nil }
        var contiguous = id
        return contiguous.withUTF8 { CountedID.slot(ofBytes: UnsafeRawBufferPointer($0), countedPrefix: countedPrefix) }
    }
}
