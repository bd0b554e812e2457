import Foundation
import GridSimKit
import SeedGridConformance
import Testing

/// The seed-style model against SPEC.md: every row of its event tables and every scenario
/// trace of GridSim, then generated traces against the reference model.
@Suite("SeedGrid conforms")
struct SeedGridConformanceTests {
    @Test(arguments: ConformanceCase.all(for: SeedGridAdapter.self))
    func conforms(_ conformanceCase: ConformanceCase) throws {
        try conformanceCase.check(SeedGridAdapter.self)
    }

    @Test func agreesWithTheReferenceModel() throws {
        try PropertyRun(cases: 300, counterexamples: ".build/counterexamples").check(SeedGridAdapter.self)
    }

    /// What the kit leaves out for this adapter: the cases that drag, because the seed has no
    /// drag to select.
    @Test func leavesOutOnlyTheCasesThatDrag() {
        let leftOut = ConformanceCase.leftOut(for: SeedGridAdapter.self).map(\.conformanceCase)
        let drag: Set<EventName> = [.dragBegan, .dragMoved, .dragEnded]
        #expect(!leftOut.isEmpty)
        #expect(leftOut.allSatisfy { !$0.eventNames.isDisjoint(with: drag) })
    }

    /// GridSim's guide to the kit (docs/kit.md) says how many cases this model runs and leaves
    /// out; the sentence must stay true as cases are added.
    @Test func theGuideCountsTheCasesRight() throws {
        let guide = URL(fileURLWithPath: #filePath)  // …/Examples/SeedGrid/Tests/SeedGridTests/…
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/kit.md")
        let text = try String(contentsOf: guide, encoding: .utf8).replacingOccurrences(of: "\n", with: " ")
        let run = ConformanceCase.all(for: SeedGridAdapter.self).count
        let leftOut = ConformanceCase.leftOut(for: SeedGridAdapter.self).map(\.conformanceCase)
        let rows = leftOut.filter { if case .specification = $0.source { true } else { false } }.count
        let expected =
            "The seed-style model passes all \(run) cases it can run; the \(leftOut.count) it leaves out "
            + "(\(rows) rows and \(leftOut.count - rows) drag scenarios)"
        #expect(text.contains(expected), "docs/kit.md should say: \(expected)")
        let allRows = ConformanceCase.specificationRows.count
        #expect(text.contains("sections 2 and 6 (\(allRows) rows,"), "docs/kit.md should count \(allRows) rows")
    }
}
