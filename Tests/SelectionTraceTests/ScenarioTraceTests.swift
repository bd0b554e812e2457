import Foundation
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace
import Testing
@_spi(GridSimInternals) import TraceReplay

/// The scenarios of the seeds, in Traces/: each replays to its checked report, and every
/// invariant of SPEC.md section 1 holds after every step.
@Suite("Scenario traces")
struct ScenarioTraceTests {
    @Test func everySeedScenarioIsThere() throws {
        #expect(try Fixtures.scenarioTraces.count >= 5)
    }

    @Test(arguments: try Fixtures.scenarioTraces)
    func replaysToItsCheckedReport(_ name: String) throws {
        let trace = try Trace(contentsOfFile: Fixtures.path(ofTrace: name))
        let expected = try String(contentsOfFile: Fixtures.reportPath(ofTrace: name), encoding: .utf8)
        let report = Replayer.replay(trace, engine: ReferenceModel.self)
        #expect(report.json == expected)
    }

    @Test(arguments: try Fixtures.scenarioTraces)
    func keepsEveryInvariantAfterEveryStep(_ name: String) throws {
        let trace = try Trace(contentsOfFile: Fixtures.path(ofTrace: name))
        _ = Replayer.replay(trace.events, header: trace.header, engine: ReferenceModel.self) { engine, step in
            #expect(engine.state.invariantViolations() == [], "\(name) step \(step.seq)")
        }
    }

    @Test(arguments: try Fixtures.scenarioTraces)
    func reportIsValidJSONWithTheSpecFields(_ name: String) throws {
        let text = try String(contentsOfFile: Fixtures.reportPath(ofTrace: name), encoding: .utf8)
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        let final = object?["final"] as? [String: Any]
        let finalKeys = Set((final ?? [:]).keys)
        #expect(finalKeys.isSuperset(of: ["mode", "selected", "count", "photos", "title"]))
        let steps = object?["steps"] as? [[String: Any]] ?? []
        #expect(!steps.isEmpty)
        for (index, step) in steps.enumerated() {
            #expect(step["seq"] as? Int == index + 1)
            #expect((step["reason"] != nil) == (step["outcome"] as? String == "rejected"))
        }
    }
}
