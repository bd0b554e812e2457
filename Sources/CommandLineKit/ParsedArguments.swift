/// What a command line said, once parsed: read the options as typed values with `value(_:)`.
public struct ParsedArguments: Sendable {
    /// The text of each option given (a flag's is ""); the last one wins when repeated.
    var values: [String: String] = [:]
    public var positionals: [String] = []
    public var wantsHelp = false

    public init() {}

    /// Whether the command line gave `option` at all.
    public func isGiven<Value>(_ option: Option<Value>) -> Bool { values[option.name] != nil }

    /// The option's value: read from its text when given, else its declared default. O(1)
    /// plus the option's own reading.
    public func value<Value>(_ option: Option<Value>) throws(UsageError) -> Value {
        guard let text = values[option.name] else { return option.defaultValue }
        return try option.read(text, option.name)
    }

    /// A flag's value (flags cannot fail to read).
    public func value(_ flag: Option<Bool>) -> Bool { values[flag.name] != nil }
}
