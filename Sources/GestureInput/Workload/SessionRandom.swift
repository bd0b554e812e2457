/// xoshiro256** (Blackman and Vigna), seeded through SplitMix64: the generator behind synthetic
/// sessions. Small, fast and fully determined by its seed.
///
/// Deliberately not a `RandomNumberGenerator`: the standard library's `random(in:using:)`
/// algorithms are not promised to stay the same across releases, and a seed must give the same
/// session forever. The bounded draws here are written out instead. Every call is O(1).
public struct SessionRandom: Sendable {
    private var s0, s1, s2, s3: UInt64

    public init(seed: UInt64) {
        var mixer = seed
        func splitMix() -> UInt64 {
            mixer &+= 0x9E37_79B9_7F4A_7C15
            var z = mixer
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        s0 = splitMix()
        s1 = splitMix()
        s2 = splitMix()
        s3 = splitMix()
        if s0 | s1 | s2 | s3 == 0 { s0 = 1 }  // the one state xoshiro cannot leave
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        let result = rotateLeft(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = rotateLeft(s3, 45)
        return result
    }

    /// A uniform integer in `0 ..< bound` (Lemire's multiply-and-reject, no modulo bias).
    public mutating func int(below bound: Int) -> Int {
        precondition(bound > 0, "int(below:) needs a positive bound")
        let range = UInt64(bound)
        var product = next().multipliedFullWidth(by: range)
        if product.low < range {
            let threshold = (0 &- range) % range
            while product.low < threshold { product = next().multipliedFullWidth(by: range) }
        }
        return Int(product.high)
    }

    /// A uniform integer in `range`.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + int(below: range.upperBound - range.lowerBound + 1)
    }

    /// A uniform double in `[0, 1)` with 53 random bits.
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A uniform double in `[lower, upper)`.
    public mutating func double(_ lower: Double, _ upper: Double) -> Double {
        lower + unit() * (upper - lower)
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool {
        unit() < p
    }

    /// An independent generator, seeded from this one (which advances by one step).
    public mutating func split() -> SessionRandom {
        SessionRandom(seed: next())
    }

    private func rotateLeft(_ x: UInt64, _ k: UInt64) -> UInt64 {
        (x << k) | (x >> (64 - k))
    }
}
