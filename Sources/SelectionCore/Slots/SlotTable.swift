/// The interner between photo ids (strings at the edge) and dense `PhotoSlot`s (inside).
///
/// Slots are handed out in order, 0, 1, 2, …, once per id, and never reused in a session:
/// a photo that leaves the grid keeps its slot, and if the same id comes back it gets the
/// same slot again. Interning belongs to the codec; the reducer only sees slots.
///
/// A grid given by count N (ids `"1"` … `"N"`) is stored as a *counted prefix*: slot `i`
/// means `String(i + 1)` for `i < N`, computed when asked, so ten million photos cost no
/// memory here at all. Every other id (an explicit list, or a later insertion) is kept in
/// a dictionary (id → slot) and an array (slot → id).
public struct SlotTable: Sendable {
    /// Slots `0 ..< countedPrefix` stand for the ids `"1"` … `"countedPrefix"`.
    public let countedPrefix: Int
    /// The ids of slots `countedPrefix...`, in slot order.
    private var explicitIDs: [PhotoID] = []
    /// The slots of `explicitIDs`. Never holds an id that the counted prefix covers.
    private var explicitSlots: [PhotoID: PhotoSlot] = [:]

    /// The most slots one table can hand out: slots are 32-bit.
    public static let maximumCount = Int(UInt32.max) + 1

    /// An empty table.
    public init() {
        countedPrefix = 0
    }

    /// The table of a grid given by count: slot `i` is the id `String(i + 1)`.
    ///
    /// O(1) time and memory: no string is built.
    public init(countedPhotos count: Int) {
        precondition(count >= 0 && count <= SlotTable.maximumCount, "photo count \(count) out of range")
        countedPrefix = count
    }

    /// The table of a grid's photo list: a counted prefix for `.count`, interned ids for `.ids`.
    ///
    /// Duplicated ids share a slot; whether a list may have duplicates is the caller's rule.
    public init(photos: PhotoList) {
        switch photos {
        case .count(let n):
            self.init(countedPhotos: max(0, n))
        case .ids(let ids):
            self.init()
            explicitIDs.reserveCapacity(ids.count)
            explicitSlots.reserveCapacity(ids.count)
            for id in ids { intern(id) }
        }
    }

    /// How many slots have been handed out; every slot below it means an id.
    public var count: Int { countedPrefix + explicitIDs.count }

    /// The slot of `id`, or nil when it was never interned.
    ///
    /// O(length of id) for a counted id, one hash lookup otherwise.
    public func slot(for id: PhotoID) -> PhotoSlot? {
        if let counted = countedSlot(for: id) { return counted }
        return explicitSlots[id]
    }

    /// The slot of `id`, handing out the next one when the id is new.
    ///
    /// Amortised O(1) plus hashing the id; a new id costs one dictionary and one array append.
    @discardableResult
    public mutating func intern(_ id: PhotoID) -> (slot: PhotoSlot, isNew: Bool) {
        if let counted = countedSlot(for: id) { return (counted, false) }
        if let known = explicitSlots[id] { return (known, false) }
        precondition(count < SlotTable.maximumCount, "no slot left for \(id)")
        let slot = PhotoSlot(count)
        explicitSlots[id] = slot
        explicitIDs.append(id)
        return (slot, true)
    }

    /// The id of a slot that this table handed out.
    ///
    /// O(1); a counted slot renders its decimal id, which for up to 15 digits needs no
    /// allocation (Swift stores such small strings inline).
    public func id(for slot: PhotoSlot) -> PhotoID {
        let index = slot.index
        if index < countedPrefix { return String(index + 1) }
        precondition(index < count, "slot \(slot.rawValue) was never handed out")
        return explicitIDs[index - countedPrefix]
    }

    /// The ids of `slots`, in the same order.
    public func ids(for slots: some Sequence<PhotoSlot>) -> [PhotoID] {
        slots.map { id(for: $0) }
    }

    /// The slot of `id` when it is one of `"1"` … `"countedPrefix"` exactly as `String(_:)`
    /// writes it: no sign, no leading zero. `"01"` or `"+1"` are other ids.
    private func countedSlot(for id: PhotoID) -> PhotoSlot? {
        guard countedPrefix > 0 else { return nil }
        var value = 0
        var digits = 0
        for byte in id.utf8 {
            let digit = Int(byte) &- 48  // "0"
            guard digit >= 0 && digit <= 9 else { return nil }
            if digits == 0 && digit == 0 { return nil }
            digits += 1
            // A counted prefix has at most 10 digits (2^32); anything longer is not counted.
            guard digits <= 10 else { return nil }
            value = value * 10 + digit
        }
        guard digits > 0 && value <= countedPrefix else { return nil }
        return PhotoSlot(value - 1)
    }
}
