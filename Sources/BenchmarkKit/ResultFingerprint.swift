/// A compact, comparable identity of a subject's result, so that every subject of a case can
/// be checked to compute the same thing without keeping ten million ids around.
///
/// Built from a canonical integer sequence (sorted photo slots, a grid order, a tally…):
/// its length plus a 64-bit FNV-1a hash of every element. Two results are the same when
/// both agree; `summary` is for people and is not compared.
public struct ResultFingerprint: Codable, Sendable, CustomStringConvertible {
    public var count: Int
    public var hash: UInt64
    public var summary: String

    /// O(n) over the sequence.
    public init<Elements: Sequence>(canonical elements: Elements, summary: String)
    where Elements.Element: BinaryInteger {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var count = 0
        for element in elements {
            var value = UInt64(truncatingIfNeeded: Int64(element))
            for _ in 0..<8 {
                hash = (hash ^ (value & 0xff)) &* 0x0000_0100_0000_01b3
                value >>= 8
            }
            count += 1
        }
        self.count = count
        self.hash = hash
        self.summary = summary
    }

    private enum CodingKeys: String, CodingKey { case count, hash, summary }

    /// The hash is written as 16 hex digits: JSON readers that hold numbers in doubles
    /// (JavaScript, jq) would round a 64-bit integer.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(count, forKey: .count)
        try container.encode(hexHash, forKey: .hash)
        try container.encode(summary, forKey: .summary)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        count = try container.decode(Int.self, forKey: .count)
        summary = try container.decode(String.self, forKey: .summary)
        let text = try container.decode(String.self, forKey: .hash)
        guard let hash = UInt64(text, radix: 16) else {
            throw DecodingError.dataCorruptedError(forKey: .hash, in: container, debugDescription: "not 16 hex digits: \(text)")
        }
        self.hash = hash
    }

    private var hexHash: String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    public func isSameResult(as other: ResultFingerprint) -> Bool {
        count == other.count && hash == other.hash
    }

    public var description: String {
        "\(summary) [\(count) values, hash \(hexHash)]"
    }
}
