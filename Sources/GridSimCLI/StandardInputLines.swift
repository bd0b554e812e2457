#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Lines from a file descriptor as soon as they arrive, for recording a live stream: each
/// `read(2)` returns whatever the pipe holds, where a buffered reader would wait for a full
/// block before handing over the first line.
struct StandardInputLines {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var position = 0
    private var reachedEnd = false
    /// The 1-based number of the line most recently returned.
    private(set) var lineNumber = 0

    static let readSize = 1 << 16

    init(descriptor: Int32 = STDIN_FILENO) {
        self.descriptor = descriptor
    }

    /// The next line without its newline; nil at the end of input, or when `shouldStop`
    /// says so after a read was interrupted by a signal.
    mutating func nextLine(shouldStop: () -> Bool) throws -> [UInt8]? {
        while true {
            if let newline = buffer[position...].firstIndex(of: UInt8(ascii: "\n")) {
                var end = newline
                if end > position && buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = Array(buffer[position..<end])
                position = newline + 1
                lineNumber += 1
                return line
            }
            if reachedEnd {
                guard position < buffer.count else { return nil }
                let line = Array(buffer[position...])
                position = buffer.count
                lineNumber += 1
                return line
            }
            if shouldStop() { return nil }
            buffer.removeSubrange(0..<position)
            position = 0
            // Read straight into the buffer's spare room.
            let kept = buffer.count
            buffer.append(contentsOf: repeatElement(0, count: Self.readSize))
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + kept, Self.readSize) }
            buffer.removeSubrange((kept + max(count, 0))...)
            if count < 0 {
                if errno == EINTR { continue }
                throw StandardInputError(code: errno)
            }
            if count == 0 { reachedEnd = true }
        }
    }
}

struct StandardInputError: Error, CustomStringConvertible {
    var code: Int32
    var description: String { "standard input: read failed: \(String(cString: strerror(code)))" }
}

/// SIGINT and SIGTERM, caught while a recording runs so that it closes cleanly (commits,
/// writes the end record, fsyncs) instead of dying with its buffer. Installed without
/// SA_RESTART, so that a blocking read returns and the loop sees the request.
enum InterruptRequest {
    /// The signal received, or 0. A plain word written by the handler (async-signal-safe).
    nonisolated(unsafe) private static var received: sig_atomic_t = 0

    static var signal: Int32 { received }

    /// Installs the handlers, runs `body`, then puts the previous handlers back.
    static func catching<T>(_ body: () throws -> T) rethrows -> T {
        received = 0  // initialised before a handler can touch it
        var action = sigaction()
        #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = { InterruptRequest.received = $0 }
        #else
        action.__sigaction_handler.sa_handler = { InterruptRequest.received = $0 }
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        var previousInterrupt = sigaction()
        var previousTerminate = sigaction()
        sigaction(SIGINT, &action, &previousInterrupt)
        sigaction(SIGTERM, &action, &previousTerminate)
        // A parent may have started this process with the signals blocked (a blocked signal
        // would wait, pending, until the recording ends on its own).
        var signals = sigset_t()
        var previousMask = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &signals, &previousMask)
        defer {
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
            sigaction(SIGINT, &previousInterrupt, nil)
            sigaction(SIGTERM, &previousTerminate, nil)
        }
        return try body()
    }
}
