/// Exit codes a script can rely on, after BSD's sysexits.h where one fits.
public enum ExitCode: Int32, Sendable {
    case success = 0
    /// The command ran and found a problem (a failed check, a failed run).
    case failure = 1
    /// Bad flags or arguments (EX_USAGE).
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
