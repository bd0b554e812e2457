import Foundation
import GridSimCLI
@_spi(GridSimInternals) import SelectionTrace
import SyntheticSessions
import Testing

@Suite("gridsim record")
struct RecordCommandTests {
    @Test(arguments: ["gstrace", "jsonl"])
    func aSyntheticSessionIsRecordedAsTheSeedSays(_ fileExtension: String) throws {
        let directory = try GridSimProcess.temporaryDirectory()
        let path = directory.appendingPathComponent("s.\(fileExtension)").path
        let result = Captured.run("record", "--photos", "300", "--events", "5000", "--seed", "11", path)
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out.hasPrefix("recorded 5000 events to \(path) ("))
        #expect(result.out.contains("committed at least every 256 events or 100 ms, fsynced on close"))
        // The session gridsim generate writes for the same flags, named as recorded.
        let session = SyntheticSession(
            SessionSettings(photoCount: 300, seed: 11), eventCount: 5000, generator: "gridsim record --from synthetic")
        let read = try GridSimProcess.read(path)
        #expect(read.header == session.header)
        #expect(read.header.meta?["generator"] == .string("gridsim record --from synthetic"))
        #expect(read.events == Array(session))
        #expect(read.damage.isEmpty)
        #expect(read.closed || fileExtension == "jsonl")
    }

    @Test func aHexSeedIsTheSameSeedAsItsDecimal() throws {
        let directory = try GridSimProcess.temporaryDirectory()
        let hex = directory.appendingPathComponent("hex.gstrace").path
        #expect(Captured.run("record", "--photos", "300", "--events", "500", "--seed", "0x2a", hex).code == 0)
        let session = SyntheticSession(SessionSettings(photoCount: 300, seed: 42), eventCount: 500)
        #expect(try GridSimProcess.read(hex).events == Array(session))
        let other = directory.appendingPathComponent("other.gstrace").path
        let tooLarge = Captured.run("record", "--seed", "0x1ffffffffffffffff", other)
        #expect(tooLarge.code == 64)
        #expect(tooLarge.err.contains("--seed needs a whole number, decimal or 0x-hex; found '0x1ffffffffffffffff'"))
    }

    @Test func refusesToReplaceAFileAndNamesBadFlags() throws {
        let directory = try GridSimProcess.temporaryDirectory()
        let path = directory.appendingPathComponent("s.gstrace").path
        #expect(Captured.run("record", "--events", "10", path).code == 0)
        let again = Captured.run("record", "--events", "10", path)
        #expect(again.code == 73)
        #expect(again.err.contains("exists; pass --force"))
        #expect(Captured.run("record", "--events", "20", "--force", path).code == 0)
        #expect(try GridSimProcess.read(path).events.count == 20)
        for arguments in [
            ["record", directory.appendingPathComponent("x.bin").path], ["record", "--flush-events", "0", path],
            ["record", "--seed", "soon", path], ["record", "--from", "network", path], ["record"],
        ] {
            let captured = Captured()
            #expect(GridSim.main(arguments: arguments, console: captured.console) == 64, "\(arguments)")
            #expect(captured.err.contains("USAGE: gridsim record"), "\(arguments)")
        }
    }

    @Test func recordsEventsFromStandardInput() throws {
        let directory = try GridSimProcess.temporaryDirectory()
        let path = directory.appendingPathComponent("stdin.gstrace").path
        let text = try String(contentsOfFile: Paths.trace("contextual-walkthrough.jsonl"), encoding: .utf8)
        let result = try GridSimProcess.run(["record", "--from", "stdin", "--tee", path], input: Data(text.utf8))
        #expect(result.code == 0, "\(result.err)")
        let trace = try Trace(text: text)
        #expect(try GridSimProcess.read(path).events == trace.events)
        #expect(try GridSimProcess.read(path).header == trace.header)
        #expect(try GridSimProcess.events(ofLines: result.out) == trace.events)
        #expect(result.err.contains("recorded 14 events"))

        // Events without a header take the grid from --photos.
        let bare = directory.appendingPathComponent("bare.jsonl").path
        let events = text.split(separator: "\n").dropFirst().joined(separator: "\n") + "\n"
        #expect(try GridSimProcess.run(["record", "--from", "stdin", "--photos", "15", bare], input: Data(events.utf8)).code == 0)
        #expect(try GridSimProcess.read(bare).events == trace.events)
        #expect(try GridSimProcess.run(["record", "--from", "stdin", bare + ".gstrace"], input: Data(events.utf8)).code == 65)
    }

    @Test func aBadLineOnStandardInputKeepsWhatCameBefore() throws {
        let directory = try GridSimProcess.temporaryDirectory()
        let path = directory.appendingPathComponent("bad.gstrace").path
        let input = """
            {"trace":"photo-grid-selection","version":1,"photos":{"count":5}}
            {"t":1,"event":"longPress","photo":"2"}
            {"t":2,"event":"tap","photo":"3"}
            {"t":3,"event":"pinch"}
            {"t":4,"event":"done"}

            """
        let result = try GridSimProcess.run(["record", "--from", "stdin", path], input: Data(input.utf8))
        #expect(result.code == 65)
        #expect(result.err.contains("stdin:4: unknown event \"pinch\""))
        let read = try GridSimProcess.read(path)
        #expect(read.events.count == 2)
        #expect(read.closed)
    }

    @Test func sigtermClosesTheTraceCleanly() throws {
        let directory = try GridSimProcess.temporaryDirectory()
        let path = directory.appendingPathComponent("term.gstrace").path
        let child = try GridSimProcess.start(["record", "--rate", "2000", "--events", "20000", "--flush-ms", "100000", "--flush-events", "100000", path])
        Thread.sleep(forTimeInterval: 0.5)
        child.signal(SIGTERM)
        let result = child.wait()
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out.contains("; stopped by SIGTERM"))
        let read = try GridSimProcess.read(path)
        #expect(read.closed)
        #expect(read.damage.isEmpty)
        #expect(read.events.count > 0)
        #expect(result.out.contains("recorded \(read.events.count) events"))
    }

    @Test func replayReadsABinaryTraceAndWarnsOfATornTail() throws {
        let directory = try GridSimProcess.temporaryDirectory()
        let path = directory.appendingPathComponent("torn.gstrace").path
        let trace = try Trace(contentsOfFile: Paths.trace("back-both-modes.jsonl"))
        // The end record is 11 bytes; 15 cut into the last event too.
        try Data(trace.binaryEncoded().dropLast(15)).write(to: URL(fileURLWithPath: path))
        let result = try GridSimProcess.run(["replay", "--json", path])
        #expect(result.code == 0)
        #expect(result.err.hasPrefix("warning: \(path): torn tail at byte "))
        #expect(result.err.contains("the trace ends after 12 complete events"))
        let text = Captured.run("replay", "--json", Paths.trace("back-both-modes.jsonl")).out
        #expect(result.out.split(separator: "\n").count == text.split(separator: "\n").count - 1)
    }
}
