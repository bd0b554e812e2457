/// A block of trace text filled line by line: room for a line is made once (`cursor(atMost:)`),
/// the line goes in through a `LineCursor`, and `commit` takes what it wrote. A class that
/// owns its memory, so that no line is written through a closure or a copy-on-write check.
///
/// Its storage and count are read and written for every line: unchecked for exclusivity, as
/// the class is used from other modules, where the compiler cannot see every access and would
/// otherwise check each one at run time (a tenth of writing a line).
package final class LineBlock {
    @exclusivity(unchecked) private var storage: UnsafeMutableBufferPointer<UInt8>
    /// Bytes written since the last `removeAll()`.
    @exclusivity(unchecked) package private(set) var count = 0

    package init(capacity: Int) {
        storage = .allocate(capacity: Swift.max(capacity, 1))
    }

    deinit {
        storage.deallocate()
    }

    /// A cursor after the bytes written, with room for `maximumCount` more; valid until the
    /// next call on the block. O(1), plus O(count) when the block has to grow.
    package func cursor(atMost maximumCount: Int) -> LineCursor {
        let needed = count + maximumCount
        if needed > storage.count {
            let grown = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Swift.max(needed, 2 * storage.count))
            if count > 0 { grown.baseAddress!.initialize(from: storage.baseAddress!, count: count) }
            storage.deallocate()
            storage = grown
        }
        return LineCursor(UnsafeMutableBufferPointer(rebasing: storage[..<needed]), at: count)
    }

    /// Takes the bytes `cursor` (from `cursor(atMost:)`) wrote. O(1).
    package func commit(_ cursor: LineCursor) {
        precondition(cursor.position >= count && cursor.position <= storage.count, "a cursor of another block")
        count = cursor.position
    }

    /// The bytes written. O(1) plus `body`.
    package func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: storage[..<count])))
    }

    package func removeAll() {
        count = 0
    }

    /// Hands the bytes written to `sink` and empties the block if it holds `blockSize` bytes
    /// or more; returns how many it handed over (0 if none). O(1) unless it hands them over.
    @inline(__always)
    package func handOver<Sink: TraceByteSink>(to sink: inout Sink, ifAtLeast blockSize: Int) throws -> Int {
        let handed = count
        guard handed >= blockSize && handed > 0 else { return 0 }
        try withBytes { try sink.write($0) }
        removeAll()
        return handed
    }
}

/// A write position in a buffer someone else owns: a text line put together piece by piece
/// without a capacity check and a uniqueness test per piece, as `[UInt8].append` makes. Every
/// write is bounds-checked against the end it was given (one comparison), never past it.
package struct LineCursor {
    private let base: UnsafeMutablePointer<UInt8>
    private let end: Int
    /// Where the next byte goes.
    package private(set) var position: Int

    /// A cursor at `position` in `buffer`.
    package init(_ buffer: UnsafeMutableBufferPointer<UInt8>, at position: Int) {
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
    package mutating func write(_ byte: UInt8) {
        makeRoom(1)
        base[position] = byte
        position &+= 1
    }

    /// O(bytes).
    @inline(__always)
    package mutating func write(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress else { return }
        makeRoom(bytes.count)
        (base + position).update(from: source.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        position &+= bytes.count
    }

    /// O(length). The text is a constant (a key, a punctuation run), copied as two words that
    /// overlap when it is 4 to 16 bytes long, else byte by byte: a few moves, not a call to
    /// `memcpy`.
    @inline(__always)
    package mutating func write(_ text: StaticString) {
        let count = text.utf8CodeUnitCount
        makeRoom(count)
        let source = UnsafeRawPointer(text.utf8Start)
        let target = UnsafeMutableRawPointer(base + position)
        switch count {
        case 8...16:
            let head = source.loadUnaligned(as: UInt64.self)
            let tail = source.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            target.storeBytes(of: head, as: UInt64.self)
            target.storeBytes(of: tail, toByteOffset: count &- 8, as: UInt64.self)
        case 4..<8:
            let head = source.loadUnaligned(as: UInt32.self)
            let tail = source.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
            target.storeBytes(of: head, as: UInt32.self)
            target.storeBytes(of: tail, toByteOffset: count &- 4, as: UInt32.self)
        default:
            for offset in 0 ..< count { base[position &+ offset] = source.load(fromByteOffset: offset, as: UInt8.self) }
        }
        position &+= count
    }

    /// `utf8` (valid UTF-8) as a quoted JSON string, escaped as `JSONWriter` escapes it; at
    /// most `2 + 6 * utf8.count` bytes. O(length).
    @inline(__always)
    package mutating func writeQuoted(_ utf8: UnsafeRawBufferPointer) {
        write(UInt8(ascii: "\""))
        if !JSONStringBytes.needsEscape(utf8) {
            write(utf8)
        } else {
            for byte in utf8 { JSONStringBytes.forEachEscaped(byte) { write($0) } }
        }
        write(UInt8(ascii: "\""))
    }

    /// Decimal digits, as `String(value)` writes them. O(digits): two digits a division.
    @inline(__always)
    package mutating func writeDecimal(_ value: Int) {
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
