import Foundation
import SeededRandom
import TestSupport
import Testing

@testable import GridSimCLI
@testable import TraceView

/// `gridsim view` pages in a real browser: every trace in Traces/ (and generated ones over a
/// million photos and over PhotoKit ids) opened in headless Chromium at several steps through
/// `#step=N`, the DOM checked against `gridsim replay --json --at N` for the same step: title,
/// count, step, the chosen photos among the cells shown, the tray in order. A page that writes
/// anything to the console (its script's errors, the browser's refusals) fails.
///
/// Chromium missing is a failure, not a skip (scripts/setup installs it, so CI has it); on a
/// machine without it, `GRIDSIM_SKIP_BROWSER=1` turns these tests off.
@Suite(
    "gridsim view in headless Chromium", .serialized,
    .enabled(if: HeadlessChromium.testsEnabled))
struct ViewPageBrowserTests {
    /// Every trace in Traces/ and in Traces/pointer/.
    static func traces() throws -> [String] { try Paths.scenarioTraces() + Paths.scenarioTraces(in: "pointer") }

    /// A page load to check: the page, the step, and the trace to replay for the truth.
    struct Load: Sendable {
        var page: URL
        var trace: String
        var step: Int
        var verify = false
    }

    static func chromium() throws -> HeadlessChromium {
        try HeadlessChromium.required()
    }

    static func eventCount(_ trace: String) throws -> Int {
        try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").count - 1
    }

    /// Writes the page of `trace` into a scratch directory.
    static func page(of trace: String, name: String) throws -> URL {
        let path = try ScratchDirectory.make("view").appendingPathComponent(name + ".html").path
        let result = Captured.run("view", trace, "--output", path)
        #expect(result.code == 0, "gridsim view \(trace): \(result.err)")
        return URL(fileURLWithPath: path)
    }

    /// What the page shows at `load.step`, against `gridsim replay --json --at` there: the
    /// mismatches, each naming the trace and the step (empty when all agree).
    static func mismatches(_ dom: ViewPageDOM, _ load: Load) -> [String] {
        let replay = Captured.run("replay", "--json", "--at", String(load.step), load.trace)
        guard replay.code == 0,
            let object = try? JSONSerialization.jsonObject(with: Data(replay.out.utf8)) as? [String: Any],
            let state = object["state"] as? [String: Any]
        else { return ["\(load.trace): replay --at \(load.step) failed: \(replay.err)"] }
        let place = "\((load.trace as NSString).lastPathComponent) step \(load.step)"
        var problems: [String] = []
        func expect(_ what: String, _ shown: String?, _ truth: String) {
            if shown != truth { problems.append("\(place): \(what) shows \(shown.map { "'\($0)'" } ?? "nothing"), replay says '\(truth)'") }
        }
        expect("#title", dom.title, state["title"] as? String ?? "?")
        expect("#count", dom.count, String(state["count"] as? Int ?? -1))
        expect("#step", dom.step, String(load.step))
        let selected = Set(state["selected"] as? [String] ?? [])
        let photos = state["photos"] as? Int ?? -1
        // The whole grid up to 500 photos; beyond, a window of 20 rows.
        let expectedWindow = photos <= 500 ? 0..<photos : dom.window.map { $0.count <= 20 * 3 ? $0 : 0..<0 } ?? 0..<0
        if dom.window != expectedWindow || dom.cells.count != expectedWindow.count || expectedWindow.upperBound > photos {
            problems.append("\(place): cells of positions \(String(describing: dom.window)) (\(dom.cells.count) shown) in a grid of \(photos)")
        }
        for cell in dom.cells where cell.selected != selected.contains(cell.photo) {
            problems.append("\(place): photo \(cell.photo) is shown \(cell.selected ? "chosen" : "not chosen")")
            if problems.count > 10 { break }
        }
        if let tray = state["tray"] as? [String], dom.tray != tray {
            problems.append("\(place): #tray shows \(dom.tray), replay says \(tray)")
        }
        if load.verify && dom.verified != "ok" {
            problems.append("\(place): walking every step forwards and back: \(dom.verified ?? "did not run")")
        }
        return problems
    }

    /// Loads every page in Chromium, four at a time (a load mostly waits for the browser to
    /// start), and checks each.
    static func check(_ loads: [Load], with chromium: HeadlessChromium) -> [String] {
        let results = Results(count: loads.count)
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 4
        for index in loads.indices {
            queue.addOperation {
                Self.check(loads[index], with: chromium, into: results, at: index)
            }
        }
        queue.waitUntilAllOperationsAreFinished()
        return results.all
    }

    private static func check(_ load: Load, with chromium: HeadlessChromium, into results: Results, at index: Int) {
        do {
            var components = URLComponents(url: load.page, resolvingAgainstBaseURL: false)!
            components.fragment = "step=\(load.step)" + (load.verify ? "&verify" : "")
            let (html, console) = try chromium.load(components.url!)
            let place = "\((load.trace as NSString).lastPathComponent) step \(load.step)"
            results.set(index, mismatches(ViewPageDOM(html), load) + console.map { "\(place): the console says \($0)" })
        } catch {
            results.set(index, ["\(load.trace) step \(load.step): \(error)"])
        }
    }

    @Test func everyTraceShowsWhatReplaySaysAtSeveralSteps() throws {
        let chromium = try Self.chromium()
        var loads: [Load] = []
        for (index, name) in try Self.traces().enumerated() {
            let trace = Paths.trace(name)
            let page = try Self.page(of: trace, name: name.replacingOccurrences(of: "/", with: "-"))
            let count = try Self.eventCount(trace)
            // The end, whose load walks every step (`verify`), and the middle of every other
            // trace, reached directly: each load is a Chromium start (seconds). Step 0, the
            // header's start state, is what the section 7 and PhotoKit tests load.
            for step in Set(index % 2 == 0 ? [count / 2, count] : [count]).sorted() {
                loads.append(Load(page: page, trace: trace, step: step, verify: step == count))
            }
        }
        let problems = Self.check(loads, with: chromium)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// SPEC.md section 6's events: the tray's remove button, drags that choose, unchoose and
    /// slide back, a drag the limit stops, events that end a drag.
    @Test func everySection6EventShowsWhatReplaySays() throws {
        let chromium = try Self.chromium()
        let trace = Section6CommandTests.trace
        let page = try Self.page(of: trace, name: "section6")
        let count = try Self.eventCount(trace)
        let loads = [0, 4, 6, 7, 10, 13, 14, count].map { Load(page: page, trace: trace, step: $0, verify: $0 == count) }
        let problems = Self.check(loads, with: chromium)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func aMillionPhotoGridShowsAWindowAndTheOverview() throws {
        let chromium = try Self.chromium()
        let trace = try ScratchDirectory.make("view-large").appendingPathComponent("large.jsonl").path
        let generated = Captured.run(
            "generate", "--photos", "1000000", "--events", "1500", "--seed", "5", "--output", trace)
        try #require(generated.code == 0)
        let page = try Self.page(of: trace, name: "large")
        let loads = [250, 1500].map { Load(page: page, trace: trace, step: $0, verify: $0 == 1500) }
        let problems = Self.check(loads, with: chromium)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        let dom = ViewPageDOM(try chromium.dumpDOM(URL(string: page.absoluteString + "#step=250")!))
        #expect(dom.first(#"<p id="overviewNote">(Whole grid: [^<]*)</p>"#) != nil, "the overview strip of a large grid")
        #expect(dom.first(#"(around the photos this step touches)"#) != nil, "the window of a large grid")
    }

    /// Steps of a session over PhotoKit ids, with drags and library syncs: the names decoded
    /// from the page's compact form are the ids replay names.
    @Test func aSessionOverPhotoKitIDsShowsWhatReplaySays() throws {
        let chromium = try Self.chromium()
        let trace = try ScratchDirectory.make("view-photokit").appendingPathComponent("photokit.jsonl").path
        let generated = Captured.run(
            "generate", "--photos", "3000", "--events", "2000", "--seed", "5", "--mix", "default,selectAll=0,drag=2,sync=2",
            "--ids", "photokit", "--output", trace)
        try #require(generated.code == 0)
        let page = try Self.page(of: trace, name: "photokit")
        let loads = [0, 1, 1000, 2000].map { Load(page: page, trace: trace, step: $0, verify: $0 == 2000) }
        let problems = Self.check(loads, with: chromium)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// A grid whose header names its photos in every form the page stores (numbered runs,
    /// PhotoKit ids in both cases and with other suffixes, anything else) shows each photo by
    /// its id, in grid order.
    @Test func everyFormOfIDIsShownAsItIs() throws {
        let chromium = try Self.chromium()
        var ids = (1...40).map(String.init) + (1...30).map { "s\($0)" } + ["007", "x", "-5", "99", "100"]
        var random = SplitMix64(seed: 4)
        for index in 0..<60 {
            let hex = String(random.next() | 1 << 63, radix: 16, uppercase: index % 3 != 0) + String(random.next() | 1 << 63, radix: 16)
            let digits = Array(index % 3 == 0 ? hex.lowercased() : hex.uppercased())
            let suffix = ["/L0/001", "", "/L0/002"][index % 3]
            ids.append([0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(digits[$0]) }.joined(separator: "-") + suffix)
        }
        ids += ["quote \" and <b>tag</b> & amp", "emoji 🌄", "12345678-1234-1234-1234-123456789012/L0/001"]
        let header = try JSONSerialization.data(withJSONObject: [
            "trace": "photo-grid-selection", "version": 1, "photos": ["ids": ids],
        ] as [String: Any])
        let trace = try Paths.temporaryFile(
            String(decoding: header, as: UTF8.self) + "\n{\"event\":\"longPress\",\"photo\":\"s3\"}\n", name: "ids.jsonl")
        let page = try Self.page(of: trace, name: "ids")
        for step in [0, 1] {
            let (html, console) = try chromium.load(URL(string: page.absoluteString + "#step=\(step)")!)
            #expect(console.isEmpty, "\(console)")
            #expect(ViewPageDOM(html).cells.map(\.photo) == ids)
        }
        #expect(Self.check([Load(page: page, trace: trace, step: 1, verify: true)], with: chromium).isEmpty)
    }

    /// The console check must be able to fail: a page whose script throws is caught.
    @Test func aScriptErrorReachesTheConsoleCheck() throws {
        let chromium = try Self.chromium()
        let page = try ScratchDirectory.make("view").appendingPathComponent("throws.html")
        try Data("<!doctype html><title>t</title><script>null.x;</script>".utf8).write(to: page)
        let (_, console) = try chromium.load(page)
        #expect(console.contains { $0.contains("Uncaught TypeError") }, "\(console)")
    }

    @Test func aPointerTraceShowsItsTouchesAndWhatEachResolvedTo() throws {
        let chromium = try Self.chromium()
        let trace = Paths.trace("pointer/contextual-walkthrough.jsonl")
        let page = try Self.page(of: trace, name: "pointer")
        // Step 2's line carries a press that slid away as the grid scrolled, then the tap on
        // photo 5; step 14's tap went down before the Delete of step 13 and lifted after it.
        let touches = #"<ul id="touchList">(.*?)</ul>"#
        let second = ViewPageDOM(try chromium.dumpDOM(URL(string: page.absoluteString + "#step=2")!))
        let secondList = second.first(touches) ?? ""
        #expect(secondList.contains("lifted at (200, 420): slid away"), "\(secondList)")
        #expect(secondList.contains("lifted at (197, 198): tap on photo 5"), "\(secondList)")
        #expect(secondList.contains("scrolled to 60"), "\(secondList)")
        let last = ViewPageDOM(try chromium.dumpDOM(URL(string: page.absoluteString + "#step=14")!))
        let lastList = last.first(touches) ?? ""
        #expect(lastList.contains("tap on photo 2"), "\(lastList)")
        #expect(last.text.contains("rejected: unknownPhoto"))

        // A press after the last event, in the gap between the first two columns: the tap that
        // found no photo, as a bug report's "I tapped and nothing happened" would carry it.
        var walk = try String(contentsOfFile: trace, encoding: .utf8)
        while walk.hasSuffix("\n") { walk.removeLast() }
        walk.removeLast()  // the last line's closing brace
        walk += #","inputAfter":[{"t":9000,"down":[130,10]},{"t":9050,"up":[130,10]}]}"# + "\n"
        let after = try Paths.temporaryFile(walk)
        let afterPage = try Self.page(of: after, name: "after")
        let end = ViewPageDOM(try chromium.dumpDOM(URL(string: afterPage.absoluteString + "#step=14")!))
        let endList = end.first(touches) ?? ""
        #expect(endList.contains("after the last event: down at (130, 10), lifted at (130, 10): found no photo"), "\(endList)")
    }

    /// The check above must be able to fail: a page that shows every count one too high
    /// (written in-process with `breakCount`, which the command line does not offer) is
    /// caught on its count and title.
    @Test func aPageShowingAWrongCountFailsTheCheck() throws {
        let chromium = try Self.chromium()
        let trace = Paths.trace("picker-tray-limit.jsonl")
        var options = ViewTimeline.Options()
        options.breakCount = true
        let timeline = try ViewTimeline(source: try TraceLoading.source(trace), options: options)
        let broken = try ScratchDirectory.make("view").appendingPathComponent("broken.html")
        try Data(ViewPage.html(title: options.name, data: timeline.json.bytes)).write(to: broken)
        let problems = Self.check([Load(page: broken, trace: trace, step: 7)], with: chromium)
        #expect(problems.contains { $0.contains("#count shows '6', replay says '5'") }, "\(problems)")
        #expect(problems.contains { $0.contains("#title shows '6 selected'") }, "\(problems)")
    }
}

/// One slot per page load, filled from concurrent loads.
private final class Results: @unchecked Sendable {
    private var slots: [[String]]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: [], count: count) }

    func set(_ index: Int, _ value: [String]) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return slots.flatMap { $0 }
    }
}
