@_spi(GridSimInternals) import SelectionTrace

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

    /// Writes the case's page for the adapter that failed it; nil when the case could not run.
    private let pageWriter: (@Sendable (String) throws -> Void)?

    init<Adapter: SelectionAdapter>(conformanceCase: ConformanceCase, mismatch: AdapterMismatch, adapter: Adapter.Type) {
        self.conformanceCase = conformanceCase
        self.mismatch = mismatch
        let trace = conformanceCase.trace
        let name = conformanceCase.description
        pageWriter = { path in try CounterexamplePage.write(of: trace, to: path, traceName: name, adapter) }
    }

    init(conformanceCase: ConformanceCase, problem: String) {
        self.conformanceCase = conformanceCase
        self.problem = problem
        pageWriter = nil
    }

    /// Writes to `path` the view page of the case's trace with the adapter's side beside the
    /// reference model's, opening at the first step where they differ (as a property run writes
    /// beside a counterexample). The page compares with the reference model, also for a case
    /// checked against a report. Replays the case once more: O(events × photos). Throws when
    /// the case could not run (this failure: there is no side to show) or the page cannot be
    /// written.
    public func writePage(to path: String) throws {
        // A case that could not run has no page: the failure itself says why.
        guard let pageWriter else { throw self }
        try pageWriter(path)
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
