import Foundation
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
        let process = Process()
        let gridsim: URL = try #require(executable, "gridsim is not built beside the tests")
        process.executableURL = gridsim
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["GRIDSIM_PLANTED_BUG": plantedBug]) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
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
