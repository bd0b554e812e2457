import Foundation
import GestureInput
import GridSimCLI
@_spi(GridSimInternals) import SelectionTrace
import TestSupport
import Testing
import SyntheticSessions

/// `gridsim generate`: synthetic sessions on the command line.
@Suite("gridsim generate")
struct GenerateCommandTests {
    @Test func aSemanticTraceHasAHeaderAndTheEventsAskedFor() throws {
        let result = Captured.run(["generate", "--photos", "200", "--events", "300", "--seed", "9"])
        #expect(result.code == 0)
        #expect(result.err.hasPrefix("generate: grid over 300 events: smallest "), "\(result.err)")
        let trace = try Trace(text: result.out)
        #expect(trace.events.count == 300)
        #expect(trace.header.photos == .count(200))
        #expect(trace.header.meta?["seed"] == .integer(9))
        #expect(result.out.split(separator: "\n").count == 301)
    }

    /// The grid's smallest and largest size as `generate` reports them on standard error.
    static func reportedGridRange(_ err: String) throws -> (smallest: Int, median: Int, largest: Int) {
        let line = try #require(err.split(separator: "\n").last { $0.hasPrefix("generate: grid over ") })
        let numbers = line.split(separator: ":").last!.split(separator: " ").compactMap {
            Int($0.replacingOccurrences(of: ",", with: ""))
        }
        try #require(numbers.count == 3, "\(line)")
        return (numbers[0], numbers[1], numbers[2])
    }

    /// The default preset over a million photos, the others over 100,000: a grid's share of
    /// what a sync removes and inserts does not depend on its size, and a debug build spends
    /// seconds setting up each million-photo grid.
    @Test(arguments: WorkloadMix.presets.map(\.name))
    func aSessionKeepsItsLibraryWithEveryPreset(preset: String) throws {
        let path = try ScratchDirectory.make("generate").appendingPathComponent("steady.gstrace").path
        let photos = preset == WorkloadMix.presets[0].name ? 1_000_000 : 100_000
        let result = Captured.run([
            "generate", "--photos", "\(photos)", "--events", "5000", "--seed", "5", "--mix", preset, "--output", path,
        ])
        #expect(result.code == 0, "\(result.err)")
        let grid = try Self.reportedGridRange(result.err)
        #expect(grid.smallest >= photos * 9 / 10 && grid.largest <= photos * 11 / 10, "\(preset): \(grid)")
        #expect(grid.smallest <= grid.median && grid.median <= grid.largest)
        // The last event met the grid `replay --at` shows before it: checked for one preset, as
        // a debug build's replay of a million photos takes seconds and the path is the same.
        guard preset == WorkloadMix.presets[0].name else { return }
        let before = Captured.run(["replay", "--at", "4999", path]).out
        let words = try #require(before.split(separator: "\n").first).split(separator: " ")
        let shown = try #require(words.firstIndex(of: "photos").flatMap { Int(words[$0 - 1]) }, "\(before)")
        #expect((grid.smallest...grid.largest).contains(shown), "\(before)")
    }

    /// The pruning `generate` reports on standard error: (pruning changes, library changes,
    /// chosen photos removed).
    static func reportedPruning(_ err: String) throws -> (pruning: Int, changes: Int, removed: Int) {
        let line = try #require(err.split(separator: "\n").last { $0.contains(" library changes pruned ") })
        let numbers = line.split(separator: " ").compactMap { Int($0.replacingOccurrences(of: ",", with: "")) }
        try #require(numbers.count == 3, "\(line)")
        return (numbers[0], numbers[1], numbers[2])
    }

    @Test func thePruningGenerateReportsIsWhatAReplayOfTheTraceCounts() throws {
        let path = try ScratchDirectory.make("generate").appendingPathComponent("pruned.jsonl").path
        let result = Captured.run([
            "generate", "--photos", "1000000", "--events", "3000", "--seed", "5", "--output", path,
        ])
        #expect(result.code == 0, "\(result.err)")
        let reported = try Self.reportedPruning(result.err)
        #expect(reported.pruning > 0, "\(result.err)")
        // Each step of the report carries the chosen count after it: a library change that
        // lowers it pruned the selection.
        var counted = (pruning: 0, changes: 0, removed: 0)
        var chosen = 0
        for line in Captured.run(["replay", "--json", path]).out.split(separator: "\n") where line.hasPrefix("{\"seq\"") {
            // Each step is a line of the report's array: a comma after it, or the array's and the
            // report's ends after the last.
            let stepText = String(line.hasSuffix(",") ? line.dropLast() : line.hasSuffix("}]}") ? line.dropLast(2) : line)
            guard case .object(let step) = try JSONParser.parse(stepText), case .integer(let count)? = step["count"]
            else { continue }
            if step["event"] == .string("libraryChanged") {
                counted.changes += 1
                if count < chosen {
                    counted.pruning += 1
                    counted.removed += chosen - count
                }
            }
            chosen = count
        }
        #expect(counted == reported)
    }

    @Test func theSameSeedGivesTheSameTraceAndAnotherSeedAnother() {
        let first = Captured.run(["generate", "--events", "200", "--seed", "0x2a"]).out
        #expect(first == Captured.run(["generate", "--events", "200", "--seed", "42"]).out)
        #expect(first != Captured.run(["generate", "--events", "200", "--seed", "43"]).out)
    }

    @Test(arguments: [0, 1, 30, 100_000])
    func aPointerTraceReplaysToTheReportOfTheSemanticTraceOfTheSameSeed(photos: Int) throws {
        let arguments = [
            "--photos", "\(photos)", "--events", "400", "--seed", "\(photos + 5)", "--mix", "default,rotate=1",
        ]
        let semantic = try Paths.temporaryFile(Captured.run(["generate"] + arguments).out)
        let pointer = try Paths.temporaryFile(Captured.run(["generate", "--layer", "pointer"] + arguments).out)
        let expected = Captured.run(["replay", "--json", semantic])
        let derived = Captured.run(["replay", "--json", "--input", "pointer", "--verify-input", pointer])
        #expect(derived.code == 0)
        #expect(derived.err == "")
        #expect(derived.out == expected.out)
        #expect(Captured.run(["replay", "--json", pointer]).out == expected.out)
    }

    @Test(arguments: [["--mix", "selecting,drag=6"], ["--mix", "selecting", "--limit", "3"]])
    func dragsAndTheTraysRemoveButtonResolveFromThePointerLayer(_ flags: [String]) throws {
        let arguments = ["--photos", "500", "--events", "600", "--seed", "4"] + flags
        let semanticText = Captured.run(["generate"] + arguments).out
        let trace = try Trace(text: semanticText)
        #expect(trace.events.contains { $0.event.name == .dragMoved })
        #expect(trace.events.contains { $0.event.name == .removeFromTray } == flags.contains("--limit"))
        #expect(trace.header.limit == (flags.contains("--limit") ? 3 : nil))
        let semantic = try Paths.temporaryFile(semanticText)
        let pointer = try Paths.temporaryFile(Captured.run(["generate", "--layer", "pointer"] + arguments).out)
        let derived = Captured.run(["replay", "--json", "--input", "pointer", "--verify-input", pointer])
        #expect(derived.code == 0)
        #expect(derived.err == "")
        #expect(derived.out == Captured.run(["replay", "--json", semantic]).out)
    }

    @Test func theMixIsHonoured() throws {
        let result = Captured.run(["generate", "--events", "100", "--mix", "sync=1"])
        let trace = try Trace(text: result.out)
        #expect(trace.events.allSatisfy { $0.event.name == .libraryChanged })
        #expect(trace.header.meta?["mix"] == .string("sync=1"))
    }

    @Test func outputGoesToAFileAndIsNeverOverwrittenWithoutForce() throws {
        let path = try Paths.temporaryFile("keep me", name: "session.jsonl")
        let refused = Captured.run(["generate", "--events", "10", "--output", path])
        #expect(refused.code == 73)
        #expect(refused.err.contains("pass --force"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep me")
        let written = Captured.run(["generate", "--events", "10", "--output", path, "--force", "--layer", "pointer"])
        #expect(written.code == 0)
        #expect(written.out == "")
        #expect(try Trace(contentsOfFile: path).events.count == 10)
        let unwritable = Captured.run(["generate", "--events", "10", "--output", "/nonexistent/dir/x.jsonl"])
        #expect(unwritable.code == 73)
    }

    @Test(arguments: [
        (["--mix", "zoom=1"], "unknown gesture 'zoom'"), (["--mix", "burst=0"], "every gesture weight 0"),
        (["--viewport", "393"], "--viewport needs WIDTHxHEIGHT"),
        (["--viewport", "0x852"], "--viewport needs WIDTHxHEIGHT"),
        (["--events", "-1"], "--events must be at least 0"), (["--photos", "-5"], "--photos must be between 0"),
        (["--seed", "x"], "--seed needs a whole number"), (["--layer", "raw"], "must be one of semantic, pointer"),
        (["--limit", "0"], "--limit must be at least 1"),
    ])
    func badFlagsAreExit64WithTheReason(flags: [String], reason: String) {
        let result = Captured.run(["generate"] + flags)
        #expect(result.code == 64)
        #expect(result.err.contains(reason))
        #expect(result.out == "")
    }

    @Test func helpListsTheGesturesAndPresets() {
        let result = Captured.run(["generate", "--help"])
        #expect(result.code == 0)
        #expect(result.out.contains("gestures: open, press, select, burst"))
        #expect(result.out.contains("syncs (press=1,burst=4,done=1,sync=6,scroll=1)"))
        #expect(Captured.run(["--help"]).out.contains("generate"))
    }
    @Test func photoKitIdsAreListedInTheHeaderAndNamedByTheEvents() throws {
        let arguments = ["generate", "--photos", "3000", "--events", "600", "--seed", "7", "--ids", "photokit"]
        let result = Captured.run(arguments)
        #expect(result.code == 0)
        #expect(result.err.hasPrefix("generate: grid over 600 events: "), "\(result.err)")
        #expect(result.out == Captured.run(arguments).out, "the same seed gives the same ids and events")
        let trace = try Trace(text: result.out)
        guard case .ids(let ids) = trace.header.photos else {
            Issue.record("expected an id list")
            return
        }
        #expect(ids.count == 3000 && !ids.hasDuplicates)
        #expect(trace.header.meta?["ids"] == .string("photokit"))
        let shape = /[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}\/L0\/001/
        #expect(ids.allSatisfy { $0.utf8.count == 43 && $0.wholeMatch(of: shape) != nil })
        let taps = trace.events.compactMap { event -> String? in
            if case .tap(let photo) = event.event { return photo }
            return nil
        }
        #expect(!taps.isEmpty && taps.allSatisfy { ids.position(of: $0) != nil || $0.hasPrefix("s") })
        let other = Captured.run(["generate", "--photos", "3000", "--events", "1", "--seed", "8", "--ids", "photokit"])
        guard case .ids(let otherIDs)? = try? Trace(text: other.out).header.photos else {
            Issue.record("expected an id list")
            return
        }
        #expect(otherIDs[0] != ids[0], "another seed, other ids")
        let path = try Paths.temporaryFile(result.out, name: "photokit.jsonl")
        #expect(Captured.run(["replay", "--json", path]).out == Captured.run(["replay", "--json", "--engine", "reference", path]).out)
    }

    @Test func photoKitIdsAreRefusedPastTheReadersLimit() {
        let result = Captured.run(["generate", "--photos", "10000001", "--ids", "photokit"])
        #expect(result.code == 64)
        #expect(result.err.contains("--photos must be at most 10000000"))
        #expect(Captured.run(["generate", "--help"]).out.contains("--ids"))
        #expect(Captured.run(["generate", "--ids", "uuid"]).code == 64)
    }
}
