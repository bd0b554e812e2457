@_spi(GridSimInternals) import SelectionCore
import SelectionSlots

/// Reads the fields of one record body, front to back, never past its end.
///
/// Every read checks the bytes left, so a hostile body can only make a read fail with a
/// `BodyError`, never run off the buffer. The unsafe pointer is confined to this type and
/// is valid only while the record's bytes are (the reader consumes a record before it
/// refills its buffer).
struct ByteCursor {
    private let base: UnsafeRawPointer
    private(set) var position: Int
    let end: Int

    /// A cursor over `count` bytes at `base`.
    @inline(__always)
    init(_ base: UnsafeRawPointer, count: Int) {
        self.base = base
        position = 0
        end = count
    }

    var remaining: Int { end - position }
    var isAtEnd: Bool { position == end }

    @inline(__always)
    mutating func byte() throws(BodyError) -> UInt8 {
        guard position < end else { throw BodyError("the record ends inside a field") }
        let value = base.load(fromByteOffset: position, as: UInt8.self)
        position += 1
        return value
    }

    /// A varint (see `Varint`). O(its length); at most ten bytes, and the tenth may only
    /// carry the 64th bit.
    @inline(__always)
    mutating func varint() throws(BodyError) -> UInt64 {
        // Fast paths: up to three bytes (time deltas in milliseconds, the slot deltas of a
        // grid of millions), read without the general loop's checks, which no such varint
        // can fail.
        if end &- position >= 3 {
            let first = UInt64(base.load(fromByteOffset: position, as: UInt8.self))
            if first < 0x80 {
                position &+= 1
                return first
            }
            let second = UInt64(base.load(fromByteOffset: position &+ 1, as: UInt8.self))
            if second < 0x80 {
                position &+= 2
                return first & 0x7F | second << 7
            }
            let third = UInt64(base.load(fromByteOffset: position &+ 2, as: UInt8.self))
            if third < 0x80 {
                position &+= 3
                return first & 0x7F | (second & 0x7F) << 7 | third << 14
            }
        } else if position < end {
            let first = base.load(fromByteOffset: position, as: UInt8.self)
            if first < 0x80 {
                position += 1
                return UInt64(first)
            }
        }
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < end else { throw BodyError("the record ends inside a number") }
            let byte = base.load(fromByteOffset: position, as: UInt8.self)
            position += 1
            if shift == 63 && byte > 1 { throw BodyError("a number does not fit in 64 bits") }
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
        }
    }

    /// A varint that must be at most `maximum` (counts, lengths, slots).
    @inline(__always)
    mutating func varint(atMost maximum: Int, _ what: @autoclosure () -> String) throws(BodyError) -> Int {
        let value = try varint()
        guard value <= UInt64(maximum) else { throw BodyError("\(what()) \(value) is above \(maximum)") }
        return Int(value)
    }

    /// A count of entries that follow, each taking at least `bytesEach` bytes: checked against
    /// the bytes left, so that a few hostile bytes cannot make the reader reserve millions.
    @inline(__always)
    mutating func count(ofEntriesTaking bytesEach: Int, _ what: @autoclosure () -> String) throws(BodyError) -> Int {
        let value = try varint()
        let maximum = remaining / bytesEach
        guard value <= UInt64(maximum) else {
            throw BodyError("\(what()) \(value) is more than the \(remaining) bytes left can hold")
        }
        return Int(value)
    }

    /// A zigzag-encoded signed varint.
    @inline(__always)
    mutating func signedVarint() throws(BodyError) -> Int64 {
        Varint.unzigzag(try varint())
    }

    mutating func uint32() throws(BodyError) -> UInt32 {
        guard end - position >= 4 else { throw BodyError("the record ends inside a field") }
        let value = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: position, as: UInt32.self))
        position += 4
        return value
    }

    /// The next `count` bytes as a string, which must be valid UTF-8.
    mutating func utf8String(count: Int) throws(BodyError) -> String {
        guard count <= end - position else {
            throw BodyError("a string of \(count) bytes runs past the end of the record")
        }
        let bytes = UnsafeRawBufferPointer(start: base + position, count: count)
        // Decoding replaces ill-formed sequences with U+FFFD, so the string re-encodes to the
        // same bytes exactly when they were valid UTF-8. (`String(validating:)` would say so
        // directly but needs macOS 15.)
        let string = String(decoding: bytes, as: UTF8.self)
        guard string.utf8.elementsEqual(bytes) else { throw BodyError(.invalidUTF8) }
        position += count
        return string
    }

    /// The next `count` bytes, checked to be valid UTF-8, without building a string: for ids,
    /// whose bytes go straight into a `PhotoIDTable`. Valid until the reader reads on.
    @inline(__always)
    mutating func utf8Bytes(count: Int) throws(BodyError) -> UnsafeRawBufferPointer {
        guard count <= end - position else {
            throw BodyError("a string of \(count) bytes runs past the end of the record")
        }
        let bytes = UnsafeRawBufferPointer(start: base + position, count: count)
        guard UTF8Validation.isValid(bytes) else { throw BodyError(.invalidUTF8) }
        position += count
        return bytes
    }

    /// Whether every byte left is ASCII: then so is every id the rest of the record holds, and
    /// every length before one is a one-byte varint. O(bytes left), a word at a time, with no
    /// branch per word: a header's record of thousands of ids is checked at once.
    var restIsASCII: Bool {
        let count = end - position
        guard count >= 8 else {
            var union: UInt8 = 0
            for offset in 0..<count { union |= base.load(fromByteOffset: position + offset, as: UInt8.self) }
            return union < 0x80
        }
        var union = base.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self)
        var offset = position
        while offset + 8 <= end {
            union |= base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        return union & 0x8080_8080_8080_8080 == 0
    }

    /// The next `count` bytes, which `restIsASCII` found ASCII (so valid UTF-8): for ids,
    /// whose bytes go straight into a `PhotoIDTable`. Valid until the reader reads on.
    @inline(__always)
    mutating func asciiBytes(count: Int) throws(BodyError) -> UnsafeRawBufferPointer {
        guard count <= end - position else {
            throw BodyError("a string of \(count) bytes runs past the end of the record")
        }
        let bytes = UnsafeRawBufferPointer(start: base + position, count: count)
        position += count
        return bytes
    }

    /// The next `count` bytes of an id: a numbered one (`NumberedID`, ASCII) as they are,
    /// any other checked to be valid UTF-8 as `utf8Bytes(count:)` checks it. Valid until the
    /// reader reads on.
    @inline(__always)
    mutating func idBytes(count: Int) throws(BodyError) -> (bytes: UnsafeRawBufferPointer, numbered: NumberedID?) {
        guard count <= end - position else {
            throw BodyError("a string of \(count) bytes runs past the end of the record")
        }
        let bytes = UnsafeRawBufferPointer(start: base + position, count: count)
        let numbered = NumberedID.parse(bytes)
        guard numbered != nil || UTF8Validation.isValid(bytes) else { throw BodyError(.invalidUTF8) }
        position += count
        return (bytes, numbered)
    }

    /// Fails unless every byte was read: a body with trailing bytes is not what was written.
    @inline(__always)
    func expectEnd() throws(BodyError) {
        guard position == end else { throw BodyError("\(end - position) unexpected bytes at the end of the record") }
    }
}

/// What is wrong inside one record body; the reader adds the byte offset and record number.
struct BodyError: Error {
    var kind: TraceError.Kind
    init(_ kind: TraceError.Kind) { self.kind = kind }
    /// A malformed record, described.
    init(_ message: String) { self.kind = .malformed(message) }
    static func aboveLimit(_ message: String) -> BodyError { BodyError(.aboveLimit(message)) }
}
