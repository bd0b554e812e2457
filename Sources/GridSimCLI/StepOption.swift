import CommandLineKit

extension ParsedArguments {
    /// The step `option` names (its default when absent): a whole number in `0...eventCount`,
    /// or a usage error saying which steps the trace has. O(1).
    func step(_ option: Option<Int>, eventCount: Int) throws(UsageError) -> Int {
        try Self.check(step: try value(option), of: option.name, eventCount: eventCount)
    }

    /// The same for an option whose default depends on the trace: `absent` when not given.
    func step(_ option: Option<Int?>, absent: Int, eventCount: Int) throws(UsageError) -> Int {
        try Self.check(step: try value(option) ?? absent, of: option.name, eventCount: eventCount)
    }

    /// The step wanted before the trace has been read: a text that is not a number counts
    /// as `fallback` until `step` refuses it, so that a malformed trace is reported first.
    func wantedStep<Value>(_ option: Option<Value>, fallback: Value) -> Value {
        (try? value(option)) ?? fallback
    }

    private static func check(step: Int, of name: String, eventCount: Int) throws(UsageError) -> Int {
        guard (0...eventCount).contains(step) else {
            throw UsageError("\(name) \(step) is outside the trace, which has steps 0...\(eventCount)")
        }
        return step
    }
}
