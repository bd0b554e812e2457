import GestureInput
import SelectionTrace

extension SyntheticSession {
    /// Records the whole session as a binary trace at `path` (the file header, every event,
    /// the end record), which appears only when complete, as `gridsim convert`'s output does:
    /// `gridsim generate --output FILE.gstrace`'s core. Returns the bytes written.
    ///
    /// A `TraceRecorder` writes what `TraceConversion.convert` writes from the session's text
    /// trace, with the same salt (the recorder draws its own, as convert does): the header as
    /// the session made it, each event as the text reader would give it back. So generating
    /// binary is generating text and converting it, without the text. O(events) plus the
    /// session's own cost; memory: the session's, the recorder's batch and its encoder's table
    /// of the ids met. Errors: `TraceOutputError` (the file cannot be created, written or
    /// replaced). `progress` is called every `TraceProgressInterval.events` events.
    @discardableResult
    mutating func recordBinary(to path: String, replacing: Bool, progress: TraceProgress = { _, _ in }) throws -> Int {
        let recorder = try TraceRecorder(
            path: path, header: header, format: .binary, policy: .batch, placement: .whenClosed, replacing: replacing)
        var recorded = 0
        while let event = next() {
            try recorder.record(event)
            recorded += 1
            if recorded % TraceProgressInterval.events == 0 { progress(recorded, recorder.bytesWritten) }
        }
        try recorder.close()
        return recorder.bytesWritten
    }
}
