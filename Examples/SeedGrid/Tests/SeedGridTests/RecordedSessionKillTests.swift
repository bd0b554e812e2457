import Foundation
import GridSimKit
import GridSimRecorder
import SeedGrid
import SeedGridConformance
import SeedGridRecording
import Testing

/// The app story end to end: `seedgrid-session` records the seed's model through a seeded
/// session into a window file (`RecordedPhotoGrid`) and is SIGKILLed at chosen points; the
/// window left behind recovers as a crashed run's, holds every event the process had reported
/// recorded, and `gridsim check` of its trace finds the app agreeing with SPEC.md at every
/// step, or, with the positional-selection bug planted, departing at the first library change
/// that shifts the selection.
///
/// `gridsim` is GridSim's own debug build (`../../.build/debug/gridsim` from this package, or
/// `GRIDSIM`): the test fails, saying how to build it, when it is missing.
@Suite("A recorded session, killed")
struct RecordedSessionKillTests {
    /// Small grids and windows: `gridsim check` of a debug build takes about 5 ms a step here.
    static let photos = 400

    static let kills: [SessionRun] = [
        SessionRun("before the window is full", seed: 1, capacity: 300, killAt: 100),
        SessionRun("after the window wrapped, with a limit and its tray", seed: 2, limit: 8, capacity: 250, killAt: 1_500),
        SessionRun("after the ring wrapped several times", seed: 3, capacity: 250, killAt: 3_000),
    ]

    @Test(arguments: kills) func theWindowOfAKilledSessionHoldsEveryReportedEventAndAgrees(_ run: SessionRun) throws {
        _ = try GridSimCheck.built()
        let killed = try KilledSession(run)
        defer { killed.removeFiles() }
        let window = killed.window
        #expect(!window.previousRunClosedCleanly)
        // The trace's own header says where it sits in the session.
        let meta = try killed.traceMeta()
        #expect(meta.closedCleanly == false)
        #expect(meta.firstEvent == window.firstEventNumber)
        // Every event reported before the kill is in; at most the one being recorded beyond.
        #expect(
            meta.sessionEvents >= killed.reported && meta.sessionEvents <= killed.reported + 1,
            "the window ends at event \(meta.sessionEvents), the process had reported \(killed.reported)")
        if meta.sessionEvents <= run.capacity {
            #expect(meta.firstEvent == 1)
        } else {
            #expect(meta.firstEvent > 1, "the window should have wrapped")
        }
        let check = try GridSimCheck(killed.tracePath)
        #expect(check.status == 0, "gridsim check:\n\(check.output)")
        #expect(check.output.contains("ok    app-agrees (\(window.eventCount) steps with seen)"), "\(check.output)")
    }

    @Test func withTheSelectionKeptByPositionTheCheckFailsAtTheFirstShiftingLibraryChange() throws {
        _ = try GridSimCheck.built()
        let run = SessionRun("positional", seed: 4, capacity: 400, killAt: 150, positional: true)
        let killed = try KilledSession(run)
        defer { killed.removeFiles() }
        #expect(killed.window.firstEventNumber == 1)
        let trace = try Trace(contentsOfFile: killed.tracePath)
        // Worked out without GridSim: the real model replayed over the window's events.
        let step = try #require(
            Self.firstStepTheRealModelShowsOtherwise(trace),
            "seed 4's first \(trace.events.count) events never shift the selection: choose another seed")
        #expect(trace.events[step - 1].event.name == .libraryChanged)
        let check = try GridSimCheck(killed.tracePath)
        #expect(check.status == 1, "gridsim check:\n\(check.output)")
        #expect(check.output.contains("FAIL  app-agrees at step \(step): libraryChanged"), "\(check.output)")
        // GridSim's own properties hold: the departure is the app's.
        #expect(check.output.components(separatedBy: "FAIL").count == 2, "\(check.output)")
    }

    @Test func aSessionThatWritesItsOwnWindowAgrees() throws {
        _ = try GridSimCheck.built()
        // Not killed: it records 600 events, writes its window, then closes the file.
        let run = SessionRun("writes its window", seed: 5, limit: 20, capacity: 250, killAt: 600)
        let directory = try KilledSession.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let window = directory.appendingPathComponent("written.window").path
        let trace = directory.appendingPathComponent("written.jsonl").path
        let arguments = run.arguments(window: window, events: 600) + ["--write-window", trace]
        let child = try SessionChild(try KilledSession.sessionExecutable(), arguments)
        #expect(child.waitForExit() == 0, "\(child.errors)")
        #expect(child.reported == 600)
        #expect(try WindowRecorder.recover(at: window)?.previousRunClosedCleanly == true)
        let written = try Trace(contentsOfFile: trace).events.count
        #expect(written > 0 && written <= 250)
        let check = try GridSimCheck(trace)
        #expect(check.status == 0, "gridsim check:\n\(check.output)")
        #expect(check.output.contains("ok    app-agrees (\(written) steps with seen)"), "\(check.output)")
    }

    /// The first step after which the seed's real model, brought to the trace's start state as
    /// a person would get there and fed the same events, shows something other than the
    /// recorded `seen`; nil when it never does.
    static func firstStepTheRealModelShowsOtherwise(_ trace: Trace) -> Int? {
        var model = PhotoGridModel(photos: trace.header.photoIDs, limit: trace.header.limit)
        let start = trace.header.start
        if start.mode == .selecting {
            model.selectButton()
            for photo in start.picks { model.tap(photo) }
            if let sheet = start.sheet { model.present(sheet == .share ? .share : .edit) }
        }
        for (index, traceEvent) in trace.events.enumerated() {
            model.handle(traceEvent.event)
            if traceEvent.seen != model.seen { return index + 1 }
        }
        return nil
    }
}

/// How `seedgrid-session` is run: its seed, grid and window, and the event after which it is
/// killed. It records `overrun` events more, then waits to be killed, so that the kill lands
/// while it records and a slow parent cannot let it run far past the point.
struct SessionRun: Sendable, CustomTestStringConvertible {
    static let overrun = 200

    var name: String
    var seed: UInt64
    var limit: Int?
    var capacity: Int
    var killAt: Int
    var positional: Bool

    init(_ name: String, seed: UInt64, limit: Int? = nil, capacity: Int, killAt: Int, positional: Bool = false) {
        self.name = name
        self.seed = seed
        self.limit = limit
        self.capacity = capacity
        self.killAt = killAt
        self.positional = positional
    }

    var testDescription: String { name }

    /// The arguments of a run of `events` events into `window`.
    func arguments(window: String, events: Int) -> [String] {
        var arguments = [
            "--window", window, "--events", String(events), "--seed", String(seed),
            "--photos", String(RecordedSessionKillTests.photos), "--capacity", String(capacity),
        ]
        if let limit { arguments += ["--limit", String(limit)] }
        if positional { arguments.append("--positional") }
        return arguments
    }
}

/// A session started, SIGKILLed once it has reported event `killAt`, and its window recovered
/// and written as a trace.
struct KilledSession {
    let directory: URL
    /// The last event number the process printed before it died.
    let reported: Int
    let window: RecoveredWindow
    let tracePath: String

    init(_ run: SessionRun) throws {
        directory = try Self.scratchDirectory()
        let path = directory.appendingPathComponent("session.window").path
        let arguments = run.arguments(window: path, events: run.killAt + SessionRun.overrun) + ["--hold"]
        let child = try SessionChild(try Self.sessionExecutable(), arguments)
        reported = child.killWhenReported(run.killAt)
        try #require(reported >= run.killAt, "seedgrid-session stopped at event \(reported): \(child.errors)")
        window = try #require(try WindowRecorder.recover(at: path), "no window file at \(path)")
        tracePath = path + ".jsonl"
        try window.writeTrace(to: tracePath)
    }

    func removeFiles() { try? FileManager.default.removeItem(at: directory) }

    /// The `meta` of the trace's header: where the window sits in the session.
    func traceMeta() throws -> (firstEvent: Int, sessionEvents: Int, closedCleanly: Bool?) {
        let text = try String(contentsOfFile: tracePath, encoding: .utf8)
        let header = try JSONSerialization.jsonObject(with: Data(text.prefix { $0 != "\n" }.utf8)) as? [String: Any]
        let meta = try #require(header?["meta"] as? [String: Any], "the window trace's header has no meta")
        return (meta["firstEvent"] as? Int ?? -1, meta["sessionEvents"] as? Int ?? -1, meta["closedCleanly"] as? Bool)
    }

    static func scratchDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("seedgrid-session-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// `seedgrid-session`, built beside the tests (the test target depends on it).
    static func sessionExecutable() throws -> URL {
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent("seedgrid-session"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("seedgrid-session"),
        ]
        return try #require(
            candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
            "seedgrid-session is not built beside the tests (\(candidates[0].deletingLastPathComponent().path))")
    }
}

/// `gridsim check` of a trace, run by GridSim's own build: its exit status and what it printed.
struct GridSimCheck {
    let status: Int32
    let output: String

    /// GridSim's debug build, found from this package's folder, or `GRIDSIM`.
    static var executable: String {
        if let path = ProcessInfo.processInfo.environment["GRIDSIM"], !path.isEmpty { return path }
        return URL(fileURLWithPath: #filePath)  // …/Examples/SeedGrid/Tests/SeedGridTests/…
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("../../.build/debug/gridsim").standardizedFileURL.path
    }

    /// `executable`, or a failure that says how to build it.
    static func built() throws -> String {
        let gridsim = executable
        try #require(
            FileManager.default.isExecutableFile(atPath: gridsim),
            "gridsim is not built at \(gridsim): build it with `swift build --product gridsim` at GridSim's root (or set GRIDSIM to it)")
        return gridsim
    }

    init(_ tracePath: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Self.built())
        process.arguments = ["check", tracePath]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        status = process.terminationStatus
    }
}

/// A `seedgrid-session` process whose standard output is read as it runs: the last event
/// number it printed, at any moment.
final class SessionChild: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private var lastNumber = 0
    private var partialLine = ""
    private let outputEnded = DispatchSemaphore(value: 0)
    private let errorFile: URL

    init(_ executable: URL, _ arguments: [String]) throws {
        process.executableURL = executable
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("seedgrid-session-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading
        DispatchQueue.global().async { [self] in
            while case let data = output.availableData, !data.isEmpty { take(data) }
            outputEnded.signal()
        }
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: errorFile)
    }

    /// The last event number printed so far.
    var reported: Int { lock.withLock { lastNumber } }

    /// What it wrote on standard error.
    var errors: String { (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "" }

    private func take(_ data: Data) {
        lock.withLock {
            partialLine += String(decoding: data, as: UTF8.self)
            guard let end = partialLine.lastIndex(of: "\n") else { return }
            if let line = partialLine[..<end].split(separator: "\n").last, let number = Int(line) { lastNumber = number }
            partialLine = String(partialLine[partialLine.index(after: end)...])
        }
    }

    /// SIGKILLs it as soon as it has printed `number` (or has stopped, or after a minute),
    /// waits for it, and returns the last number it printed.
    func killWhenReported(_ number: Int) -> Int {
        let deadline = Date().addingTimeInterval(60)
        while reported < number && process.isRunning && Date() < deadline { usleep(100) }
        kill(process.processIdentifier, SIGKILL)
        // Polled: `waitUntilExit` runs a run loop that notices the end up to 50 ms late.
        while process.isRunning { usleep(200) }
        outputEnded.wait()
        return reported
    }

    /// Waits for it to end by itself; its exit status.
    func waitForExit() -> Int32 {
        process.waitUntilExit()
        outputEnded.wait()
        return process.terminationStatus
    }
}
