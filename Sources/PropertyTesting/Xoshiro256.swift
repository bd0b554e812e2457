/// xoshiro256** (Blackman and Vigna): a small, fast, seedable generator with 256 bits of
/// state, seeded through SplitMix64 as its authors recommend.
///
/// Splittable: `split()` derives an independent generator, so that a generated grid and the
/// events played on it come from separate streams, and shrinking one never shifts the other.
public struct Xoshiro256: RandomNumberGenerator, Sendable {
    private var state: (UInt64, UInt64, UInt64, UInt64)

    /// A generator whose whole output is determined by `seed`.
    public init(seed: UInt64) {
        var mixer = SplitMix64(state: seed)
        state = (mixer.next(), mixer.next(), mixer.next(), mixer.next())
        if state == (0, 0, 0, 0) { state.0 = 1 }  // the one state xoshiro cannot leave
    }

    @inline(__always)
    public mutating func next() -> UInt64 {
        let result = rotateLeft(state.1 &* 5, 7) &* 9
        let t = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= t
        state.3 = rotateLeft(state.3, 45)
        return result
    }

    /// A new generator, seeded from this one's next output; this one advances by one step.
    public mutating func split() -> Xoshiro256 {
        Xoshiro256(seed: next())
    }

    @inline(__always)
    private func rotateLeft(_ x: UInt64, _ k: UInt64) -> UInt64 {
        (x << k) | (x >> (64 - k))
    }
}

/// SplitMix64: turns one 64-bit seed into well-mixed words for seeding.
struct SplitMix64 {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension RandomNumberGenerator {
    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool {
        Double.random(in: 0..<1, using: &self) < p
    }
}
