import Foundation
@_spi(GridSimInternals) import GridSimKit
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace

/// A shrunk counterexample that a team can take to their adapter without GridSim: beside
/// `NAME.jsonl`, `NAME.requests.jsonl` holds the exact lines the adapter received when the
/// trace was replayed into a fresh process (handshake to bye), and `NAME.expected.jsonl` the
/// answers SPEC.md expects to them. The trace is replayed `runs` times, each in a fresh
/// process; if the adapter's answers differ between runs, or the failure comes and goes, the
/// counterexample is flaky and the report says so.
package enum TravellingCounterexample {
    /// What was written and found, as report lines.
    package struct Outcome {
        package var lines: [String]
        package var isFlaky: Bool
    }

    package static func write(
        _ trace: Trace, beside tracePath: String, settings: AdapterConnection.Settings, runs: Int
    ) -> Outcome {
        let base = tracePath.hasSuffix(".jsonl") ? String(tracePath.dropLast(".jsonl".count)) : tracePath
        let previous = PipeAdapter.connection
        defer { PipeAdapter.connect(previous) }
        var requests: [[UInt8]]?
        var answerRuns: [[[UInt8]]] = []
        var failures: [String] = []
        for _ in 0..<max(runs, 1) {
            do {
                let connection = try AdapterConnection(settings: settings)
                connection.recording = [ProtocolRequest.hello(gridsimVersion: settings.gridsimVersion)]
                connection.answers = []
                PipeAdapter.connect(connection)
                let mismatch = PropertyRun.firstMismatch(trace, PipeAdapter.self)
                connection.close()
                if requests == nil { requests = (connection.recording ?? []) + [ProtocolRequest.bye] }
                answerRuns.append(connection.answers ?? [])
                failures.append(mismatch.map { "\($0)" } ?? "passes")
            } catch {
                failures.append("\(error)")
                answerRuns.append([])
            }
        }
        var lines: [String] = []
        let requestsPath = base + ".requests.jsonl"
        let expectedPath = base + ".expected.jsonl"
        do {
            let requestBytes = (requests ?? []).flatMap { $0 }
            try Data(requestBytes).write(to: URL(fileURLWithPath: requestsPath), options: .atomic)
            let expected = ExpectedAnswers.lines(for: trace).joined(separator: "\n") + "\n"
            try Data(expected.utf8).write(to: URL(fileURLWithPath: expectedPath), options: .atomic)
            lines.append("  the adapter's requests: \(requestsPath) (pipe them into the adapter without GridSim)")
            lines.append("  the answers SPEC.md expects: \(expectedPath)")
        } catch {
            lines.append("  cannot write the requests beside it: \(error.localizedDescription)")
        }
        let flaky = Set(answerRuns.map { $0.map { String(decoding: $0, as: UTF8.self) } }).count > 1 || Set(failures).count > 1
        if flaky {
            lines.append("  FLAKY: replayed \(runs) times in fresh processes, the adapter's answers changed:")
            lines += failures.enumerated().map { "    run \($0.offset + 1): \($0.element)" }
        } else {
            lines.append("  replayed \(runs) times in fresh processes: the same answers each time (not flaky)")
        }
        return Outcome(lines: lines, isFlaky: flaky)
    }
}
