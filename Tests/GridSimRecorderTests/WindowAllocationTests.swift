@testable import BenchmarkKit
import Foundation
import GridSimRecorder
@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
import SyntheticSessions
import Testing

/// Once the window is full, recording an event allocates nothing on the app's thread: its line
/// goes straight into the file's ring. Counted by jemalloc on this thread, each record on its
/// own, the least of five passes kept: another thread sharing the arena (other tests) can only
/// add. The reducer is left to run between passes, so that its work is not on this thread.
///
/// An unoptimised build allocates in any loop over an array (its iterators are not
/// specialised), so there the library changes, whose lines list photos, are left out; the
/// benchmark suite counts every event in the release build (`recorder/10K`).
@Suite("The window's append allocates nothing")
struct WindowAllocationTests {
    @Test("record, with and without seen, over 10K PhotoKit ids, the window full")
    func recordAllocatesNothing() throws {
        let session = SeenSession(photos: 10_000, events: 4_500, seed: 51)
        let directory = try RecorderScratch.directory()
        let recorder = try WindowRecorder(
            path: directory.appendingPathComponent("window.gswindow").path, grid: session.grid, capacity: 1_000,
            byteBudget: 8 << 20, reducesInBackground: false)
        session.record(into: recorder, events: 0..<2_500)
        var measured = Array(session.events[2_500..<4_500])
        #if DEBUG
        measured.removeAll { $0.event.name == .libraryChanged }
        #endif
        let counter = try #require(AllocationCounter.callingThread())
        var least = [UInt64](repeating: .max, count: measured.count)
        for pass in 0..<5 {
            recorder.reduceNow()
            for (index, event) in measured.enumerated() {
                let seen = pass % 2 == 0 ? event.seen : nil
                let before = counter.snapshot()
                recorder.record(event.event, seen: seen, t: event.t)
                let delta = AllocationCounter.delta(from: before, to: counter.snapshot())
                least[index] = min(least[index], delta.allocations)
            }
        }
        #expect(measured.count > 1_500)
        let allocating = least.indices.filter { least[$0] > 0 }.map { (measured[$0].event.name, least[$0]) }
        #expect(allocating.isEmpty, "\(allocating.prefix(5))")
        #expect(recorder.ringUse.events - recorder.ringUse.windowStart + 1 == 1_000)
        try recorder.close()
    }
}
