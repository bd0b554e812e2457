#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Synchronization

/// Flushes a file being written to the disk on a second thread while the writer goes on, so
/// that the fsync that ends a large write finds little left to do: a conversion's 130 MB of
/// text otherwise waits a third of a second for the disk after its last byte.
///
/// Every `stride` bytes written, `fdatasync(2)` runs on a serial queue unless one is still
/// running. An error it reports is kept and thrown by `finish()`: the kernel reports a
/// write-back error once, so the final fsync alone could miss it.
///
/// The descriptor must stay open until `finish()` returns.
final class BackgroundWriteback: Sendable {
    private let descriptor: Int32
    private let stride: Int
    private let queue = DispatchQueue(label: "gridsim.trace-writeback")
    private let inFlight = Atomic<Bool>(false)
    private let firstError = Mutex<Int32?>(nil)
    private let unflushed = Mutex<Int>(0)

    /// - Parameter stride: bytes written between two flushes; 8 MB keeps the flushes few and
    ///   leaves the final fsync at most that much.
    init(descriptor: Int32, stride: Int = 8 << 20) {
        self.descriptor = descriptor
        self.stride = stride
    }

    /// Counts `count` bytes just written, and starts a flush once `stride` have gathered.
    /// O(1); never waits for the disk.
    func wrote(_ count: Int) {
        let due = unflushed.withLock { bytes -> Bool in
            bytes += count
            guard bytes >= stride else { return false }
            bytes = 0
            return true
        }
        guard due, inFlight.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
        else { return }
        queue.async { [self] in
            if fdatasync(descriptor) != 0 {
                let code = errno
                firstError.withLock { if $0 == nil { $0 = code } }
            }
            inFlight.store(false, ordering: .releasing)
        }
    }

    /// Waits for the flush in progress, if any, and returns the errno of the first flush that
    /// failed, or nil.
    func finish() -> Int32? {
        queue.sync {}
        return firstError.withLock { $0 }
    }
}
