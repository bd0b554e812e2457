/// The records of a window file's ring.
///
/// The ring is an endless stream of bytes of which the file keeps the last `ringBytes`: a
/// *position* counts bytes since the file was made, and the byte at position `p` lies at ring
/// offset `p % ringBytes`. A record starts on a multiple of 8 and never wraps:
///
/// ```
/// [kind (2 bits) | length (30 bits), UInt32][event number, low 32 bits, UInt32][line … "\n"][to 8]
/// ```
///
/// - `event`: the event's trace line as `EventLine` writes it, newline included (`length`
///   bytes), copied into a window trace as it is.
/// - `pad`: the rest of the ring is unused; the next record starts at offset 0.
/// - `oversize`: an event whose line would not fit (`WindowLayout.maximumRecordBytes`) was
///   recorded here; the reducer took it from memory, and the window starts after it.
///
/// The event number in every record lets a reader tell a record of this lap from a stale one
/// of an earlier lap, and a torn file from a whole one.
enum RingRecord {
    static let headerBytes = 8
    static let kindShift: UInt32 = 30
    static let lengthMask: UInt32 = (1 << 30) - 1

    enum Kind: UInt32 {
        case event = 0, pad = 1, oversize = 2
    }

    /// The ring bytes a record of a `lineBytes`-byte line takes.
    @inline(__always)
    static func space(lineBytes: Int) -> Int { (headerBytes &+ lineBytes &+ 7) & ~7 }

    @inline(__always)
    static func writeHeader(at record: UnsafeMutableRawPointer, kind: Kind, length: Int, event: UInt64) {
        record.storeBytes(of: kind.rawValue << kindShift | UInt32(truncatingIfNeeded: length), as: UInt32.self)
        record.storeBytes(of: UInt32(truncatingIfNeeded: event), toByteOffset: 4, as: UInt32.self)
    }
}

/// What a ring walk meets next.
enum RingItem {
    /// An event's line, newline included, in the ring's memory.
    case event(number: UInt64, line: UnsafeRawBufferPointer)
    /// An event recorded as too long for the ring.
    case oversize(number: UInt64)
}

/// A walk through the records of a ring, from a known record to the committed head, checking
/// each as it goes: a reader after a crash trusts nothing it has not checked.
struct RingWalk {
    let ring: UnsafeRawPointer
    let ringBytes: UInt64
    let head: UInt64
    /// The position of the next record.
    private(set) var position: UInt64
    /// The number of the next event.
    private(set) var nextEvent: UInt64

    init(ring: UnsafeRawPointer, ringBytes: Int, head: UInt64, position: UInt64, nextEvent: UInt64) {
        self.ring = ring
        self.ringBytes = UInt64(ringBytes)
        self.head = head
        self.position = position
        self.nextEvent = nextEvent
    }

    /// The next record's item, or nil at the head. Throws a `RingDamage` naming the event and
    /// the ring offset when the record there is not the one expected.
    mutating func next() throws(RingDamage) -> RingItem? {
        while position < head {
            let offset = Int(position % ringBytes)
            guard head - position >= UInt64(RingRecord.headerBytes), position % 8 == 0 else {
                throw damage("a record is cut short by the head")
            }
            let word = ring.load(fromByteOffset: offset, as: UInt32.self)
            let numberBits = ring.load(fromByteOffset: offset + 4, as: UInt32.self)
            guard let kind = RingRecord.Kind(rawValue: word >> RingRecord.kindShift) else {
                throw damage("unknown record kind \(word >> RingRecord.kindShift)")
            }
            let length = Int(word & RingRecord.lengthMask)
            if kind == .pad {
                position += ringBytes - UInt64(offset)
                continue
            }
            guard numberBits == UInt32(truncatingIfNeeded: nextEvent) else {
                throw damage("the record holds event …\(numberBits) (low 32 bits) where event \(nextEvent) was expected")
            }
            let space = UInt64(RingRecord.space(lineBytes: length))
            guard UInt64(offset) + space <= ringBytes, position + space <= head else {
                throw damage("a record of \(length) bytes runs past the \(position + space > head ? "head" : "ring's end")")
            }
            let number = nextEvent
            position += space
            nextEvent += 1
            if kind == .oversize { return .oversize(number: number) }
            let line = UnsafeRawBufferPointer(start: ring + offset + RingRecord.headerBytes, count: length)
            guard length >= 3, line[length - 1] == UInt8(ascii: "\n") else {
                throw RingDamage(event: number, offset: offset, reason: "the line of \(length) bytes does not end with a newline")
            }
            return .event(number: number, line: line)
        }
        return nil
    }

    private func damage(_ reason: String) -> RingDamage {
        RingDamage(event: nextEvent, offset: Int(position % ringBytes), reason: reason)
    }
}

/// A record that is not what the walk expected: where, and why.
struct RingDamage: Error, CustomStringConvertible {
    var event: UInt64
    var offset: Int
    var reason: String

    var description: String { "event \(event), at ring offset \(offset): \(reason)" }
}
