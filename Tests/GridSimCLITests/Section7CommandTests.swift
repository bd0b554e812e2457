import Foundation
import Testing
import TestSupport

/// SPEC.md section 7 from the command line: a trace that begins mid-session and records what
/// the app saw, as every command that reads a trace handles it.
@Suite("Start states and seen, command by command")
struct Section7CommandTests {
    /// A window over four photos with a limit: it starts selecting with c then a picked; the app
    /// agrees at step 1 and shows one photo too many after step 2.
    static let window = """
        {"trace":"photo-grid-selection","version":2,"photos":{"ids":["a","b","c","d"]},"limit":3,"start":{"mode":"selecting","picks":["c","a"]}}
        {"t":5120,"event":"tap","photo":"d","seen":{"mode":"selecting","count":3,"title":"3 selected","chosenDigest":"d5cfd5289861a8f5"}}
        {"t":5200,"event":"tap","photo":"a","seen":{"mode":"selecting","count":3,"title":"3 selected","tray":["c","d","a"]}}
        {"t":5300,"event":"done","seen":{"mode":"browsing","count":0}}

        """

    static func file(_ text: String = window, name: String = "window.jsonl") throws -> String {
        let path = try ScratchDirectory.make("section7").appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func replayStartsFromTheStartStateAndNamesTheDeparture() throws {
        let path = try Self.file()
        let table = Captured.run("replay", path)
        #expect(table.code == 0)
        #expect(table.out.contains("  1  tap d  applied  3 selected"))
        #expect(table.out.hasSuffix(
            "app: 3 steps with seen; the app departs from SPEC.md at step 2 (tap \"a\"): count: app saw 3, SPEC.md gives 2\n"))
        let json = Captured.run("replay", "--json", path)
        #expect(json.out.contains(#""app":{"stepsWithSeen":3,"agrees":false,"departure":{"seq":2,"event":"tap","field":"count","app":"3","spec":"2"}}"#))
        // The in-memory report, the engine the user picks, says the same.
        #expect(Captured.run("replay", "--engine", "reference", "--json", path).out == json.out)
        // `--at` starts from the start state too.
        #expect(Captured.run("replay", "--at", "0", path).out.contains("2 selected"))
    }

    @Test func checkFailsAppAgreesAtThatStepAndEverythingElseHolds() throws {
        let path = try Self.file()
        let result = Captured.run("check", path)
        #expect(result.code == 1)
        #expect(result.out.contains(#"FAIL  app-agrees at step 2: tap "a": count: app saw 3, SPEC.md gives 2"#))
        #expect(result.out.hasSuffix("7 passed, 1 failed; 'gridsim view \(path)' opens at the step where the app departs\n"))
        let agreeing = try Self.file(Self.window.replacingOccurrences(of: #""count":3,"title":"3 selected","tray""#, with: #""count":2,"title":"2 selected","tray""#)
            .replacingOccurrences(of: #"["c","d","a"]"#, with: #"["c","d"]"#), name: "agrees.jsonl")
        let passing = Captured.run("check", agreeing)
        #expect(passing.code == 0, "\(passing.out)")
        #expect(passing.out.contains("ok    app-agrees (3 steps with seen)\n8 passed, 0 failed\n"))
    }

    @Test func inspectShowsTheStartStateAndTheSeenCount() throws {
        let result = Captured.run("inspect", try Self.file())
        #expect(result.code == 0)
        #expect(result.out.contains("format:        text (JSON Lines), version 2\n"))
        #expect(result.out.contains("start:         selecting, 2 picks (c, a), no sheet\n"))
        #expect(result.out.contains("app's seen:    3 events (replay and check compare them)\n"))
        #expect(Captured.run("inspect", "--json", try Self.file()).out.contains(#""eventsWithSeen":3"#))
    }

    @Test func diffFromStepZeroIsFromTheStartState() throws {
        let result = Captured.run("diff", try Self.file(), "--from", "0", "--to", "3", "--json")
        #expect(result.code == 0)
        // The start's picks are unchosen by Done; d was chosen and unchosen in between.
        #expect(result.out.contains(#""unchosen":["a","c"]"#) || result.out.contains(#""unchosen":["c","a"]"#), "\(result.out)")
    }

    @Test func viewOpensAtTheDepartureWithTheStartStateAtStepZero() throws {
        let page = Captured.run("view", try Self.file(), "--output", "-")
        #expect(page.code == 0)
        #expect(page.out.contains(#""openAt":2"#))
        #expect(page.out.contains(#""start":{"state":1,"picks":[2,0]}"#))
        #expect(page.out.contains(#""app":{"firstDeparture":2,"stepsWithSeen":3,"rows":[[1,"#))
        #expect(Captured.run("view", try Self.file(), "--output", "-", "--at", "0").out.contains(#""openAt":0"#))
    }

    @Test func shrinkDropsSeenAndKeepsAValidStartState() throws {
        // A planted bug that needs the start's picks: Deselect All keeps the tray.
        let path = try Self.file(Self.window + #"{"event":"select"}"# + "\n" + #"{"event":"tap","photo":"b"}"# + "\n" + #"{"event":"deselectAll"}"# + "\n")
        let output = path + ".shrunk.jsonl"
        let result = try PlantedBugCommandTests.run(["shrink", path, "--output", output], plantedBug: "deselect-all-keeps-tray")
        #expect(result.code == 0, "\(result.out)")
        let shrunk = try String(contentsOfFile: output, encoding: .utf8)
        #expect(!shrunk.contains("\"seen\""))
        #expect(Captured.run("check", output).code == 0)
    }

    @Test func theBinaryFormGivesTheSameReports() throws {
        let text = try Self.file()
        let binary = text + ".gstrace"
        #expect(Captured.run("convert", text, binary).code == 0)
        for arguments in [["replay"], ["replay", "--json"], ["check"], ["diff", "--from", "0", "--to", "2"]] {
            let fromText = Captured.run(arguments: arguments + [text])
            let fromBinary = Captured.run(arguments: arguments + [binary])
            #expect(fromBinary.code == fromText.code, "\(arguments)")
            #expect(fromBinary.out == fromText.out.replacingOccurrences(of: text, with: binary), "\(arguments)")
        }
        let inspected = Captured.run("inspect", binary).out
        #expect(inspected.contains("start:         selecting, 2 picks (c, a), no sheet\n"))
        #expect(inspected.contains("app's seen:    3 events"))
        let page = Captured.run("view", binary, "--output", "-").out
        #expect(page.contains(#""openAt":2"#) && page.contains(#""app":{"firstDeparture":2,"stepsWithSeen":3"#))
        // And back to text, byte for byte.
        #expect(Captured.run("convert", binary, text + ".again.jsonl").code == 0)
        #expect(try String(contentsOfFile: text + ".again.jsonl", encoding: .utf8) == Self.window)
    }

    @Test func refusalsNameTheRuleAndTheLine() throws {
        let badStart = try Self.file(Self.window.replacingOccurrences(of: #""picks":["c","a"]"#, with: #""picks":["c","a","b","d"]"#), name: "over.jsonl")
        for command in ["replay", "check", "inspect", "view", "diff", "convert"] {
            let arguments = command == "convert" ? [command, badStart, badStart + ".gstrace"] : command == "view" ? [command, badStart, "--output", "-"] : [command, badStart]
            let result = Captured.run(arguments: arguments)
            #expect(result.code == 65, "\(command)")
            #expect(result.err.hasPrefix("\(badStart):1: the start state breaks an invariant: start has 4 picks, above the limit of 3 (|selection| ≤ limit)"), "\(command): \(result.err)")
        }
        let badSeen = try Self.file(Self.window.replacingOccurrences(of: #""count":0"#, with: #""count":"none""#), name: "seen.jsonl")
        let result = Captured.run("replay", badSeen)
        #expect(result.code == 65)
        #expect(result.err.hasPrefix(#"\#(badSeen):4: field "seen.count" must be a whole number of at least 0, found "none""#))
        #expect(result.out == "")
    }
}
