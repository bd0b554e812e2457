/// The exit codes of `gridsim-bench` (and `gridsim bench`), as CI reads them.
public enum BenchExitCode: Int32, Sendable, CaseIterable {
    /// The run finished; compared with a baseline, nothing gated moved.
    case success = 0
    /// Something else went wrong: subjects disagreed on a result, a file could not be
    /// written, an unoptimised build without `--allow-debug`.
    case failure = 1
    /// At least one gated metric regressed.
    case regression = 2
    /// Gated metrics improved and none regressed: consider saving a new baseline.
    case improvement = 4
    /// The baseline to compare with does not exist (or shares nothing with this run).
    case baselineMissing = 5
    /// The command line was wrong; usage went to stderr.
    case usage = 64

    /// One line per code, for `--help` and the README.
    public var meaning: String {
        switch self {
        case .success: "success; with --compare, no gated metric changed"
        case .failure: "failure: results disagree between subjects, I/O error, debug build without --allow-debug"
        case .regression: "regression: a gated metric got worse than the baseline allows"
        case .improvement: "improvement only: gated metrics got better, none worse (save a new baseline)"
        case .baselineMissing: "the baseline is missing or has no case in common with this run"
        case .usage: "bad usage (usage is printed on stderr)"
        }
    }
}
