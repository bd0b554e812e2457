/// Bounded draws written out, for any of the generators: the standard library's
/// `random(in:using:)` algorithms are not promised to stay the same across releases, and a
/// seed must give the same session, workload or test case forever. Every draw is O(1)
/// (expected, for the ones that reject).
extension RandomNumberGenerator {
    /// A uniform integer in `0 ..< bound`, bound ≥ 1 (Lemire's multiply-and-reject: no
    /// modulo bias; the threshold's division only when the first product is close).
    @inlinable
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

    /// An integer in `0 ..< bound`, bound ≥ 1, by one multiply-high without rejection: a bias
    /// of at most bound / 2⁶⁴, which does not matter for picking gestures, and one draw always.
    @inlinable @inline(__always)
    public mutating func multiplyHigh(below bound: Int) -> Int {
        Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// A uniform integer in `range`.
    @inlinable
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + int(below: range.upperBound - range.lowerBound + 1)
    }

    /// A uniform double in `[0, 1)` with 53 random bits.
    @inlinable
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A uniform double in `[lower, upper)`.
    @inlinable
    public mutating func double(_ lower: Double, _ upper: Double) -> Double {
        lower + unit() * (upper - lower)
    }

    /// True with probability `p`.
    @inlinable
    public mutating func chance(_ p: Double) -> Bool {
        unit() < p
    }

    /// `count` distinct values of `0 ..< bound`, in the order drawn (Floyd's algorithm).
    /// O(count) time and memory.
    public mutating func distinct(_ count: Int, below bound: Int) -> [Int] {
        precondition(count <= bound, "more distinct values than the range holds")
        var chosen = Set<Int>(minimumCapacity: count)
        var order: [Int] = []
        order.reserveCapacity(count)
        for upper in (bound - count)..<bound {
            let candidate = int(below: upper + 1)
            let value = chosen.contains(candidate) ? upper : candidate
            chosen.insert(value)
            order.append(value)
        }
        return order
    }
}
