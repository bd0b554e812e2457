/// A trace file written whole, as a conversion writes it: the bytes go to a hidden file
/// beside `path`, which takes its name only when `close()` succeeds (after an fsync), so a
/// failed run leaves nothing behind and never harms an existing file. See `TraceOutputFile`.
@_spi(GridSimInternals) public final class TraceFileSink: TraceByteSink {
    @_spi(GridSimInternals) public let path: String
    private let file: TraceOutputFile
    private let replacing: Bool
    private var isClosed = false

    /// Creates the hidden file. Throws a `TraceError`: `outputExists` when `path` exists and
    /// `replacing` is false, `.cannotCreate` when the file cannot be made.
    @_spi(GridSimInternals) public init(path: String, replacing: Bool) throws {
        self.path = path
        self.replacing = replacing
        file = try TraceOutputFile(creatingBeside: path, replacing: replacing)
    }

    @_spi(GridSimInternals) public func write(_ bytes: UnsafeRawBufferPointer) throws {
        try file.write(bytes)
    }

    /// Fsyncs, gives the file its name, and closes it. Calling it again does nothing.
    @_spi(GridSimInternals) public func close() throws {
        guard !isClosed else { return }
        isClosed = true
        try file.sync()
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
