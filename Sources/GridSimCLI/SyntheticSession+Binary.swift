import GestureInput
@_spi(GridSimInternals) import SelectionTrace
import SyntheticSessions
@_spi(GridSimInternals) import TraceRecording

extension SyntheticSession {
    /// Records the session `settings` describe, `eventCount` events, as a binary trace at
    /// `path` (the file header, every event, the end record), which appears only when
    /// complete, as `gridsim convert`'s output does: `gridsim generate --output FILE.gstrace`'s
    /// core. Returns the grid's sizes over the session.
    ///
    /// The bytes are those `TraceConversion.convert` writes of the session's text trace (see
    /// `writeBinary(_:eventCount:generator:to:salt:progress:)`, which runs the model on a
    /// thread of its own), its salt drawn at random as convert draws its own. So generating
    /// binary is generating text and converting it, without the text. O(events) plus the
    /// session's own cost. Errors: `RecordingError` (the file cannot be created, written or
    /// replaced); nothing is left at `path` then. `progress` is called every
    /// `TraceProgressInterval.events` events. The file is not fsynced: the same flags make it
    /// again, and the text output is not either.
    static func recordBinary(
        _ settings: SessionSettings, eventCount: Int, to path: String, replacing: Bool,
        progress: TraceProgress = { _, _ in }
    ) throws -> GridSizeRange {
        let sink = try TraceFileSink(path: path, replacing: replacing, syncsData: false)
        var destination = sink
        do {
            let (_, gridSizes) = try writeBinary(settings, eventCount: eventCount, to: &destination, progress: progress)
            try sink.close()
            return gridSizes
        } catch {
            sink.abandon()
            throw error
        }
    }
}
