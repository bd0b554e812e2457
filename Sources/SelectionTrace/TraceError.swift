/// Why a trace cannot be read, and where.
///
/// A text trace names a 1-based line (and, for bad JSON, a column in the message). A binary
/// trace has no lines: it names the byte offset where the damage starts and the 1-based
/// number of the record there (nil inside the file header), and `line` is 0.
public struct TraceError: Error, Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var message: String
    /// Binary traces: the offset from the start of the file of the first byte in question.
    public var byteOffset: Int?
    /// Binary traces: the 1-based record number, counting every record after the file header
    /// (events and bookkeeping alike); nil when the damage is in the file header.
    public var record: Int?

    @_spi(GridSimInternals) public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    /// An error in a binary trace, at `byteOffset`, in record `record` (nil: the file header).
    @_spi(GridSimInternals) public init(byteOffset: Int, record: Int?, message: String) {
        self.line = 0
        self.message = message
        self.byteOffset = byteOffset
        self.record = record
    }

    /// Where, for a person: `line 3`, `byte 1234 (record 57)`, `byte 12 (file header)`.
    public var location: String {
        guard let byteOffset else { return "line \(line)" }
        return "byte \(byteOffset) (" + (record.map { "record \($0)" } ?? "file header") + ")"
    }

    /// `line N: message` or `byte N (record R): message`; the command line prefixes the file name.
    public var description: String { "\(location): \(message)" }
}
