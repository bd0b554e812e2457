/// The physical limit: how fast this machine streams memory, measured with a plain copy.
///
/// A copy of `byteCount` bytes reads and writes that many bytes each; the figure reported is
/// bytes copied per second (the usual "memcpy bandwidth").
public final class StreamingCopyKernel {
    private let source: UnsafeMutableRawPointer
    private let destination: UnsafeMutableRawPointer
    public let byteCount: Int

    /// Allocates two buffers of `byteCount` bytes (at least 64) and touches every page, so
    /// that the first copy does not time page faults.
    public init(byteCount: Int) {
        self.byteCount = max(byteCount, 64)
        source = .allocate(byteCount: self.byteCount, alignment: 64)
        destination = .allocate(byteCount: self.byteCount, alignment: 64)
        source.initializeMemory(as: UInt8.self, repeating: 0x5a, count: self.byteCount)
        destination.initializeMemory(as: UInt8.self, repeating: 0, count: self.byteCount)
    }

    deinit {
        source.deallocate()
        destination.deallocate()
    }

    /// Copies the whole buffer once. O(byteCount).
    @inline(never)
    public func copyOnce() {
        destination.copyMemory(from: source, byteCount: byteCount)
        blackHole(destination.load(fromByteOffset: byteCount - 1, as: UInt8.self))
    }

    /// Bytes per second of the fastest of `repetitions` copies of a buffer of `byteCount`
    /// bytes (256 MiB by default: far beyond the caches). The fastest, because this is a
    /// capability of the machine, not a cost of our code.
    public static func measureBandwidth(byteCount: Int = 256 << 20, repetitions: Int = 5) -> Double {
        let kernel = StreamingCopyKernel(byteCount: byteCount)
        kernel.copyOnce()
        var best = UInt64.max
        for _ in 0..<repetitions {
            let start = MonotonicClock.now()
            kernel.copyOnce()
            best = min(best, MonotonicClock.now() &- start)
        }
        return Double(kernel.byteCount) / (Double(max(best, 1)) / 1e9)
    }
}
