import SeededRandom
import SelectionCore

/// How a synthetic grid names its photos.
public enum PhotoIDStyle: String, CaseIterable, Hashable, Sendable {
    /// `"1"` … `"N"`: a header that gives only the count.
    case counted
    /// PhotoKit-style local identifiers, `6F1A2B3C-9D0E-4F11-8A2B-3C4D5E6F7A8B/L0/001`
    /// (43 bytes), listed in the header: what a real library's trace carries.
    case photokit
}

/// PhotoKit-style local identifiers drawn from a seed: an uppercase random (version 4) UUID
/// and the `/L0/001` suffix PhotoKit gives an asset's first resource.
public enum PhotoKitIDs {
    /// The length of every id, in bytes.
    public static let length = 43

    /// `count` distinct ids, the same for the same seed. O(count): one draw, one hash and one
    /// copy of 43 bytes an id (a repeat, about 2^-122 likely a pair, is drawn again).
    public static func table(count: Int, seed: UInt64) -> PhotoIDTable {
        var table = PhotoIDTable()
        table.reserveCapacity(count, bytes: count * length)
        var random = SplitMix64(seed: seed ^ 0x9E6C_63D0_676A_9A99)
        var id = [UInt8](repeating: 0, count: length)
        while table.count < count {
            write(high: random.next(), low: random.next(), into: &id)
            id.withUnsafeBytes { _ = table.insert($0) }
        }
        return table
    }

    /// `XXXXXXXX-XXXX-4XXX-YXXX-XXXXXXXXXXXX/L0/001` from 128 random bits.
    private static func write(high: UInt64, low: UInt64, into id: inout [UInt8]) {
        let digits: [UInt8] = Array("0123456789ABCDEF".utf8)
        // Version 4 and the RFC 4122 variant, as a real UUID has.
        let high = high & ~0xF000 | 0x4000
        let low = low & ~(0xC << 60) | (0x8 << 60)
        var nibbles: [UInt8] = []
        nibbles.reserveCapacity(32)
        for shift in stride(from: 60, through: 0, by: -4) { nibbles.append(UInt8((high >> UInt64(shift)) & 0xF)) }
        for shift in stride(from: 60, through: 0, by: -4) { nibbles.append(UInt8((low >> UInt64(shift)) & 0xF)) }
        var out = 0
        for (index, nibble) in nibbles.enumerated() {
            if index == 8 || index == 12 || index == 16 || index == 20 {
                id[out] = UInt8(ascii: "-")
                out += 1
            }
            id[out] = digits[Int(nibble)]
            out += 1
        }
        for byte in "/L0/001".utf8 {
            id[out] = byte
            out += 1
        }
    }
}
