import Foundation
import SeededRandom
@_spi(GridSimInternals) import SelectionTrace
import SyntheticSessions
import TestSupport
import Testing

/// A recording process SIGKILLed at random moments: whatever it leaves reads back to an
/// event-for-event prefix of what it recorded, short by at most the loss window.
@Suite("Killing a recording process", .serialized)
struct KillRecorderTests {
    struct Run {
        var format: TraceFileFormat
        var flushEvents: Int
        var seed: UInt64
        var killAfterMilliseconds: Int
        /// Whether the kill clock starts when the trace file appears rather than when the process
        /// starts: a loaded machine can take longer than the delay to start a debug build, and
        /// such a kill says nothing about a recording. Every tenth run counts from the start, so
        /// kills before the trace exists are still among the runs.
        var countsFromTheTraceFile: Bool
    }

    /// 50 binary runs and 10 text runs, with commit windows of 1, 8 and 64 events (time-based
    /// commits pushed out of the way, so the count is the window) and kill moments spread from
    /// before the trace exists to well into the stream.
    static let runs: [Run] = {
        var random = SplitMix64(seed: 0x4B11_1ED)
        return (0..<60).map { index in
            Run(
                format: index < 50 ? .binary : .text, flushEvents: [1, 8, 64][index % 3], seed: UInt64(index),
                killAfterMilliseconds: Int.random(in: 5...450, using: &random), countsFromTheTraceFile: index % 10 != 0)
        }
    }()

    @Test func everyLeftoverReadsBackToAPrefixWithinTheLossWindow() throws {
        let directory = try GridSimProcess.temporaryDirectory()
        var runsWithEvents = 0
        var tornTails = 0
        var mostLost = 0
        var eventsKept = 0
        for run in Self.runs {
            let path = directory.appendingPathComponent("kill-\(run.seed).\(run.format.fileExtension)").path
            let photos = 5_000
            let child = try GridSimProcess.start([
                "record", "--photos", String(photos), "--events", "1000000", "--seed", String(run.seed), "--rate", "20000",
                "--flush-events", String(run.flushEvents), "--flush-ms", "600000", "--tee", path,
            ])
            if run.countsFromTheTraceFile {
                let deadline = Date().addingTimeInterval(30)
                while !FileManager.default.fileExists(atPath: path) && Date() < deadline {
                    Thread.sleep(forTimeInterval: 0.001)
                }
            }
            Thread.sleep(forTimeInterval: Double(run.killAfterMilliseconds) / 1000)
            child.signal(SIGKILL)
            let result = child.wait()
            let label = "run \(run.seed) (\(run.format), window \(run.flushEvents), killed after \(run.killAfterMilliseconds) ms)"
            #expect(result.reason == .uncaughtSignal && result.code == SIGKILL, "\(label): \(result.err)")

            // What was sent: the seeded session; what the recorder acknowledged: the tee.
            let acknowledged = try GridSimProcess.events(ofLines: result.out)
            let sent = Array(SyntheticSession(
                SessionSettings(photoCount: photos, seed: run.seed), eventCount: acknowledged.count + 1))
            #expect(acknowledged == Array(sent.prefix(acknowledged.count)), "\(label): the tee")

            guard FileManager.default.fileExists(atPath: path) else {
                // Killed before the trace was created: nothing had been recorded.
                #expect(acknowledged.isEmpty, "\(label)")
                continue
            }
            let leftover = try GridSimProcess.read(path)
            #expect(leftover.header.photos == .count(photos), "\(label)")
            let kept = leftover.events.count
            #expect(leftover.events == Array(sent.prefix(kept)), "\(label): not a prefix")
            // One event may be recorded (and committed) but not yet echoed when the kill lands.
            #expect(kept <= acknowledged.count + 1, "\(label)")
            #expect(acknowledged.count - kept <= run.flushEvents - 1, "\(label): lost \(acknowledged.count - kept) events")
            #expect(leftover.damage.allSatisfy { $0.kind == .tornTail }, "\(label)")
            #expect(!leftover.closed, "\(label)")
            if kept > 0 { runsWithEvents += 1 }
            mostLost = max(mostLost, acknowledged.count - kept)
            eventsKept += kept
            if !leftover.damage.isEmpty { tornTails += 1 }
        }
        // The kills landed mid-stream, not only before the first event.
        #expect(runsWithEvents >= 40, "only \(runsWithEvents) runs had recorded anything")
        print(
            "kill test: \(Self.runs.count) kills, \(runsWithEvents) left events (\(eventsKept) in all), "
                + "\(tornTails) torn tails, at most \(mostLost) acknowledged events lost")
        try? FileManager.default.removeItem(at: directory)
    }
}

