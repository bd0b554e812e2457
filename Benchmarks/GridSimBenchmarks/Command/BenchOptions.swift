import BenchmarkKit

/// The parsed command line of `gridsim-bench` (and `gridsim bench`).
struct BenchOptions: Equatable {
    var quick = false
    /// Nil: the default for the mode (quick: 1K, 10K; full: 1K … 10M).
    var sizes: [Int]?
    var filter: String?
    var list = false
    var json = false
    var output: String?
    var markdown = false
    var saveBaseline: String?
    var compare: String?
    var baselineDirectory: String?
    var caseSeconds: Double?
    var events: Int?
    var allowDebug = false
    var quiet = false
    var help = false
    /// Also count the owned subjects' operation loops under callgrind (the exact gate).
    var count = false
    /// Only count: no timed suites.
    var countOnly = false
    /// Internal: this process is the one callgrind watches (`CountChild`), counting this
    /// entry of the counted set.
    var countChild: Int?

    static let allSizes = [1_000, 10_000, 100_000, 1_000_000, 10_000_000]
    static let quickSizes = [1_000, 10_000]

    /// Whether the run counts instructions under callgrind.
    var counts: Bool { count || countOnly }

    var effectiveSizes: [Int] { sizes ?? (quick ? Self.quickSizes : Self.allSizes) }
    var effectiveEvents: Int { events ?? (quick ? 20_000 : 200_000) }

    /// Why a command line is not acceptable, in words for stderr.
    struct UsageError: Error, Equatable, CustomStringConvertible {
        var description: String
    }

    /// Parses `arguments` (without the program name). Every flag is spelled out; `--flag value`
    /// and `--flag=value` are both accepted.
    static func parse(_ arguments: [String]) throws(UsageError) -> BenchOptions {
        var options = BenchOptions()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            var flag = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                flag = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func value() throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst(), !next.hasPrefix("--") else {
                    throw UsageError(description: "\(flag) needs a value")
                }
                return next
            }
            func noValue() throws(UsageError) {
                if inlineValue != nil { throw UsageError(description: "\(flag) takes no value") }
            }
            switch flag {
            case "--quick": try noValue(); options.quick = true
            case "--list": try noValue(); options.list = true
            case "--json": try noValue(); options.json = true
            case "--markdown": try noValue(); options.markdown = true
            case "--allow-debug": try noValue(); options.allowDebug = true
            case "--quiet": try noValue(); options.quiet = true
            case "--help", "-h": try noValue(); options.help = true
            case "--count": try noValue(); options.count = true
            case "--count-only": try noValue(); options.countOnly = true
            case "--count-child":
                let text = try value()
                guard let index = Int(text), CountedSet.entries.indices.contains(index) else {
                    throw UsageError(description: "--count-child wants an entry of the counted set, 0 to \(CountedSet.entries.count - 1), not \(text)")
                }
                options.countChild = index
            case "--sizes": options.sizes = try parseSizes(try value())
            case "--filter": options.filter = try value()
            case "--output": options.output = try value()
            case "--save-baseline": options.saveBaseline = try baselineName(try value(), flag: flag)
            case "--compare": options.compare = try baselineName(try value(), flag: flag)
            case "--baseline-dir": options.baselineDirectory = try value()
            case "--case-seconds":
                let text = try value()
                guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
                    throw UsageError(description: "--case-seconds wants a number of seconds in (0, 3600], not \(text)")
                }
                options.caseSeconds = seconds
            case "--events":
                let text = try value()
                guard let events = Int(text.filter { $0 != "_" && $0 != "," }), events >= 100, events <= 100_000_000 else {
                    throw UsageError(description: "--events wants a count from 100 to 100000000, not \(text)")
                }
                options.events = events
            default:
                throw UsageError(description: "unknown argument \(argument)")
            }
        }
        if options.countOnly && (options.quick || options.sizes != nil || options.caseSeconds != nil || options.events != nil) {
            throw UsageError(description: "--count-only runs no timed suite; --quick, --sizes, --case-seconds and --events choose timed suites (use --count to add the counts to them)")
        }
        if options.output != nil && !options.json {
            throw UsageError(description: "--output names the file for --json; add --json")
        }
        if options.json && options.output == nil && options.markdown {
            throw UsageError(description: "--json without --output writes JSON to stdout; --markdown cannot share it (add --output FILE)")
        }
        return options
    }

    private static func parseSizes(_ text: String) throws(UsageError) -> [Int] {
        var sizes: [Int] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let size = GridSizeFormat.parse(String(part)) else {
                throw UsageError(description: "--sizes wants sizes like 1K,10K,100K,1M,10M; \(part.isEmpty ? "an empty item" : "'\(part)'") is not one")
            }
            guard size <= 50_000_000 else { throw UsageError(description: "--sizes: \(part) is beyond the 50M photos supported") }
            if !sizes.contains(size) { sizes.append(size) }
        }
        return sizes
    }

    private static func baselineName(_ name: String, flag: String) throws(UsageError) -> String {
        guard BaselineStore.isValidName(name) else {
            throw UsageError(description: "\(flag) wants a name of letters, digits, '-', '_' or '.', not '\(name)'")
        }
        return name
    }
}
