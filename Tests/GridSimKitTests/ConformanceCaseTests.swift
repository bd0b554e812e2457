import GridSimKit
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace
import Testing

@Suite("Conformance cases")
struct ConformanceCaseTests {
    @Test(arguments: ConformanceCase.all(for: ReferenceAdapter.self))
    func theReferenceModelPassesEveryCase(_ conformanceCase: ConformanceCase) throws {
        let report = try conformanceCase.check(ReferenceAdapter.self)
        #expect(report.skipped == nil)
        #expect(report.steps == conformanceCase.trace.events.count)
    }

    /// A row case that drifted off its row (a script that no longer reaches it) fails here.
    @Test(arguments: ConformanceCase.specificationRows)
    func eachRowCaseReachesItsRow(_ conformanceCase: ConformanceCase) throws {
        var model = ReferenceModel(configuration: conformanceCase.trace.header.configuration)
        let steps = conformanceCase.trace.events.map { model.apply($0.event) }
        #expect(steps.last?.outcome == conformanceCase.rowOutcome)
    }

    @Test func theRowsCoverEveryEventOfSections2And6() {
        let rows = ConformanceCase.specificationRows
        let lastEvents = Set(rows.compactMap { $0.trace.events.last?.event.name })
        #expect(lastEvents == Set(EventName.allCases))
        #expect(Set(rows.map(\.name)).count == rows.count, "row names are unique")
        let reasons = Set(rows.compactMap { $0.rowOutcome?.reason })
        #expect(reasons == Set(RejectionReason.allCases))
    }

    @Test func theScenarioTracesAreFoundWithTheirReports() {
        let scenarios = ConformanceCase.scenarioTraces
        #expect(scenarios.count >= 5)
        #expect(scenarios.contains { $0.name == "picker-tray-limit" })
        for scenario in scenarios {
            #expect(!scenario.trace.events.isEmpty, "\(scenario)")
        }
    }

    @Test func aFailureNamesTheStepTheEventWhatWasExpectedAndWhatTheAdapterGave() throws {
        let row = try #require(
            ConformanceCase.specificationRows.first {
                $0.name == "deselectAll while selecting: chooses nothing, the mode stays"
            })
        let failure = try #require(throws: ConformanceFailure.self) {
            try row.check(DeselectAllLeavesAdapter.self)
        }
        let mismatch = try #require(failure.difference)
        #expect(mismatch.step == 3)
        #expect(mismatch.event == .deselectAll)
        #expect(mismatch.part == .mode)
        let text = failure.description
        #expect(text.contains("deselectAll while selecting: chooses nothing, the mode stays (SPEC.md §2)"))
        #expect(text.contains("step 3 (deselectAll): mode: expected selecting, the adapter gave browsing"))
        // The case's trace is printed, ready for gridsim replay.
        #expect(text.contains("{\"trace\":\"photo-grid-selection\""))
    }

    @Test func anAdapterLeavesOutTheCasesOfEventsItDoesNotHandle() throws {
        let kept = ConformanceCase.all(for: StateOnlyAdapter.self)
        let leftOut = ConformanceCase.leftOut(for: StateOnlyAdapter.self)
        let drag: Set<EventName> = [.dragBegan, .dragMoved, .dragEnded]
        #expect(kept.allSatisfy { $0.eventNames.isDisjoint(with: drag) })
        #expect(!leftOut.isEmpty)
        #expect(leftOut.allSatisfy { !$0.conformanceCase.eventNames.isDisjoint(with: drag) })
        #expect(
            kept.count + leftOut.count == ConformanceCase.specificationRows.count
                + ConformanceCase.scenarioTraces.count)
        let first = try #require(leftOut.first)
        #expect(first.reason.contains("which StateOnlyAdapter does not handle"))
        // Checked anyway, such a case is skipped, not passed silently.
        let report = try first.conformanceCase.check(StateOnlyAdapter.self)
        #expect(report.skipped != nil)
        for conformanceCase in kept {
            let report = try conformanceCase.check(StateOnlyAdapter.self)
            #expect(report.notCompared.contains("outcome and reason"))
        }
    }
}
