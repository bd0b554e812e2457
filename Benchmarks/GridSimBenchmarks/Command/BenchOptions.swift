import BenchmarkKit
import CommandLineKit

/// The parsed command line of `gridsim-bench` (and `gridsim bench`).
struct BenchOptions: Equatable {
    var quick = false
    /// Nil: the default for the mode (`Defaults.sizes`).
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
    /// Where a comparison writes the differential call graphs of the counted loops that changed.
    var attributionDirectory: String?
    /// Internal: this process is the one callgrind watches (`CountChild`), counting this
    /// entry of the counted set.
    var countChild: Int?

    /// The defaults that depend on the mode, as `--help` states them and the run applies them.
    enum Defaults {
        static let sizes = (quick: [1_000, 10_000], full: [1_000, 10_000, 100_000, 1_000_000, 10_000_000])
        static let events = (quick: 20_000, full: 200_000)
    }

    /// Whether the run counts instructions under callgrind.
    var counts: Bool { count || countOnly }

    var effectiveSizes: [Int] { sizes ?? (quick ? Defaults.sizes.quick : Defaults.sizes.full) }
    var effectiveEvents: Int { events ?? (quick ? Defaults.events.quick : Defaults.events.full) }

    /// Parses `arguments` (without the program name) with `BenchUsage.syntax`. Every flag is
    /// spelled out; `--flag value` and `--flag=value` are both accepted.
    static func parse(_ arguments: [String]) throws(UsageError) -> BenchOptions {
        typealias Declared = BenchUsage.Declared
        let parsed = try BenchUsage.syntax.parse(arguments)
        var options = BenchOptions()
        if parsed.wantsHelp {
            options.help = true
            return options
        }
        options.quick = parsed.value(Declared.quick)
        options.sizes = try parsed.value(Declared.sizes)
        options.filter = try parsed.value(Declared.filter)
        options.list = parsed.value(Declared.list)
        options.json = parsed.value(Declared.json)
        options.output = try parsed.value(Declared.output)
        options.markdown = parsed.value(Declared.markdown)
        options.saveBaseline = try parsed.value(Declared.saveBaseline)
        options.compare = try parsed.value(Declared.compare)
        options.baselineDirectory = try parsed.value(Declared.baselineDirectory)
        options.caseSeconds = try parsed.value(Declared.caseSeconds)
        options.events = try parsed.value(Declared.events)
        options.count = parsed.value(Declared.count)
        options.countOnly = parsed.value(Declared.countOnly)
        options.attributionDirectory = try parsed.value(Declared.attributionDirectory)
        options.allowDebug = parsed.value(Declared.allowDebug)
        options.quiet = parsed.value(Declared.quiet)
        options.countChild = try parsed.value(Declared.countChild)
        if options.countOnly && (options.quick || options.sizes != nil || options.caseSeconds != nil || options.events != nil) {
            throw UsageError("--count-only runs no timed suite; --quick, --sizes, --case-seconds and --events choose timed suites (use --count to add the counts to them)")
        }
        if options.attributionDirectory != nil && options.compare == nil {
            throw UsageError("--attribution-dir is where a comparison draws what changed; add --compare NAME")
        }
        if options.output != nil && !options.json {
            throw UsageError("--output names the file for --json; add --json")
        }
        if options.json && options.output == nil && options.markdown {
            throw UsageError("--json without --output writes JSON to stdout; --markdown cannot share it (add --output FILE)")
        }
        return options
    }

    static func parseSizes(_ text: String) throws(UsageError) -> [Int] {
        var sizes: [Int] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let size = GridSizeFormat.parse(String(part)) else {
                throw UsageError("--sizes wants sizes like 1K,10K,100K,1M,10M; \(part.isEmpty ? "an empty item" : "'\(part)'") is not one")
            }
            guard size <= 50_000_000 else { throw UsageError("--sizes: \(part) is beyond the 50M photos supported") }
            if !sizes.contains(size) { sizes.append(size) }
        }
        return sizes
    }

    static func baselineName(_ name: String, flag: String) throws(UsageError) -> String {
        guard BaselineStore.isValidName(name) else {
            throw UsageError("\(flag) wants a name of letters, digits, '-', '_' or '.', not '\(name)'")
        }
        return name
    }
}
