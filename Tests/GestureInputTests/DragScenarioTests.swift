import Foundation
import GestureInput
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace
import Testing
@_spi(GridSimInternals) import TraceReplay

/// The scenarios of Traces/ recorded with a finger (the walk-through and the drags): each
/// two-layer trace in Traces/pointer/ is what its recording writes, and its raw layer resolves
/// to the events of the semantic trace of the same name and to its checked report.
@Suite("Recorded scenarios")
struct DragScenarioTests {
    struct Scenario: CustomTestStringConvertible, Sendable {
        var name: String
        var text: @Sendable () -> String
        var testDescription: String { name }
    }

    static let scenarios = [
        Scenario(name: "contextual-walkthrough", text: WalkthroughRecording.text),
        Scenario(name: "drag-to-select", text: DragRecording.text),
        Scenario(name: "drag-to-select-limit", text: TrayDragRecording.text),
    ]

    static func checkedPath(_ scenario: Scenario) -> String {
        WalkthroughRecording.trace("pointer/\(scenario.name).jsonl")
    }

    @Test(arguments: scenarios)
    func theCheckedPointerTraceIsWhatTheRecorderWrites(_ scenario: Scenario) throws {
        let recorded = scenario.text()
        if ProcessInfo.processInfo.environment["GRIDSIM_UPDATE_FIXTURES"] == "1" {
            try recorded.write(toFile: Self.checkedPath(scenario), atomically: true, encoding: .utf8)
        }
        #expect(recorded == (try String(contentsOfFile: Self.checkedPath(scenario), encoding: .utf8)))
    }

    @Test(arguments: scenarios)
    func theRawLayerResolvesToTheSemanticTraceAndItsReport(_ scenario: Scenario) throws {
        var reader = try PointerTraceReader(path: Self.checkedPath(scenario))
        let derivation = try PointerReplay.derive(&reader)
        #expect(derivation.mismatches == [])
        let semantic = try Trace(contentsOfFile: WalkthroughRecording.trace("\(scenario.name).jsonl"))
        // The same events; a long press's time is its deadline, where the semantic trace may
        // say when the finger went down.
        #expect(derivation.events.map(\.event) == semantic.events.map(\.event))
        let expected = try String(
            contentsOfFile: WalkthroughRecording.trace("\(scenario.name).report.json"), encoding: .utf8)
        #expect(Replayer.replay(derivation.trace, engine: FastEngine.self).json == expected)
        #expect(Replayer.replay(derivation.trace, engine: ReferenceModel.self).json == expected)
    }

    @Test func theDragScenarioExercisesWhatItClaims() throws {
        var reader = try PointerTraceReader(path: DragRecording.checkedPath)
        let lines = try reader.readAll()
        let trace = try Trace(contentsOfFile: DragRecording.checkedPath)
        let steps = Replayer.replay(trace, engine: FastEngine.self).steps
        // A drag line carries the samples that made it; an unchoosing drag passes its anchor.
        #expect(lines[1].event == TraceEvent(t: 470, .dragBegan("1")))
        #expect(lines[1].input?.count == 3)
        #expect(lines.filter { $0.event.event.name == .dragMoved }.count == 12)
        // A move over a gap rides on the next line, resolving to nothing.
        #expect(lines[3].input?.count == 2)
        #expect(steps.map(\.outcome.reason) == Array(repeating: nil, count: steps.count))
        #expect(steps.filter { $0.outcome == .ignored }.map(\.seq) == [14, 19, 20])
    }

    @Test func theLimitScenarioKeepsPhotosOutAndRefusesWhatItShould() throws {
        let trace = try Trace(contentsOfFile: TrayDragRecording.checkedPath)
        let steps = Replayer.replay(trace, engine: FastEngine.self).steps
        let rejected = steps.filter { $0.outcome.reason != nil }.map { "\($0.seq) \($0.outcome.reason!.rawValue)" }
        #expect(rejected == ["5 limitReached", "9 notInTray", "12 limitReached", "19 covered", "23 notInTray"])
        var reader = try PointerTraceReader(path: TrayDragRecording.checkedPath)
        let removeButtons = try reader.readAll().filter { $0.event.event.name == .removeFromTray }
        #expect(removeButtons.count == 5 && removeButtons.allSatisfy { $0.input == nil })
    }
}
