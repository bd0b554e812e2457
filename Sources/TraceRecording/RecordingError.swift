/// Why a trace file cannot be written: its output exists, cannot be created, or failed part
/// way, or the recorder was already closed. What `TraceRecorder` and `TraceFileSink` throw
/// of their own; a path with no trace format's extension, or a header or an event that no
/// trace can hold, is a `TraceError`.
///
/// Rendered as the command line writes it: `FILE exists; pass --force to replace it`,
/// `FILE: cannot create: REASON`, `FILE: write failed: REASON`, `FILE: the recorder is closed`.
@_spi(GridSimInternals) public struct RecordingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    @_spi(GridSimInternals) public enum Kind: Hashable, Sendable {
        /// The output exists and replacing it was not asked for.
        case outputExists
        /// The output (or its temporary file beside it) cannot be created.
        case cannotCreate(reason: String)
        /// Writing, syncing or publishing the output failed part way.
        case writeFailed(reason: String)
        /// The recorder was used after `close()`.
        case recorderClosed
    }

    @_spi(GridSimInternals) public var kind: Kind
    /// The file it went wrong with: the output, or its temporary file before it is published.
    @_spi(GridSimInternals) public var path: String

    @_spi(GridSimInternals) public init(_ kind: Kind, at path: String) {
        self.kind = kind
        self.path = path
    }

    /// What is wrong, without the file: `write failed: No space left on device`.
    @_spi(GridSimInternals) public var message: String {
        switch kind {
        case .outputExists: "exists; pass --force to replace it"
        case .cannotCreate(let reason): "cannot create: \(reason)"
        case .writeFailed(let reason): "write failed: \(reason)"
        case .recorderClosed: "the recorder is closed"
        }
    }

    /// `FILE exists; pass --force to replace it`, `FILE: write failed: REASON` …
    @_spi(GridSimInternals) public var description: String {
        kind == .outputExists ? "\(path) \(message)" : "\(path): \(message)"
    }
}
