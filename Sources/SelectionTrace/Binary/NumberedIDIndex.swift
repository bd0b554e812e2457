@_spi(GridSimInternals) import SelectionCore
import SelectionSlots

/// The slots of ids that are one ASCII letter and a number (`s1`, `s2`, … as a library
/// change names the photos it inserts), kept in an array indexed by the number instead of a
/// hash table of the ids' bytes: no hash, no probe, no copy of the bytes, 4 bytes an id.
///
/// Which ids it holds is fixed by the id alone, so that an id is always looked up in the
/// same place: the letter is the first such id's, and the number is written as `String(_:)`
/// writes it (no sign, no leading zero: `s01` is another id) and is below
/// `maximumNumber`, which bounds the array at 32 MB whatever a trace holds. Every other id
/// is the caller's to keep. O(id length) a lookup, amortised O(1) an insertion.
struct NumberedIDIndex: Sendable {
    /// Numbers at or above this are left to the caller.
    static let maximumNumber = 1 << 23
    /// The letter of the ids held, once one is met.
    private(set) var letter: UInt8?
    /// For each number, its id's slot plus 1; 0 for an id not met.
    private var slots: [UInt32] = []

    /// The number of the id with these bytes if it is one this index holds (the first such
    /// id chooses the letter), else nil. The spelling rules are `NumberedID`'s; this index
    /// takes only its one-letter prefixes.
    @inline(__always)
    mutating func number(of bytes: UnsafeRawBufferPointer) -> Int? {
        guard bytes.count >= 2, bytes.count <= 8, let id = NumberedID.parse(bytes),
            id.prefix >> 56 == 1, Int(id.number) < Self.maximumNumber
        else { return nil }
        let first = UInt8(truncatingIfNeeded: id.prefix)
        guard (first | 0x20) >= UInt8(ascii: "a"), (first | 0x20) <= UInt8(ascii: "z") else { return nil }
        guard letter == nil || letter == first else { return nil }
        letter = first
        return Int(id.number)
    }

    /// The slot of the id numbered `number`, if it was met.
    @inline(__always)
    func slot(ofNumber number: Int) -> PhotoSlot? {
        guard number < slots.count else { return nil }
        let stored = slots[number]
        return stored == 0 ? nil : PhotoSlot(Int(stored) - 1)
    }

    /// Notes that the id numbered `number` has `slot`.
    mutating func set(_ slot: PhotoSlot, forNumber number: Int) {
        if number >= slots.count {
            let grown = Swift.min(Swift.max(number + 1, slots.count * 2, 1024), Self.maximumNumber)
            slots.append(contentsOf: repeatElement(0, count: grown - slots.count))
        }
        slots[number] = UInt32(slot.index + 1)
    }
}
