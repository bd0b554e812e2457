import Foundation
import GridSimCLI
@_spi(GridSimInternals) import SelectionTrace
import TestSupport
import Testing

@Suite("gridsim convert")
struct ConvertCommandTests {
    /// Every trace in Traces/: converted to binary, `replay --json` prints the text trace's
    /// report byte for byte (both engines); converted back, the text is the same file.
    @Test(arguments: try Paths.scenarioTraces())
    func aConvertedTraceReplaysToTheSameReportByteForByte(_ name: String) throws {
        let directory = try GridSimProcess.temporaryDirectory()
        let text = Paths.trace(name)
        let binary = directory.appendingPathComponent(name.replacingOccurrences(of: ".jsonl", with: ".gstrace")).path
        let back = directory.appendingPathComponent(name).path
        let toBinary = Captured.run("convert", text, binary)
        #expect(toBinary.code == 0, "\(toBinary.err)")
        #expect(toBinary.out.hasPrefix("converted "))
        #expect(toBinary.err == "")
        #expect(Captured.run("convert", binary, back).code == 0)
        for engine in ["fast", "reference"] {
            let expected = Captured.run("replay", "--json", "--engine", engine, text)
            #expect(expected.code == 0)
            #expect(Captured.run("replay", "--json", "--engine", engine, binary).out == expected.out)
            #expect(Captured.run("replay", "--json", "--engine", engine, back).out == expected.out)
        }
        #expect(Captured.run("replay", binary).out == Captured.run("replay", text).out)
        #expect(try Data(contentsOf: URL(fileURLWithPath: back)) == Data(contentsOf: URL(fileURLWithPath: text)))
    }

    @Test func anExistingOutputIsKeptUnlessForced() throws {
        let directory = try GridSimProcess.temporaryDirectory()
        let output = directory.appendingPathComponent("out.gstrace").path
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: output))
        let refused = Captured.run("convert", Paths.trace("back-both-modes.jsonl"), output)
        #expect(refused.code == 73)
        #expect(refused.err.contains("\(output) exists; pass --force to replace it"))
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "keep me")
        #expect(Captured.run("convert", "--force", Paths.trace("back-both-modes.jsonl"), output).code == 0)
        #expect(try GridSimProcess.read(output).events.count == 13)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.gstrace"])
    }

    @Test func usageMistakesAndMissingInputHaveTheirExitCodes() throws {
        let directory = try GridSimProcess.temporaryDirectory()
        let input = Paths.trace("back-both-modes.jsonl")
        let unknown = Captured.run("convert", input, directory.appendingPathComponent("out.txt").path)
        #expect(unknown.code == 64)
        #expect(unknown.err.contains("cannot tell the format of the output"))
        #expect(unknown.err.contains("USAGE: gridsim convert"))
        #expect(Captured.run("convert", input).code == 64)
        #expect(Captured.run("convert", "/nonexistent/x.jsonl", directory.appendingPathComponent("o.gstrace").path).code == 66)
        #expect(Captured.run("convert", input, input).code == 73)
        #expect(Captured.run("convert", input, directory.appendingPathComponent("missing-dir/o.gstrace").path).code == 73)
    }

    @Test func damageInTheMiddleStopsWithTheOffsetAndWritesNothingUnlessSalvaging() throws {
        let directory = try GridSimProcess.temporaryDirectory()
        let trace = Trace(
            header: TraceHeader(photos: .count(50)),
            events: (0..<100).map { TraceEvent(t: $0 * 10, .tap(String($0 % 50 + 1))) })
        var bytes = trace.binaryEncoded(salt: 0xABCD_EF01, syncInterval: 10)
        let headerSize = try BinaryTraceReader(bytes: bytes).headerSize
        // Each tap record here is 13 or 14 bytes; damage one well inside the trace.
        let target = headerSize + 40 * 13 + 8
        bytes[target] ^= 0x20
        let damaged = directory.appendingPathComponent("damaged.gstrace").path
        try Data(bytes).write(to: URL(fileURLWithPath: damaged))
        let output = directory.appendingPathComponent("out.gstrace").path

        let strict = Captured.run("convert", damaged, output)
        #expect(strict.code == 65)
        #expect(strict.err.hasPrefix("\(damaged): byte "))
        #expect(strict.err.contains("(record ") && strict.err.contains("bad CRC-32C"))
        #expect(!FileManager.default.fileExists(atPath: output))

        let salvaged = Captured.run("convert", "--salvage", damaged, output)
        #expect(salvaged.code == 0)
        #expect(salvaged.err.contains("warning: \(damaged): skipped "))
        #expect(salvaged.err.contains("salvage lost "))
        let recovered = try GridSimProcess.read(output)
        #expect(recovered.events.count >= 85 && recovered.events.count < 100)
        #expect(Set(recovered.events).isSubset(of: Set(trace.events)))
    }

    @Test func aTornTailIsAWarningAndTheCompleteEventsAreConverted() throws {
        let directory = try GridSimProcess.temporaryDirectory()
        let trace = try Trace(contentsOfFile: Paths.trace("contextual-walkthrough.jsonl"))
        let bytes = trace.binaryEncoded()
        for (name, data) in [
            // The end record is 11 bytes; 16 more cut into the last event.
            ("torn.gstrace", Data(bytes.dropLast(16))),
            ("torn.jsonl", Data(trace.text.utf8.dropLast(9))),
        ] {
            let input = directory.appendingPathComponent(name).path
            try data.write(to: URL(fileURLWithPath: input))
            let output = directory.appendingPathComponent("fixed-" + name).path
            let result = Captured.run("convert", input, output)
            #expect(result.code == 0, "\(name): \(result.err)")
            #expect(result.err.contains("warning: \(input): torn tail at "), "\(name): \(result.err)")
            #expect(result.err.contains("the trace ends after 13 complete events"), "\(name): \(result.err)")
            #expect(try GridSimProcess.read(output).events == Array(trace.events.prefix(13)))
        }
    }
}

/// `gridsim replay` on a damaged binary trace: an error naming the byte and record, or with
/// `--salvage` the rest of the trace and a warning of what was lost.
@Suite("gridsim replay, damaged binary")
struct ReplayDamagedBinaryTests {
    @Test func salvageReplaysPastACorruptRecord() throws {
        let trace = Trace(
            header: TraceHeader(photos: .count(50)),
            events: [TraceEvent(.select)] + (0..<600).map { TraceEvent(t: $0, .tap(String($0 % 50 + 1))) })
        var bytes = Array(trace.binaryEncoded(syncInterval: 16))
        bytes[bytes.count / 2] ^= 0xFF
        let path = try Paths.temporaryFile("", name: "damaged.gstrace")
        try Data(bytes).write(to: URL(fileURLWithPath: path))

        let strict = Captured.run("replay", "--json", path)
        #expect(strict.code == 65 && strict.out.isEmpty)
        #expect(strict.err.contains("\(path): byte ") && strict.err.contains("(record "))

        let salvaged = Captured.run("replay", "--salvage", "--json", path)
        #expect(salvaged.code == 0)
        #expect(salvaged.err.contains("warning: \(path): skipped"))
        let steps = salvaged.out.split(separator: "\n").count - 2
        #expect(steps > 500 && steps < 601)
    }
}
