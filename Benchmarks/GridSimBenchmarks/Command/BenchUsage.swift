import BenchmarkKit
import CommandLineKit

/// The command line of `gridsim-bench`: every option declared once (its type, what it accepts,
/// its help), and the `--help` text made from those declarations, the exit codes and the
/// environment.
enum BenchUsage {
    /// A run's seconds of rounds per benchmark, as the help prints them ("1.5", "3").
    private static func seconds(_ settings: RunSettings) -> String {
        let seconds = settings.caseBudgetNanoseconds / 1e9
        return seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }

    private static func sizeList(_ sizes: [Int]) -> String { sizes.map(GridSizeFormat.label).joined(separator: ",") }

    /// The options, in the order `--help` lists them.
    enum Declared {
        static let quick = Option.flag(
            "--quick",
            help: """
                the CI subset: sizes \(sizeList(BenchOptions.Defaults.sizes.quick)), \(seconds(.quick)) s of rounds per benchmark,
                replays of \(BenchOptions.Defaults.events.quick.formatted) events
                """)
        static let sizes = Option<[Int]?>(
            "--sizes", "LIST",
            help: """
                grid sizes, comma-separated: 1K,10K,100K,1M,10M (or plain numbers);
                default: all five (with --quick: \(sizeList(BenchOptions.Defaults.sizes.quick)))
                """,
            default: nil
        ) { text, _ throws(UsageError) in try BenchOptions.parseSizes(text) }
        static let filter = Option<String?>.text(
            "--filter", "TEXT",
            help: """
                only benchmarks whose id contains TEXT, e.g. pruning, toggle/10K, k=100
                (with --count: also only counted loops whose "case subject" does)
                """)
        static let list = Option.flag("--list", help: "list the benchmarks and subjects that would run, then exit")
        static let json = Option.flag(
            "--json",
            help: """
                write the full report as JSON (raw samples included) to stdout,
                or to the --output file
                """)
        static let output = Option<String?>.text("--output", "FILE", help: "the file --json writes")
        static let markdown = Option.flag("--markdown", help: "print the report (and comparison) as Markdown for a CI summary")
        static let saveBaseline = Option<String?>(
            "--save-baseline", "NAME", help: "save this run as NAME.json in the baseline directory", default: nil
        ) { text, name throws(UsageError) in try BenchOptions.baselineName(text, flag: name) }
        static let compare = Option<String?>(
            "--compare", "NAME", help: "compare with baseline NAME and exit with the verdict", default: nil
        ) { text, name throws(UsageError) in try BenchOptions.baselineName(text, flag: name) }
        static let baselineDirectory = Option<String?>.text(
            "--baseline-dir", "DIR",
            help: """
                baseline directory (default: Benchmarks/baselines under the nearest
                directory upwards holding Package.swift)
                """)
        static let caseSeconds = Option<Double?>(
            "--case-seconds", "S",
            help: """
                seconds of alternating rounds per benchmark (default \(seconds(.quick)) with
                --quick, else \(seconds(.full)))
                """,
            default: nil
        ) { text, _ throws(UsageError) in
            guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
                throw UsageError("--case-seconds wants a number of seconds in (0, 3600], not \(text)")
            }
            return seconds
        }
        static let events = Option<Int?>(
            "--events", "N",
            help: "events per replayed trace (default \(BenchOptions.Defaults.events.quick) with --quick, else \(BenchOptions.Defaults.events.full))",
            default: nil
        ) { text, _ throws(UsageError) in
            guard let events = Int(text.filter { $0 != "_" && $0 != "," }), events >= 100, events <= 100_000_000 else {
                throw UsageError("--events wants a count from 100 to 100000000, not \(text)")
            }
            return events
        }
        static let count = Option.flag(
            "--count",
            help: """
                also count instructions per operation under callgrind (valgrind):
                one fixed, seeded operation loop per owned subject, \(CountedSet.entries.count) loops,
                about a minute; gated at \(ReportFormat.percent(GateThresholds.instructionsPerOperation.relative)) (instructions; a loop may set its own) and
                25 % (LL misses); each count keeps its per-function profile
                """)
        static let attributionDirectory = Option<String?>.text(
            "--attribution-dir", "DIR",
            help: """
                with --compare: write a differential call graph (SVG, and its DOT)
                of each counted loop whose instructions changed into DIR
                """)
        static let countOnly = Option.flag(
            "--count-only",
            help: """
                only the counts, no timed suite (a saved baseline keeps its
                timed cases; a timed save without --count keeps its counts)
                """)
        static let allowDebug = Option.flag(
            "--allow-debug", help: "run an unoptimised (debug) build anyway; its figures mean little")
        static let quiet = Option.flag("--quiet", help: "no progress lines on stderr")
        /// Internal: how `--count` runs one counted loop under callgrind; not in the help.
        static let countChild = Option<Int?>(
            "--count-child", "INDEX", help: "", default: nil
        ) { text, _ throws(UsageError) in
            guard let index = Int(text), CountedSet.entries.indices.contains(index) else {
                throw UsageError("--count-child wants an entry of the counted set, 0 to \(CountedSet.entries.count - 1), not \(text)")
            }
            return index
        }.hidden()
    }

    static let syntax = CommandSyntax(
        program: "gridsim-bench", name: "", abstract: "Benchmarks of photo-grid selection.",
        options: [
            Declared.quick, Declared.sizes, Declared.filter, Declared.list, Declared.json, Declared.output,
            Declared.markdown, Declared.saveBaseline, Declared.compare, Declared.baselineDirectory,
            Declared.caseSeconds, Declared.events, Declared.count, Declared.countOnly, Declared.attributionDirectory,
            Declared.allowDebug,
            Declared.quiet, Declared.countChild,
        ])

    /// The exit codes `gridsim-bench` uses, with what each means for a run.
    static let exitCodes: [(code: ExitCode, meaning: String)] = [
        (.success, "success; with --compare, no gated metric changed"),
        (.failure, "failure: results disagree between subjects, I/O error, debug build without --allow-debug"),
        (.regression, "regression: a gated metric got worse than the baseline allows"),
        (.improvement, "improvement only: gated metrics got better, none worse (save a new baseline)"),
        (.baselineMissing, "the baseline is missing or has no case in common with this run"),
        (.usage, "bad usage (usage is printed on stderr)"),
    ]

    /// The options' rows: the name and value placeholder, then the help from the declaration,
    /// its further lines indented under the first.
    private static var optionRows: String {
        let rows = syntax.options.filter { !$0.isHidden }.map { option in
            let label = "  " + option.name + (option.valueName.map { " " + $0 } ?? "")
            let lines = option.help.split(separator: "\n", omittingEmptySubsequences: false)
            return label.padding(24) + lines.joined(separator: "\n" + String(repeating: " ", count: 24))
        }
        return (rows + ["  --help".padding(24) + "this text"]).joined(separator: "\n")
    }

    static func text(programName: String = BenchCommand.programName) -> String {
        let codes = exitCodes.map { "  \(String($0.code.rawValue).padding(2))  \($0.meaning)" }.joined(separator: "\n")
        return """
        usage: \(programName) [options]

        Benchmarks of photo-grid selection: toggle latency, set-intersection pruning, selection
        and grid-order snapshot diffs, replay throughput, a session's resident memory; each over
        grid sizes 1K … 10M and several implementations (the reference model, the seeds'
        Set<String>, Set<Int>, CRoaring, a plain bitset, stdlib diffs, a memory-copy kernel),
        all checked to compute the same result; and the commands (check, replay --json,
        inspect, convert, generate) in-process on a PhotoKit-id trace, against the engine
        replaying the same events (1K … 1M). Gated
        against a baseline: allocations per operation and time ratios to an anchor timed
        alternately in the same run; with --count, also instructions and simulated
        last-level cache misses per operation of the engine and the reference model, counted
        under callgrind (exact). Wall times and throughput are information only.

        options:
        \(optionRows)

        exit codes:
        \(codes)

        environment:
          GRIDSIM_BENCH_INJECT=extra-pass|extra-alloc   TEST-ONLY: slow the lower-bound subjects
                                down (one more pass over their data, or one more allocation, per
                                operation) to prove the gate catches it. Never set for a baseline.
          GRIDSIM_BENCH_INJECT=command-pass   TEST-ONLY: run each command of the commands suite
                                twice per operation. Words combine: extra-pass,command-pass.
          GRIDSIM_BENCH_INJECT=engine-work   TEST-ONLY: about 5 % more work in the fast engine's
                                tap (one tap in \(Injection.engineWorkPeriod) applied twice more).
          GRIDSIM_BENCH_INJECT=tap-work|prune-work   TEST-ONLY: about 1 % more instructions in
                                the fast engine's tap, or in its pruning loop (both pruning
                                subjects), spent in InjectedWork.burn(rounds:).
          GRIDSIM_BENCH_INJECT=kit-step-work   TEST-ONLY: about 1 % more instructions in the
                                kit's step path (the `kit step` loop, and any adapter's).
          GRIDSIM_BENCH_EXECUTABLE=PATH   the \(programName) binary that --count runs under
                                callgrind (default: this executable)

        """
    }
}

extension String {
    /// Left-aligned in `width` characters.
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}

extension Int {
    /// With thousands separated by commas, as the help writes counts: 20,000.
    fileprivate var formatted: String {
        let digits = String(self)
        var result = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return result
    }
}
