/// Why a trace cannot be read, and where: a 1-based line and, for bad JSON, a column.
public struct TraceError: Error, Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var message: String

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    /// `line N: message`; the command line prefixes the file name instead.
    public var description: String { "line \(line): \(message)" }
}
