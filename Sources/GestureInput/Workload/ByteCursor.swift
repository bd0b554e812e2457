/// A write position in a buffer someone else owns: a text line put together piece by piece
/// without a capacity check and a uniqueness test per piece, as `[UInt8].append` makes. Every
/// write is bounds-checked against the end it was given (one comparison), never past it.
struct ByteCursor {
    private let base: UnsafeMutablePointer<UInt8>
    private let end: Int
    /// Where the next byte goes.
    private(set) var position: Int

    /// A cursor at `position` in `buffer`.
    init(_ buffer: UnsafeMutableBufferPointer<UInt8>, at position: Int) {
        precondition(position >= 0 && position <= buffer.count, "cursor outside its buffer")
        base = buffer.baseAddress ?? UnsafeMutablePointer(bitPattern: 1)!  // an empty buffer takes no write
        end = buffer.count
        self.position = position
    }

    @inline(__always)
    private func makeRoom(_ count: Int) {
        precondition(count <= end &- position, "line longer than the room made for it")
    }

    /// O(1).
    @inline(__always)
    mutating func write(_ byte: UInt8) {
        makeRoom(1)
        base[position] = byte
        position &+= 1
    }

    /// O(bytes).
    @inline(__always)
    mutating func write(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress else { return }
        makeRoom(bytes.count)
        (base + position).update(from: source.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        position &+= bytes.count
    }

    /// O(length).
    @inline(__always)
    mutating func write(_ text: StaticString) {
        text.withUTF8Buffer { write(UnsafeRawBufferPointer($0)) }
    }

    /// Decimal digits, as `String(value)` writes them. O(digits).
    @inline(__always)
    mutating func writeDecimal(_ value: Int) {
        if value < 0 { write(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        var digits = 1
        var rest = magnitude
        while rest >= 10 {
            rest /= 10
            digits &+= 1
        }
        makeRoom(digits)
        var next = position &+ digits
        rest = magnitude
        repeat {
            next &-= 1
            base[next] = UInt8(truncatingIfNeeded: 48 &+ rest % 10)
            rest /= 10
        } while rest != 0
        position &+= digits
    }
}
