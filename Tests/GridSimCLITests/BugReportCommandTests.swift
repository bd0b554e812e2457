import Foundation
import GridSimCLI
import Testing
import TestSupport

/// `gridsim check`, `gridsim shrink` and `gridsim properties` as a user runs them.
@Suite("Bug-report commands")
struct BugReportCommandTests {
    @Test func checkPassesOnEverySeedTrace() {
        for name in ["contextual-walkthrough", "picker-tray-limit", "grid-photos-disappear", "share-edit-keep-mode", "back-both-modes"] {
            let result = Captured.run("check", Paths.trace("\(name).jsonl"))
            #expect(result.code == 0, "\(name): \(result.out)")
            #expect(result.out.hasSuffix("7 passed, 0 failed\n"))
        }
    }

    @Test func checkReadsABinaryTraceAsItsText() throws {
        let directory = try ScratchDirectory.make("check-binary")
        let binary = directory.appendingPathComponent("walkthrough.gstrace").path
        let text = Paths.trace("contextual-walkthrough.jsonl")
        #expect(Captured.run("convert", text, binary).code == 0)
        let fromBinary = Captured.run("check", binary)
        #expect(fromBinary.code == 0)
        #expect(fromBinary.out == Captured.run("check", text).out)
        #expect(fromBinary.err == "")
    }

    @Test func checkMalformedAndMissingTraces() throws {
        #expect(Captured.run("check", "/nonexistent.jsonl").code == 66)
        let bad = try Paths.temporaryFile("{\"trace\":\"photo-grid-selection\",\"version\":1,\"photos\":{\"count\":1}}\n{\"event\":\"zoom\"}\n")
        let result = Captured.run("check", bad)
        #expect(result.code == 65)
        #expect(result.err.hasPrefix("\(bad):2: unknown event \"zoom\""))
        #expect(result.out == "")
        #expect(Captured.run("check", "--property", "banana", Paths.trace("contextual-walkthrough.jsonl")).code == 64)
    }

    @Test func shrinkRefusesATraceThatPassesAndWritesNothing() throws {
        let path = try Paths.temporaryFile(
            try String(contentsOfFile: Paths.trace("contextual-walkthrough.jsonl"), encoding: .utf8))
        let result = Captured.run("shrink", path)
        #expect(result.code == 1)
        #expect(result.err.contains("nothing to shrink"))
        #expect(!FileManager.default.fileExists(atPath: String(path.dropLast(6)) + ".shrunk.jsonl"))
    }

    @Test func shrinkNeverOverwritesWithoutForce() throws {
        let path = try Paths.temporaryFile(
            try String(contentsOfFile: Paths.trace("contextual-walkthrough.jsonl"), encoding: .utf8))
        let output = String(path.dropLast(6)) + ".shrunk.jsonl"
        try "keep me".write(toFile: output, atomically: true, encoding: .utf8)
        #expect(Captured.run("shrink", path).code == 73)
        #expect(Captured.run("shrink", path, "--output", path).code == 73)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "keep me")
    }

    @Test func propertiesRunsGeneratedCases() {
        let result = Captured.run("properties", "--cases", "20", "--seed", "7", "--max-photos", "50")
        #expect(result.code == 0)
        #expect(result.out == "140 passed, 0 failed (20 cases × 7 properties)\n")
        #expect(result.err.contains("seed 0x7"))
        #expect(Captured.run("properties", "--seed", "banana").code == 64)
        #expect(Captured.run("properties", "--cases", "0").code == 64)
    }
}
