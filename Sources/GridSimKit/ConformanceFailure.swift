@_spi(GridSimInternals) import SelectionTrace

/// A conformance case that an adapter fails: the case, and why (`reason`): the first
/// difference (the step, the event, what was expected and what the adapter gave), a case that
/// could not run, or an adapter that declares a part it does not implement.
///
/// Its description is what a failing test prints: the case, the difference, and the case's
/// trace as JSON Lines when it is short (a row case always is), which `gridsim replay`
/// replays as it is.
public struct ConformanceFailure: Error, CustomStringConvertible, Sendable {
    /// The case that failed.
    public var conformanceCase: ConformanceCase
    /// Why it failed.
    public var reason: Reason

    /// Why a conformance case failed.
    public enum Reason: Hashable, Sendable {
        /// The adapter differs from what was expected: the first difference.
        case mismatch(AdapterMismatch)
        /// The case could not run: a trace or report that does not parse, a missing folder.
        case caseUnavailable(String)
        /// The adapter cannot be checked as it declares itself (a `SelectionAdapter` that
        /// lists `.screen` in `exposes` and leaves screen members to their defaults).
        case adapterDeclaration(String)
    }

    /// The first difference; nil when the case did not get to compare.
    @available(*, deprecated, message: "switch over reason: case .mismatch(let mismatch)")
    public var mismatch: AdapterMismatch? {
        if case .mismatch(let mismatch) = reason { mismatch } else { nil }
    }

    /// Why the case could not run; nil when it ran.
    @available(*, deprecated, message: "switch over reason: case .caseUnavailable(let why), .adapterDeclaration(let why)")
    public var problem: String? {
        switch reason {
        case .mismatch: nil
        case .caseUnavailable(let why), .adapterDeclaration(let why): why
        }
    }

    /// Writes the case's page for the adapter that failed it; nil when the case could not run.
    private let pageWriter: (@Sendable (String) throws -> Void)?

    init<Adapter: PhotoGridAdapter>(conformanceCase: ConformanceCase, mismatch: AdapterMismatch, adapter: Adapter.Type) {
        self.conformanceCase = conformanceCase
        self.reason = .mismatch(mismatch)
        let trace = conformanceCase.trace
        let name = conformanceCase.description
        pageWriter = { path in try CounterexamplePage.write(of: trace, to: path, traceName: name, adapter) }
    }

    init(conformanceCase: ConformanceCase, reason: Reason) {
        self.conformanceCase = conformanceCase
        self.reason = reason
        pageWriter = nil
    }

    /// Writes to `path` the view page of the case's trace with the adapter's side beside the
    /// reference model's, opening at the first step where they differ (as a property run writes
    /// beside a counterexample). The page compares with the reference model, also for a case
    /// checked against a report. Replays the case once more: O(events × photos). Throws this
    /// failure when the case did not get to compare (there is no side to show), or the error
    /// of writing the page.
    public func writePage(to path: String) throws {
        guard let pageWriter else { throw self }
        try pageWriter(path)
    }

    public var description: String {
        var text = "\(conformanceCase)"
        let mismatch: AdapterMismatch
        switch reason {
        case .caseUnavailable(let why), .adapterDeclaration(let why): return text + ": " + why
        case .mismatch(let first): mismatch = first
        }
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
