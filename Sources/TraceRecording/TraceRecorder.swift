import Dispatch
import Foundation
@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
@_spi(GridSimInternals) import SelectionTrace

/// Appends events to a trace file as they happen, in text or binary, and loses nothing it
/// has committed.
///
/// Events wait in a memory buffer and are committed (handed to the operating system with
/// `write(2)`, which keeps them if the process is then killed) by the `FlushPolicy`: once
/// `maximumEvents` wait, or once the oldest has waited `maximumDelayMilliseconds` (a timer
/// commits an idle recorder's buffer too). `close()` commits the rest, writes a binary
/// trace's end record and fsyncs. So a recording process killed at any moment leaves a
/// trace that reads back to a prefix of what it recorded, short by at most the loss window.
///
/// The file never exists without its header. With `Placement.live` it appears at once with
/// its header and grows; with `.whenClosed` (conversions) it appears complete, at close.
/// An existing file is replaced only with `replacing: true`.
///
/// Thread-safe: calls may come from any thread; a lock serialises them with the timer.
@_spi(GridSimInternals) public final class TraceRecorder: @unchecked Sendable {
    @_spi(GridSimInternals) public enum Placement: Sendable {
        /// The file appears when recording starts and grows as events are committed.
        case live
        /// The file appears, complete, when the recorder closes; until then it is a hidden
        /// temporary file beside it, removed if the recorder is dropped without closing.
        case whenClosed
    }

    @_spi(GridSimInternals) public let path: String
    @_spi(GridSimInternals) public let format: TraceFileFormat
    @_spi(GridSimInternals) public let header: TraceHeader
    @_spi(GridSimInternals) public let policy: FlushPolicy
    /// The session salt of a binary trace.
    @_spi(GridSimInternals) public var salt: UInt32? { encoder?.salt }

    private let file: TraceOutputFile
    private let placement: Placement
    private let replacing: Bool
    private var encoder: BinaryTraceEncoder?
    private let lock = NSLock()
    private var timer: DispatchSourceTimer?
    /// Encoded records waiting to be committed.
    private var pending: [UInt8] = []
    private var pendingEvents = 0
    private var oldestPendingTime: DispatchTime?
    private var lastTime: Int?
    private var recorded = 0
    private var committed = 0
    private var written = 0
    /// A commit the timer could not make, reported by the next call.
    private var deferredError: Error?
    private var isClosed = false

    /// Creates the trace at `path` and writes its header.
    ///
    /// - Parameters:
    ///   - format: by default, from the extension (`.jsonl` or `.gstrace`).
    ///   - syncInterval: binary traces: events between sync points (see the format docs).
    @_spi(GridSimInternals) public init(
        path: String, header: TraceHeader, format: TraceFileFormat? = nil, policy: FlushPolicy = .default,
        placement: Placement = .live, replacing: Bool = false,
        syncInterval: Int = BinaryTraceFormat.defaultSyncInterval
    ) throws {
        guard let format = format ?? TraceFileFormat(path: path) else {
            throw TraceError(.unknownFormat, at: .file(path))
        }
        try header.checkWritable()
        self.path = path
        self.format = format
        self.header = header
        self.policy = policy
        self.placement = placement
        self.replacing = replacing
        file = try TraceOutputFile(creatingBeside: path, replacing: replacing)

        var headerBytes: [UInt8] = []
        switch format {
        case .text:
            headerBytes = Array((TextTraceEncoding.line(for: header) + "\n").utf8)
        case .binary:
            var encoder = BinaryTraceEncoder(header: header, syncInterval: syncInterval)
            encoder.encodeHeader(into: &headerBytes)
            self.encoder = encoder
        }
        try headerBytes.withUnsafeBytes { try file.write($0) }
        written = headerBytes.count
        if placement == .live {
            try file.publish(replacing: replacing)
        }
        startTimer()
    }

    deinit {
        timer?.cancel()
        // Dropped without close: commit what is waiting (a live trace keeps it; an unpublished
        // one is removed by the file).
        if !isClosed { try? commitLocked() }
    }

    /// Events recorded so far.
    @_spi(GridSimInternals) public var eventCount: Int { lock.withLock { recorded } }
    /// Events committed so far: these survive the process being killed.
    @_spi(GridSimInternals) public var committedEventCount: Int { lock.withLock { committed } }
    /// Bytes handed to the operating system so far, header included.
    @_spi(GridSimInternals) public var bytesWritten: Int { lock.withLock { written } }

    /// Records one event; commits if the policy says so.
    ///
    /// Amortised O(size of the event's record); throws for an event a trace cannot hold (a
    /// negative or decreasing `t`) and for a failed commit.
    @_spi(GridSimInternals) public func record(_ event: TraceEvent) throws {
        lock.lock()
        defer { lock.unlock() }
        if let deferredError {
            self.deferredError = nil
            throw deferredError
        }
        guard !isClosed else { throw RecordingError(.recorderClosed, at: path) }
        if let t = event.t {
            guard t >= 0 else { throw TraceError(.negativeTime(t), at: .event(recorded + 1)) }
            if let lastTime, t < lastTime {
                throw TraceError(.decreasingTime(t: t, previous: lastTime), at: .event(recorded + 1))
            }
            lastTime = t
        }
        if let count = event.seen?.count, count < 0 {
            // A trace that says so is refused by every reader: never written.
            throw TraceError(.malformed("seen.count must be at least 0, found \(count)"), at: .event(recorded + 1))
        }
        switch format {
        case .text:
            pending.append(contentsOf: TextTraceEncoding.line(for: event).utf8)
            pending.append(UInt8(ascii: "\n"))
        case .binary:
            encoder!.encode(event, into: &pending)
        }
        recorded += 1
        pendingEvents += 1
        if pendingEvents == 1 {
            oldestPendingTime = .now()
        }
        if pendingEvents >= policy.maximumEvents || isOverdue() {
            try commitLocked()
        }
    }

    /// Commits every waiting event now (without fsync).
    @_spi(GridSimInternals) public func flush() throws {
        try lock.withLock {
            if let deferredError {
                self.deferredError = nil
                throw deferredError
            }
            try commitLocked()
        }
    }

    /// Commits everything, ends a binary trace with its end record, fsyncs and closes; with
    /// `Placement.whenClosed`, then gives the file its name. Calling it again does nothing.
    @_spi(GridSimInternals) public func close() throws {
        timer?.cancel()
        try lock.withLock {
            guard !isClosed else { return }
            isClosed = true
            if let deferredError {
                self.deferredError = nil
                throw deferredError
            }
            if format == .binary { encoder!.encodeEnd(into: &pending) }
            try commitLocked()
            try file.sync()
            if placement == .whenClosed { try file.publish(replacing: replacing) }
            try file.close()
        }
    }

    /// Closes without publishing: a `.whenClosed` trace is removed, a live one stays as far
    /// as it was committed (no end record). For a conversion that failed part way.
    @_spi(GridSimInternals) public func abandon() {
        timer?.cancel()
        lock.withLock {
            guard !isClosed else { return }
            isClosed = true
            pending.removeAll()
            try? file.close()
        }
    }

    // MARK: - Committing

    private func isOverdue() -> Bool {
        guard let oldestPendingTime else { return false }
        let waited = DispatchTime.now().uptimeNanoseconds &- oldestPendingTime.uptimeNanoseconds
        return waited >= UInt64(policy.maximumDelayMilliseconds) * 1_000_000
    }

    /// Writes the waiting bytes. The caller holds the lock.
    private func commitLocked() throws {
        guard !pending.isEmpty else { return }
        try pending.withUnsafeBytes { try file.write($0) }
        written += pending.count
        committed += pendingEvents
        pending.removeAll(keepingCapacity: pending.count <= 1 << 20)
        pendingEvents = 0
        oldestPendingTime = nil
    }

    /// Commits an idle recorder's events: every half delay, whatever waits is committed, so no
    /// event waits longer than the delay (give or take the scheduler's latency).
    private func startTimer() {
        let interval = max(1, policy.maximumDelayMilliseconds / 2)
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "gridsim.trace-recorder.commit"))
        timer.schedule(
            deadline: .now() + .milliseconds(interval), repeating: .milliseconds(interval),
            leeway: .milliseconds(max(1, interval / 4)))
        timer.setEventHandler { [weak self] in
            guard let self else { return }
            self.lock.withLock {
                guard !self.isClosed, self.deferredError == nil, self.pendingEvents > 0 else { return }
                do {
                    try self.commitLocked()
                } catch {
                    self.deferredError = error
                }
            }
        }
        timer.resume()
        self.timer = timer
    }
}
