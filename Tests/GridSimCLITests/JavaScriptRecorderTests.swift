import Foundation
import SelectionTrace
import Testing
import TestSupport

/// What the JavaScript recorder (Recorders/javascript) writes, read by `gridsim check` as an
/// app team attaches it to a bug report: whole sessions and windows that start mid-session,
/// with what the app saw after every event.
@Suite("JavaScript recorder's traces")
struct JavaScriptRecorderTests {
    /// `node Recorders/javascript/bin/record-session.js arguments…` into a file; its path.
    static func recorded(_ arguments: [String], name: String) throws -> String {
        let node = URL(fileURLWithPath: "/usr/bin/env")
        let script = PackageRoot.appending("Recorders/javascript/bin/record-session.js").path
        let output = try ChildProcess.run(node, ["node", script] + arguments)
        #expect(output.status == 0, "record-session.js \(arguments) exited \(output.status)")
        let path = try ScratchDirectory.make("js-recorder").appendingPathComponent(name).path
        try output.standardOutput.write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aWholeSessionPassesEveryCheckWithEverySeenAgreeing() throws {
        let path = try Self.recorded(["--photos", "300", "--events", "2000", "--seed", "11", "--limit", "20"], name: "session.jsonl")
        let result = Captured.run("check", path)
        #expect(result.code == 0, "\(result.out)")
        #expect(result.out.contains("ok    app-agrees (2000 steps with seen)"))
    }

    @Test func aWindowStartsMidSessionAndReplaysToWhatTheAppSaw() throws {
        // Seed 4: the window's first event comes while selecting, with photos chosen.
        let path = try Self.recorded(
            ["--photos", "300", "--events", "3000", "--seed", "4", "--window", "1000", "--limit", "20", "--photokit"],
            name: "window.jsonl")
        let header = try #require(try Trace(contentsOfFile: path).header)
        #expect(header.version == 2)
        #expect(header.start.mode == .selecting && !header.start.picks.isEmpty)
        let result = Captured.run("check", path)
        #expect(result.code == 0, "\(result.out)")
        #expect(result.out.contains("ok    app-agrees (1000 steps with seen)"))
        let report = Captured.run("replay", "--json", path)
        #expect(report.out.contains("\"app\":{\"stepsWithSeen\":1000,\"agrees\":true}"))
    }

    @Test func aWrongSeenFailsCheckAtItsStep() throws {
        let path = try Self.recorded(
            ["--photos", "500", "--events", "3000", "--seed", "3", "--wrong-seen-at", "1234"], name: "wrong.jsonl")
        let result = Captured.run("check", path)
        #expect(result.code == 1)
        #expect(result.out.contains("FAIL  app-agrees at step 1234: "))
        #expect(result.out.contains(": count: app saw "))
        // Every property of GridSim's own still holds: only the app departs.
        #expect(result.out.hasSuffix("7 passed, 1 failed; 'gridsim view \(path)' opens at the step where the app departs\n"))
    }
}
