/// A mistake in a command line: the program reports it with its usage and exits with
/// `ExitCode.usage` (64).
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
