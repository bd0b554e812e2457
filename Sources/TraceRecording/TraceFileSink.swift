@_spi(GridSimInternals) import SelectionTrace

/// A trace file written whole, as a conversion writes it: the bytes go to a hidden file
/// beside `path`, which takes its name only when `close()` succeeds (after an fsync), so a
/// failed run leaves nothing behind and never harms an existing file. See `TraceOutputFile`.
///
/// A synced file is flushed to the disk on a second thread as it is written, so the final
/// fsync waits for little.
///
/// A file that can be made again from its inputs (`gridsim generate`'s, from its flags) may
/// skip the fsync: the rename still publishes it whole, and the data reaches the disk as the
/// system writes it back, as a text output's does.
@_spi(GridSimInternals) public final class TraceFileSink: TraceByteSink {
    @_spi(GridSimInternals) public let path: String
    private let file: TraceOutputFile
    private let replacing: Bool
    private let syncsData: Bool
    private var isClosed = false

    /// Creates the hidden file. Throws a `RecordingError`: `outputExists` when `path` exists
    /// and `replacing` is false, `cannotCreate` when the file cannot be made. `syncsData`
    /// false skips the fsync before the file takes its name.
    @_spi(GridSimInternals) public init(path: String, replacing: Bool, syncsData: Bool = true) throws {
        self.path = path
        self.replacing = replacing
        self.syncsData = syncsData
        file = try TraceOutputFile(creatingBeside: path, replacing: replacing, flushesAsItWrites: syncsData)
    }

    @_spi(GridSimInternals) public func write(_ bytes: UnsafeRawBufferPointer) throws {
        try file.write(bytes)
    }

    /// Fsyncs (unless told not to), gives the file its name, and closes it. Calling it again
    /// does nothing.
    @_spi(GridSimInternals) public func close() throws {
        guard !isClosed else { return }
        isClosed = true
        if syncsData { try file.sync() }
        try file.publish(replacing: replacing)
        try file.close()
    }

    /// Closes without publishing: the hidden file is removed.
    @_spi(GridSimInternals) public func abandon() {
        guard !isClosed else { return }
        isClosed = true
        try? file.close()
    }
}
