#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The clock every benchmark sample is read from: `CLOCK_MONOTONIC` in nanoseconds.
///
/// `clock_gettime` is a vDSO call on Linux (no system call), about 20 ns here; that cost is
/// measured once per run by `calibratedOverhead()` and subtracted from every sample, which
/// matters for batches of a few nanoseconds per operation (a bitset toggle).
public enum MonotonicClock {
    /// Nanoseconds since an arbitrary point in the past; never decreases. O(1).
    @inline(__always)
    public static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }

    /// The cost of one pair of `now()` calls around nothing: the median of many back-to-back
    /// readings. A median, not a minimum, because a sample pays the typical cost, not the
    /// luckiest one.
    public static func calibratedOverhead(readings: Int = 20_001) -> UInt64 {
        var gaps = [UInt64]()
        gaps.reserveCapacity(readings)
        for _ in 0..<readings {
            let start = now()
            let end = now()
            gaps.append(end &- start)
        }
        gaps.sort()
        return gaps[gaps.count / 2]
    }
}
