/// An id spelled as a short prefix and a number: `s1`, `p123`, `IMG_4567`, `1000001`.
///
/// Generators and cameras name photos this way, and a trace that brings millions of new
/// photos (`gridsim generate` names them `s1`, `s2`, …) then defines ids that are a prefix
/// and a counter. Such an id can be kept as its number, and checked for repeats by that
/// number, instead of stored as bytes and hashed (see `NumberedIDTable`).
///
/// The spelling is exact, so that `text` gives back the bytes that were parsed: the number
/// is the id's whole trailing run of digits written as `String(_:)` writes it (no leading
/// zero: `s01` is not numbered), at most `UInt32.max`; the prefix is what comes before it,
/// at most 7 printable ASCII bytes (`0x20` … `0x7E`). Every other id is not numbered.
public struct NumberedID: Hashable, Sendable {
    /// The prefix's bytes, the first in the low byte, with the prefix's length in the top byte.
    public let prefix: UInt64
    public let number: UInt32


    /// The most bytes a numbered id takes: a prefix of 7 and 10 digits.
    @inlinable public static var longestByteCount: Int { 17 }

    /// `prefix` of an id that is all digits.
    public static let noPrefix: UInt64 = 0

    @usableFromInline @inline(__always)
    init(prefix: UInt64, number: UInt32) {
        self.prefix = prefix
        self.number = number
    }

    /// The id these bytes spell, if they are a numbered id; else nil. O(1): at most 17
    /// bytes are read. Bytes it accepts are ASCII, so valid UTF-8.
    @inlinable @inline(__always)
    public static func parse(_ bytes: UnsafeRawBufferPointer) -> NumberedID? {
        let count = bytes.count
        guard count > 0, count <= 17, let base = bytes.baseAddress else { return nil }
        // The trailing run of digits.
        var digitsStart = count
        var value: UInt64 = 0
        var scale: UInt64 = 1
        while digitsStart > 0 {
            let digit = UInt64(base.load(fromByteOffset: digitsStart - 1, as: UInt8.self)) &- 48
            guard digit <= 9 else { break }
            value += digit * scale
            scale &*= 10
            digitsStart -= 1
            if count - digitsStart > 10 { return nil }
        }
        let digitCount = count - digitsStart
        guard digitCount > 0, digitsStart <= 7, value <= UInt64(UInt32.max) else { return nil }
        if digitCount > 1 && base.load(fromByteOffset: digitsStart, as: UInt8.self) == UInt8(ascii: "0") {
            return nil
        }
        var prefix = UInt64(digitsStart) << 56
        for offset in 0..<digitsStart {
            let byte = base.load(fromByteOffset: offset, as: UInt8.self)
            guard byte >= 0x20 && byte <= 0x7E else { return nil }
            prefix |= UInt64(byte) << UInt64(8 * offset)
        }
        return NumberedID(prefix: prefix, number: UInt32(value))
    }

    /// The id these bytes spell, if numbered (see `parse(_:)`).
    public static func parse(_ id: String) -> NumberedID? {
        var id = id
        return id.withUTF8 { parse(UnsafeRawBufferPointer($0)) }
    }

    /// The prefix's length in bytes.
    @inlinable @inline(__always)
    var prefixCount: Int { Int(truncatingIfNeeded: prefix >> 56) }

    /// The id's length in bytes. O(digits).
    public var byteCount: Int {
        var digits = 1
        var rest = number / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        return prefixCount + digits
    }

    /// The id as a string: the bytes `parse(_:)` read. O(1), no allocation (at most 17 bytes,
    /// which a small string holds inline).
    public var text: String {
        withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the id's bytes (the bytes `parse(_:)` read), written on the stack.
    /// O(1) besides `body`; inlined.
    @inlinable @inline(__always)
    public func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.longestByteCount) { buffer in
            var start = Self.longestByteCount
            var rest = number
            repeat {
                start -= 1
                buffer[start] = UInt8(truncatingIfNeeded: 48 + rest % 10)
                rest /= 10
            } while rest > 0
            let prefixCount = self.prefixCount
            start -= prefixCount
            for offset in 0..<prefixCount {
                buffer[start + offset] = UInt8(truncatingIfNeeded: prefix >> UInt64(8 * offset))
            }
            return try body(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[start...])))
        }
    }
}
