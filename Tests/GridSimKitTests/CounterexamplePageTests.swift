import Foundation
import TestSupport
import Testing
import TraceView

@testable import GridSimKit

/// The page beside a counterexample: the adapter's side as it was recorded, the first step
/// where it differs from the reference model, and the page's data as written.
@Suite("Counterexample pages")
struct CounterexamplePageTests {
    /// Three photos: choose two, then Deselect all (which must keep the mode), then a tap.
    static let deselectAll = try! Trace(
        text: """
            {"trace":"photo-grid-selection","version":1,"photos":{"ids":["a","b","c"]}}
            {"event":"longPress","photo":"a"}
            {"event":"tap","photo":"b"}
            {"event":"deselectAll"}
            {"event":"tap","photo":"c"}
            """)

    /// Select all over three photos, with a limit so that the tray is compared.
    static let selectAll = try! Trace(
        text: """
            {"trace":"photo-grid-selection","version":1,"photos":{"ids":["a","b","c"]},"limit":5}
            {"event":"longPress","photo":"b"}
            {"event":"selectAll"}
            """)

    @Test func theAdapterSideIsRecordedUpToTheFirstDifference() {
        let comparison = CounterexamplePage.comparison(of: Self.deselectAll, DeselectAllLeavesAdapter.self)
        #expect(comparison.actualName == "DeselectAllLeavesAdapter")
        #expect(comparison.firstDifference == 3)
        // Stopped at the difference: the adapter gets no event it did not get in the check.
        #expect(comparison.rows.count == 4)
        let before = comparison.rows[0]
        #expect(before.expected.report == nil && before.actual.report == nil)
        #expect(before.actual.grid == ["a", "b", "c"] && before.actual.chosen.isEmpty)

        let chosenTwo = comparison.rows[2]
        #expect(chosenTwo.differences.isEmpty)
        #expect(chosenTwo.actual.chosen == ["a", "b"] && chosenTwo.expected.chosen == ["a", "b"])
        #expect(chosenTwo.actual.mode == "selecting")
        // The adapter reports the reference's step, so its report reads the same.
        #expect(chosenTwo.actual.report?.outcome == "applied")
        #expect(chosenTwo.actual.report?.effects == chosenTwo.expected.report?.effects)
        #expect(chosenTwo.actual.report?.announcements == ["2 selected"])
        // It exposes neither the screen nor the sheet: those are not said on its side.
        #expect(chosenTwo.actual.title == nil && chosenTwo.actual.sheet == nil)
        #expect(chosenTwo.expected.title == "2 selected" && chosenTwo.expected.sheet == "none")

        let deselected = comparison.rows[3]
        #expect(deselected.expected.mode == "selecting" && deselected.actual.mode == "browsing")
        #expect(deselected.differences.map(\.part) == ["mode"])
        #expect(deselected.differences.first?.expected == "selecting")
        #expect(deselected.differences.first?.actual == "browsing")
        // The same step and part as the property run's comparison finds.
        let mismatch = PropertyRun.firstMismatch(Self.deselectAll, DeselectAllLeavesAdapter.self)
        #expect(mismatch?.step == comparison.firstDifference && mismatch?.part.description == deselected.differences.first?.part)
    }

    @Test func everyPartThatDiffersAtTheStepIsListed() {
        let comparison = CounterexamplePage.comparison(of: Self.selectAll, SelectAllSkipsFirstAdapter.self)
        #expect(comparison.firstDifference == 2)
        let row = comparison.rows[2]
        #expect(row.expected.chosen == ["a", "b", "c"] && row.actual.chosen == ["b", "c"])
        #expect(row.expected.tray == ["b", "a", "c"] && row.actual.tray == ["b", "c"])
        #expect(row.differences.map(\.part) == ["chosen photos", "tray"])
    }

    @Test func aCodeThatAgreesHasEveryStepAndNoDifference() {
        let comparison = CounterexamplePage.comparison(of: Self.deselectAll, ReferenceAdapter.self)
        #expect(comparison.firstDifference == nil)
        #expect(comparison.rows.count == Self.deselectAll.events.count + 1)
        #expect(comparison.rows.allSatisfy { $0.actual.title == $0.expected.title && $0.actual.chosen == $0.expected.chosen })
    }

    @Test func aPropertyRunWritesThePageBesideTheShrunkTrace() throws {
        let folder = try ScratchDirectory.make("kit-counterexample-page")
        let counterexample = try requireCounterexample {
            try PropertyRun(cases: 300, seed: 7, counterexamples: folder.path).check(DeselectAllLeavesAdapter.self)
        }
        let trace = try #require(counterexample.writtenTo)
        let page = try #require(counterexample.pageWrittenTo)
        #expect(page == String(trace.dropLast(".jsonl".count)) + ".html")
        #expect(counterexample.description.contains("see both sides: \(page) (opens at step \(counterexample.mismatch.step)"))

        let data = try Self.data(ofPage: page)
        #expect(data["openAt"] as? Int == counterexample.mismatch.step)
        #expect(data["steps"] as? Int == counterexample.shrunk.events.count)
        #expect(data["name"] as? String == (trace as NSString).lastPathComponent)
        let comparison = try #require(data["comparison"] as? [String: Any])
        #expect(comparison["actual"] as? String == "DeselectAllLeavesAdapter")
        #expect(comparison["firstDifference"] as? Int == counterexample.mismatch.step)
        let steps = try #require(comparison["steps"] as? [[String: Any]])
        #expect(steps.count == counterexample.mismatch.step + 1)
        let differences = try #require(steps.last?["differences"] as? [[String]])
        #expect(differences == [["mode", "selecting", "browsing"]])
        // A side's grid is written at step 0 and then only where it changed.
        #expect(steps.first.flatMap { ($0["actual"] as? [String: Any])?["grid"] } != nil)
        #expect(steps.dropFirst().allSatisfy { ($0["actual"] as? [String: Any])?["grid"] == nil })
        // The folder still holds one trace: the page is not taken for one.
        #expect(ConformanceCase.traces(in: folder.path).count == 1)
    }

    @Test func aFailedConformanceCaseWritesItsPageOnRequest() throws {
        let row = try #require(ConformanceCase.specificationRows.first {
            $0.name == "deselectAll while selecting: chooses nothing, the mode stays"
        })
        let failure = try #require(throws: ConformanceFailure.self) { try row.check(DeselectAllLeavesAdapter.self) }
        let path = try ScratchDirectory.make("kit-case-page").appendingPathComponent("case.html").path
        try failure.writePage(to: path)
        let data = try Self.data(ofPage: path)
        let step = try #require(failure.difference?.step)
        #expect(data["openAt"] as? Int == step)
        #expect(data["name"] as? String == row.description)
        #expect((data["comparison"] as? [String: Any])?["firstDifference"] as? Int == step)

        // A case that could not run has no page: its failure is what is thrown.
        let broken = ConformanceCase.traces(in: path + "-missing")
        let brokenFailure = try #require(throws: ConformanceFailure.self) { try broken.first?.check(ReferenceAdapter.self) }
        #expect(throws: ConformanceFailure.self) { try brokenFailure.writePage(to: path + ".other.html") }
        #expect(!FileManager.default.fileExists(atPath: path + ".other.html"))
    }

    /// The JSON object a page embeds.
    static func data(ofPage path: String) throws -> [String: Any] {
        let html = try String(contentsOfFile: path, encoding: .utf8)
        let start = try #require(html.range(of: #"<script id="data" type="application/json">"#))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let object = try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8))
        return try #require(object as? [String: Any])
    }
}

/// Counterexample pages in a real browser, as `gridsim view`'s pages are tested: they open at
/// the first step where the adapter differs, show both sides, mark the difference, and write
/// nothing to the console.
@Suite("Counterexample pages in headless Chromium", .serialized, .enabled(if: HeadlessChromium.testsEnabled))
struct CounterexamplePageBrowserTests {
    /// The page of `trace` for `adapter`, written into a scratch folder.
    static func page<Adapter: PhotoGridAdapter>(of trace: Trace, _ adapter: Adapter.Type) throws -> URL {
        let path = try ScratchDirectory.make("kit-page").appendingPathComponent("\(Adapter.self).html").path
        try CounterexamplePage.write(of: trace, to: path, adapter)
        return URL(fileURLWithPath: path)
    }

    /// The page of `trace` against `adapter` as headless Chromium renders it (its DOM after
    /// the script ran), opened at `step` if given, which must log nothing to the console.
    static func loadedPage<Adapter: PhotoGridAdapter>(
        of trace: Trace, _ adapter: Adapter.Type, step: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let chromium = try HeadlessChromium.required()
        let written = try page(of: trace, adapter)
        let url = step.map { URL(string: written.absoluteString + "#step=\($0)")! } ?? written
        let (html, console) = try chromium.load(url)
        #expect(console.isEmpty, "\(console)", sourceLocation: sourceLocation)
        return html
    }

    /// A comparison table's row: whether it is marked, and each side's text.
    static func row(_ part: String, in dom: ViewPageDOM) -> (marked: Bool, expected: String?, actual: String?)? {
        guard let tag = dom.first(#"(<tr data-part="\#(part)"[^>]*>)"#),
            let cells = dom.first(#"<tr data-part="\#(part)"[^>]*>(.*?)</tr>"#)
        else { return nil }
        let expected = ViewPageDOM(cells).first(#"<td data-side="expected">([^<]*)"#)
        let actual = ViewPageDOM(cells).first(#"<td data-side="actual">([^<]*)"#)
        return (tag.contains(#"class="differs""#), expected, actual)
    }

    @Test func aDeselectAllThatLeavesTheModeOpensWhereItDiffers() throws {
        let html = try Self.loadedPage(of: CounterexamplePageTests.deselectAll, DeselectAllLeavesAdapter.self)
        let dom = ViewPageDOM(html)
        // Opened at the first difference, the phone showing the reference model there.
        #expect(dom.step == "3")
        #expect(dom.title == "Select items")
        #expect(dom.first(#"data-differs="([^"]*)""#) == "mode")
        let mode = try #require(Self.row("mode", in: dom))
        #expect(mode.marked && mode.expected == "selecting" && mode.actual == "browsing")
        // Both sides shown, the parts that agree unmarked.
        let chosen = try #require(Self.row("chosen photos", in: dom))
        #expect(!chosen.marked && chosen.expected == "0: none" && chosen.actual == "0: none")
        let outcome = try #require(Self.row("outcome", in: dom))
        #expect(!outcome.marked && outcome.expected == "applied" && outcome.actual == "applied")
        #expect(dom.first(#"<th scope="col" id="compareActual">([^<]*)</th>"#) == "DeselectAllLeavesAdapter")
        #expect(dom.first(#"<p id="compareFirst">([^<]*)"#)?.hasPrefix("First difference at step 3 (deselectAll): mode") == true)
        // The step list marks the step; the steps before it agree.
        #expect(dom.first(#"<div class="([^"]*)"[^>]*id="row-3""#) == "row differs")
        #expect(dom.first(#"<div class="([^"]*)"[^>]*id="row-2""#) == "row")
    }

    @Test func photosChosenOnOneSideOnlyAreMarkedOnTheGrid() throws {
        let html = try Self.loadedPage(of: CounterexamplePageTests.selectAll, SelectAllSkipsFirstAdapter.self)
        let dom = ViewPageDOM(html)
        #expect(dom.step == "2")
        #expect(dom.cells.map(\.photo) == ["a", "b", "c"] && dom.cells.allSatisfy(\.selected))
        // Only "a" differs: the reference model chose it, the adapter did not.
        let marked = ViewPageDOMCells.marked(in: html)
        #expect(marked == ["a": "only-expected"])
        let chosen = try #require(Self.row("chosen photos", in: dom))
        #expect(chosen.marked && chosen.expected == "3: a, b, c" && chosen.actual == "2: b, c")
        #expect(html.contains(#"<span class="only">only here: a</span>"#))
        let tray = try #require(Self.row("tray", in: dom))
        #expect(tray.marked && tray.expected == "b, a, c" && tray.actual == "b, c")

        // At step 1 the sides agree: nothing marked.
        let before = try Self.loadedPage(of: CounterexamplePageTests.selectAll, SelectAllSkipsFirstAdapter.self, step: 1)
        #expect(ViewPageDOMCells.marked(in: before).isEmpty)
        #expect(ViewPageDOM(before).first(#"<p id="compareStatus"[^>]*>([^<]*)"#) == "They agree at this step.")
    }
}

/// The grid cells a counterexample page outlines, by photo: `only-expected` or `only-actual`.
enum ViewPageDOMCells {
    static func marked(in html: String) -> [String: String] {
        let regex = try! NSRegularExpression(pattern: #"<div [^>]*role="gridcell"[^>]*>"#)
        var marked: [String: String] = [:]
        for match in regex.matches(in: html, range: NSRange(html.startIndex..., in: html)) {
            let tag = String(html[Range(match.range, in: html)!])
            guard let photo = ViewPageDOM(tag).first(#"data-photo="([^"]*)""#) else { continue }
            for mark in ["only-expected", "only-actual"] where tag.contains(mark) { marked[photo] = mark }
        }
        return marked
    }
}
