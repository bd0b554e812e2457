import GridSimKit
import Testing

extension ConformanceFailure {
    /// The difference, when the case got to compare.
    var difference: AdapterMismatch? {
        if case .mismatch(let mismatch) = reason { mismatch } else { nil }
    }

    /// Why the case could not run, when it could not.
    var unavailable: String? {
        if case .caseUnavailable(let why) = reason { why } else { nil }
    }
}

/// The counterexample `run` throws; records an issue and throws when it passes or fails
/// otherwise.
func requireCounterexample(
    sourceLocation: SourceLocation = #_sourceLocation, _ run: () throws -> Void
) throws -> Counterexample {
    do {
        try run()
    } catch PropertyRunFailure.counterexample(let counterexample) {
        return counterexample
    } catch {
        Issue.record("expected a counterexample, the run failed otherwise: \(error)", sourceLocation: sourceLocation)
        throw error
    }
    Issue.record("expected a counterexample, the run passed", sourceLocation: sourceLocation)
    throw PropertyRunFailure.badSeed("no counterexample")
}
