import Foundation
import GridSimCLI
import Testing

/// `gridsim replay --input pointer`: the semantic events re-derived from a two-layer trace.
@Suite("gridsim replay --input pointer")
struct PointerReplayCommandTests {
    static let walkthrough = Paths.trace("pointer/contextual-walkthrough.jsonl")

    static func report(_ name: String) throws -> String {
        try String(contentsOfFile: Paths.trace(name), encoding: .utf8)
    }

    @Test(arguments: [
        ["--input", "pointer"], ["--input=pointer", "--verify-input"], ["--input", "pointer", "--engine", "reference"],
    ])
    func theWalkthroughsRawLayerReplaysToTheCheckedReport(_ flags: [String]) throws {
        let result = Captured.run(["replay", "--json"] + flags + [Self.walkthrough])
        #expect(result.code == 0)
        #expect(result.err == "")
        #expect(result.out == (try Self.report("contextual-walkthrough.report.json")))
    }

    @Test func readersThatIgnoreTheRawLayerReplayItToTheSameReport() throws {
        let result = Captured.run(["replay", "--json", Self.walkthrough])
        #expect(result.code == 0)
        #expect(result.out == (try Self.report("contextual-walkthrough.report.json")))
    }

    @Test func aSemanticTraceReplaysUnchangedFromThePointerLayer() throws {
        let result = Captured.run([
            "replay", "--json", "--input", "pointer", "--verify-input", Paths.trace("picker-tray-limit.jsonl"),
        ])
        #expect(result.code == 0)
        #expect(result.out == (try Self.report("picker-tray-limit.report.json")))
    }

    @Test func stepByStepAndAtAStepWorkFromThePointerLayer() {
        let table = Captured.run(["replay", "--input", "pointer", Self.walkthrough])
        #expect(table.code == 0)
        #expect(table.out == Captured.run(["replay", Paths.trace("contextual-walkthrough.jsonl")]).out)
        let atSix = Captured.run(["replay", "--input", "pointer", "--at", "6", "--json", Self.walkthrough])
        #expect(
            atSix.out
                == Captured.run(["replay", "--at", "6", "--json", Paths.trace("contextual-walkthrough.jsonl")]).out)
    }

    /// The walk-through with line 4's tap relabelled: its raw input still lands on photo 8.
    static func relabelled() throws -> String {
        let text = try String(contentsOfFile: walkthrough, encoding: .utf8)
        let edited = text.replacingOccurrences(
            of: "{\"t\":1100,\"event\":\"tap\",\"photo\":\"8\"", with: "{\"t\":1100,\"event\":\"tap\",\"photo\":\"9\"")
        #expect(edited != text)
        return try Paths.temporaryFile(edited)
    }

    @Test func aMismatchIsReportedWithBothEventsAndTheRawInputIsReplayed() throws {
        let path = try Self.relabelled()
        let result = Captured.run(["replay", "--json", "--input", "pointer", path])
        #expect(result.code == 0)
        #expect(result.err.hasPrefix("\(path):4: warning: the raw input resolves to tap 8; the line records tap 9\n"))
        #expect(result.err.contains("1 line resolves to other events than recorded"))
        #expect(result.out == (try Self.report("contextual-walkthrough.report.json")))
        // The semantic layer replays what the line records.
        #expect(Captured.run(["replay", "--json", path]).out != result.out)
    }

    @Test func verifyInputMakesAMismatchExit65WithFileAndLineAndNothingReplayed() throws {
        let path = try Self.relabelled()
        let result = Captured.run(["replay", "--json", "--input", "pointer", "--verify-input", path])
        #expect(result.code == 65)
        #expect(result.out == "")
        #expect(result.err == "\(path):4: the raw input resolves to tap 8; the line records tap 9\n")
    }

    @Test func malformedRawInputIsExit65NamingTheLine() throws {
        let text = try String(contentsOfFile: Self.walkthrough, encoding: .utf8)
            .replacingOccurrences(of: "{\"t\":1010,\"down\":[198,270]}", with: "{\"t\":1010,\"down\":[198]}")
        let path = try Paths.temporaryFile(text)
        let result = Captured.run(["replay", "--input", "pointer", path])
        #expect(result.code == 65)
        #expect(result.out == "")
        #expect(result.err == "\(path):4: input[0].down must be [x, y], two numbers\n")
        // A reader that does not know the raw layer still reads it.
        #expect(Captured.run(["replay", path]).code == 0)
    }

    @Test func semanticErrorsAndMissingFilesKeepTheirExitCodes() throws {
        let bad = try Paths.temporaryFile(
            "{\"trace\":\"photo-grid-selection\",\"version\":1,\"photos\":{\"count\":1}}\n{\"event\":\"zoom\"}\n")
        let result = Captured.run(["replay", "--input", "pointer", bad])
        #expect(result.code == 65)
        #expect(result.err.hasPrefix("\(bad):2: unknown event \"zoom\""))
        #expect(Captured.run(["replay", "--input", "pointer", "/nonexistent/trace.jsonl"]).code == 66)
    }

    @Test func verifyInputWithoutThePointerLayerIsAUsageError() {
        let result = Captured.run(["replay", "--verify-input", Self.walkthrough])
        #expect(result.code == 64)
        #expect(result.err.contains("--verify-input needs --input pointer"))
        #expect(Captured.run(["replay", "--input", "touch", Self.walkthrough]).code == 64)
    }

    @Test(arguments: ["drag-to-select", "drag-to-select-limit"])
    func aDragScenariosRawLayerPrintsTheSemanticTracesReportByteForByte(_ name: String) throws {
        let derived = Captured.run([
            "replay", "--input", "pointer", "--verify-input", Paths.trace("pointer/\(name).jsonl"), "--json",
        ])
        #expect(derived.code == 0)
        #expect(derived.err == "")
        #expect(derived.out == Captured.run(["replay", "--json", Paths.trace("\(name).jsonl")]).out)
        #expect(derived.out == (try Self.report("\(name).report.json")))
    }

    @Test func aDragLineWhoseSlideResolvesToMoreThanItRecordsIsAMismatch() throws {
        // Line 4's move lands on photo 2; the edited line says 3.
        let text = try String(contentsOfFile: Paths.trace("pointer/drag-to-select.jsonl"), encoding: .utf8)
        let edited = text.replacingOccurrences(
            of: "{\"t\":520,\"event\":\"dragMoved\",\"photo\":\"2\"",
            with: "{\"t\":520,\"event\":\"dragMoved\",\"photo\":\"3\"")
        #expect(edited != text)
        let result = Captured.run(["replay", "--input", "pointer", "--verify-input", try Paths.temporaryFile(edited)])
        #expect(result.code == 65)
        #expect(result.err.contains(":4: the raw input resolves to dragMoved 2; the line records dragMoved 3"))
        #expect(result.out == "")
    }
}

extension Captured {
    static func run(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
        let captured = Captured()
        let code = GridSim.main(arguments: arguments, console: captured.console)
        return (code, captured.out, captured.err)
    }
}
