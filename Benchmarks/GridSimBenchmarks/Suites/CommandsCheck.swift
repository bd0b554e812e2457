import BenchmarkKit
import PropertyTesting
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace

extension CommandsSuite {
    /// `gridsim check` in-process: the text trace read from memory (header with its id
    /// table, then line by line), every property checked by `TraceChecking.check` in one
    /// pass, and the lines the command prints rendered to a string.
    ///
    /// The checkpoint schedule is the command's, less its upfront credit (2^20 photos of
    /// whole-state checks that a long trace amortises): with it, a trace short enough to be
    /// timed five times a round is all checkpoints (one after every step at 1K photos, a
    /// hundred at 10K), and the case would time the reference model's state comparisons
    /// rather than the check's steady pace of one checkpoint every photos / 4 steps.
    static func check(injection: Injection) -> Subject<CommandsTrace> {
        commandSubject("gridsim check", injection: injection) { trace in
            let text = trace.text
            let properties = Properties.all(candidate: FastEngine.self)
            let schedule = CheckpointSchedule(upfrontPhotos: 0)
            return {
                var reader = try! TextTraceReader(lines: LineReader(bytes: text))
                let report = try! TraceChecking.check(
                    header: reader.header, events: &reader, properties: properties, schedule: schedule)
                blackHole(TraceChecking.lines(for: report, tracePath: "trace.jsonl"))
                return report
            }
        } result: { report, _ in
            let failed = report.results.filter { $0.failure != nil }.map(\.property)
            // A failing property makes the count differ, so the case stops with both
            // results named rather than timing a check that found a bug.
            return eventsResult(
                failed.isEmpty ? report.events : -failed.count,
                detail: failed.isEmpty
                    ? "all \(report.results.count) properties hold, \(report.checkpoints) checkpoints"
                    : "FAILED: \(failed.joined(separator: ", "))")
        }
    }
}
