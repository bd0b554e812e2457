/// A deterministic random source (SplitMix64): the same seed gives the same workload on
/// every machine and every run, which is what lets two runs, and two subjects, be compared.
///
/// The stdlib's `random(in:using:)` algorithms are not promised to stay the same across
/// releases, so the few draws the workloads need are written out here.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// A seed for one workload, mixed from its parts so that neighbouring sizes or variants
    /// do not get related streams.
    init(workload: String, size: Int, variant: Int = 0) {
        var mixed: UInt64 = 0x6772_6964_7369_6d00  // "gridsim"
        for byte in workload.utf8 { mixed = (mixed ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        mixed ^= UInt64(truncatingIfNeeded: size) &* 0x9e37_79b9_7f4a_7c15
        mixed ^= UInt64(truncatingIfNeeded: variant) &* 0xc2b2_ae3d_27d4_eb4f
        self.init(seed: mixed)
    }

    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// Uniform in `0..<bound` (Lemire's multiply-and-reject). O(1) expected.
    mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0, "an empty range")
        let limit = UInt64(bound)
        while true {
            let product = next().multipliedFullWidth(by: limit)
            if product.low >= (0 &- limit) % limit { return Int(product.high) }
        }
    }

    /// True with probability `probability`. O(1).
    mutating func chance(_ probability: Double) -> Bool {
        Double(next() >> 11) / Double(1 << 53) < probability
    }

    /// `count` distinct values of `0..<bound`, in the order drawn (Floyd's algorithm).
    /// O(count) time and memory.
    mutating func distinct(_ count: Int, below bound: Int) -> [Int] {
        precondition(count <= bound, "more distinct values than the range holds")
        var chosen = Set<Int>(minimumCapacity: count)
        var order: [Int] = []
        order.reserveCapacity(count)
        for upper in (bound - count)..<bound {
            let candidate = below(upper + 1)
            let value = chosen.contains(candidate) ? upper : candidate
            chosen.insert(value)
            order.append(value)
        }
        return order
    }
}
