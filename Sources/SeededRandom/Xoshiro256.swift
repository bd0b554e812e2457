/// xoshiro256** (Blackman and Vigna): a small, fast, seedable generator with 256 bits of
/// state, seeded through SplitMix64 as its authors recommend. The project's one copy: it
/// drives synthetic user sessions and property-test traces. O(1) a draw.
///
/// Splittable: `split()` derives an independent generator, so that a generated grid and the
/// events played on it come from separate streams, and shrinking one never shifts the other.
public struct Xoshiro256: RandomNumberGenerator, Sendable {
    @usableFromInline
    var state: (UInt64, UInt64, UInt64, UInt64)

    /// A generator whose whole output is determined by `seed`.
    @inlinable
    public init(seed: UInt64) {
        var mixer = SplitMix64(seed: seed)
        state = (mixer.next(), mixer.next(), mixer.next(), mixer.next())
        if state == (0, 0, 0, 0) { state.0 = 1 }  // the one state xoshiro cannot leave
    }

    @inlinable @inline(__always)
    public mutating func next() -> UInt64 {
        let result = Self.rotateLeft(state.1 &* 5, 7) &* 9
        let t = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= t
        state.3 = Self.rotateLeft(state.3, 45)
        return result
    }

    /// A new generator, seeded from this one's next output; this one advances by one step.
    @inlinable
    public mutating func split() -> Xoshiro256 {
        Xoshiro256(seed: next())
    }

    @inlinable @inline(__always)
    static func rotateLeft(_ x: UInt64, _ k: UInt64) -> UInt64 {
        (x << k) | (x >> (64 - k))
    }
}
