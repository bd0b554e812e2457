/// The ids of a grid given by count, `"1"` … `"N"`, read from their bytes.
public enum CountedID {
    /// The slot (`value - 1`) of `bytes` when they spell one of `"1"` … `"countedPrefix"`
    /// exactly as `String(_:)` writes it (no sign, no leading zero: `"01"` and `"+1"` are
    /// other ids), else nil. O(1): at most 10 digits are read, since a count fits in 32 bits.
    @inline(__always)
    public static func slot(ofBytes bytes: UnsafeRawBufferPointer, countedPrefix: Int) -> PhotoSlot? {
        guard countedPrefix > 0, !bytes.isEmpty, bytes.count <= 10, bytes[0] != UInt8(ascii: "0") else { return nil }
        var value = 0
        for byte in bytes {
            let digit = Int(byte) &- 48
            guard digit >= 0 && digit <= 9 else { return nil }
            value = value * 10 + digit
        }
        return value <= countedPrefix ? PhotoSlot(value - 1) : nil
    }
}
