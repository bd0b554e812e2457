import SelectionTrace

/// The syntax of one subcommand: what it takes and how to explain it.
///
/// Small on purpose: long options only (plus `-h`), flags or options with one value,
/// positional arguments in order. `--name=value` and `--name value` both work; `--` ends options.
public struct CommandSyntax: Sendable {
    public struct Option: Sendable {
        /// With the leading dashes: `--json`.
        public var name: String
        /// Nil for a flag; else the value's placeholder, e.g. `engine`.
        public var valueName: String?
        public var help: String
        /// When set, the value must be one of these.
        public var choices: [String]?
        /// Shown in the help; applied by the command.
        public var defaultValue: String?

        public static func flag(_ name: String, help: String) -> Option {
            Option(name: name, valueName: nil, help: help, choices: nil, defaultValue: nil)
        }

        public static func value(
            _ name: String, _ valueName: String, help: String, choices: [String]? = nil, default defaultValue: String? = nil
        ) -> Option {
            Option(name: name, valueName: valueName, help: help, choices: choices, defaultValue: defaultValue)
        }
    }

    public struct Positional: Sendable {
        public var name: String
        public var help: String
        public var isOptional: Bool = false
        /// Takes every remaining argument; only the last positional may.
        public var isVariadic: Bool = false
    }

    public var name: String
    public var abstract: String
    public var positionals: [Positional]
    public var options: [Option]
    /// Paragraphs after the options: exit codes, examples.
    public var discussion: String

    public var usageLine: String {
        var parts = ["gridsim", name]
        for option in options {
            parts.append("[\(option.name)\(option.valueName.map { " <\($0)>" } ?? "")]")
        }
        for positional in positionals {
            let name = "<\(positional.name)>" + (positional.isVariadic ? " ..." : "")
            parts.append(positional.isOptional ? "[\(name)]" : name)
        }
        return parts.joined(separator: " ")
    }

    public var help: String {
        var text = "OVERVIEW: \(abstract)\n\nUSAGE: \(usageLine)\n"
        if !positionals.isEmpty {
            text += "\nARGUMENTS:\n"
            for positional in positionals { text += Self.helpRow("<\(positional.name)>", positional.help) }
        }
        text += "\nOPTIONS:\n"
        for option in options {
            var help = option.help
            var notes: [String] = []
            if let choices = option.choices { notes.append("one of: " + choices.joined(separator: ", ")) }
            if let defaultValue = option.defaultValue { notes.append("default: " + defaultValue) }
            if !notes.isEmpty { help += " (" + notes.joined(separator: "; ") + ")" }
            text += Self.helpRow(option.name + (option.valueName.map { " <\($0)>" } ?? ""), help)
        }
        text += Self.helpRow("-h, --help", "Show help information.")
        if !discussion.isEmpty { text += "\n" + discussion + "\n" }
        return text
    }

    private static func helpRow(_ label: String, _ help: String) -> String {
        let indent = "  " + label
        return indent.count >= 26
            ? indent + "\n" + String(repeating: " ", count: 26) + help + "\n"
            : indent + String(repeating: " ", count: 26 - indent.count) + help + "\n"
    }

    /// Parses `arguments` (without the program and subcommand names).
    public func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "-h" || argument == "--help" {
                parsed.wantsHelp = true
                continue
            }
            let (name, inlineValue) = Self.split(argument)
            guard let option = options.first(where: { $0.name == name }) else {
                throw UsageError("unknown option '\(name)'")
            }
            guard option.valueName != nil else {
                if inlineValue != nil { throw UsageError("option '\(name)' takes no value") }
                parsed.flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count else { throw UsageError("option '\(name)' needs a value") }
                value = arguments[index]
                index += 1
            }
            if let choices = option.choices, !choices.contains(value) {
                throw UsageError(
                    "option '\(name)' must be one of \(choices.joined(separator: ", ")); found '\(value)'")
            }
            parsed.values[name] = value
        }
        if parsed.wantsHelp { return parsed }
        let required = positionals.filter { !$0.isOptional }.count
        if parsed.positionals.count < required {
            throw UsageError("missing argument <\(positionals[parsed.positionals.count].name)>")
        }
        if parsed.positionals.count > positionals.count && positionals.last?.isVariadic != true {
            throw UsageError("unexpected argument '\(parsed.positionals[positionals.count])'")
        }
        return parsed
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}

/// What a command line said, once parsed.
public struct ParsedArguments: Sendable {
    public var flags: Set<String> = []
    public var values: [String: String] = [:]
    public var positionals: [String] = []
    public var wantsHelp = false

    public func flag(_ name: String) -> Bool { flags.contains(name) }
    public func value(_ name: String) -> String? { values[name] }

    /// A whole-number option, or `defaultValue` when absent.
    public func integer(_ name: String, default defaultValue: Int) throws(UsageError) -> Int {
        guard let text = values[name] else { return defaultValue }
        guard let value = Int(text) else { throw UsageError("option '\(name)' needs a whole number; found '\(text)'") }
        return value
    }
}

extension ParsedArguments {
    /// A step of `trace` given by option `name`: a whole number in `0...events`.
    func step(_ name: String, default defaultValue: Int, of trace: Trace) throws(UsageError) -> Int {
        let step = try integer(name, default: defaultValue)
        guard (0...trace.events.count).contains(step) else {
            throw UsageError("\(name) \(step) is outside the trace, which has steps 0...\(trace.events.count)")
        }
        return step
    }
}

/// A mistake in the command line: reported with the usage, exit 64.
public struct UsageError: Error, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}
