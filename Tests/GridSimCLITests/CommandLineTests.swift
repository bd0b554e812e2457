import Foundation
import GridSimCLI
import TestSupport
import Testing

/// Runs `gridsim` in-process and captures what it prints.
final class Captured: @unchecked Sendable {
    var out = ""
    var err = ""

    var console: Console {
        Console(out: { self.out += $0 }, err: { self.err += $0 })
    }

    static func run(_ arguments: String...) -> (code: Int32, out: String, err: String) { run(arguments: arguments) }

    static func run(arguments: [String]) -> (code: Int32, out: String, err: String) {
        let captured = Captured()
        let code = GridSim.main(arguments: arguments, console: captured.console)
        return (code, captured.out, captured.err)
    }
}

enum Paths {
    static func trace(_ name: String) -> String { PackageRoot.appending("Traces/\(name)").path }

    /// The names of the text traces in `Traces/`, sorted; with `subdirectory`, those in that
    /// folder of it, each name starting with the folder (`pointer/walk.jsonl`). Throws when the
    /// folder is missing or holds no trace.
    static func scenarioTraces(in subdirectory: String? = nil) throws -> [String] {
        let prefix = subdirectory.map { $0 + "/" } ?? ""
        return try FixtureFolder.names(in: "Traces/" + prefix, suffix: ".jsonl").map { prefix + $0 }
    }

    static func temporaryFile(_ contents: String, name: String = "trace.jsonl") throws -> String {
        let directory = try ScratchDirectory.make("file")
        let path = directory.appendingPathComponent(name).path
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

@Suite("gridsim replay")
struct ReplayCommandTests {
    @Test(arguments: try Paths.scenarioTraces().map { String($0.dropLast(".jsonl".count)) })
    func jsonReportMatchesTheCheckedReport(_ name: String) throws {
        let result = Captured.run("replay", "--json", Paths.trace("\(name).jsonl"))
        #expect(result.code == 0)
        #expect(result.err == "")
        #expect(result.out == (try String(contentsOfFile: Paths.trace("\(name).report.json"), encoding: .utf8)))
    }

    @Test func tableShowsEveryStepAndTheFinalState() {
        let result = Captured.run("replay", Paths.trace("picker-tray-limit.jsonl"))
        #expect(result.code == 0)
        let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.hasPrefix("seq  event") == true)
        #expect(result.out.contains("  7  tap demo-7        rejected: limitReached  5 selected"))
        #expect(result.out.contains("final: selecting, 5 selected, 5 of 8 photos chosen"))
        #expect(result.out.contains("tray: 5 of 5 photos: demo-4, demo-6, demo-0, demo-2, demo-7"))
    }

    @Test(arguments: ["contextual-walkthrough", "picker-tray-limit", "grid-photos-disappear"])
    func bothEnginesPrintTheSameReport(_ name: String) {
        let fast = Captured.run("replay", "--engine=fast", "--json", Paths.trace("\(name).jsonl"))
        let reference = Captured.run("replay", "--engine", "reference", "--json", Paths.trace("\(name).jsonl"))
        #expect(fast.code == 0 && reference.code == 0)
        #expect(fast.out == reference.out)
        #expect(fast.out == Captured.run("replay", "--json", Paths.trace("\(name).jsonl")).out)
    }

    @Test func malformedTraceIsExit65WithFileAndLineAndNothingReplayed() throws {
        let path = try Paths.temporaryFile(
            """
            {"trace":"photo-grid-selection","version":1,"photos":{"count":3}}
            {"event":"longPress","photo":"1"}
            {"event":"tap","photo":"2"
            """)
        let result = Captured.run("replay", path)
        #expect(result.code == 65)
        #expect(result.out == "")
        #expect(result.err.hasPrefix("\(path):3: bad JSON at column 27"))
    }

    @Test func missingFileIsExit66() {
        let result = Captured.run("replay", "/nonexistent/trace.jsonl")
        #expect(result.code == 66)
        #expect(result.err.contains("/nonexistent/trace.jsonl: no such file"))
        #expect(result.out == "")
    }

    @Test func directoryIsExit66() {
        let result = Captured.run("replay", PackageRoot.url.path)
        #expect(result.code == 66)
    }

    @Test(arguments: [
        ["replay"], ["replay", "--bogus", "x.jsonl"], ["replay", "a.jsonl", "b.jsonl"], ["replay", "--engine"],
        ["replay", "--engine", "turbo", "x.jsonl"], ["replay", "--json=yes", "x.jsonl"], ["frobnicate"], [],
        ["help", "frobnicate"],
    ])
    func badUsageIsExit64WithTheUsage(_ arguments: [String]) {
        let captured = Captured()
        let code = GridSim.main(arguments: arguments, console: captured.console)
        #expect(code == 64)
        #expect(captured.out == "")
        #expect(captured.err.contains("USAGE: gridsim"))
    }
}

@Suite("gridsim help")
struct HelpTests {
    @Test func everySubcommandHasHelp() {
        let overview = Captured.run("--help")
        #expect(overview.code == 0)
        let names = overview.out.split(separator: "\n")
            .drop { !$0.hasPrefix("SUBCOMMANDS:") }.dropFirst()
            .prefix { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("See") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(names.contains("replay"))
        for name in names {
            // `bench` forwards to gridsim-bench's own parser, which prints to the process's
            // standard output; its help text is tested with BenchmarkKit's.
            if name == "bench" {
                #expect(GridSim.main(arguments: ["bench", "--help"], console: Captured().console) == 0)
                continue
            }
            let help = Captured.run(name, "--help")
            #expect(help.code == 0, "\(name) --help")
            #expect(help.out.contains("USAGE: gridsim \(name)") || help.out.contains("USAGE:"), "\(name) --help")
            let viaHelp = Captured.run("help", name)
            #expect(viaHelp.code == 0)
            #expect(viaHelp.out == help.out)
        }
    }

    @Test func versionPrints() {
        #expect(Captured.run("--version").out.hasPrefix("gridsim "))
    }
}

@Suite("gridsim replay --at and gridsim diff")
struct StateQueryTests {
    @Test(arguments: EngineKindName.all)
    func stateAtAStepMatchesTheReportOfThatStep(_ engine: String) throws {
        let path = Paths.trace("contextual-walkthrough.jsonl")
        let at6 = Captured.run("replay", "--engine", engine, "--at", "6", path)
        #expect(at6.code == 0)
        #expect(at6.out == "after step 6: selecting, Select items, 0 of 15 photos chosen\n")
        let at0 = Captured.run("replay", "--engine", engine, "--at=0", "--json", path)
        #expect(
            at0.out
                == #"{"at":0,"state":{"mode":"browsing","selected":[],"count":0,"photos":15,"title":"Long press a photo"}}"# + "\n")
    }

    @Test func stepOutsideTheTraceIsAUsageError() {
        let path = Paths.trace("contextual-walkthrough.jsonl")
        for arguments in [["replay", "--at", "15", path], ["replay", "--at", "-1", path], ["replay", "--at", "x", path]] {
            let captured = Captured()
            #expect(GridSim.main(arguments: arguments, console: captured.console) == 64)
            #expect(captured.err.contains("USAGE: gridsim replay"))
        }
        #expect(Captured.run("diff", path, "--from", "3", "--to", "99").code == 64)
    }

    @Test func diffListsChosenUnchosenAndGridChanges() {
        let result = Captured.run("diff", Paths.trace("grid-photos-disappear.jsonl"), "--from", "4", "--to", "9")
        #expect(result.code == 0)
        #expect(
            result.out == """
                from step 4 to step 9
                selection: 0 chosen, 2 unchosen
                  unchosen: 5, 11
                grid: 12 -> 12 photos; 3 deleted, 3 inserted, 0 moved
                  deleted:  1 (at 0), 5 (at 4), 11 (at 10)
                  inserted: n4 (at 0), n1 (at 1), n3 (at 11)

                """)
        let json = Captured.run("diff", Paths.trace("contextual-walkthrough.jsonl"), "--from", "1", "--to", "5", "--json")
        #expect(json.out == #"{"from":1,"to":5,"chosen":["8"],"unchosen":["3"],"deleted":[],"inserted":[],"moved":[]}"# + "\n")
        let gridJSON = Captured.run("diff", Paths.trace("grid-photos-disappear.jsonl"), "--json")
        #expect(
            gridJSON.out
                == #"{"from":0,"to":14,"chosen":[],"unchosen":[],"deleted":[{"photo":"1","at":0},{"photo":"2","at":1},"#
                + #"{"photo":"5","at":4},{"photo":"9","at":8},{"photo":"11","at":10}],"#
                + #""inserted":[{"photo":"n4","at":0},{"photo":"n3","at":8}],"moved":[]}"# + "\n")
    }
}

enum EngineKindName {
    static let all = ["fast", "reference"]
}
