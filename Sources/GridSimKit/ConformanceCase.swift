import Foundation
@_spi(GridSimInternals) import SelectionTrace

/// One named check of an adapter against SPEC.md: a row of an event table, or a trace.
///
/// A row case is a short scripted trace that reaches its row, and its last event is the
/// row's; a trace case is a file (one of GridSim's scenarios in `Traces/`, or one of your bug
/// reports). Either way the adapter replays the trace, and after every step the kit compares
/// it with the reference model (or with the checked report beside the trace), in everything
/// the adapter exposes. Run them all with one parameterised test:
///
/// ```swift
/// @Test(arguments: ConformanceCase.all(for: MyAdapter.self))
/// func conforms(_ conformanceCase: ConformanceCase) throws {
///     try conformanceCase.check(MyAdapter.self)
/// }
/// ```
///
/// A case that fails throws a `ConformanceFailure` naming the step, the event, what was
/// expected and what the adapter gave.
public struct ConformanceCase: Hashable, Sendable, CustomStringConvertible {
    /// Where a case comes from.
    public enum Source: Hashable, Sendable {
        /// A row of the event table of SPEC.md's section 2 or 6.
        case specification(section: Int)
        /// A trace file.
        case trace(path: String)
    }

    /// What a trace case's adapter is compared with.
    public enum Expectation: Hashable, Sendable {
        /// The reference model, step by step, in the whole state.
        case referenceModel
        /// The checked report beside the trace (`NAME.report.json`, as `gridsim replay --json`
        /// writes it): each step's outcome, effects, announcements, count and title, and the
        /// final state.
        case checkedReport(path: String)
    }

    /// `tap while selecting: limit reached`, or a trace's file name without `.jsonl`.
    public let name: String
    /// Where the case comes from: a row of SPEC.md or a trace file.
    public let source: Source
    /// What the adapter is compared with.
    public let expectation: Expectation
    /// The trace the adapter replays; empty when `problem` is set.
    public let trace: Trace
    /// For a row case, the outcome that the row gives the trace's last event.
    public let rowOutcome: Outcome?
    /// Why the case cannot run (a trace that does not parse, a folder that is missing): the
    /// case fails with it.
    let problem: String?

    init(
        name: String, source: Source, expectation: Expectation = .referenceModel, trace: Trace,
        rowOutcome: Outcome? = nil, problem: String? = nil
    ) {
        self.name = name
        self.source = source
        self.expectation = expectation
        self.trace = trace
        self.rowOutcome = rowOutcome
        self.problem = problem
    }

    /// The name, and where the case comes from: what a test's argument list shows.
    public var description: String {
        switch source {
        case .specification(let section): "\(name) (SPEC.md §\(section))"
        case .trace(let path): "\(name) (\((path as NSString).lastPathComponent))"
        }
    }

    /// The events the trace uses. O(events).
    public var eventNames: Set<EventName> { Set(trace.events.map(\.event.name)) }

    // MARK: The catalogue

    /// Every row of SPEC.md's event tables (sections 2 and 6), one case each.
    public static var specificationRows: [ConformanceCase] { SpecificationRows.all }

    /// GridSim's scenario traces: every top-level `NAME.jsonl` of its `Traces/` folder that has
    /// a `NAME.report.json` beside it, compared with the reference model.
    public static var scenarioTraces: [ConformanceCase] {
        traces(in: ScenarioTraces.directory.path, requiringReports: true)
    }

    /// Every case an adapter can run: the specification's rows and the scenario traces, less
    /// those that use an event the adapter declares unhandled (`leftOut(for:)` lists them).
    public static func all<Adapter: PhotoGridAdapter>(for adapter: Adapter.Type) -> [ConformanceCase] {
        (specificationRows + scenarioTraces).filter { $0.unhandledEvents(of: adapter).isEmpty }
    }

    /// The cases `all(for:)` leaves out, each with the reason.
    public static func leftOut<Adapter: PhotoGridAdapter>(for adapter: Adapter.Type) -> [(
        conformanceCase: ConformanceCase, reason: String
    )] {
        (specificationRows + scenarioTraces).compactMap { conformanceCase in
            let unhandled = conformanceCase.unhandledEvents(of: adapter)
            guard !unhandled.isEmpty else { return nil }
            return (
                conformanceCase, "uses \(unhandled.joined(separator: ", ")), which \(Adapter.adapterName) does not handle"
            )
        }
    }

    /// The unhandled events this case uses, by name, sorted.
    func unhandledEvents<Adapter: PhotoGridAdapter>(of adapter: Adapter.Type) -> [String] {
        eventNames.intersection(Adapter.unhandledEvents).map(\.rawValue).sorted()
    }

    // MARK: Checking

    /// Replays the case into a new `Adapter` and compares it after every step. Returns what was
    /// compared and what was not; throws a `ConformanceFailure` at the first difference. The
    /// first check for an adapter in a process prints what the kit does not compare for it
    /// (`UncomparedNote`), so that it shows in the test's output.
    ///
    /// A case that uses an event the adapter declares unhandled is not replayed: its report
    /// says so (`skipped`). O(events × photos).
    @discardableResult
    public func check<Adapter: PhotoGridAdapter>(_ adapter: Adapter.Type) throws(ConformanceFailure)
        -> ConformanceReport
    {
        if let problem { throw ConformanceFailure(conformanceCase: self, reason: .caseUnavailable(problem)) }
        if let fault = Adapter.declarationFault {
            throw ConformanceFailure(conformanceCase: self, reason: .adapterDeclaration(fault))
        }
        UncomparedNote.print(for: adapter)
        let unhandled = unhandledEvents(of: adapter)
        if !unhandled.isEmpty {
            return ConformanceReport(
                caseName: name, steps: 0, notCompared: Lockstep<Adapter>.notCompared,
                skipped: "uses \(unhandled.joined(separator: ", ")), which \(Adapter.adapterName) does not handle")
        }
        switch expectation {
        case .referenceModel:
            var lockstep = Lockstep<Adapter>(trace: trace)
            if let mismatch = lockstep.initialMismatch() {
                throw ConformanceFailure(conformanceCase: self, mismatch: mismatch, adapter: adapter)
            }
            for traceEvent in trace.events {
                if let mismatch = lockstep.apply(traceEvent.event) {
                    throw ConformanceFailure(conformanceCase: self, mismatch: mismatch, adapter: adapter)
                }
            }
            return ConformanceReport(
                caseName: name, steps: trace.events.count, notCompared: Lockstep<Adapter>.notCompared, skipped: nil
            )
        case .checkedReport(let path):
            let report: CheckedReport
            do {
                report = try CheckedReport(contentsOfFile: path)
            } catch {
                throw ConformanceFailure(conformanceCase: self, reason: .caseUnavailable("\(error)"))
            }
            if let mismatch = report.firstMismatch(replaying: trace, into: adapter) {
                throw ConformanceFailure(conformanceCase: self, mismatch: mismatch, adapter: adapter)
            }
            return ConformanceReport(
                caseName: name, steps: trace.events.count, notCompared: CheckedReport.notCompared(by: adapter),
                skipped: nil)
        }
    }
}
