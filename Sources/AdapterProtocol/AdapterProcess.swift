#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An adapter's process: `/bin/sh -c COMMAND` in a process group of its own, its standard
/// input, output and error on pipes that GridSim never blocks on. One `poll` loop
/// (`nextLine`) writes what is pending to its input while it reads its output and keeps the
/// tail of its error stream, so that neither side can fill a pipe and wait on the other.
///
/// Not thread-safe: one connection drives it.
package final class AdapterProcess {
    package let command: String
    private let pid: pid_t
    private var input: Int32
    private var output: Int32
    private var errorStream: Int32
    /// Bytes of requests not yet taken by the adapter's input pipe.
    private var pending: [UInt8] = []
    private var pendingStart = 0
    /// Bytes read from the adapter's output and not yet returned as lines.
    private var inbound: [UInt8] = []
    private var inboundStart = 0
    /// Where the search for the next newline resumes: the bytes before it hold none.
    private var scannedTo = 0
    /// What each read of the adapter's output or error stream fills, allocated once.
    private var scratch = [UInt8](repeating: 0, count: readChunk)
    private var outputEnded = false
    /// The last bytes of the adapter's standard error.
    private var errorTail: [UInt8] = []
    private var exitStatus: ExitStatus?
    /// Lines returned so far: the number a fault names.
    package private(set) var linesRead = 0

    /// The longest answer line accepted.
    package static let maximumLineLength = 64 << 20
    private static let errorTailBytes = 4096
    private static let readChunk = 1 << 16

    /// How a process ended.
    package enum ExitStatus: Equatable, Sendable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)

        package var description: String {
            switch self {
            case .exited(let code): "exited with status \(code)"
            case .signalled(let signal): "was killed by signal \(signal)\(Self.signalName(signal).map { " (\($0))" } ?? "")"
            }
        }

        private static func signalName(_ signal: Int32) -> String? {
            switch signal {
            case SIGKILL: "SIGKILL"
            case SIGSEGV: "SIGSEGV"
            case SIGABRT: "SIGABRT"
            case SIGTERM: "SIGTERM"
            case SIGBUS: "SIGBUS"
            case SIGILL: "SIGILL"
            default: nil
            }
        }
    }

    /// What waiting for a line gave.
    package enum LineResult {
        case line([UInt8])
        /// The adapter closed its output (it exited, most likely).
        case ended
        case timedOut
        case tooLong
    }

    /// Starts `command` under `/bin/sh -c`. Throws the reason when the shell cannot be started.
    package init(command: String) throws(AdapterStartError) {
        self.command = command
        // A write to an adapter that has exited must be an error GridSim reports, not a
        // SIGPIPE that ends GridSim.
        signal(SIGPIPE, SIG_IGN)
        let pipes = try Self.makePipes()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipes.input.read, 0)
        posix_spawn_file_actions_adddup2(&actions, pipes.output.write, 1)
        posix_spawn_file_actions_adddup2(&actions, pipes.error.write, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group, so that a hang is ended with the shell's children too.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        let arguments = ["/bin/sh", "-c", command]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, "/bin/sh", &actions, &attributes, &argv, environ)
        for fd in [pipes.input.read, pipes.output.write, pipes.error.write] { close(fd) }
        guard status == 0 else {
            for fd in [pipes.input.write, pipes.output.read, pipes.error.read] { close(fd) }
            throw AdapterStartError(message: "cannot start /bin/sh: \(String(cString: strerror(status)))")
        }
        pid = child
        input = pipes.input.write
        output = pipes.output.read
        errorStream = pipes.error.read
    }

    deinit { terminate() }

    /// Queues `bytes` for the adapter's input; `nextLine` writes them as the pipe takes them.
    package func send(_ bytes: [UInt8]) {
        if pendingStart == pending.count {
            pending.removeAll(keepingCapacity: true)
            pendingStart = 0
        }
        pending.append(contentsOf: bytes)
        flushPending()
    }

    /// The next line of the adapter's output (without its newline), writing pending input
    /// meanwhile; waits at most `timeout` seconds for it.
    package func nextLine(timeout: Double) -> LineResult {
        let deadline = Self.now() + timeout
        while true {
            if let newline = Self.newline(in: inbound, from: scannedTo) {
                let line = Array(inbound[inboundStart..<newline])
                inboundStart = newline + 1
                scannedTo = inboundStart
                if inboundStart > Self.readChunk && inboundStart * 2 > inbound.count {
                    inbound.removeFirst(inboundStart)
                    inboundStart = 0
                    scannedTo = 0
                }
                linesRead += 1
                return .line(line)
            }
            scannedTo = inbound.count
            if inbound.count - inboundStart > Self.maximumLineLength { return .tooLong }
            if outputEnded { return .ended }
            let remaining = deadline - Self.now()
            guard remaining > 0 else { return .timedOut }
            waitForPipes(milliseconds: Int32(min(remaining * 1000, 1_000_000).rounded(.up)))
        }
    }

    /// How the process ended, waiting up to `timeout` seconds for it; nil if it still runs.
    package func exit(waiting timeout: Double = 0) -> ExitStatus? {
        if let exitStatus { return exitStatus }
        let deadline = Self.now() + timeout
        repeat {
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid {
                exitStatus = Self.decode(status)
                return exitStatus
            }
            if result < 0 { return nil }
            usleep(2_000)
        } while Self.now() < deadline
        return nil
    }

    /// The last lines of the adapter's standard error, at most `lines` of them.
    package func errorTail(lines: Int = 8) -> [String] {
        drainErrorStream()
        let text = String(decoding: errorTail, as: UTF8.self)
        let all = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        return Array(all.suffix(lines))
    }

    /// Closes the adapter's input, so that an adapter reading to the end of it exits.
    package func closeInput() {
        flushPending()
        if input >= 0 {
            close(input)
            input = -1
        }
    }

    /// Ends the process and its group with SIGKILL (if it still runs) and reaps it.
    package func terminate() {
        if exitStatus == nil {
            kill(-pid, SIGKILL)
            kill(pid, SIGKILL)
            var status: Int32 = 0
            if waitpid(pid, &status, 0) == pid { exitStatus = Self.decode(status) }
        }
        for fd in [input, output, errorStream] where fd >= 0 { close(fd) }
        input = -1
        output = -1
        errorStream = -1
    }

    // MARK: The pipes

    private func waitForPipes(milliseconds: Int32) {
        var fds = [pollfd(fd: output, events: Int16(POLLIN), revents: 0)]
        if errorStream >= 0 { fds.append(pollfd(fd: errorStream, events: Int16(POLLIN), revents: 0)) }
        let writing = input >= 0 && pendingStart < pending.count
        if writing { fds.append(pollfd(fd: input, events: Int16(POLLOUT), revents: 0)) }
        let ready = poll(&fds, nfds_t(fds.count), milliseconds)
        guard ready > 0 else { return }
        if fds[0].revents != 0 { readOutput() }
        if errorStream >= 0, fds[1].revents != 0 { drainErrorStream() }
        if writing { flushPending() }
    }

    private func readOutput() {
        let count = scratch.withUnsafeMutableBytes { read(output, $0.baseAddress!, Self.readChunk) }
        if count > 0 { inbound.append(contentsOf: scratch[..<count]) }
        if count == 0 { outputEnded = true }
        if count < 0 && errno != EAGAIN && errno != EINTR { outputEnded = true }
    }

    private func drainErrorStream() {
        guard errorStream >= 0 else { return }
        while true {
            let count = scratch.withUnsafeMutableBytes { read(errorStream, $0.baseAddress!, Self.readChunk) }
            if count > 0 {
                errorTail.append(contentsOf: scratch[..<count])
                if errorTail.count > Self.errorTailBytes { errorTail.removeFirst(errorTail.count - Self.errorTailBytes) }
                continue
            }
            if count == 0 || (errno != EAGAIN && errno != EINTR) {
                close(errorStream)
                errorStream = -1
            }
            return
        }
    }

    private func flushPending() {
        while input >= 0 && pendingStart < pending.count {
            let written = pending.withUnsafeBytes { write(input, $0.baseAddress! + pendingStart, pending.count - pendingStart) }
            if written > 0 {
                pendingStart += written
                continue
            }
            if written < 0 && errno == EINTR { continue }
            if written < 0 && errno != EAGAIN {
                // The adapter closed its input (it exited): what it did shows on its output.
                pending.removeAll()
                pendingStart = 0
            }
            return
        }
    }

    // MARK: Helpers

    /// The index of the first newline in `bytes` at or after `start`. memchr: the scan runs
    /// over every byte an adapter writes, at the speed of the build GridSim's tests use too.
    private static func newline(in bytes: [UInt8], from start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        return bytes.withUnsafeBytes { buffer in
            guard let found = memchr(buffer.baseAddress! + start, 0x0A, buffer.count - start) else { return nil }
            return buffer.baseAddress!.distance(to: UnsafeRawPointer(found))
        }
    }

    private typealias PipeEnds = (read: Int32, write: Int32)

    /// Three pipes; GridSim's ends are non-blocking and closed on exec.
    private static func makePipes() throws(AdapterStartError) -> (input: PipeEnds, output: PipeEnds, error: PipeEnds) {
        var ends: [PipeEnds] = []
        for _ in 0..<3 {
            var fds: [Int32] = [0, 0]
            guard pipe(&fds) == 0 else {
                for end in ends { close(end.read); close(end.write) }
                throw AdapterStartError(message: "cannot make a pipe: \(String(cString: strerror(errno)))")
            }
            ends.append((fds[0], fds[1]))
        }
        for fd in [ends[0].write, ends[1].read, ends[2].read] {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        return (ends[0], ends[1], ends[2])
    }

    private static func decode(_ status: Int32) -> ExitStatus {
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// The adapter's command could not be started at all.
package struct AdapterStartError: Error, Sendable, CustomStringConvertible {
    package var message: String
    package var description: String { message }
}
