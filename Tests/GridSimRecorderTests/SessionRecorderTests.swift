import Foundation
import GridSimRecorder
@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
@_spi(GridSimInternals) import SelectionTrace
import Testing

/// The whole-session recorder: GridSim's trace recorder behind the app's API.
@Suite("The session recorder")
struct SessionRecorderTests {
    @Test("a text trace keeps every event with what the app saw, and replays to the session's end")
    func textSession() throws {
        let session = SeenSession(photos: 1_000, events: 2_000, seed: 41, limit: 7)
        let directory = try RecorderScratch.directory()
        let path = directory.appendingPathComponent("session.jsonl").path
        let recorder = try SessionRecorder(path: path, photos: Array(session.header.photos.ids), limit: 7, flushEvents: 64)
        for event in session.events { try recorder.record(event.event, seen: event.seen, t: event.t) }
        #expect(recorder.eventCount == 2_000)
        try recorder.close()
        #expect(recorder.committedEventCount == 2_000)
        let window = try ReplayedWindow(path: path)
        #expect(window.trace.events == session.events)
        #expect(window.finalState == session.finalState)
        #expect(window.departure == nil)
        #expect(throws: RecorderError.self) { try recorder.record(.done) }
    }

    @Test("a binary trace keeps the start state and every seen")
    func binarySession() throws {
        let directory = try RecorderScratch.directory()
        let path = directory.appendingPathComponent("session.gstrace").path
        let start = StartState(mode: .selecting, picks: ["a"])
        let recorder = try SessionRecorder(path: path, photos: ["a", "b", "c"], start: start)
        try recorder.record(.tap("b"), seen: SeenState(count: 2), t: 5)
        try recorder.record(.tap("c"), seen: SeenState(count: 3, chosenDigest: ChosenDigest(chosenInGridOrder: ["a", "b", "c"])), t: 3)
        // A count no reader would take is refused, and nothing is written for it.
        #expect(throws: RecorderError.self) { try recorder.record(.done, seen: SeenState(count: -1)) }
        try recorder.close()
        #expect(try TraceFileReader(path: path).header.start == start)
        let trace = try TraceFileReading.events(path)
        #expect(trace == [
            TraceEvent(t: 5, .tap("b"), seen: SeenState(count: 2)),
            TraceEvent(t: 5, .tap("c"), seen: SeenState(count: 3, chosenDigest: ChosenDigest(chosenInGridOrder: ["a", "b", "c"]))),
        ])

        #expect(throws: RecorderError.self) { try SessionRecorder(path: path, photos: ["a"]) }
        #expect(throws: RecorderError.self) { try SessionRecorder(path: directory.appendingPathComponent("x.txt").path, photos: ["a"]) }
        #expect(throws: RecorderError.self) { try SessionRecorder(path: path + ".jsonl", photos: ["a", "a"]) }
        _ = try SessionRecorder(path: path, photos: ["a"], replacing: true)
    }
}

enum TraceFileReading {
    static func events(_ path: String) throws -> [TraceEvent] {
        var reader = try TraceFileReader(path: path)
        var events: [TraceEvent] = []
        while let event = try reader.next() { events.append(event) }
        return events
    }
}
