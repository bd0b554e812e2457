/// A photo's identity inside the fast engine: a dense index assigned by a `SlotTable`.
///
/// Photo ids are strings at the edge (traces, reports); inside they are slots, so that a
/// selection is a bitmap, the grid is a contiguous array of 4-byte values and a lookup is an
/// array index instead of a string hash. A slot is assigned once per session and never given
/// to another id, so a slot held by a snapshot always means the same photo.
///
/// "Slot order" (ascending slots) is the order in which ids were interned; it is not the
/// grid order, which `LiveSlots.order` holds.
public struct PhotoSlot: RawRepresentable, Hashable, Comparable, Sendable {
    public var rawValue: UInt32

    // Written out, and inlinable, so that other modules compare and hash slots without a call.
    @inlinable @inline(__always)
    public static func == (lhs: PhotoSlot, rhs: PhotoSlot) -> Bool {
        lhs.rawValue == rhs.rawValue
    }

    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawValue)
    }

    @inlinable @inline(__always)
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// The slot with the given index; it must fit in a `UInt32`.
    @inlinable @inline(__always)
    public init(_ index: Int) {
        rawValue = UInt32(index)
    }

    /// The slot as an array index.
    @inlinable @inline(__always)
    public var index: Int { Int(rawValue) }

    @inlinable @inline(__always)
    public static func < (lhs: PhotoSlot, rhs: PhotoSlot) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

extension PhotoSlot: ExpressibleByIntegerLiteral {
    @inlinable
    public init(integerLiteral value: UInt32) {
        rawValue = value
    }
}

extension PhotoSlot: CustomStringConvertible {
    public var description: String { "#\(rawValue)" }
}
