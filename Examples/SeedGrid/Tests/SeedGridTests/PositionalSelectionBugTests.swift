import Foundation
import GridSimKit
import SeedGridBugs
import SeedGridConformance
import Testing

@Suite("A selection kept by position")
struct PositionalSelectionBugTests {
    @Test func theKitFindsItAndShrinksItToAtMostFourEvents() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("seedgrid-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let failure = try #require(throws: PropertyRunFailure.self) {
            try PropertyRun(cases: 300, counterexamples: folder.path).check(PositionalAdapter.self)
        }
        guard case .counterexample(let counterexample) = failure else {
            Issue.record("expected a counterexample, got \(failure)")
            return
        }
        #expect(counterexample.shrunk.events.count <= 4)
        // What the bug needs: something chosen, then a library change.
        #expect(counterexample.shrunk.events.contains { $0.event.name == .libraryChanged })
        #expect([.chosenPhotos, .picks].contains(counterexample.mismatch.part))
        // The shrunk trace is on disk, a trace anyone can replay, and it still shows the bug.
        let written = try Trace(contentsOfFile: try #require(counterexample.writtenTo))
        #expect(written.events == counterexample.shrunk.events)
        // Its page beside it shows the adapter's side next to the reference model's.
        let page = try String(contentsOfFile: try #require(counterexample.pageWrittenTo), encoding: .utf8)
        #expect(page.contains(#""actual":"PositionalAdapter""#))
        #expect(throws: ConformanceFailure.self) {
            try ConformanceCase.traces(in: folder.path)[0].check(PositionalAdapter.self)
        }
    }

    /// The conformance rows see it too: the row where chosen photos disappear.
    @Test func aConformanceRowCatchesIt() throws {
        let failing = ConformanceCase.all(for: PositionalAdapter.self).filter { conformanceCase in
            (try? conformanceCase.check(PositionalAdapter.self)) == nil
        }
        #expect(failing.contains { $0.name.hasPrefix("libraryChanged") })
        #expect(failing.allSatisfy { $0.trace.events.contains { $0.event.name == .libraryChanged } })
    }
}
