import BenchmarkKit

/// The `--help` text: every flag, the exit codes, the environment.
enum BenchUsage {
    /// A run's seconds of rounds per benchmark, as the help prints them ("1.5", "3").
    private static func seconds(_ settings: RunSettings) -> String {
        let seconds = settings.caseBudgetNanoseconds / 1e9
        return seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }

    static func text(programName: String = "gridsim-bench") -> String {
        let codes = BenchExitCode.allCases.map { "  \(String($0.rawValue).padding(2))  \($0.meaning)" }.joined(separator: "\n")
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
          --quick               the CI subset: sizes 1K,10K, \(seconds(.quick)) s of rounds per benchmark,
                                replays of 20,000 events
          --sizes LIST          grid sizes, comma-separated: 1K,10K,100K,1M,10M (or plain numbers);
                                default: all five (with --quick: 1K,10K)
          --filter TEXT         only benchmarks whose id contains TEXT, e.g. pruning, toggle/10K, k=100
                                (with --count: also only counted loops whose "case subject" does)
          --list                list the benchmarks and subjects that would run, then exit
          --json                write the full report as JSON (raw samples included) to stdout,
                                or to the --output file
          --output FILE         the file --json writes
          --markdown            print the report (and comparison) as Markdown for a CI summary
          --save-baseline NAME  save this run as NAME.json in the baseline directory
          --compare NAME        compare with baseline NAME and exit with the verdict
          --baseline-dir DIR    baseline directory (default: Benchmarks/baselines under the nearest
                                directory upwards holding Package.swift)
          --case-seconds S      seconds of alternating rounds per benchmark (default \(seconds(.quick)) with
                                --quick, else \(seconds(.full)))
          --events N            events per replayed trace (default 20000 with --quick, else 200000)
          --count               also count instructions per operation under callgrind (valgrind):
                                one fixed, seeded operation loop per owned subject, 13 loops,
                                about a minute; gated at 1 % (instructions) and 25 % (LL misses)
          --count-only          only the counts, no timed suite (a saved baseline keeps its
                                timed cases; a timed save without --count keeps its counts)
          --allow-debug         run an unoptimised (debug) build anyway; its figures mean little
          --quiet               no progress lines on stderr
          --help                this text

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
          GRIDSIM_BENCH_EXECUTABLE=PATH   the gridsim-bench binary that --count runs under
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
