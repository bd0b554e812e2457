import Foundation
import GridSimKit
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace
import TestSupport
import Testing
@_spi(GridSimInternals) import TraceReplay

@Suite("Trace folders")
struct TraceFolderTests {
    /// A folder with one bug report and its report, as `gridsim replay --json` writes it.
    private func bugReports() throws -> URL {
        let folder = try ScratchDirectory.make("kit-bug-reports")
        let trace = Trace(
            header: TraceHeader(photos: .ids(["a", "b", "c"]), limit: 2),
            events: [.longPress("b"), .tap("c"), .tap("a"), .share, .back, .deselectAll, .tap("a")].map {
                TraceEvent($0)
            })
        try trace.text.write(
            to: folder.appendingPathComponent("deselect.jsonl"), atomically: true, encoding: .utf8)
        let report = Replayer.replay(trace, engine: ReferenceModel.self).json
        try report.write(
            to: folder.appendingPathComponent("deselect.report.json"), atomically: true, encoding: .utf8)
        return folder
    }

    @Test func everyTraceIsComparedWithTheReferenceOrWithItsCheckedReport() throws {
        let folder = try bugReports()
        for checkedReports in [false, true] {
            let cases = ConformanceCase.traces(in: folder.path, checkedReports: checkedReports)
            #expect(cases.map(\.name) == ["deselect"])
            let report = try cases[0].check(ReferenceAdapter.self)
            #expect(report.steps == 7)
            #expect(throws: Never.self) { try cases[0].check(StateOnlyAdapter.self) }
            let failure = try #require(throws: ConformanceFailure.self) {
                try cases[0].check(DeselectAllLeavesAdapter.self)
            }
            #expect(failure.difference?.step == 6)
            // The reference model is compared in the mode; a report has only the title.
            #expect(failure.difference?.part == (checkedReports ? .title : .mode))
        }
    }

    @Test func aTraceWithoutItsReportFailsSayingSo() throws {
        let folder = try bugReports()
        try FileManager.default.removeItem(at: folder.appendingPathComponent("deselect.report.json"))
        let cases = ConformanceCase.traces(in: folder.path, checkedReports: true)
        let failure = try #require(throws: ConformanceFailure.self) { try cases[0].check(ReferenceAdapter.self) }
        #expect(failure.unavailable?.contains("deselect.report.json: no checked report here") == true)
    }

    @Test func aMalformedTraceFailsNamingTheFileAndLine() throws {
        let folder = try bugReports()
        let path = folder.appendingPathComponent("broken.jsonl").path
        try "{\"trace\":\"photo-grid-selection\",\"version\":1,\"photos\":{\"count\":3}}\n{\"event\":\"hop\"}\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let cases = ConformanceCase.traces(in: folder.path)
        #expect(cases.map(\.name) == ["broken", "deselect"])
        let failure = try #require(throws: ConformanceFailure.self) { try cases[0].check(ReferenceAdapter.self) }
        #expect(failure.unavailable?.hasPrefix("\(path):2: ") == true)
    }

    @Test func aMissingFolderIsOneFailingCase() throws {
        let cases = ConformanceCase.traces(in: "/nonexistent/bug-reports")
        #expect(cases.count == 1)
        let failure = try #require(throws: ConformanceFailure.self) { try cases[0].check(ReferenceAdapter.self) }
        #expect(failure.unavailable?.contains("cannot list the trace folder /nonexistent/bug-reports") == true)
    }
}
