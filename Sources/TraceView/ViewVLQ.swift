/// Whole numbers as base-64 variable-length digits (the source-map "VLQ" code, unsigned):
/// five bits a character, the sixth saying another follows. A number below 32 takes one
/// character, below 1,024 two, a slot of a million-photo grid four. The page decodes a
/// stream of them with a table lookup per character, and the characters need no escaping
/// in JSON or HTML. This is what keeps a 100K-event page under 10 MB.
struct ViewVLQ {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    private(set) var bytes: [UInt8] = []

    /// Appends `value`, which must not be negative. O(log32 value).
    mutating func append(_ value: Int) {
        precondition(value >= 0, "VLQ numbers are unsigned; zigzag signed ones first")
        var rest = value
        repeat {
            var digit = rest & 31
            rest >>= 5
            if rest > 0 { digit |= 32 }
            bytes.append(Self.alphabet[digit])
        } while rest > 0
    }

    /// Appends a signed number, zigzagged: 0, -1, 1, -2, … become 0, 1, 2, 3, ….
    mutating func appendSigned(_ value: Int) {
        append(value >= 0 ? value << 1 : ((-value) << 1) - 1)
    }

    var isEmpty: Bool { bytes.isEmpty }

    /// Decodes a stream (for tests): the inverse of `append`.
    static func decode(_ bytes: [UInt8]) -> [Int] {
        var values: [Int] = []
        var value = 0
        var shift = 0
        for byte in bytes {
            guard let digit = alphabet.firstIndex(of: byte) else { return values }
            value |= (digit & 31) << shift
            if digit & 32 != 0 {
                shift += 5
            } else {
                values.append(value)
                value = 0
                shift = 0
            }
        }
        return values
    }
}
