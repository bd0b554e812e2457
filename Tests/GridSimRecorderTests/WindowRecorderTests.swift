import Foundation
@testable import GridSimRecorder
@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
@_spi(GridSimInternals) import SelectionTrace
import SyntheticSessions
import Testing

/// The flight recorder's window: the last N events of a seeded session, written as a trace
/// that starts from the state before them and replays to the session's end.
@Suite("The window recorder")
struct WindowRecorderTests {
    struct Setting: CustomTestStringConvertible, Sendable {
        var photos: Int
        var events: Int
        var seed: UInt64
        var limit: Int?
        var capacity: Int
        var budget: Int?
        var background: Bool

        var testDescription: String {
            "\(events) events over \(photos) photos, limit \(limit.map(String.init) ?? "none"), window \(capacity), "
                + "budget \(budget.map(String.init) ?? "default"), reducer \(background ? "in background" : "inline")"
        }
    }

    static let settings: [Setting] = [
        Setting(photos: 3_000, events: 4_000, seed: 11, limit: nil, capacity: 1_000, budget: nil, background: true),
        Setting(photos: 3_000, events: 4_000, seed: 12, limit: 6, capacity: 1_000, budget: nil, background: true),
        Setting(photos: 2_000, events: 3_000, seed: 13, limit: nil, capacity: 400, budget: nil, background: false),
        // A small ring that wraps some ten times, the reducer often short of slack.
        Setting(photos: 500, events: 8_000, seed: 14, limit: nil, capacity: 300, budget: 300_000, background: true),
        // Fewer events than the window: the whole session, from its start.
        Setting(photos: 1_000, events: 300, seed: 15, limit: 4, capacity: 1_000, budget: nil, background: true),
    ]

    @Test("the window replays from its start state to the session's end", arguments: settings)
    func windowReplaysToTheEnd(_ setting: Setting) throws {
        let session = SeenSession(photos: setting.photos, events: setting.events, seed: setting.seed, limit: setting.limit)
        let directory = try RecorderScratch.directory()
        let path = directory.appendingPathComponent("window.gswindow").path
        let recorder = try WindowRecorder(
            path: path, grid: session.grid, limit: setting.limit, capacity: setting.capacity, byteBudget: setting.budget,
            reducesInBackground: setting.background)
        session.record(into: recorder)
        let output = directory.appendingPathComponent("window.jsonl").path
        let written = try recorder.writeWindow(to: output)
        let window = try ReplayedWindow(path: output)

        #expect(written == window.trace.events.count)
        #expect(window.finalState == session.finalState)
        #expect(window.departure == nil, "\(String(describing: window.departure))")
        #expect(Array(session.events.suffix(window.trace.events.count)) == window.trace.events)
        #expect(ReplayedWindow.checkFront(of: window.trace, in: session, endingAt: setting.events, capacity: setting.capacity))
        #expect(window.trace.header.version == (window.trace.header.start.isBrowsing ? 1 : 2))
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
        #expect(size == recorder.byteBudget)
        if let budget = setting.budget { #expect(recorder.byteBudget == budget) }
        try recorder.close()
    }

    @Test("a window is written again and again as the session goes on, and never grows the file")
    func windowsAlongTheWay() throws {
        let session = SeenSession(photos: 800, events: 5_000, seed: 21)
        let directory = try RecorderScratch.directory()
        let path = directory.appendingPathComponent("window.gswindow").path
        let capacity = 500
        let recorder = try WindowRecorder(path: path, grid: session.grid, capacity: capacity, byteBudget: 300_000, reducesInBackground: true)
        var recorded = 0
        for stop in stride(from: 250, through: 5_000, by: 1_187) {
            session.record(into: recorder, events: recorded..<stop)
            recorded = stop
            let output = directory.appendingPathComponent("window-\(stop).jsonl").path
            try recorder.writeWindow(to: output)
            let window = try ReplayedWindow(path: output)
            let partial = SeenSession.Prefix(session, count: stop)
            #expect(window.finalState == partial.finalState, "after \(stop) events")
            #expect(window.departure == nil)
            #expect(Array(session.events[..<stop].suffix(window.trace.events.count)) == window.trace.events)
            let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
            #expect(size == 300_000)
        }
        try recorder.close()
    }

    @Test("a budget too small for the grid is refused, naming the least it needs")
    func budgetTooSmall() throws {
        let directory = try RecorderScratch.directory()
        let path = directory.appendingPathComponent("small.gswindow").path
        let photos = PhotoKitIDs.table(count: 10_000, seed: 3)
        #expect {
            _ = try WindowRecorder(path: path, photos: Array(photos), byteBudget: 500_000)
        } throws: { error in
            guard let error = error as? RecorderError, case .budgetTooSmall(let budget, let minimum) = error.kind else { return false }
            return budget == 500_000 && minimum > 500_000
                && error.description.contains("a byte budget of 500000 bytes is too small for this grid")
                && error.description.contains("at least \(minimum) bytes")
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        // The least it named is enough.
        let minimum = try Self.minimumBudget(photos: photos, path: path)
        let recorder = try WindowRecorder(path: path, photos: Array(photos), byteBudget: minimum)
        #expect(recorder.byteBudget == minimum)
        try recorder.close()
    }

    static func minimumBudget(photos: PhotoIDTable, path: String) throws -> Int {
        do {
            _ = try WindowLayout(photoCount: photos.count, idBytes: photos.byteCount, capacity: 10_000, budget: 1, path: path)
        } catch let error as RecorderError {
            if case .budgetTooSmall(_, let minimum) = error.kind { return minimum }
        }
        Issue.record("a budget of 1 byte was taken")
        return 0
    }

    @Test("arguments no session can have are refused")
    func invalidSessions() throws {
        let directory = try RecorderScratch.directory()
        let path = directory.appendingPathComponent("bad.gswindow").path
        #expect(throws: RecorderError.self) { try WindowRecorder(path: path, photos: ["a", "b", "a"]) }
        #expect(throws: RecorderError.self) { try WindowRecorder(path: path, photos: ["a"], capacity: 0) }
        #expect(throws: RecorderError.self) {
            try WindowRecorder(path: path, photos: ["a", "b"], start: StartState(mode: .browsing, picks: ["a"]))
        }
        #expect(throws: RecorderError.self) { try WindowRecorder(path: "/nonexistent-directory/w.gswindow", photos: ["a"]) }
    }

    @Test("a recorder that starts mid-session writes that start state")
    func startState() throws {
        let directory = try RecorderScratch.directory()
        let path = directory.appendingPathComponent("start.gswindow").path
        let start = StartState(mode: .selecting, picks: ["c", "a"], sheet: nil)
        let recorder = try WindowRecorder(path: path, photos: ["a", "b", "c", "d"], limit: 3, start: start)
        recorder.record(.tap("d"), seen: SeenState(count: 3, tray: ["c", "a", "d"]))
        recorder.record(.tap("b"), seen: SeenState(count: 3))
        let output = directory.appendingPathComponent("start.jsonl").path
        #expect(try recorder.writeWindow(to: output) == 2)
        let window = try ReplayedWindow(path: output)
        #expect(window.trace.header.version == 2)
        #expect(window.trace.header.start == start)
        #expect(window.departure == nil)
        #expect(window.finalState.picks == ["c", "a", "d"])
        #expect {
            try recorder.writeWindow(to: "/nonexistent-directory/window.jsonl")
        } throws: { error in
            (error as? RecorderError)?.description.hasPrefix("/nonexistent-directory/window.jsonl: cannot create") == true
        }
        try recorder.close()
        #expect(throws: RecorderError.self) { try recorder.writeWindow(to: output) }
        recorder.record(.done)
    }

    /// Records a session with one library change of `count` new ids (its line longer than an
    /// eighth of the ring) into a window of 100 events over 200 photos, leaves the recorder
    /// without closing it, and returns the live window and the file's path.
    func recordOversize(newIDs count: Int, name: String, directory: URL) throws -> (window: ReplayedWindow, path: String, expected: SelectionState) {
        let path = directory.appendingPathComponent("\(name).gswindow").path
        let photos = (1...200).map { "p\($0)" }
        let inserted = (0..<count).map { Insertion(photo: name + "-\($0)", at: $0) }
        let events: [Event] = [
            .longPress("p1"), .tap("p2"), .libraryChanged(removed: ["p3"], inserted: inserted), .tap(name + "-7"), .tap("p4"),
        ]
        let output = directory.appendingPathComponent("\(name).jsonl").path
        do {
            let recorder = try WindowRecorder(path: path, photos: photos, capacity: 100, byteBudget: 260_000)
            for event in events { recorder.record(event) }
            #expect(try recorder.writeWindow(to: output) == 2)
        }
        var engine = FastEngine(configuration: GridConfiguration(photos: .ids(photos)))
        for event in events { _ = engine.apply(event) }
        return (try ReplayedWindow(path: output), path, engine.state)
    }

    @Test("an event too long for the ring is not kept: the window starts after it")
    func oversizeEvent() throws {
        let directory = try RecorderScratch.directory()
        let (window, path, expected) = try recordOversize(newIDs: 1_000, name: "n", directory: directory)
        #expect(window.finalState == expected)
        #expect(window.trace.header.photos.count == 1_199)
        let recovered = try #require(try WindowRecorder.recover(at: path))
        #expect(recovered.eventCount == 2 && recovered.firstEventNumber == 4 && !recovered.previousRunClosedCleanly)
        let output = directory.appendingPathComponent("recovered.jsonl").path
        try recovered.writeTrace(to: output)
        #expect(try ReplayedWindow(path: output).finalState == expected)
    }

    @Test("a grid that outgrows the checkpoint areas: the live window still writes, recovery says why it cannot")
    func checkpointOverflow() throws {
        let directory = try RecorderScratch.directory()
        let name = "a-new-photo-with-a-rather-long-name"
        let (window, path, expected) = try recordOversize(newIDs: 3_000, name: name, directory: directory)
        #expect(window.finalState == expected)
        #expect {
            _ = try WindowRecorder.recover(at: path)
        } throws: { error in
            guard let error = error as? RecorderError, case .cannotRebuild = error.kind else { return false }
            return error.description.contains("outgrew the checkpoint areas") && error.description.contains("start the next recorder from the library as it is now")
        }
    }
}

extension SeenSession {
    /// The state the session is in after its first `count` events.
    struct Prefix {
        let finalState: SelectionState

        init(_ session: SeenSession, count: Int) {
            var engine = FastEngine(configuration: session.header.configuration)
            for event in session.events[..<count] { _ = engine.apply(event.event) }
            finalState = engine.state
        }
    }
}
