/// SplitMix64 (Steele, Lea and Flood): one 64-bit word of state, fast and well mixed from any
/// seed. The project's one copy: it seeds `Xoshiro256`, draws benchmark workloads, recorder
/// sessions and PhotoKit-style ids, and makes randomised tests replay exactly. O(1) a draw.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The word the next draw advances; a generator is wholly determined by it.
    public var state: UInt64

    /// A generator whose first draw advances `seed` once.
    @inlinable
    public init(seed: UInt64) { state = seed }

    @inlinable @inline(__always)
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
