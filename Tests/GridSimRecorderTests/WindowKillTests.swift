import Dispatch
import Foundation
import GridSimRecorder
@_spi(GridSimInternals) import SelectionCore
import SeededRandom
@_spi(GridSimInternals) import SelectionTrace
import Synchronization
import TestSupport
import Testing

/// A process recording a window, SIGKILLed at random moments, 200 times: every file it leaves
/// recovers to a window that reads, replays from its start state with every `seen` agreeing,
/// and holds every event the process had recorded (reported on its standard output) before
/// the kill. Two children run at a time, to keep the test within 20 s on two cores.
@Suite("Killing a process that records a window", .serialized)
struct WindowKillTests {
    static let kills = 200
    static let photos = 500
    static let seeds: [UInt64] = [0, 1, 2, 3]
    /// Events each child is given; a child that records them all closes its window and exits.
    static let sessionEvents = 1_500
    /// The least budget for the grid: a ring of 16 KiB, which a child wraps in about 90 events.
    static let smallBudget = WindowRecorder.minimumByteBudget(for: sessions[seeds[0]]!.grid)

    struct Kill: Sendable {
        var index: Int
        var seed: UInt64
        var capacity: Int
        /// The least budget (a 16 KiB ring), else the default one.
        var smallRing: Bool
        var delayMilliseconds: Int
    }

    static let plan: [Kill] = {
        var random = SplitMix64(seed: 0x5EED_C0DE)
        return (0..<kills).map { index in
            Kill(
                index: index, seed: seeds[index % seeds.count], capacity: [16, 64, 1_000][index % 3],
                smallRing: index % 2 == 1, delayMilliseconds: index % 10 == 0 ? 0 : random.int(in: 1...70))
        }
    }()

    /// The sessions the children record, as the parent regenerates them (the same seeds).
    static let sessions: [UInt64: SeenSession] = {
        var sessions: [UInt64: SeenSession] = [:]
        for seed in seeds {
            sessions[seed] = SeenSession(photos: photos, events: sessionEvents, seed: seed, limit: seed % 3 == 0 ? 12 : nil)
        }
        return sessions
    }()

    static var executable: URL? {
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent("gridsim-recorder-soak"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("gridsim-recorder-soak"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    struct Outcome: Sendable {
        /// The window had lost its first events: the reducer had checkpointed past them.
        var wrapped = false
        /// Enough events for the 16 KiB ring to have wrapped.
        var ringWrapped = false
        var windowEvents = 0
        var failures: [String] = []
    }

    @Test func everyKilledWindowRecoversWithEveryCommittedEvent() throws {
        let soak = try #require(Self.executable, "gridsim-recorder-soak is not built beside the tests")
        let directory = try RecorderScratch.directory()
        _ = Self.sessions
        let outcomes = Mutex<[Outcome]>([])
        let started = Date()
        DispatchQueue.concurrentPerform(iterations: 2) { lane in
            for kill in Self.plan where kill.index % 2 == lane {
                let outcome = Self.run(kill, soak: soak, directory: directory)
                outcomes.withLock { $0.append(outcome) }
            }
        }
        let all = outcomes.withLock { $0 }
        for failure in all.flatMap(\.failures) { Issue.record(Comment(rawValue: failure)) }
        let wrapped = all.filter(\.wrapped).count
        #expect(all.count == Self.kills)
        let ringWrapped = all.filter(\.ringWrapped).count
        #expect(wrapped >= Self.kills / 4, "only \(wrapped) kills came after the window was full")
        #expect(ringWrapped >= Self.kills / 20, "only \(ringWrapped) kills came after the ring wrapped")
        print(
            "window kill test: \(all.count) kills in \(String(format: "%.1f", Date().timeIntervalSince(started))) s, "
                + "\(wrapped) after the window filled, \(ringWrapped) after the ring wrapped, "
                + "\(all.map(\.windowEvents).reduce(0, +)) window events checked")
    }

    /// One child: started, killed after the delay, its window recovered and checked.
    static func run(_ kill: Kill, soak: URL, directory: URL) -> Outcome {
        var outcome = Outcome()
        let label = "kill \(kill.index) (seed \(kill.seed), window \(kill.capacity), \(kill.smallRing ? "small ring" : "default budget"), after \(kill.delayMilliseconds) ms)"
        do {
            let path = directory.appendingPathComponent("kill-\(kill.index).gswindow").path
            var arguments = [path, String(photos), String(kill.seed), String(kill.capacity), String(sessionEvents)]
            if kill.smallRing { arguments.append(String(smallBudget)) }
            let child = try KilledChild(soak, arguments)
            let deadline = Date().addingTimeInterval(30)
            while !FileManager.default.fileExists(atPath: path) && Date() < deadline && child.isRunning {
                usleep(500)
            }
            usleep(UInt32(kill.delayMilliseconds * 1_000))
            let output = child.killAndWait()
            let reported = output.split(separator: "\n").compactMap { Int($0) }.last ?? 0
            guard let window = try WindowRecorder.recover(at: path) else {
                if reported > 0 { outcome.failures.append("\(label): no window file after \(reported) events") }
                return outcome
            }
            try check(window, reported: reported, kill: kill, label: label, path: path, outcome: &outcome)
        } catch {
            outcome.failures.append("\(label): \(error)")
        }
        return outcome
    }

    static func check(_ window: RecoveredWindow, reported: Int, kill: Kill, label: String, path: String, outcome: inout Outcome) throws {
        let session = sessions[kill.seed]!
        let last = window.sessionEventCount
        // One event may be recorded but not yet reported when the kill lands.
        guard last >= reported && last <= reported + 1 else {
            outcome.failures.append("\(label): the window ends at event \(last), the child had reported \(reported)")
            return
        }
        try window.writeTrace(to: path + ".jsonl")
        let replayed = try ReplayedWindow(path: path + ".jsonl")
        let first = window.firstEventNumber
        let expected = Array(session.events[(first - 1)..<last])
        if replayed.trace.events != expected {
            outcome.failures.append("\(label): the window's events are not events \(first)…\(last) of the session")
        }
        if let departure = replayed.departure {
            outcome.failures.append("\(label): step \(departure.step) of the window departs from SPEC.md: \(departure.1)")
        }
        if window.eventCount > kill.capacity {
            outcome.failures.append("\(label): a window of \(window.eventCount) events, above its capacity")
        }
        var engine = FastEngine(configuration: session.header.configuration)
        for event in session.events[..<(first - 1)] { _ = engine.apply(event.event) }
        if engine.isDragging { outcome.failures.append("\(label): the window begins inside a drag") }
        for event in session.events[(first - 1)..<last] { _ = engine.apply(event.event) }
        if replayed.finalState != engine.state {
            outcome.failures.append("\(label): the window replays to another state than the session's after event \(last)")
        }
        outcome.wrapped = first > 1
        outcome.ringWrapped = kill.smallRing && last > 100
        outcome.windowEvents = window.eventCount
    }
}

/// A child whose standard output is read as it runs (so a full pipe never blocks it).
final class KilledChild: @unchecked Sendable {
    private let process = Process()
    private let done = DispatchSemaphore(value: 0)
    private var output = Data()

    init(_ executable: URL, _ arguments: [String]) throws {
        process.executableURL = executable
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        DispatchQueue.global().async { [self] in
            output = pipe.fileHandleForReading.readDataToEndOfFile()
            done.signal()
        }
    }

    var isRunning: Bool { process.isRunning }

    /// SIGKILLs the child, waits for it, and returns what it printed.
    func killAndWait() -> String {
        kill(process.processIdentifier, SIGKILL)
        // Polled: `waitUntilExit` runs a run loop that notices the end up to 50 ms late.
        while process.isRunning { usleep(200) }
        done.wait()
        return String(decoding: output, as: UTF8.self)
    }
}
