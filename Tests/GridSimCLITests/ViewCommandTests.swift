import Foundation
import SeededRandom
import TestSupport
import Testing

@testable import GridSimCLI

/// `gridsim view` without a browser: what it writes, what it refuses, and the page's codes.
@Suite("gridsim view")
struct ViewCommandTests {
    static func scratch(_ name: String) throws -> String {
        try ScratchDirectory.make("view-cli").appendingPathComponent(name).path
    }

    @Test func thePageLoadsNothingFromAnywhere() throws {
        let output = try Self.scratch("walk.html")
        let result = Captured.run("view", Paths.trace("pointer/contextual-walkthrough.jsonl"), "--output", output)
        #expect(result.code == 0, "\(result.err)")
        let page = try String(contentsOfFile: output, encoding: .utf8)
        #expect(page.hasPrefix("<!doctype html>"))
        for reference in ["http:", "https:", "src=", "url(", "@import", "<link", "fetch(", "XMLHttpRequest"] {
            #expect(!page.contains(reference), "the page refers to something outside it: \(reference)")
        }
        #expect(page.components(separatedBy: "</script>").count == 3, "exactly the data and the script")
    }

    /// A press that became a drag is drawn as one, not as a press that resolved to nothing.
    @Test func aPointerDragIsShownAsADragFromItsPhoto() throws {
        let result = Captured.run("view", Paths.trace("pointer/drag-to-select.jsonl"), "--output", "-")
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out.contains("\"gesture\":\"dragBegan\",\"photo\":"))
        #expect(!result.out.contains("\"failure\":\"resolved to nothing\""))
    }

    @Test func theDefaultOutputSitsBesideTheTraceAndIsNotOverwritten() throws {
        let trace = try Self.scratch("tray.jsonl")
        try FileManager.default.copyItem(atPath: Paths.trace("picker-tray-limit.jsonl"), toPath: trace)
        #expect(Captured.run("view", trace).code == 0)
        let page = (trace as NSString).deletingPathExtension + ".html"
        #expect(FileManager.default.fileExists(atPath: page))
        let again = Captured.run("view", trace)
        #expect(again.code == 73)
        #expect(again.err.contains("exists; pass --force"))
        #expect(Captured.run("view", trace, "--force").code == 0)
    }

    @Test func standardOutputGetsThePageAndItsOpeningStep() {
        let result = Captured.run("view", Paths.trace("contextual-walkthrough.jsonl"), "--output", "-", "--at", "6")
        #expect(result.code == 0)
        #expect(result.out.contains("\"at\":6,"))
        #expect(result.out.contains("<span id=\"count\""))
    }

    @Test func badInputIsRefusedWithTheProjectsExitCodes() throws {
        let output = try Self.scratch("out.html")
        let missing = Captured.run("view", "/nonexistent/trace.jsonl", "--output", output)
        #expect(missing.code == 66)
        let malformed = try Paths.temporaryFile(
            "{\"trace\":\"photo-grid-selection\",\"version\":1,\"photos\":{\"count\":3}}\n{\"event\":\"tap\"}\n")
        let refused = Captured.run("view", malformed, "--output", output)
        #expect(refused.code == 65)
        #expect(refused.err.hasPrefix("\(malformed):2: "), "\(refused.err)")
        #expect(!FileManager.default.fileExists(atPath: output), "nothing is written for a malformed trace")
        let outside = Captured.run("view", Paths.trace("back-both-modes.jsonl"), "--output", output, "--at", "99")
        #expect(outside.code == 64)
        #expect(outside.err.contains("--at 99 is outside the trace"))
        let width = Captured.run("view", Paths.trace("back-both-modes.jsonl"), "--output", output, "--width", "wide")
        #expect(width.code == 64)
        #expect(Captured.run("view", "--help").out.contains("#step=N"))
    }

    /// Library changes and deletes over a grid of several blocks: the page's grid order is
    /// checked against the engine's at every photo placed and, whole, after the last step.
    @Test(arguments: [3, 9])
    func theGridOrderFollowsTheEngineThroughLibraryChanges(_ seed: Int) throws {
        let trace = try Self.scratch("sync.jsonl")
        let generated = Captured.run(
            "generate", "--photos", "20000", "--events", "3000", "--seed", String(seed), "--mix", "default,sync=6",
            "--output", trace)
        try #require(generated.code == 0)
        let timeline = try ViewTimeline(source: try TraceLoading.source(trace), options: .init())
        #expect(timeline.eventCount == 3000)
        #expect(timeline.json.bytes.count < 3000 * 60 + 200_000)
    }

    @Test func vlqNumbersRoundTrip() {
        var vlq = ViewVLQ()
        let values = [0, 1, 31, 32, 1023, 1024, 999_999, 1_000_000, Int(UInt32.max), 7]
        for value in values { vlq.append(value) }
        #expect(ViewVLQ.decode(vlq.bytes) == values)
        var signed = ViewVLQ()
        for value in [0, -1, 1, -2, 2, -1_000_000] { signed.appendSigned(value) }
        #expect(ViewVLQ.decode(signed.bytes) == [0, 1, 2, 3, 4, 1_999_999])
        #expect(String(decoding: ViewVLQ().bytes, as: UTF8.self).isEmpty)
    }

    /// The page's copy of the grid order against an array: photos inserted mostly at the
    /// front (blocks split there), removed one at a time and in batches across blocks.
    @Test func theGridOrderFollowsAnArrayAcrossBlockSplits() {
        var order = ViewGridOrder(count: 10_000)
        var model = Array(UInt32(0)..<10_000)
        var next: UInt32 = 10_000
        var random = SplitMix64(seed: 11)
        for round in 0..<6_000 {
            if round % 50 == 49 {
                let positions = (0..<model.count).filter { _ in random.next() % 40 == 0 }
                order.remove(ascending: positions)
                for position in positions.reversed() { model.remove(at: position) }
            } else if round % 3 == 2, !model.isEmpty {
                let position = Int(random.next() % UInt64(model.count))
                #expect(order.remove(at: position) == model.remove(at: position))
            } else {
                let position = round % 2 == 0 ? 0 : Int(random.next() % UInt64(model.count + 1))
                order.insert(next, at: position)
                model.insert(next, at: position)
                next += 1
            }
        }
        #expect(order.order == model)
        #expect(order.count == model.count)
        #expect(order.blocks.count > 5, "blocks split and emptied along the way")
    }
}
