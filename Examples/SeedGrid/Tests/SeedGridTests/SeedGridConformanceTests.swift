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

    /// What the kit leaves out for this adapter: the drag rows, because the seed has no drag.
    @Test func leavesOutOnlyTheDragRows() {
        let leftOut = ConformanceCase.leftOut(for: SeedGridAdapter.self).map(\.conformanceCase)
        #expect(!leftOut.isEmpty)
        #expect(leftOut.allSatisfy { $0.name.hasPrefix("drag") })
    }
}
