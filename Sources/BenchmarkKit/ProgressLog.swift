#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Progress lines on standard error, each stamped with the seconds since the run began, so
/// that a long run shows where it is without touching standard output (which may be JSON).
public final class ProgressLog: @unchecked Sendable {
    private let started = MonotonicClock.now()
    private let isEnabled: Bool

    public init(enabled: Bool) {
        isEnabled = enabled
    }

    public func callAsFunction(_ line: String) {
        guard isEnabled else { return }
        let seconds = Double(MonotonicClock.now() &- started) / 1e9
        let stamp = String(Int(seconds * 10) / 10) + "." + String(Int(seconds * 10) % 10)
        writeStandardError("[\(stamp)s] \(line)\n")
    }
}

/// Writes text to standard error, unbuffered.
public func writeStandardError(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
            let written = write(2, bytes.baseAddress! + offset, bytes.count - offset)
            if written <= 0 { break }
            offset += written
        }
    }
}
