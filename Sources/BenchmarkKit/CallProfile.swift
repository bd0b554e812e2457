/// Where a counted loop's instructions went, function by function: the self cost callgrind
/// records under each `fn=` of its output file, and the cost of the calls each function makes
/// (`calls=` and the cost line after it), from which the inclusive cost follows.
///
/// Kept with every count, and so in baselines, so that a change of the exact gate is
/// attributed to functions from the baseline alone, without building and counting the base
/// again. Only instructions (`Ir`) are kept. Encoded compactly: one string per function and
/// per call (see `Codable` below), so that a baseline stays a few hundred kilobytes and a
/// changed function reads as one changed line in its diff.
public struct CallProfile: Sendable, Equatable {
    public struct Function: Sendable, Equatable, Hashable {
        /// The symbol as callgrind names it: mangled for Swift, demangled by valgrind for C++.
        public var symbol: String
        /// The file the code was loaded from, base name only (`gridsim-bench`, `libswiftCore.so`).
        public var object: String
        /// The source file, where the binary's debug information told callgrind.
        public var file: String?
        /// The first line of `file` that the function's own instructions map to.
        public var line: Int?
        /// Instructions executed in the function's own code (its inlined callees included).
        public var selfInstructions: UInt64
        /// Its own and everything it called, over the counted region.
        public var inclusiveInstructions: UInt64

        public init(symbol: String, object: String, file: String? = nil, line: Int? = nil, selfInstructions: UInt64, inclusiveInstructions: UInt64) {
            self.symbol = symbol
            self.object = object
            self.file = file
            self.line = line
            self.selfInstructions = selfInstructions
            self.inclusiveInstructions = inclusiveInstructions
        }

        /// Object and symbol: how two profiles pair a function.
        public var key: String { "\(object)\u{1F}\(symbol)" }
    }

    /// The calls from one function to another over the region, and what they cost.
    public struct Call: Sendable, Equatable {
        /// Indices into `functions`.
        public var caller: Int
        public var callee: Int
        public var count: UInt64
        /// The callee's inclusive cost of these calls.
        public var instructions: UInt64
    }

    /// Sorted by object, then symbol.
    public var functions: [Function]
    /// Sorted by caller, then callee.
    public var calls: [Call]

    public init(functions: [Function], calls: [Call]) {
        self.functions = functions
        self.calls = calls
    }

    /// The keys of `countedRegion` (any clone of it) and of every function whose inclusive
    /// cost is at least the region's: its callers. Empty when the region is not in the
    /// profile. O(functions).
    public var regionFrame: Set<String> {
        guard let region = functions.filter({ $0.symbol.contains(countedRegionSymbol) }).map(\.inclusiveInstructions).max(), region > 0 else {
            return []
        }
        return Set(functions.filter { $0.inclusiveInstructions >= region }.map(\.key))
    }

    /// All instructions of the region: the sum of the self costs.
    public var totalInstructions: UInt64 { functions.reduce(0) { $0 &+ $1.selfInstructions } }
}

extension CallProfile {
    /// Why a callgrind output file cannot be read as a profile.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// Reads the body of a callgrind output file (format reference: the callgrind manual's
    /// "Callgrind Format Specification"): name compression (`fn=(3) name`, then `fn=(3)`),
    /// relative positions (`+2`, `-1`, `*`), inlined files (`fi=`, `fe=`), calls (`cob=`,
    /// `cfi=`, `cfn=`, `calls=` and their cost line). Functions are told apart by object and
    /// symbol; a function's inlined files count towards it. Inclusive cost is self plus the
    /// calls it makes, a recursive call to itself left out (it is inside its own cost).
    /// `name` is used in errors. O(file size).
    public init(parsing text: String, name: String) throws(ParseError) {
        var reader = CallgrindReader(name: name)
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            try reader.read(line.hasSuffix("\r") ? line.dropLast() : line)
        }
        self = try reader.profile()
    }

    static func baseName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The same profile with the file and line of the functions of `object` that callgrind
    /// could not place, from `locations` (symbol to file and line). O(functions).
    public func locating(_ locations: [String: (file: String, line: Int)], object: String) -> CallProfile {
        var copy = self
        for index in copy.functions.indices where copy.functions[index].object == object && copy.functions[index].file == nil {
            if let location = locations[copy.functions[index].symbol] {
                copy.functions[index].file = location.file
                copy.functions[index].line = location.line
            }
        }
        return copy
    }

    /// The same profile without the functions that cost nothing in the region (callers of
    /// the region outside it, which callgrind lists with the call into it, keep their
    /// inclusive cost and stay). O(functions + calls).
    public func withoutIdleFunctions() -> CallProfile {
        var kept: [Int: Int] = [:]
        var functions: [Function] = []
        for (index, function) in self.functions.enumerated() where function.inclusiveInstructions > 0 {
            kept[index] = functions.count
            functions.append(function)
        }
        let calls = self.calls.compactMap { call -> Call? in
            guard let caller = kept[call.caller], let callee = kept[call.callee], call.instructions > 0 || call.count > 0 else { return nil }
            return Call(caller: caller, callee: callee, count: call.count, instructions: call.instructions)
        }
        return CallProfile(functions: functions, calls: calls)
    }
}

extension CallProfile: Codable {
    private enum CodingKeys: String, CodingKey { case functions, calls }

    /// A function is `self<TAB>inclusive<TAB>object<TAB>symbol[<TAB>file<TAB>line]`, a call
    /// `caller callee count instructions` (indices into the functions).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(functions.map { function in
            var fields = [String(function.selfInstructions), String(function.inclusiveInstructions), function.object, function.symbol]
            if let file = function.file {
                fields += [file, function.line.map(String.init) ?? ""]
            }
            return fields.joined(separator: "\t")
        }, forKey: .functions)
        try container.encode(calls.map { "\($0.caller) \($0.callee) \($0.count) \($0.instructions)" }, forKey: .calls)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let functionLines = try container.decode([String].self, forKey: .functions)
        var functions: [Function] = []
        for line in functionLines {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4 || fields.count == 6, let own = UInt64(fields[0]), let inclusive = UInt64(fields[1]) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .functions, in: container, debugDescription: "a function is 'self, inclusive, object, symbol[, file, line]' separated by tabs, not '\(line)'")
            }
            functions.append(Function(
                symbol: fields[3], object: fields[2], file: fields.count == 6 ? fields[4] : nil,
                line: fields.count == 6 ? Int(fields[5]) : nil, selfInstructions: own, inclusiveInstructions: inclusive))
        }
        var calls: [Call] = []
        for line in try container.decode([String].self, forKey: .calls) {
            let numbers = line.split(separator: " ").compactMap { UInt64($0) }
            guard numbers.count == 4, numbers[0] < functions.count, numbers[1] < functions.count else {
                throw DecodingError.dataCorruptedError(
                    forKey: .calls, in: container, debugDescription: "a call is 'caller callee count instructions' with caller and callee among the \(functions.count) functions, not '\(line)'")
            }
            calls.append(Call(caller: Int(numbers[0]), callee: Int(numbers[1]), count: numbers[2], instructions: numbers[3]))
        }
        self.init(functions: functions, calls: calls)
    }
}
