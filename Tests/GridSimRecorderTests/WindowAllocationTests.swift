@testable import BenchmarkKit
import Foundation
import GridSimRecorder
@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
import SyntheticSessions
import Testing

/// Once the window is full, recording an event allocates nothing on the app's thread: its line
/// goes straight into the file's ring. Counted by jemalloc on this thread, each record on its
/// own, the least of five passes kept: another thread sharing the arena (the reducer, other
/// tests) can only add.
@Suite("The window's append allocates nothing")
struct WindowAllocationTests {
    @Test("record, with and without seen, over 10K PhotoKit ids, the window full and the ring wrapping")
    func recordAllocatesNothing() throws {
        let session = SeenSession(photos: 10_000, events: 6_000, seed: 51)
        let directory = try RecorderScratch.directory()
        let recorder = try WindowRecorder(
            path: directory.appendingPathComponent("window.gswindow").path, grid: session.grid, capacity: 1_000,
            reducesInBackground: true)
        // Fill the window and wrap the ring a few times.
        session.record(into: recorder, events: 0..<4_000)
        let measured = Array(session.events[4_000..<6_000])
        let counter = try #require(AllocationCounter.callingThread())
        var least = [UInt64](repeating: .max, count: measured.count)
        for pass in 0..<5 {
            for (index, event) in measured.enumerated() {
                let seen = pass % 2 == 0 ? event.seen : nil
                let before = counter.snapshot()
                recorder.record(event.event, seen: seen, t: event.t)
                let delta = AllocationCounter.delta(from: before, to: counter.snapshot())
                least[index] = min(least[index], delta.allocations)
            }
        }
        let allocating = least.enumerated().filter { $0.element > 0 }
        #expect(allocating.isEmpty, "\(allocating.prefix(5).map { (measured[$0.offset].event, $0.element) })")
        try recorder.close()
    }
}
