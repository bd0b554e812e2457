import Foundation
import TestSupport
import Testing

/// The bug-report workflow end to end, in a child `gridsim` process with a bug planted
/// through `GRIDSIM_PLANTED_BUG`: check fails naming the property and step, shrink writes a
/// smaller trace that still fails.
@Suite("Planted bug, from the command line")
struct PlantedBugCommandTests {
    /// The `gridsim` built beside this test bundle.
    static var executable: URL? {
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent("gridsim"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("gridsim"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    static func run(_ arguments: [String], plantedBug: String) throws -> (code: Int32, out: String) {
        let gridsim: URL = try #require(executable, "gridsim is not built beside the tests")
        let environment = ProcessInfo.processInfo.environment.merging(["GRIDSIM_PLANTED_BUG": plantedBug]) { $1 }
        let output = try ChildProcess.run(gridsim, arguments, environment: environment)
        return (output.status, output.text)
    }

    @Test func checkThenShrink() throws {
        let path = try Paths.temporaryFile(
            """
            {"trace":"photo-grid-selection","version":1,"photos":{"count":8},"limit":2}
            {"t":0,"event":"longPress","photo":"3"}
            {"t":10,"event":"tap","photo":"4"}
            {"t":20,"event":"tap","photo":"4"}
            {"t":30,"event":"share"}
            {"t":40,"event":"dismiss"}
            {"t":50,"event":"tap","photo":"9"}
            {"t":60,"event":"selectAll"}
            {"t":70,"event":"done"}

            """)
        let check = try Self.run(["check", path], plantedBug: "select-all-ignores-limit")
        #expect(check.code == 1)
        #expect(check.out.contains("FAIL  invariants at step 7: "))
        #expect(check.out.contains("selection of 8 exceeds the limit of 2"))
        #expect(check.out.contains("FAIL  engines-agree at step 7"))

        let shrink = try Self.run(["shrink", path], plantedBug: "select-all-ignores-limit")
        #expect(shrink.code == 0)
        #expect(shrink.out.contains("invariants fails at step "))
        #expect(shrink.out.range(of: #"shrinking took \d+\.\d s and ran \d+ checks\n$"#, options: .regularExpression) != nil)
        let shrunkPath = String(path.dropLast(6)) + ".shrunk.jsonl"
        let shrunk = try String(contentsOfFile: shrunkPath, encoding: .utf8)
        let lines = shrunk.split(separator: "\n")
        #expect(lines.count <= 4, "\(shrunk)")
        #expect(lines.first?.contains(#""property":"invariants""#) == true)
        let again = try Self.run(["check", shrunkPath], plantedBug: "select-all-ignores-limit")
        #expect(again.code == 1)
        // Without the planted bug the same trace is fine.
        #expect(try Self.run(["check", shrunkPath], plantedBug: "").code == 0)
    }
}

/// A drag bug from the command line: `gridsim properties` finds it and writes the failing
/// case, `gridsim check` names the step, `gridsim shrink` keeps the drag.
@Suite("Planted drag bug, from the command line")
struct PlantedDragBugCommandTests {
    @Test func propertiesFindItAndWriteTheCaseThatCheckAndShrinkTakeUp() throws {
        let directory = try ScratchDirectory.make("drag-bug")
        let casePath = directory.appendingPathComponent("case.jsonl").path
        let properties = try PlantedBugCommandTests.run(
            ["properties", "--seed", "5", "--max-photos", "300", "--property", "engines-agree", "--write-case", casePath],
            plantedBug: "drag-forgets-base")
        #expect(properties.code == 1)
        #expect(properties.out.hasPrefix("FAIL  engines-agree fails at step "), "\(properties.out)")
        #expect(properties.out.contains("reproduce: GRIDSIM_PLANTED_BUG=drag-forgets-base gridsim properties --seed 0x"))
        let generated = try String(contentsOfFile: casePath, encoding: .utf8)
        #expect(generated.contains(#""event":"dragMoved","photo":"#), "\(generated)")

        let check = try PlantedBugCommandTests.run(["check", casePath], plantedBug: "drag-forgets-base")
        #expect(check.code == 1, "\(check.out)")
        #expect(check.out.contains("FAIL  engines-agree at step "), "\(check.out)")
        #expect(try PlantedBugCommandTests.run(["check", casePath], plantedBug: "").code == 0)

        let shrink = try PlantedBugCommandTests.run(["shrink", casePath], plantedBug: "drag-forgets-base")
        #expect(shrink.code == 0, "\(shrink.out)")
        let shrunkPath = directory.appendingPathComponent("case.shrunk.jsonl").path
        let shrunk = try String(contentsOfFile: shrunkPath, encoding: .utf8)
        #expect(shrunk.contains(#""event":"dragBegan","photo":"#), "\(shrunk)")
        #expect(shrunk.split(separator: "\n").count <= 6, "\(shrunk)")
        #expect(try PlantedBugCommandTests.run(["check", shrunkPath], plantedBug: "drag-forgets-base").code == 1)
        #expect(try PlantedBugCommandTests.run(["check", shrunkPath], plantedBug: "").code == 0)
    }

    /// A hand-written drag: slide right over three photos and back to the anchor. Without the
    /// bug the photos slid back over are unchosen again.
    @Test func checkNamesTheMoveThatDidNotRestore() throws {
        let path = try Paths.temporaryFile(
            """
            {"trace":"photo-grid-selection","version":1,"photos":{"count":9}}
            {"t":0,"event":"longPress","photo":"5"}
            {"t":10,"event":"dragBegan","photo":"2"}
            {"t":20,"event":"dragMoved","photo":"3"}
            {"t":30,"event":"dragMoved","photo":"4"}
            {"t":40,"event":"dragMoved","photo":"2"}
            {"t":50,"event":"dragEnded"}

            """)
        let check = try PlantedBugCommandTests.run(["check", path], plantedBug: "drag-forgets-base")
        #expect(check.code == 1)
        #expect(check.out.contains("FAIL  engines-agree at step 5: dragMoved 2: "), "\(check.out)")
        #expect(try PlantedBugCommandTests.run(["check", path], plantedBug: "").code == 0)
    }
}

/// `gridsim properties --exclude`: for an engine without some events, traces without them.
@Suite("gridsim properties --exclude")
struct PropertiesExcludeTests {
    @Test func excludedEventsStayOutOfTheShrunkTraceAndTheReproduction() throws {
        let result = try PlantedBugCommandTests.run(
            ["properties", "--seed", "5", "--max-photos", "300", "--exclude", "dragMoved,dragBegan,dragEnded"],
            plantedBug: "limit-off-by-one")
        #expect(result.code == 1)
        #expect(result.out.contains(" --exclude dragBegan,dragEnded,dragMoved --property "), "\(result.out)")
        #expect(!result.out.contains(#""event":"drag"#), "\(result.out)")
        #expect(Captured.run("properties", "--exclude", "swipe").code == 64)
    }
}
