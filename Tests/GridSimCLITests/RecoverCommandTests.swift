import Foundation
import GridSimRecorder
import Testing
import TestSupport

/// `gridsim recover`: a window file an app left (closed, or after a crash) written as a trace
/// on a desktop, then checked.
@Suite("gridsim recover")
struct RecoverCommandTests {
    /// A window file of a session of `events` taps and long presses over 50 photos, each with
    /// what SPEC.md shows as its `seen`; closed cleanly or dropped as a crash leaves it.
    static func windowFile(events: Int, capacity: Int, closed: Bool) throws -> String {
        let path = try ScratchDirectory.make("recover").appendingPathComponent("grid.window").path
        let photos = (1...50).map { "photo-\($0)" }
        var chosen: Set<String> = []
        do {
            let recorder = try WindowRecorder(path: path, photos: photos, capacity: capacity)
            for index in 0..<events {
                let photo = photos[(index * 7) % photos.count]
                if chosen.isEmpty {
                    chosen = [photo]
                    recorder.record(.longPress(photo), seen: SeenState(mode: .selecting, count: 1))
                } else {
                    if chosen.remove(photo) == nil { chosen.insert(photo) }
                    recorder.record(.tap(photo), seen: SeenState(mode: .selecting, count: chosen.count))
                }
                if chosen.isEmpty {
                    recorder.record(.done, seen: SeenState(mode: .browsing, count: 0))
                }
            }
            if closed { try recorder.close() }
        }
        return path
    }

    @Test func aCrashedWindowIsWrittenAndItsSeenAllAgree() throws {
        let window = try Self.windowFile(events: 500, capacity: 200, closed: false)
        let output = window + ".jsonl"
        let result = Captured.run("recover", window, "--output", output)
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out.hasPrefix("recovered a window of 200 events (events "))
        #expect(result.out.contains("did not close cleanly (a crash or a kill): \(output)\n"))
        let check = Captured.run("check", output)
        #expect(check.code == 0, "\(check.out)")
        #expect(check.out.contains("ok    app-agrees (200 steps with seen)"))
        // The window starts mid-session.
        #expect(try String(contentsOfFile: output, encoding: .utf8).hasPrefix(#"{"trace":"photo-grid-selection","version":2,"#))
    }

    @Test func aClosedWindowSaysSo() throws {
        let window = try Self.windowFile(events: 30, capacity: 100, closed: true)
        let result = Captured.run("recover", window, "--output", window + ".jsonl")
        #expect(result.code == 0)
        #expect(result.out.contains("the run that recorded it closed cleanly"))
    }

    @Test func badInputIsAClearErrorAndNothingIsWritten() throws {
        let window = try Self.windowFile(events: 30, capacity: 100, closed: true)
        #expect(Captured.run("recover", window + ".missing").code == 66)
        let trace = try Paths.temporaryFile(#"{"trace":"photo-grid-selection","version":1,"photos":{"count":1}}"# + "\n")
        let notAWindow = Captured.run("recover", trace, "--output", trace + ".out.jsonl")
        #expect(notAWindow.code == 65)
        #expect(notAWindow.err.contains("not a window file"))
        #expect(!FileManager.default.fileExists(atPath: trace + ".out.jsonl"))
        let output = window + ".jsonl"
        #expect(Captured.run("recover", window, "--output", output).code == 0)
        #expect(Captured.run("recover", window, "--output", output).code == 73)
        #expect(Captured.run("recover", window, "--output", output, "--force").code == 0)
        #expect(Captured.run("recover", window, "--output", window).code == 73)
        #expect(Captured.run("recover").code == 64)
    }
}
