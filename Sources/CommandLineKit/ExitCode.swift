/// The exit codes of `gridsim` and `gridsim-bench`, which scripts and CI rely on: after BSD's
/// sysexits.h where one fits, plus the benchmark gate's verdicts (2, 4, 5).
public enum ExitCode: Int32, Sendable, CaseIterable {
    /// Done; for the benchmark gate, compared with a baseline, nothing gated moved.
    case success = 0
    /// The command ran and found a problem (a failed check, results that disagree between
    /// benchmark subjects, a file that could not be written, a debug build without --allow-debug).
    case failure = 1
    /// Benchmark gate: at least one gated metric regressed.
    case regression = 2
    /// An adapter driven over the line protocol faulted (it exited, hung or broke the
    /// protocol) and nothing departed from SPEC.md before it.
    case adapterFault = 3
    /// Benchmark gate: gated metrics improved and none regressed; consider saving a new baseline.
    case improvement = 4
    /// Benchmark gate: the baseline to compare with does not exist (or shares nothing with this run).
    case baselineMissing = 5
    /// Bad flags or arguments (EX_USAGE); the usage goes to stderr.
    case usage = 64
    /// The input is malformed, e.g. a trace that does not parse (EX_DATAERR).
    case dataError = 65
    /// An input file is missing or cannot be opened (EX_NOINPUT).
    case noInput = 66
    /// An internal check failed: a bug in GridSim (EX_SOFTWARE).
    case software = 70
    /// An output file cannot be created, or exists and may not be replaced (EX_CANTCREAT).
    case cantCreate = 73
    /// Reading or writing failed part way (EX_IOERR).
    case ioError = 74
}
