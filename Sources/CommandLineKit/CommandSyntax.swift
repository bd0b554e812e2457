/// The syntax of one command: what it takes and how to explain it.
///
/// Small on purpose: long options only (plus `-h`), flags or options with one value,
/// positional arguments in order. `--name=value` and `--name value` both work; a separate
/// value may not start with `--` (that is the next option: write `--name=--value`); `--` ends
/// options. Parsing is O(arguments × options).
public struct CommandSyntax: Sendable {
    public struct Positional: Sendable {
        public var name: String
        public var help: String
        public var isOptional: Bool
        /// Takes every remaining argument; only the last positional may.
        public var isVariadic: Bool

        public init(name: String, help: String, isOptional: Bool = false, isVariadic: Bool = false) {
            self.name = name
            self.help = help
            self.isOptional = isOptional
            self.isVariadic = isVariadic
        }
    }

    /// The program the usage line names: `gridsim`, `gridsim-bench`.
    public var program: String
    /// The subcommand, or "" for a program without subcommands.
    public var name: String
    public var abstract: String
    public var positionals: [Positional]
    public var options: [OptionDeclaration]
    /// Paragraphs after the options: exit codes, examples.
    public var discussion: String

    public init(
        program: String = "gridsim", name: String, abstract: String, positionals: [Positional] = [],
        options: [any OptionDeclaring], discussion: String = ""
    ) {
        self.program = program
        self.name = name
        self.abstract = abstract
        self.positionals = positionals
        self.options = options.map(\.declaration)
        self.discussion = discussion
    }

    public var usageLine: String {
        var parts = [program]
        if !name.isEmpty { parts.append(name) }
        for option in options where !option.isHidden {
            parts.append("[\(option.name)\(option.valueName.map { " <\($0)>" } ?? "")]")
        }
        for positional in positionals {
            let name = "<\(positional.name)>" + (positional.isVariadic ? " ..." : "")
            parts.append(positional.isOptional ? "[\(name)]" : name)
        }
        return parts.joined(separator: " ")
    }

    /// The `--help` text, from the declarations: each option's help with its choices and default.
    public var help: String {
        var text = "OVERVIEW: \(abstract)\n\nUSAGE: \(usageLine)\n"
        if !positionals.isEmpty {
            text += "\nARGUMENTS:\n"
            for positional in positionals { text += Self.helpRow("<\(positional.name)>", positional.help) }
        }
        text += "\nOPTIONS:\n"
        for option in options where !option.isHidden {
            var help = option.help
            var notes: [String] = []
            if let choices = option.choices { notes.append("one of: " + choices.joined(separator: ", ")) }
            if let defaultText = option.defaultText { notes.append("default: " + defaultText) }
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

    /// Parses `arguments` (without the program and subcommand names). Values are checked
    /// against their choices here, and read as typed values by `ParsedArguments.value(_:)`.
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
            if name == "--help" { throw UsageError("option '--help' takes no value") }
            guard let option = options.first(where: { $0.name == name }) else {
                throw UsageError("unknown option '\(name)'")
            }
            guard option.valueName != nil else {
                if inlineValue != nil { throw UsageError("option '\(name)' takes no value") }
                parsed.values[name] = ""
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                    throw UsageError("option '\(name)' needs a value")
                }
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
