import Foundation
import SeededRandom
@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
@_spi(GridSimInternals) import SelectionTrace
import TestSupport
import Testing
@_spi(GridSimInternals) import TraceReplay

@testable import GridSimCLI
@testable import TraceView

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
        #expect(result.out.contains("\"openAt\":6,"))
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

    /// The page's data, decoded as the page decodes it and replayed diff by diff beside the
    /// engine: at every step the chosen photos, and at every grid change and at the end the
    /// whole grid order, are the engine's; every slot is named as the engine names it.
    @Test(arguments: [
        ["--photos", "10000", "--events", "2000", "--seed", "3", "--mix", "default,sync=6"],
        ["--photos", "10000", "--events", "2000", "--seed", "9", "--mix", "default,sync=6"],
        ["--photos", "5000", "--events", "3000", "--seed", "5", "--mix", "default,selectAll=0,drag=2", "--ids", "photokit"],
        ["--photos", "3000", "--events", "2000", "--seed", "4", "--limit", "7", "--mix", "default,drag=2,sync=2"],
    ])
    func theDataReplaysToTheEnginesStateAtEveryStep(_ generator: [String]) throws {
        let trace = try Self.scratch("replayed.jsonl")
        let generated = Captured.run(arguments: ["generate"] + generator + ["--output", trace, "--force"])
        try #require(generated.code == 0, "\(generated.err)")
        let source = try TraceLoading.source(trace)
        let timeline = try ViewTimeline(source: source, options: .init())
        let data = try ViewPageData(json: timeline.json.bytes)
        var events = try source.events()
        var engine = FastEngine(configuration: events.header.configuration)
        var order = Array(0..<data.initialPhotos)
        var chosen = Set<Int>()
        var step = 0
        var wholeSets = 0
        while let event = try events.next() {
            step += 1
            let gridBefore = order
            _ = engine.apply(event.event)
            // The grid first: a selection written whole is one of the grid after the step.
            if let change = data.gridChanges[step] {
                for position in change.deleted.reversed() { order.remove(at: position) }
                for placement in change.inserted { order.insert(placement.slot, at: placement.position) }
                #expect(order == engine.grid.order.map { Int($0.rawValue) }, "step \(step): the grid order")
            }
            switch data.selectionChanges[step] {
            case .diff(let added, let removed):
                chosen.subtract(removed)
                chosen.formUnion(added)
            case .whole(let before, let after):
                #expect(before.chosen(in: gridBefore) == chosen, "step \(step): the selection before")
                chosen = after.chosen(in: order)
                wholeSets += 1
            case nil:
                break
            }
            if data.selectionChanges[step] != nil {
                #expect(chosen == Set(engine.selection.map { Int($0.rawValue) }), "step \(step): the chosen photos")
            }
            #expect(data.events["count"]?[step - 1] == engine.chosenCount && chosen.count == engine.chosenCount)
        }
        if generator.contains("default,sync=6") {
            #expect(wholeSets > 0, "a Select all over thousands of photos writes the selection whole")
        }
        #expect(step == data.steps && timeline.eventCount == step)
        #expect(order == engine.grid.order.map { Int($0.rawValue) })
        #expect(data.names == (0..<engine.slots.count).map { engine.slots.id(for: PhotoSlot($0)) })
    }

    /// Ids of every shape keep their names, and the common shapes take little room.
    @Test func photoNamesOfEveryShapeRoundTrip() throws {
        let ids = [
            "1", "2", "3", "s1", "s2", "s3", "007", "x", "", "9", "10", "-5", "1234567890123456", "s4",
            "A1B2C3D4-0000-4000-8000-0123456789AB/L0/001", "FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF/L0/001",
            "12345678-1234-1234-1234-123456789012/L0/001", "0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0/L0/001",
            "0F1E2D3C-4B5A-4968-8776-a5b4c3d2e1f0", "A1B2C3D4-0000-4000-8000-0123456789AB", "A1B2C3D4-0000-4000-8000-0123456789AB/L0/002",
            "A1B2C3D4_0000-4000-8000-0123456789AB/L0/001", "quote \" backslash \\ </script> <!-- & tab\t", "photo 🌄 é\n",
        ]
        var names = ViewPhotoNames(appendingTo: ViewPageJSON())
        for id in ids {
            var id = id
            id.withUTF8 { names.append(UnsafeRawBufferPointer($0)) }
        }
        let json = names.finish()
        let runs = try #require(try JSONSerialization.jsonObject(with: Data(json.bytes)) as? [[String: Any]])
        #expect(try ViewPageData.names(runs) == ids)
        #expect(runs.map { $0["kind"] as? String } == [
            "numbered", "numbered", "list", "numbered", "list", "uuid", "uuid", "list", "uuid", "uuid", "list",
        ])
        #expect(!String(decoding: json.bytes, as: UTF8.self).contains("</script>"))

        var photoKit = ViewPhotoNames(appendingTo: ViewPageJSON())
        var random = SplitMix64(seed: 2)
        for _ in 0..<1000 {
            let hex = String(random.next(), radix: 16, uppercase: true) + String(random.next(), radix: 16, uppercase: true)
            let digits = Array(String(repeating: "0", count: 32 - hex.count) + hex)
            var id = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(digits[$0]) }.joined(separator: "-") + "/L0/001"
            id.withUTF8 { photoKit.append(UnsafeRawBufferPointer($0)) }
        }
        #expect(photoKit.finish().bytes.count < 1000 * 20 + 100, "a PhotoKit id takes 20 bytes")
    }

    /// `--to N` writes the page of the first N events, checks the rest, and refuses a step
    /// past the trace.
    @Test func toMakesThePageOfTheFirstEvents() throws {
        let trace = try Self.scratch("sync.gstrace")
        let generated = Captured.run(
            "generate", "--photos", "5000", "--events", "400", "--seed", "3", "--mix", "default,sync=6", "--ids", "photokit",
            "--output", trace, "--force")
        try #require(generated.code == 0)
        let first = try Self.scratch("first.html")
        let result = Captured.run("view", trace, "--to", "150", "--at", "150", "--output", first)
        #expect(result.code == 0, "\(result.err)")
        #expect(result.err.contains("150 steps"))
        let data = try ViewPageData(page: Array(try Data(contentsOf: URL(fileURLWithPath: first))))
        #expect(data.steps == 150 && data.events["kind"]?.count == 150)
        let whole = try ViewPageData(page: Array(Captured.run("view", trace, "--output", "-").out.utf8))
        #expect(data.names == Array(whole.names.prefix(data.names.count)))
        #expect(data.names.count < whole.names.count, "only the photos the first steps know are named")
        #expect(Captured.run("view", trace, "--to", "401", "--output", first, "--force").code == 64)
        let past = Captured.run("view", trace, "--to", "10", "--at", "11", "--output", first, "--force")
        #expect(past.code == 64)
        #expect(past.err.contains("--at 11 is outside the trace"))
    }

    /// A binary trace, read by slot, and its text form, read by id, give the same page.
    @Test func aBinaryTraceAndItsTextGiveTheSamePage() throws {
        let binary = try Self.scratch("same.gstrace")
        let text = try Self.scratch("same.jsonl")
        let generated = Captured.run(
            "generate", "--photos", "3000", "--events", "1500", "--seed", "8", "--mix", "default,sync=4,drag=2", "--ids", "photokit",
            "--output", binary, "--force")
        try #require(generated.code == 0)
        try #require(Captured.run("convert", binary, text, "--force").code == 0)
        let fromBinary = Captured.run("view", binary, "--output", "-").out
        let fromText = Captured.run("view", text, "--output", "-").out
        #expect(!fromBinary.isEmpty)
        #expect(fromBinary.replacingOccurrences(of: "same.gstrace", with: "same.jsonl") == fromText)
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
}
