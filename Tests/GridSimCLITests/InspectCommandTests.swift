import Foundation
import GridSimCLI
@_spi(GridSimInternals) import SelectionTrace
import Testing

@Suite("gridsim inspect")
struct InspectCommandTests {
    /// The output's lines with the column padding squeezed to one space.
    static func lines(_ output: String) -> [String] {
        output.split(separator: "\n").map { line in
            line.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        }
    }

    static func squeezed(_ output: String) -> String { lines(output).joined(separator: "\n") }

    /// `gridsim inspect arguments`: how it exited, and its summary squeezed.
    static func summary(_ arguments: String...) -> (code: Int32, out: String) {
        let result = Captured.run(arguments: ["inspect"] + arguments)
        return (result.code, squeezed(result.out))
    }

    @Test func describesATextTrace() {
        let result = Captured.run("inspect", Paths.trace("picker-tray-limit.jsonl"))
        #expect(result.code == 0)
        let lines = Self.lines(result.out)
        #expect(lines.contains("format: text (JSON Lines), version 1"))
        #expect(lines.contains("grid: 8 photos, given by id"))
        #expect(lines.contains("limit: 5"))
        #expect(lines.contains("events: 13"))
        #expect(lines.contains("tap: 10"))
        #expect(lines.contains("duration: 0 ms to 3600 ms (3.6 s); 13 of 13 events timed"))
        #expect(lines.contains("damage: none"))
    }

    @Test func describesABinaryTraceWithItsRecords() throws {
        let directory = try GridSimProcess.temporaryDirectory()
        let binary = directory.appendingPathComponent("t.gstrace").path
        #expect(Captured.run("convert", Paths.trace("grid-photos-disappear.jsonl"), binary).code == 0)
        let (code, out) = Self.summary(binary)
        #expect(code == 0)
        #expect(out.contains("format: binary, format version 2, session salt 0x"))
        #expect(out.contains("events: 14"))
        #expect(out.contains("closed: yes (end record)"))
        #expect(out.contains("ids defined: 5 after the header"))
        #expect(out.contains("damage: none"))

        let json = Captured.run("inspect", "--json", binary)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect(object["events"] as? Int == 14)
        #expect(object["format"] as? String == "binary")
        #expect(object["closed"] as? Bool == true)
        #expect((object["eventsByKind"] as? [String: Int])?["libraryChanged"] == 7)
        #expect((object["damage"] as? [Any])?.isEmpty == true)
    }

    @Test func reportsATornTailAsAWarningAndMidTraceDamageAsExit65() throws {
        let directory = try GridSimProcess.temporaryDirectory()
        let trace = try Trace(contentsOfFile: Paths.trace("share-edit-keep-mode.jsonl"))
        var bytes = trace.binaryEncoded()
        let torn = directory.appendingPathComponent("torn.gstrace").path
        try Data(bytes.dropLast(3)).write(to: URL(fileURLWithPath: torn))  // inside the end record
        let (tornCode, tornOut) = Self.summary(torn)
        #expect(tornCode == 0)
        #expect(tornOut.contains("damage: torn tail at byte "))
        #expect(tornOut.contains("the trace ends after 19 complete events"))
        #expect(tornOut.contains("closed: no end record"))

        let headerSize = try BinaryTraceReader(bytes: bytes).headerSize
        bytes[headerSize + 60] ^= 1
        let damaged = directory.appendingPathComponent("damaged.gstrace").path
        try Data(bytes).write(to: URL(fileURLWithPath: damaged))
        let result = Captured.run("inspect", damaged)
        #expect(result.code == 65)
        #expect(result.out.contains("(read before the damage)"))
        #expect(result.out.contains("bad CRC-32C"))
        #expect(result.err.hasPrefix("\(damaged): byte "))
        let salvage = Self.summary("--salvage", damaged)
        #expect(salvage.code == 0)
        #expect(salvage.out.contains("damage: skipped "))
        #expect(salvage.out.contains("lost: "))
    }

    @Test func hostileHeadersAreRefusedClearly() throws {
        let text = try Paths.temporaryFile(
            #"{"trace":"photo-grid-selection","version":1,"photos":{"count":1000000000000}}"#, name: "huge.jsonl")
        let result = Captured.run("inspect", text)
        #expect(result.code == 65)
        #expect(result.err == "\(text):1: field \"photos.count\" is 1000000000000, above the limit of 100000000 photos\n")
        #expect(Captured.run("inspect", "--max-photos", "2000000000000", text).code == 0)
    }

    /// Three photos and one long press: a trace whose every line is under 65 bytes.
    static let oneLongPress =
        #"{"trace":"photo-grid-selection","version":1,"photos":{"count":3}}"# + "\n"
        + #"{"t":0,"event":"longPress","photo":"1"}"# + "\n"

    @Test func aLineOverTheLimitIsRefusedWithItsNumber() throws {
        let text = try Paths.temporaryFile(Self.oneLongPress, name: "long-line.jsonl")
        let result = Captured.run("inspect", "--max-line-bytes", "64", text)
        #expect(result.code == 65)
        #expect(result.err == "\(text):1: the line is longer than the limit of 64 bytes (is this a text trace?)\n")
        #expect(Captured.run("inspect", "--max-line-bytes", "65", text).code == 0)
        #expect(Captured.run("inspect", "--max-line-bytes", "0", text).code == 64)
    }

    /// A trace linked into place (a CI workspace, a bug report's attachments) reads as the
    /// file it names: its size, and its summary.
    @Test func aSymbolicLinkReadsAsTheTraceItNames() throws {
        let target = try Paths.temporaryFile(Self.oneLongPress, name: "target.jsonl")
        let link = URL(fileURLWithPath: target).deletingLastPathComponent().appendingPathComponent("link.jsonl").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let direct = Captured.run("inspect", "--json", target)
        let linked = Captured.run("inspect", "--json", link)
        #expect(linked.code == 0)
        #expect(linked.out.replacingOccurrences(of: link, with: target) == direct.out)
        #expect(linked.out.contains("\(Self.oneLongPress.utf8.count)"))
    }
}
