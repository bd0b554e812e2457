#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Resident memory of this process, and a peak that can be restarted per benchmark.
///
/// Linux keeps the high-water mark `VmHWM` in `/proc/self/status`; writing `5` to
/// `/proc/self/clear_refs` (Linux 4.0 and later) resets it to the current resident size. So a
/// per-benchmark peak is: give freed memory back to the kernel (jemalloc purge), reset the
/// mark, run the benchmark, read the mark. Where the reset is not allowed the peak is the
/// process's lifetime peak (`getrusage` `ru_maxrss`), and `PeakWindow.isPerBenchmark` says so.
public enum ResidentMemory {
    /// Current resident set (`VmRSS`), in bytes; nil where `/proc` is unavailable.
    public static func current() -> UInt64? { statusField("VmRSS:") }

    /// Peak resident set since the last reset (`VmHWM`), falling back to `ru_maxrss`.
    public static func peak() -> UInt64? {
        if let peak = statusField("VmHWM:") { return peak }
        var usage = rusage()
        #if canImport(Glibc)
        let who = __rusage_who_t(RUSAGE_SELF.rawValue)
        #else
        let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return nil }
        #if canImport(Darwin)
        return UInt64(usage.ru_maxrss)  // bytes on Darwin
        #else
        return UInt64(usage.ru_maxrss) * 1024  // kilobytes on Linux
        #endif
    }

    /// Restarts the peak at the current resident size; false if the kernel refused.
    @discardableResult
    public static func resetPeak() -> Bool {
        let descriptor = open("/proc/self/clear_refs", O_WRONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let command: [UInt8] = [UInt8(ascii: "5")]
        return command.withUnsafeBytes { write(descriptor, $0.baseAddress, 1) } == 1
    }

    /// Starts a measurement: releases free memory, resets the peak, remembers the start.
    public static func startPeakWindow() -> PeakWindow {
        AllocationCounter.releaseFreeMemory()
        let isReset = resetPeak()
        return PeakWindow(startBytes: current() ?? 0, isPerBenchmark: isReset)
    }

    /// Reads `field` (in kB) from `/proc/self/status`, in bytes.
    private static func statusField(_ field: String) -> UInt64? {
        guard let status = readSmallFile("/proc/self/status") else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(field) {
            let digits = line.dropFirst(field.count).filter(\.isNumber)
            return UInt64(digits).map { $0 * 1024 }
        }
        return nil
    }
}

/// A started peak-memory measurement.
public struct PeakWindow: Sendable {
    /// Resident bytes when the window started (after freed memory was released).
    public let startBytes: UInt64
    /// True when the kernel's peak was reset at the start; false means the peak below is
    /// the process's lifetime peak.
    public let isPerBenchmark: Bool

    /// The peak resident size since the start, and how much it grew over the start.
    public func finish() -> (peakBytes: UInt64, growthBytes: UInt64) {
        let peak = ResidentMemory.peak() ?? 0
        return (peak, peak > startBytes ? peak - startBytes : 0)
    }
}
