import Foundation
@testable import GridSimCLI
@_spi(GridSimInternals) import SelectionTrace
import TestSupport
import Testing

/// `gridsim generate --output FILE.gstrace`: the binary trace `gridsim convert` makes of the
/// text one.
@Suite("gridsim generate writes binary for .gstrace")
struct GenerateBinaryTests {
    /// With library changes (ids defined by records) and deletes, over counted and listed ids.
    static let sessions: [[String]] = [
        ["--photos", "3000", "--events", "9000", "--seed", "11", "--mix", "default,sync=3"],
        ["--photos", "2000", "--events", "5000", "--seed", "12", "--ids", "photokit", "--limit", "40"],
        // A small grid with many syncs: the pool of new photos' ids is walked round again and
        // again, so photos the trace has named come back.
        ["--photos", "40", "--events", "6000", "--seed", "13", "--ids", "photokit", "--mix", "syncs"],
    ]

    @Test(arguments: sessions)
    func theBytesAreThoseConvertWritesOfTheTextTrace(_ session: [String]) throws {
        let directory = try ScratchDirectory.make("generate-binary")
        let binary = directory.appendingPathComponent("session.gstrace").path
        let text = directory.appendingPathComponent("session.jsonl").path
        let generated = Captured.run(["generate"] + session + ["--output", binary])
        #expect(generated.code == 0)
        #expect(generated.out == "")  // stderr may carry progress on a slow machine
        #expect(Captured.run(["generate"] + session + ["--output", text]).code == 0)
        let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: binary)))

        // The salt is random per file, as convert's is: convert with the one generate drew.
        let salt = try #require(try TraceFileReader(path: binary).binaryReader?.salt)
        var reader = try TraceFileReader(path: text)
        var converted = MemoryByteSink()
        _ = try TraceConversion.convert(&reader, to: .binary, into: &converted, salt: salt)
        #expect(written.count == converted.bytes.count)
        #expect(written == converted.bytes)
    }

    @Test func convertingItBackGivesTheTextTraceByteForByte() throws {
        let directory = try ScratchDirectory.make("generate-binary-back")
        let session = Self.sessions[1]
        let binary = directory.appendingPathComponent("session.gstrace").path
        let text = directory.appendingPathComponent("session.jsonl").path
        let back = directory.appendingPathComponent("back.jsonl").path
        #expect(Captured.run(["generate"] + session + ["--output", binary]).code == 0)
        #expect(Captured.run(["generate"] + session + ["--output", text]).code == 0)
        #expect(Captured.run(["convert", binary, back]).code == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: back)) == Data(contentsOf: URL(fileURLWithPath: text)))
    }

    @Test(arguments: ["session.jsonl", "session.txt"])
    func anyOtherNameGetsText(_ name: String) throws {
        let path = try ScratchDirectory.make("generate-text").appendingPathComponent(name).path
        #expect(Captured.run(["generate", "--events", "20", "--output", path]).code == 0)
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written.hasPrefix("{\"trace\":\"photo-grid-selection\""))
        #expect(try Trace(text: written).events.count == 20)
    }

    @Test func anOutputThatCannotBeCreatedIsNamedAndNothingIsLeft() throws {
        let directory = try ScratchDirectory.make("generate-binary-unwritable")
        let missing = directory.appendingPathComponent("missing/session.gstrace").path
        let result = Captured.run(["generate", "--events", "50000", "--ids", "photokit", "--output", missing])
        #expect(result.code == 73)
        #expect(result.err.contains(missing))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func aPointerLayerNeedsTextAndNothingIsWritten() throws {
        let path = try ScratchDirectory.make("generate-pointer").appendingPathComponent("walk.gstrace").path
        let result = Captured.run(["generate", "--layer", "pointer", "--events", "20", "--output", path])
        #expect(result.code == 64)
        #expect(result.err.contains("--layer pointer writes raw input, which a binary trace cannot hold"))
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
