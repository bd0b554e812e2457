/// Readable names for the symbols of a profile: Swift symbols demangled by the toolchain's
/// `swift demangle` (one process for all of them), and the module each belongs to.
public struct SymbolNames: Sendable {
    /// Symbol to its short demangled form (`static InjectedWork.burn(_:)`), for tables.
    public var readable: [String: String]
    /// Symbol to its full demangled form, module names included.
    public var full: [String: String]

    public init(readable: [String: String] = [:], full: [String: String] = [:]) {
        self.readable = readable
        self.full = full
    }

    /// Demangles `symbols` with `swift demangle` (from `PATH`); symbols it does not know,
    /// and every symbol when the tool is missing, keep their names. O(symbols), one process
    /// per form.
    public static func demangling(_ symbols: [String]) -> SymbolNames {
        let unique = Array(Set(symbols)).sorted()
        guard let swift = CallgrindInvocation.findOnPath("swift"), !unique.isEmpty else { return SymbolNames() }
        return SymbolNames(
            readable: demangle(unique, with: swift, arguments: ["demangle", "--compact", "--simplified"]),
            full: demangle(unique, with: swift, arguments: ["demangle", "--compact"]))
    }

    private static func demangle(_ symbols: [String], with swift: String, arguments: [String]) -> [String: String] {
        guard let answer = ExternalTool.output(of: swift, arguments, input: symbols.joined(separator: "\n") + "\n") else { return [:] }
        let lines = answer.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= symbols.count else { return [:] }
        var names: [String: String] = [:]
        for (symbol, line) in zip(symbols, lines) { names[symbol] = String(line) }
        return names
    }

    /// The short name of `symbol`, or the symbol itself.
    public func name(of symbol: String) -> String { readable[symbol] ?? symbol }

    /// The Swift module a mangled symbol belongs to (the first identifier after `$s`, or
    /// `Swift` for the standard library's short forms), or `object` for anything else (C, C++,
    /// the runtime). O(symbol length).
    public static func module(of symbol: String, object: String) -> String {
        var rest = Substring(symbol)
        if rest.hasPrefix("_") { rest = rest.dropFirst() }
        guard rest.hasPrefix("$s") || rest.hasPrefix("$S") else { return object }
        rest = rest.dropFirst(2)
        if let first = rest.first, first == "S", let second = rest.dropFirst().first, second.isLetter, second != "o" {
            return "Swift"
        }
        let digits = rest.prefix { $0.isNumber }
        guard let length = Int(digits), length > 0 else { return object }
        let name = rest.dropFirst(digits.count).prefix(length)
        return name.count == length ? String(name) : object
    }
}
