import SelectionTrace

/// A conformance case that an adapter fails: the case, and the first difference (the step,
/// the event, what was expected and what the adapter gave), or why the case could not run.
///
/// Its description is what a failing test prints: the case, the difference, and the case's
/// trace as JSON Lines when it is short (a row case always is), which `gridsim replay`
/// replays as it is.
public struct ConformanceFailure: Error, CustomStringConvertible, Sendable {
    /// The case that failed.
    public var conformanceCase: ConformanceCase
    /// The first difference; nil when the case could not run (see `problem`).
    public var mismatch: AdapterMismatch?
    /// Why the case could not run: a trace or report that does not parse, a missing folder.
    public var problem: String?

    init(conformanceCase: ConformanceCase, mismatch: AdapterMismatch) {
        self.conformanceCase = conformanceCase
        self.mismatch = mismatch
    }

    init(conformanceCase: ConformanceCase, problem: String) {
        self.conformanceCase = conformanceCase
        self.problem = problem
    }

    public var description: String {
        var text = "\(conformanceCase)"
        if let problem { return text + ": " + problem }
        guard let mismatch else { return text }
        text += " fails at " + mismatch.description
        switch conformanceCase.expectation {
        case .referenceModel: text += " (expected: the reference model)"
        case .checkedReport(let path): text += " (expected: \(path))"
        }
        if case .trace(let path) = conformanceCase.source {
            text += "\n  replay it: " + GridSimCheckout.replayCommand(path)
        } else if conformanceCase.trace.events.count <= 20 {
            let lines = conformanceCase.trace.text.split(separator: "\n").map { "    " + $0 }
            text += "\n  the case as a trace:\n" + lines.joined(separator: "\n")
        }
        return text
    }
}
