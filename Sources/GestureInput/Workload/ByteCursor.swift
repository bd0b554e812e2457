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

    /// O(length). Byte by byte: the text is a constant, so the copy is a few moves, not a
    /// call to `memcpy`.
    @inline(__always)
    mutating func write(_ text: StaticString) {
        let count = text.utf8CodeUnitCount
        makeRoom(count)
        let source = text.utf8Start
        for offset in 0 ..< count { base[position &+ offset] = source[offset] }
        position &+= count
    }

    /// Decimal digits, as `String(value)` writes them. O(digits): two digits a division.
    @inline(__always)
    mutating func writeDecimal(_ value: Int) {
        if value < 0 { write(UInt8(ascii: "-")) }
        var rest = value.magnitude
        var digits = 1
        var power: UInt = 10
        while digits < 20 && rest >= power {
            digits &+= 1
            power = power &* 10
        }
        makeRoom(digits)
        var next = position &+ digits
        let pairs = Self.digitPairs.utf8Start
        while rest >= 100 {
            let pair = Int(rest % 100) &* 2
            rest /= 100
            next &-= 2
            base[next] = pairs[pair]
            base[next &+ 1] = pairs[pair &+ 1]
        }
        if rest >= 10 {
            base[next &- 2] = pairs[Int(rest) &* 2]
            base[next &- 1] = pairs[Int(rest) &* 2 &+ 1]
        } else {
            base[next &- 1] = UInt8(truncatingIfNeeded: 48 &+ rest)
        }
        position &+= digits
    }

    /// "00", "01", … "99".
    private static var digitPairs: StaticString {
        """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """
    }
}
