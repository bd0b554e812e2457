import Dispatch
@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
@_spi(GridSimInternals) import SelectionTrace
import Synchronization
@_spi(GridSimInternals) import TraceRecording

/// Records a whole session to a trace file, text (`.jsonl`) or binary (`.gstrace`), as the
/// app's users make it: GridSim's own recorder (`gridsim record`'s) behind a small API.
///
/// The file appears at once with its header and grows as events are committed: at least every
/// `flushEvents` events or `flushMilliseconds`, whichever comes first (a timer commits an idle
/// recorder's events). Committed events survive the process being killed, so a crash loses at
/// most that window; `close()` commits the rest, writes a binary trace's end record and syncs
/// the file to the disk. It reads back with every `gridsim` command.
///
/// Thread-safe: calls may come from any thread.
public final class SessionRecorder: @unchecked Sendable {
    /// The trace file.
    public let path: String
    private let recorder: TraceRecorder
    /// The last event's time, under the lock that keeps times in order across threads.
    private let lastTime = Mutex<Int>(0)
    private let clockStart = DispatchTime.now().uptimeNanoseconds

    /// Creates the trace at `path` (`.jsonl` or `.gstrace`) for a session over `photos` (in grid
    /// order), with the app's `limit` and Reduce Motion, from `start`. An existing file is
    /// replaced only when `replacing`. O(photos). Throws `RecorderError`.
    public init(
        path: String, photos: [PhotoID], limit: Int? = nil, reduceMotion: Bool = false, start: StartState = .browsing,
        replacing: Bool = false, flushEvents: Int = 256, flushMilliseconds: Int = 100
    ) throws {
        self.path = path
        guard let format = TraceFileFormat(path: path) else {
            throw RecorderError(.invalidSession("a trace's name ends in .jsonl (text) or .gstrace (binary)"), at: path)
        }
        guard flushEvents >= 1, flushMilliseconds >= 1 else {
            throw RecorderError(.invalidSession("the flush window is at least 1 event and 1 ms"), at: path)
        }
        let table = PhotoIDTable(photos)
        if let repeated = table.firstDuplicate {
            throw RecorderError(.invalidSession("photo \"\(table[repeated.position])\" is listed twice"), at: path)
        }
        let header = TraceHeader(
            photos: .ids(table), limit: limit, reduceMotion: reduceMotion,
            meta: JSONObject([(key: "generator", value: .string("GridSimRecorder session"))]), start: start)
        do {
            recorder = try TraceRecorder(
                path: path, header: header, format: format,
                policy: FlushPolicy(maximumEvents: flushEvents, maximumDelayMilliseconds: flushMilliseconds),
                placement: .live, replacing: replacing)
        } catch {
            throw Self.recorderError(error, path: path)
        }
    }

    /// Events recorded so far. O(1).
    public var eventCount: Int { recorder.eventCount }
    /// Events committed so far: these survive the process being killed. O(1).
    public var committedEventCount: Int { recorder.committedEventCount }

    /// Records one event the app applied, with what it showed after it (`seen`) when given,
    /// at `t` milliseconds since the recorder was created (by default now; a time before the
    /// previous event's is taken as the previous event's). Commits when the flush window says
    /// so. Amortised O(length of the event's line). Throws `RecorderError` when a commit fails
    /// or the recorder is closed.
    public func record(_ event: Event, seen: SeenState? = nil, t: Int? = nil) throws {
        try lastTime.withLock { last in
            let now = t ?? Int((DispatchTime.now().uptimeNanoseconds &- clockStart) / 1_000_000)
            last = max(last, now)
            do {
                try recorder.record(TraceEvent(t: last, event, seen: seen))
            } catch {
                throw Self.recorderError(error, path: path)
            }
        }
    }

    /// Commits every waiting event now (without syncing). O(bytes waiting).
    public func flush() throws {
        do { try recorder.flush() } catch { throw Self.recorderError(error, path: path) }
    }

    /// Commits everything, ends a binary trace with its end record, syncs and closes: O(bytes
    /// waiting) and the sync. Calling it again does nothing.
    public func close() throws {
        do { try recorder.close() } catch { throw Self.recorderError(error, path: path) }
    }

    private static func recorderError(_ error: any Error, path: String) -> RecorderError {
        if let recording = error as? RecordingError {
            return RecorderError(recording.kind == .recorderClosed ? .closed : .io(recording.message), at: recording.path)
        }
        if let trace = error as? TraceError {
            return RecorderError(.invalidSession("\(trace)"), at: path)
        }
        return RecorderError(.io("\(error)"), at: path)
    }
}
