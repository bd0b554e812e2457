import GestureInput
@_spi(GridSimInternals) import SelectionTrace
import SyntheticSessions
@_spi(GridSimInternals) import TraceRecording

extension SyntheticSession {
    /// Records the whole session as a binary trace at `path` (the file header, every event,
    /// the end record), which appears only when complete, as `gridsim convert`'s output does:
    /// `gridsim generate --output FILE.gstrace`'s core. Returns the bytes written.
    ///
    /// The bytes are those `TraceConversion.convert` writes of the session's text trace (see
    /// `writeBinary(to:salt:progress:)`), its salt drawn at random as convert draws its own.
    /// So generating binary is generating text and converting it, without the text.
    /// O(events) plus the session's own cost. Errors: `TraceError` (the file cannot be
    /// created, written or replaced). `progress` is called every
    /// `TraceProgressInterval.events` events. The file is not fsynced: the same flags make it
    /// again, and the text output is not either.
    @discardableResult
    mutating func recordBinary(to path: String, replacing: Bool, progress: TraceProgress = { _, _ in }) throws -> Int {
        let sink = try TraceFileSink(path: path, replacing: replacing, syncsData: false)
        var destination = sink
        do {
            let written = try writeBinary(to: &destination, progress: progress)
            try sink.close()
            return written
        } catch {
            sink.abandon()
            throw error
        }
    }
}
