import Foundation
import GridSimCLI
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace
import TestSupport
import Testing

/// The tray's remove button and drag to select (SPEC.md section 6) through every command a
/// user runs on a trace: replay (table, JSON, `--at`), convert both ways, inspect, record from
/// standard input, diff and view.
@Suite("SPEC section 6 events on the command line")
struct Section6CommandTests {
    /// Every section 6 event, in both modes, refused and applied: the fuzz seed of those events.
    static let trace = PackageRoot.appending("Fuzz/seeds/section6-events.jsonl").path

    static func report(_ path: String, engine: String = "fast") -> String {
        Captured.run("replay", "--json", "--engine", engine, path).out
    }

    @Test func replayShowsEveryNewEventAndItsOutcome() {
        let table = Captured.run("replay", Self.trace)
        #expect(table.code == 0)
        #expect(table.err == "")
        let rows = table.out.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        for row in [
            "1 removeFromTray 1 rejected: notInTray Long press a photo",
            "2 dragBegan 2 ignored Long press a photo",
            "4 dragBegan 5 applied 2 selected 2 selected haptic, animation snappy",
            "6 dragMoved 99 rejected: unknownPhoto 4 selected",
            "7 dragMoved 1 applied 4 selected haptic, animation snappy",
            "8 dragEnded applied 4 selected",
            "9 dragMoved 4 ignored 4 selected",
            "10 removeFromTray 3 applied 3 selected 3 selected haptic, animation snappy",
            "13 dragMoved 6 applied Select items 0 selected haptic, animation snappy",
            "15 dragMoved n ignored Select items",
        ] {
            #expect(rows.contains(row), "\(row)")
        }
        let report = Self.report(Self.trace)
        #expect(report.contains(#"{"seq":1,"event":"removeFromTray","outcome":"rejected","announcements":[],"effects":[],"title":"Long press a photo","count":0,"reason":"notInTray"}"#))
        #expect(report.contains(#"{"seq":8,"event":"dragEnded","outcome":"applied","announcements":[],"effects":[],"title":"4 selected","count":4}"#))
        #expect(report.hasPrefix(#"{"final":{"mode":"selecting","selected":["1","n"],"count":2,"photos":12,"title":"2 selected","tray":["1","n"]},"#))
        #expect(Self.report(Self.trace, engine: "reference") == report)
    }

    @Test func replayAtAStepInsideADragSaysSo() throws {
        let inside = Captured.run("replay", "--at", "6", Self.trace)
        #expect(inside.code == 0)
        #expect(inside.out == "after step 6: selecting, 4 selected, 4 of 12 photos chosen\nselected: 3, 5, 6, 7\ndrag: in progress\ntray: 4 of 4 photos: 3, 5, 6, 7\n")
        let binary = try ScratchDirectory.make("section6-at").appendingPathComponent("t.gstrace").path
        #expect(Captured.run("convert", Self.trace, binary).code == 0)
        #expect(Captured.run("replay", "--at", "6", binary).out == inside.out)
        // dragEnded at step 8: the drag is over.
        #expect(!Captured.run("replay", "--at", "8", Self.trace).out.contains("drag:"))
    }

    @Test func convertBothWaysKeepsTheTraceAndItsReport() throws {
        let directory = try ScratchDirectory.make("section6-convert")
        let binary = directory.appendingPathComponent("t.gstrace").path
        let text = directory.appendingPathComponent("t.jsonl").path
        #expect(Captured.run("convert", Self.trace, binary).code == 0)
        #expect(Captured.run("convert", binary, text).code == 0)
        #expect(Self.report(binary) == Self.report(Self.trace))
        #expect(try String(contentsOfFile: text, encoding: .utf8) == String(contentsOfFile: Self.trace, encoding: .utf8))
        #expect(try BinaryTraceReader(path: binary).formatVersion == 2)
    }

    @Test func inspectCountsTheNewEventsByKind() throws {
        let binary = try ScratchDirectory.make("section6-inspect").appendingPathComponent("t.gstrace").path
        #expect(Captured.run("convert", Self.trace, binary).code == 0)
        for path in [Self.trace, binary] {
            let lines = InspectCommandTests.lines(Captured.run("inspect", path).out)
            for line in ["events: 21", "removeFromTray: 4", "dragBegan: 5", "dragMoved: 6", "dragEnded: 2", "longPress: 1"] {
                #expect(lines.contains(line), "\(path): \(line)")
            }
            let json = Captured.run("inspect", "--json", path).out
            #expect(json.contains(#""eventsByKind":{"longPress":1,"share":1,"dismiss":1,"libraryChanged":1,"removeFromTray":4,"dragBegan":5,"dragMoved":6,"dragEnded":2}"#))
        }
        #expect(Captured.run("inspect", binary).out.contains("format version 2"))
    }

    @Test(arguments: ["gstrace", "jsonl"])
    func recordFromStandardInputKeepsEveryEvent(_ format: String) throws {
        let path = try GridSimProcess.temporaryDirectory().appendingPathComponent("recorded.\(format)").path
        let input = try Data(contentsOf: URL(fileURLWithPath: Self.trace))
        let result = try GridSimProcess.run(["record", "--from", "stdin", path], input: input)
        #expect(result.code == 0, "\(result.err)")
        #expect(try Trace(contentsOfFile: Self.trace).events == GridSimProcess.read(path).events)
        #expect(Self.report(path) == Self.report(Self.trace))
    }

    @Test func diffAcrossADragNamesWhatItChose() throws {
        let binary = try ScratchDirectory.make("section6-diff").appendingPathComponent("t.gstrace").path
        #expect(Captured.run("convert", Self.trace, binary).code == 0)
        let diff = Captured.run("diff", Self.trace, "--from", "3", "--to", "7", "--json")
        #expect(diff.code == 0)
        #expect(diff.out == #"{"from":3,"to":7,"chosen":["2","4","5"],"unchosen":[],"deleted":[],"inserted":[],"moved":[]}"# + "\n")
        #expect(Captured.run("diff", binary, "--from", "3", "--to", "7", "--json").out == diff.out)
        // Sliding back and removing from the tray unchoose.
        let back = Captured.run("diff", Self.trace, "--from", "7", "--to", "13", "--json")
        #expect(back.out.contains(#""chosen":[],"unchosen":["2","3","4","5"]"#), "\(back.out)")
    }

    @Test func viewEmbedsTheNewEventsAndTheirReasons() throws {
        let result = Captured.run("view", Self.trace, "--output", "-")
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out.contains(#""eventNames":["removeFromTray","dragBegan","longPress","dragMoved","dragEnded","libraryChanged","share","dismiss"]"#))
        #expect(result.out.contains("\"notInTray\""))
    }

    @Test func malformedNewEventsNameTheFileAndLine() throws {
        let header = #"{"trace":"photo-grid-selection","version":1,"photos":{"count":3},"limit":2}"#
        for (line, message) in [
            (#"{"t":3,"event":"dragBegan"}"#, #"event "dragBegan" needs field "photo""#),
            (#"{"event":"removeFromTray","removed":["3"]}"#, #"event "removeFromTray" needs field "photo""#),
            (#"{"event":"dragMoved","photo":4}"#, #"field "photo" must be a string, found a number"#),
        ] {
            let path = try Paths.temporaryFile(header + "\n" + #"{"event":"select"}"# + "\n" + line + "\n")
            for arguments in [["replay", path], ["inspect", path], ["view", path, "--output", "-"]] {
                let result = Captured.run(arguments)
                #expect(result.code == 65, "\(arguments) \(line)")
                #expect(result.err.contains("\(path):3: \(message)"), "\(arguments): \(result.err)")
            }
            let recorded = try GridSimProcess.temporaryDirectory().appendingPathComponent("r.gstrace").path
            let record = try GridSimProcess.run(
                ["record", "--from", "stdin", recorded], input: Data((header + "\n" + line + "\n").utf8))
            #expect(record.code == 65)
            #expect(record.err.contains("stdin:2: \(message)"), "\(record.err)")
        }
    }
}
