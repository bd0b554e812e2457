import Foundation
import GridSimKit
import PropertyTesting
@_spi(GridSimInternals) import SelectionTrace
import TestSupport
import Testing

@Suite("Property runs")
struct PropertyRunTests {
    @Test func theReferenceModelAgreesWithItself() throws {
        let report = try PropertyRun(cases: 150, seed: 11).check(ReferenceAdapter.self)
        #expect(report.cases == 150)
        #expect(report.steps > 1_000)
        #expect(!report.notCompared.contains("outcome and reason"))
    }

    @Test func generatedTracesLeaveOutTheEventsAnAdapterDoesNotHandle() throws {
        let run = PropertyRun(cases: 200, seed: 3)
        for index in 0..<run.cases {
            let names = Set(run.trace(case: index, for: StateOnlyAdapter.self).events.map(\.event.name))
            #expect(names.isDisjoint(with: StateOnlyAdapter.unhandledEvents), "case \(index)")
        }
        let report = try run.check(StateOnlyAdapter.self)
        #expect(report.leftOut == ["dragBegan", "dragEnded", "dragMoved"])
        #expect(report.notCompared.contains("outcome and reason"))
    }

    @Test func aBugIsFoundShrunkWrittenAndReproducibleFromItsSeed() throws {
        let folder = try ScratchDirectory.make("kit-counterexamples")
        let run = PropertyRun(cases: 300, seed: 7, counterexamples: folder.path)
        let counterexample = try requireCounterexample {
            try run.check(DeselectAllLeavesAdapter.self)
        }
        // Shrunk to what the bug needs: something chosen, then Deselect all.
        #expect(counterexample.shrunk.events.count <= 3)
        #expect(counterexample.shrunk.events.last?.event == .deselectAll)
        #expect(counterexample.mismatch.part == .mode)
        #expect(counterexample.shrunk.events.count <= counterexample.original.events.count)

        // Written where asked, as a trace that reads back and fails the same way.
        let path = try #require(counterexample.writtenTo)
        #expect(path.hasPrefix(folder.path))
        let written = try Trace(contentsOfFile: path)
        #expect(written.events == counterexample.shrunk.events)
        #expect(written.header.meta?["seed"] == .string(String(counterexample.seed)))
        let again = ConformanceCase.traces(in: folder.path)
        #expect(again.count == 1)
        #expect(throws: ConformanceFailure.self) { try again[0].check(DeselectAllLeavesAdapter.self) }
        #expect(throws: Never.self) { try again[0].check(ReferenceAdapter.self) }

        // The seed it names is the failing case's: a run from there fails on its first case.
        let rerun = PropertyRun(cases: 1, seed: counterexample.seed)
        let first = try requireCounterexample { try rerun.check(DeselectAllLeavesAdapter.self) }
        #expect(first.caseIndex == 0)
        #expect(first.original == counterexample.original)

        let text = counterexample.description
        #expect(text.contains("DeselectAllLeavesAdapter differs from the reference model on case"))
        #expect(text.contains("gridsim replay \(path)") && text.contains("replay it: swift run --package-path "))
        #expect(text.contains("GRIDSIM_KIT_SEED=\(counterexample.seed) swift test"))
    }
}
