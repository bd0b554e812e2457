/// A fingerprint of the chosen photos that an app can compute at every step cheaply, in any
/// language, and that GridSim compares with SPEC.md's selection (SPEC.md section 7): FNV-1a
/// 64-bit over the UTF-8 bytes of the chosen ids in grid order, each followed by one `\n`.
public struct ChosenDigest: Hashable, Sendable, CustomStringConvertible {
    /// FNV-1a's 64-bit offset basis: the digest of an empty selection.
    public static let empty = ChosenDigest(value: 0xcbf2_9ce4_8422_2325)
    static let prime: UInt64 = 0x0000_0100_0000_01b3

    public var value: UInt64

    public init(value: UInt64) {
        self.value = value
    }

    /// The digest of `chosen`, ids in grid order. O(total length of the ids); no allocation.
    public init<Photos: Sequence>(chosenInGridOrder chosen: Photos) where Photos.Element == PhotoID {
        var digest = ChosenDigest.empty
        for photo in chosen { digest.append(photo) }
        self = digest
    }

    /// Folds in the next chosen id in grid order, then its `\n`.
    public mutating func append(_ photo: PhotoID) {
        var hash = value
        var photo = photo
        photo.withUTF8 { bytes in
            for byte in bytes {
                hash = (hash ^ UInt64(byte)) &* Self.prime
            }
        }
        value = (hash ^ 0x0A) &* Self.prime
    }

    /// 16 lowercase hex digits, as traces write it.
    public var description: String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Reads 16 hex digits (either case); nil for anything else.
    public init?(hex: some StringProtocol) {
        guard hex.utf8.count == 16, let value = UInt64(hex, radix: 16) else { return nil }
        self.value = value
    }
}
