/// LEB128 variable-length integers, as protobuf writes them: seven bits a byte, low bits
/// first, the high bit set on every byte but the last. Values below 128 take one byte, a
/// slot of a million-photo grid three, any `UInt64` at most ten.
///
/// Signed values (slot deltas, insertion positions) are zigzag-mapped first, so that small
/// negative numbers stay short: 0, -1, 1, -2, 2 … become 0, 1, 2, 3, 4 ….
@_spi(GridSimInternals) public enum Varint {
    /// The most bytes one varint may take.
    @_spi(GridSimInternals) public static let maximumLength = 10

    /// Appends `value` to `bytes`. O(length of the encoding).
    @inline(__always)
    @_spi(GridSimInternals) public static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// Writes `value` at `destination`, which has room for `maximumLength` bytes; returns
    /// the bytes written. O(length of the encoding).
    @inline(__always)
    static func write(_ value: UInt64, to destination: UnsafeMutableRawPointer) -> Int {
        var value = value
        var written = 0
        while value >= 0x80 {
            destination.storeBytes(of: UInt8(truncatingIfNeeded: value) | 0x80, toByteOffset: written, as: UInt8.self)
            value >>= 7
            written += 1
        }
        destination.storeBytes(of: UInt8(value), toByteOffset: written, as: UInt8.self)
        return written + 1
    }

    /// Appends a non-negative `Int`.
    @inline(__always)
    @_spi(GridSimInternals) public static func append(_ value: Int, to bytes: inout [UInt8]) {
        precondition(value >= 0, "a varint is unsigned; zigzag-encode \(value) first")
        append(UInt64(value), to: &bytes)
    }

    /// Appends a signed value, zigzag-encoded.
    @inline(__always)
    @_spi(GridSimInternals) public static func appendSigned(_ value: Int64, to bytes: inout [UInt8]) {
        append(zigzag(value), to: &bytes)
    }

    /// How many bytes `value` takes.
    @_spi(GridSimInternals) public static func length(of value: UInt64) -> Int {
        var value = value
        var length = 1
        while value >= 0x80 {
            value >>= 7
            length += 1
        }
        return length
    }

    @inline(__always)
    @_spi(GridSimInternals) public static func zigzag(_ value: Int64) -> UInt64 {
        UInt64(bitPattern: (value << 1) ^ (value >> 63))
    }

    @inline(__always)
    @_spi(GridSimInternals) public static func unzigzag(_ value: UInt64) -> Int64 {
        Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
    }
}
