import Foundation
import GridSimRecorder
@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
@_spi(GridSimInternals) import SelectionTrace
import SeededRandom
import Testing

/// After the recorder is gone: the next launch finds the window in the file, says whether the
/// run closed it, and writes a trace that reads and replays; a file that is not a window
/// file, or is torn, is a clear error.
@Suite("Recovering a window")
struct WindowRecoveryTests {
    /// Records `session`'s events into a recorder at `path` and drops it without closing it, as
    /// a crash would (or closes it); returns the window the live recorder wrote just before.
    static func record(_ session: SeenSession, at path: String, capacity: Int, budget: Int? = nil, closing: Bool) throws -> Trace {
        let output = path + ".live.jsonl"
        let recorder = try WindowRecorder(path: path, grid: session.grid, limit: session.limit, capacity: capacity, byteBudget: budget, reducesInBackground: true)
        session.record(into: recorder)
        try recorder.writeWindow(to: output)
        if closing { try recorder.close() }
        return try Trace(contentsOfFile: output)
    }

    @Test("a recorder dropped without close: not closed cleanly, and the same window as the live one", arguments: [false, true])
    func droppedOrClosed(closing: Bool) throws {
        let session = SeenSession(photos: 2_000, events: 4_000, seed: 31, limit: closing ? nil : 9)
        let directory = try RecorderScratch.directory()
        let path = directory.appendingPathComponent("window.gswindow").path
        let live = try Self.record(session, at: path, capacity: 1_000, budget: 500_000, closing: closing)
        let recovered = try #require(try WindowRecorder.recover(at: path))
        #expect(recovered.previousRunClosedCleanly == closing)
        #expect(recovered.sessionEventCount == 4_000)
        #expect(recovered.eventCount == live.events.count)
        #expect(recovered.firstEventNumber == 4_000 - live.events.count + 1)
        let output = directory.appendingPathComponent("recovered.jsonl").path
        try recovered.writeTrace(to: output)
        let window = try ReplayedWindow(path: output)
        #expect(window.trace.events == live.events)
        #expect(window.trace.header.start == live.header.start)
        #expect(window.trace.header.photos == live.header.photos)
        #expect(window.finalState == session.finalState)
        #expect(window.departure == nil)
        #expect(window.trace.header.meta?["closedCleanly"] == .bool(closing))
    }

    @Test("recovering twice gives the same window, and a new recorder replaces the file")
    func recoverThenRecordAgain() throws {
        let session = SeenSession(photos: 500, events: 3_000, seed: 32)
        let directory = try RecorderScratch.directory()
        let path = directory.appendingPathComponent("window.gswindow").path
        _ = try Self.record(session, at: path, capacity: 200, closing: false)
        let first = try #require(try WindowRecorder.recover(at: path))
        let second = try #require(try WindowRecorder.recover(at: path))
        #expect(first.eventCount == second.eventCount && first.firstEventNumber == second.firstEventNumber)
        let recorder = try WindowRecorder(path: path, grid: session.grid, capacity: 200, reducesInBackground: true)
        recorder.record(.select)
        try recorder.close()
        let next = try #require(try WindowRecorder.recover(at: path))
        #expect(next.previousRunClosedCleanly && next.eventCount == 1 && next.sessionEventCount == 1)
        let output = directory.appendingPathComponent("first.jsonl").path
        try first.writeTrace(to: output)
        #expect(try ReplayedWindow(path: output).finalState == session.finalState)
    }

    @Test("no file: nil; a file that is not a window file: an error that says so")
    func notAWindowFile() throws {
        let directory = try RecorderScratch.directory()
        #expect(try WindowRecorder.recover(at: directory.appendingPathComponent("missing.gswindow").path) == nil)
        for (name, contents) in [("empty", Data()), ("text", Data("{\"trace\":\"photo-grid-selection\"}\n".utf8)),
                                 ("zeros", Data(count: 100_000))] {
            let path = directory.appendingPathComponent(name).path
            try contents.write(to: URL(fileURLWithPath: path))
            #expect {
                _ = try WindowRecorder.recover(at: path)
            } throws: { error in
                guard let error = error as? RecorderError, case .notAWindowFile = error.kind else { return false }
                return error.description.hasPrefix("\(path): not a window file: ")
            }
        }
        #expect(throws: RecorderError.self) { try WindowRecorder.recover(at: directory.path) }
    }

    @Test("a torn or damaged file is a clear error, never a crash")
    func tornFiles() throws {
        let session = SeenSession(photos: 300, events: 1_500, seed: 33)
        let directory = try RecorderScratch.directory()
        let path = directory.appendingPathComponent("window.gswindow").path
        _ = try Self.record(session, at: path, capacity: 300, budget: 250_000, closing: true)
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        let damaged = directory.appendingPathComponent("damaged.gswindow").path
        // Cut short anywhere.
        for length in [10, 4_096, 5_000, whole.count / 2, whole.count - 1] {
            try whole.prefix(length).write(to: URL(fileURLWithPath: damaged))
            #expect(throws: RecorderError.self, "cut to \(length) bytes") { try WindowRecorder.recover(at: damaged) }
        }
        // Bytes overwritten anywhere: an error or a window that still reads, never a crash.
        var random = SplitMix64(seed: 33)
        var errors = 0
        for _ in 0..<120 {
            var bytes = whole
            let offset = random.int(below: bytes.count)
            bytes[offset] ^= UInt8(truncatingIfNeeded: 1 + random.int(below: 255))
            try bytes.write(to: URL(fileURLWithPath: damaged))
            do {
                if let window = try WindowRecorder.recover(at: damaged) {
                    try window.writeTrace(to: damaged + ".jsonl")
                    _ = try Trace(contentsOfFile: damaged + ".jsonl")
                }
            } catch let error as RecorderError {
                errors += 1
                #expect(error.description.hasPrefix(damaged), "\(error)")
            }
        }
        #expect(errors > 0)
        // The superblock's counters pointing past what was written.
        var bytes = whole
        bytes.withUnsafeMutableBytes { $0.storeBytes(of: UInt64.max / 4, toByteOffset: 264, as: UInt64.self) }
        try bytes.write(to: URL(fileURLWithPath: damaged))
        #expect(throws: RecorderError.self) { try WindowRecorder.recover(at: damaged) }
    }
}
