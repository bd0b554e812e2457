/// Reads a callgrind output file line by line into a `CallProfile` (see
/// `CallProfile.init(parsing:name:)` for what it understands). One reader per file: it keeps
/// the file's name tables, the current object, file and function, and the call being read.
struct CallgrindReader {
    typealias ParseError = CallProfile.ParseError

    /// What is summed for one function while the file is read.
    private struct Accumulated {
        var symbol: String
        var object: String
        var file: String?
        var line: Int?
        var selfInstructions: UInt64 = 0
        var callInstructions: UInt64 = 0
    }

    /// The file's name, for errors.
    private let name: String
    private var lineNumber = 0
    /// Compressed names (`fn=(3) name`) by table (`ob`, `fl`, `fn`) and number.
    private var names: [String: [Int: String]] = ["ob": [:], "fl": [:], "fn": [:]]
    private var positionColumns = 1
    private var lineColumn: Int? = 0
    private var instructionColumn: Int?

    private var accumulated: [String: Accumulated] = [:]
    private var order: [String] = []
    private var callTotals: [String: (count: UInt64, instructions: UInt64)] = [:]

    private var object = "???"
    private var file: String?
    /// The key (`register`) of the function the cost lines are charged to.
    private var function: String?
    /// Whether the cost lines are of the function's own file, not of code inlined into it.
    private var inOwnFile = true
    private var previousLine = 0
    private var calleeObject: String?
    private var calleeSymbol: String?
    private var pendingCallCount: UInt64?

    init(name: String) { self.name = name }

    /// Reads one line (without its line break). O(line).
    mutating func read(_ line: Substring) throws(ParseError) {
        lineNumber += 1
        guard let first = line.first, first != "#" else { return }
        if first.isNumber || first == "+" || first == "-" || first == "*" {
            try readCost(line)
        } else if let equals = line.firstIndex(of: "=") ?? line.firstIndex(of: ":") {
            try readSpecification(line[..<equals], line[line.index(after: equals)...])
        }
    }

    /// The profile read, functions sorted by object then symbol, calls by caller then
    /// callee. O(functions log functions + calls log calls).
    func profile() throws(ParseError) -> CallProfile {
        guard instructionColumn != nil else {
            throw ParseError(description: "\(name): no 'events:' line naming Ir; not a callgrind output file")
        }
        let keys = order.sorted {
            let (a, b) = (accumulated[$0]!, accumulated[$1]!)
            return a.object == b.object ? a.symbol < b.symbol : a.object < b.object
        }
        var index: [String: Int] = [:]
        var functions: [CallProfile.Function] = []
        for key in keys {
            let item = accumulated[key]!
            index[key] = functions.count
            functions.append(CallProfile.Function(
                symbol: item.symbol, object: item.object, file: item.file, line: item.file == nil ? nil : item.line,
                selfInstructions: item.selfInstructions, inclusiveInstructions: item.selfInstructions &+ item.callInstructions))
        }
        var calls: [CallProfile.Call] = []
        for (edge, total) in callTotals {
            let parts = edge.split(separator: "\u{1E}", omittingEmptySubsequences: false)
            calls.append(CallProfile.Call(
                caller: index[String(parts[0])]!, callee: index[String(parts[1])]!, count: total.count,
                instructions: total.instructions))
        }
        calls.sort { $0.caller == $1.caller ? $0.callee < $1.callee : $0.caller < $1.caller }
        return CallProfile(functions: functions, calls: calls)
    }

    private func error(_ message: String) -> ParseError {
        ParseError(description: "\(name):\(lineNumber): \(message)")
    }

    /// A cost line: the instructions go to the function, or, after `calls=`, to the call.
    private mutating func readCost(_ line: Substring) throws(ParseError) {
        guard let column = instructionColumn else { throw error("a cost line before the 'events:' line names Ir") }
        let fields = line.split(separator: " ")
        guard fields.count >= positionColumns else { throw error("a cost line without its \(positionColumns) position(s)") }
        // Only the line column moves the relative base of the line column.
        var sourceLine: Int?
        if let lineColumn {
            sourceLine = position(fields[lineColumn])
            if let sourceLine { previousLine = sourceLine }
        }
        let costIndex = positionColumns + column
        var instructions: UInt64 = 0
        if costIndex < fields.count {
            guard let value = UInt64(fields[costIndex]) else { throw error("'\(fields[costIndex])' is not a count") }
            instructions = value
        }
        guard let function else { throw error("a cost line outside any function (no 'fn=' before it)") }
        guard let count = pendingCallCount else {
            accumulated[function]!.selfInstructions &+= instructions
            if inOwnFile, let sourceLine, sourceLine > 0, instructions > 0 {
                let known = accumulated[function]!.line
                if known == nil || sourceLine < known! { accumulated[function]!.line = sourceLine }
            }
            return
        }
        guard let symbol = calleeSymbol else { throw error("'calls=' without 'cfn=' before it") }
        let callee = register(symbol, in: calleeObject ?? object)
        if callee != function {
            accumulated[function]!.callInstructions &+= instructions
        }
        let edge = "\(function)\u{1E}\(callee)"
        let total = callTotals[edge] ?? (0, 0)
        callTotals[edge] = (total.count &+ count, total.instructions &+ instructions)
        pendingCallCount = nil
        calleeObject = nil
        calleeSymbol = nil
    }

    /// A `key=value` (or `key: value`) line; keys GridSim has no use for are passed over.
    private mutating func readSpecification(_ key: Substring, _ value: Substring) throws(ParseError) {
        switch key {
        case "events":
            instructionColumn = value.split(separator: " ").map(String.init).firstIndex(of: "Ir")
        case "positions":
            let kinds = value.split(separator: " ")
            positionColumns = max(kinds.count, 1)
            lineColumn = kinds.firstIndex(of: "line")
        case "ob":
            object = try resolve("ob", value)
        case "fl":
            file = try resolve("fl", value)
            inOwnFile = true
        case "fi", "fe":
            let inlined = try resolve("fl", value)
            inOwnFile = inlined == file
        case "fn":
            let key = register(try resolve("fn", value), in: object)
            function = key
            inOwnFile = true
            if accumulated[key]!.file == nil, let file, file != "???" { accumulated[key]!.file = file }
        case "cob":
            calleeObject = try resolve("ob", value)
        case "cfn":
            calleeSymbol = try resolve("fn", value)
        case "calls":
            guard let count = value.split(separator: " ").first.flatMap({ UInt64($0) }) else {
                throw error("malformed 'calls=' line")
            }
            pendingCallCount = count
        case "cfi", "cfl", "jfi":
            _ = try resolve("fl", value)
        case "jfn":
            _ = try resolve("fn", value)
        default:
            return
        }
    }

    /// A name, compressed (`(3) name` defines number 3, `(3)` uses it) or not.
    private mutating func resolve(_ table: String, _ value: Substring) throws(ParseError) -> String {
        let trimmed = value.drop { $0 == " " }
        guard trimmed.hasPrefix("(") else { return String(trimmed) }
        guard let close = trimmed.firstIndex(of: ")"),
            let id = Int(trimmed[trimmed.index(after: trimmed.startIndex)..<close])
        else { throw error("malformed compressed name '\(trimmed)'") }
        let rest = trimmed[trimmed.index(after: close)...].drop { $0 == " " }
        if rest.isEmpty {
            guard let known = names[table]?[id] else { throw error("name (\(id)) used before it was defined") }
            return known
        }
        names[table, default: [:]][id] = String(rest)
        return String(rest)
    }

    /// The function's key, object and symbol; it is accumulated from its first mention.
    private mutating func register(_ symbol: String, in object: String) -> String {
        let key = "\(object)\u{1F}\(symbol)"
        if accumulated[key] == nil {
            accumulated[key] = Accumulated(symbol: symbol, object: CallProfile.baseName(object))
            order.append(key)
        }
        return key
    }

    /// The line of a cost line's positions, relative forms resolved against the last one.
    private func position(_ field: Substring) -> Int? {
        if field == "*" { return previousLine }
        if field.hasPrefix("+") { return Int(field.dropFirst()).map { previousLine + $0 } }
        if field.hasPrefix("-") { return Int(field.dropFirst()).map { previousLine - $0 } }
        if field.hasPrefix("0x") { return Int(field.dropFirst(2), radix: 16) }
        return Int(field)
    }
}
