import Testing
@testable import BenchmarkKit

/// Proof that linking jemalloc routes Swift's allocations through it, so that its counts
/// are the program's. Counts are taken on the calling thread's own arena because other
/// tests allocate on other threads at the same time; jemalloc may still let another thread
/// share that arena, which can only add to a count, so exact counts are the least of a few
/// attempts.
@Suite("Allocation counts from jemalloc")
struct AllocationCounterTests {
    @Test("jemalloc is linked and has statistics")
    func available() {
        #expect(AllocationCounter.isAvailable)
        #expect(AllocationCounter.jemallocVersion.hasPrefix("5."))
    }

    @Test("allocating N class instances raises the count by at least N", arguments: [1, 100, 10_000])
    func classInstances(count: Int) throws {
        let counter = try #require(AllocationCounter.callingThread())
        var kept: [AllocationProbe] = []
        kept.reserveCapacity(count)
        let delta = counter.measure {
            for index in 0..<count { kept.append(AllocationProbe(index)) }
        }
        blackHole(kept)
        #expect(delta.allocations >= UInt64(count))
        #expect(delta.allocatedBytes >= UInt64(count * 16))
    }

    @Test("a loop of pure integer arithmetic raises it by 0")
    func arithmetic() throws {
        let counter = try #require(AllocationCounter.callingThread())
        var total = 0
        let delta = leastOf(5) {
            counter.measure {
                for value in 0..<1_000_000 { total = total &* 31 &+ value }
            }
        }
        blackHole(total)
        #expect(delta.allocations == 0)
        #expect(delta.allocatedBytes == 0)
    }

    @Test("two snapshots in a row differ by nothing: reading the counters does not allocate")
    func snapshotsDoNotAllocate() throws {
        let counter = try #require(AllocationCounter.callingThread())
        let delta = leastOf(5) { counter.measure {} }
        #expect(delta.allocations == 0)
        #expect(delta.allocatedBytes == 0)
    }

    @Test("a growing array counts its reallocations; a large buffer counts as one large request")
    func arraysAndLargeBuffers() throws {
        let counter = try #require(AllocationCounter.callingThread())
        let small = leastOf(5) { counter.measure { blackHole([Int](repeating: 1, count: 4)) } }
        #expect(small.allocations == 1)
        let large = counter.snapshot()
        blackHole([UInt8](repeating: 1, count: 1 << 20))
        let after = counter.snapshot()
        #expect(after.largeRequests - large.largeRequests == 1)
        #expect(after.smallRequests == large.smallRequests)
    }

    @Test("the all-arenas counter sees this thread's allocations too")
    func processScope() throws {
        let counter = try #require(AllocationCounter.process)
        #expect(counter.arena == 4096)
        #expect(counter.isRoutingSwiftAllocations(count: 500))
    }

    @Test("resident memory and its peak are readable and can be restarted")
    func residentMemory() throws {
        let window = ResidentMemory.startPeakWindow()
        let buffer = [UInt8](repeating: 7, count: 64 << 20)
        blackHole(buffer)
        let result = window.finish()
        #expect(window.isPerBenchmark)  // Linux ≥ 4.0 lets a process reset its own peak
        #expect(result.growthBytes >= 60 << 20)
        #expect(try #require(ResidentMemory.current()) > 0)
    }
}

/// The measurement with the fewest allocations among `attempts`: allocations by a thread that
/// shares the arena only ever add, so the least is the measured code's own.
private func leastOf(_ attempts: Int, _ measure: () -> AllocationDelta) -> AllocationDelta {
    (0..<attempts).map { _ in measure() }.min { ($0.allocations, $0.allocatedBytes) < ($1.allocations, $1.allocatedBytes) }!
}
