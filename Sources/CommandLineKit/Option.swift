/// One option of a command, declared once: its name, its type, its default and its help.
///
/// The command reads it as a typed value (`ParsedArguments.value(_:)`), which is the default
/// when the option is absent; the help text shows the same default (`OptionDeclaration.defaultText`).
/// The text of a value is checked when it is read, so that a command decides the order in
/// which mistakes are reported (e.g. a malformed input before a step outside it).
public struct Option<Value: Sendable>: OptionDeclaring {
    public let declaration: OptionDeclaration
    public let defaultValue: Value
    let read: @Sendable (_ text: String, _ name: String) throws(UsageError) -> Value

    /// An option that takes a value; `read` turns its text into the value or says what is wrong.
    /// `shownDefault` is what the help shows as the default (nil: none shown).
    public init(
        _ name: String, _ valueName: String, help: String, default defaultValue: Value, shownDefault: String? = nil,
        choices: [String]? = nil, read: @escaping @Sendable (_ text: String, _ name: String) throws(UsageError) -> Value
    ) {
        self.declaration = OptionDeclaration(
            name: name, valueName: valueName, help: help, choices: choices, defaultText: shownDefault)
        self.defaultValue = defaultValue
        self.read = read
    }

    init(declaration: OptionDeclaration, defaultValue: Value, read: @escaping @Sendable (String, String) throws(UsageError) -> Value) {
        self.declaration = declaration
        self.defaultValue = defaultValue
        self.read = read
    }

    public var name: String { declaration.name }

    /// The same option, accepted but left out of the help and the usage line (an internal
    /// option, e.g. one a program passes to a child of its own).
    public func hidden() -> Option {
        var declaration = declaration
        declaration.isHidden = true
        return Option(declaration: declaration, defaultValue: defaultValue, read: read)
    }
}

/// An option of any type, as a command's syntax lists it.
public protocol OptionDeclaring: Sendable {
    var declaration: OptionDeclaration { get }
}

/// What the parser and the help text need of an option, whatever its type.
public struct OptionDeclaration: Sendable {
    /// With the leading dashes: `--json`.
    public var name: String
    /// Nil for a flag; else the value's placeholder, e.g. `engine`.
    public var valueName: String?
    public var help: String
    /// When set, the value must be one of these (checked by the parser).
    public var choices: [String]?
    /// The default as the help shows it; the same value the command gets when the option is absent.
    public var defaultText: String?
    /// Accepted, but not shown in the help or the usage line.
    public var isHidden = false
}

extension Option where Value == Bool {
    /// A flag: true when given; it takes no value.
    public static func flag(_ name: String, help: String) -> Option {
        Option(
            declaration: OptionDeclaration(name: name, valueName: nil, help: help, choices: nil, defaultText: nil),
            defaultValue: false, read: { _, _ in true })
    }
}

extension Option where Value == String? {
    /// A text value; nil when absent. `shownDefault` says in the help what absence means;
    /// `choices`, when given, are the only values the parser accepts.
    public static func text(
        _ name: String, _ valueName: String, help: String, shownDefault: String? = nil, choices: [String]? = nil
    ) -> Option {
        Option(name, valueName, help: help, default: nil, shownDefault: shownDefault, choices: choices) { text, _ in text }
    }
}

extension Option where Value == String {
    /// A text value with a default, shown in the help.
    public static func text(_ name: String, _ valueName: String, help: String, default defaultValue: String) -> Option {
        Option(name, valueName, help: help, default: defaultValue, shownDefault: defaultValue) { text, _ in text }
    }
}

extension Option where Value == Int {
    /// A whole number with a default, shown in the help.
    public static func integer(_ name: String, _ valueName: String, help: String, default defaultValue: Int) -> Option {
        Option(name, valueName, help: help, default: defaultValue, shownDefault: String(defaultValue)) { text, name throws(UsageError) in
            try wholeNumber(text, name)
        }
    }
}

extension Option where Value == Int? {
    /// A whole number; nil when absent. `shownDefault` says in the help what absence means.
    public static func integer(_ name: String, _ valueName: String, help: String, shownDefault: String? = nil) -> Option {
        Option(name, valueName, help: help, default: nil, shownDefault: shownDefault) { text, name throws(UsageError) in
            try wholeNumber(text, name)
        }
    }
}

/// `text` as a whole number, or the usage error every command gives for one that is not.
@Sendable func wholeNumber(_ text: String, _ name: String) throws(UsageError) -> Int {
    guard let value = Int(text) else { throw UsageError("option '\(name)' needs a whole number; found '\(text)'") }
    return value
}

extension Option where Value: RawRepresentable & CaseIterable & Sendable, Value.RawValue == String {
    /// One of the cases of `Value`, by raw value; the help lists them and the default.
    public static func choice(_ name: String, _ valueName: String, help: String, default defaultValue: Value) -> Option {
        Option(
            name, valueName, help: help, default: defaultValue, shownDefault: defaultValue.rawValue,
            choices: Value.allCases.map(\.rawValue)
        ) { text, name throws(UsageError) in
            guard let value = Value(rawValue: text) else {
                throw UsageError("option '\(name)' must be one of \(Value.allCases.map(\.rawValue).joined(separator: ", ")); found '\(text)'")
            }
            return value
        }
    }
}
