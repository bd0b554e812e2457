/// Allocation totals at one moment, read from jemalloc.
public struct AllocationSnapshot: Sendable, Equatable {
    /// Requests for small size classes (up to 14 KiB).
    public var smallRequests: UInt64
    /// Requests for large size classes.
    public var largeRequests: UInt64
    /// Bytes ever allocated by the calling thread (cumulative).
    public var threadAllocatedBytes: UInt64
    /// Bytes currently allocated by the whole process (net).
    public var liveBytes: UInt64

    public var requests: UInt64 { smallRequests &+ largeRequests }
}

/// What happened between two snapshots.
public struct AllocationDelta: Sendable, Equatable {
    /// Allocation requests made.
    public var allocations: UInt64
    /// Bytes allocated by this thread (every allocation counted, freed or not).
    public var allocatedBytes: UInt64
    /// Change in the process's live bytes (what stayed allocated); may be negative.
    public var retainedBytes: Int64

    public static let zero = AllocationDelta(allocations: 0, allocatedBytes: 0, retainedBytes: 0)
}

/// Counts allocations with jemalloc's statistics.
///
/// Counts are requests (`small.nrequests + large.nrequests`), read after a thread-cache flush
/// and an `epoch` bump (package-benchmark's recipe), so they include every `malloc`,
/// `calloc`, `realloc` and `posix_memalign` made, the Swift runtime's too
/// (`swift_allocObject` ends in `malloc`). That holds only because the executable links
/// jemalloc and so takes `malloc` over from the C library; `isRoutingSwiftAllocations`
/// checks it. Bytes are the calling thread's `thread.allocated` (cumulative).
///
/// Two scopes: `process` reads `stats.arenas.4096.*` (`MALLCTL_ARENAS_ALL`), every arena:
/// exact for the single-threaded benchmark executable. `callingThread()` gives the calling
/// thread an arena of its own and reads only that one: exact even while other threads
/// allocate (tests running in parallel), as long as it is used on that thread.
public struct AllocationCounter: Sendable {
    private let small: JemallocControl.Key
    private let large: JemallocControl.Key
    /// The arena read: 4096 for all of them, or the calling thread's own.
    public let arena: Int

    private init?(arena: Int) {
        guard let small = JemallocControl.smallRequests(arena: arena), small.read() != nil,
              let large = JemallocControl.largeRequests(arena: arena)
        else { return nil }
        self.small = small
        self.large = large
        self.arena = arena
        // Swift initialises globals on first use, and these allocate (their name and MIB):
        // touch them now, not between the two snapshots of a measurement.
        _ = (JemallocControl.flushThreadCache, JemallocControl.epoch)
        _ = (JemallocControl.threadAllocated, JemallocControl.allocated)
    }

    /// Every arena (`MALLCTL_ARENAS_ALL`); nil when jemalloc is missing or has no statistics.
    public static let process = AllocationCounter(arena: JemallocControl.allArenas)

    /// Binds the calling thread to a new arena and counts that arena only; nil when jemalloc
    /// refuses. Snapshots must be taken on the same thread.
    public static func callingThread() -> AllocationCounter? {
        JemallocControl.bindCallingThreadToNewArena().flatMap { AllocationCounter(arena: $0) }
    }

    /// Whether jemalloc answered with statistics (it is linked and built with `--enable-stats`).
    public static var isAvailable: Bool { process != nil }

    /// The linked jemalloc's version.
    public static var jemallocVersion: String { JemallocControl.version }

    /// Current totals. Costs a thread-cache flush and a statistics refresh (microseconds) and
    /// allocates nothing through `malloc` (the names were resolved to MIBs beforehand): safe
    /// on both sides of the code being counted.
    public func snapshot() -> AllocationSnapshot {
        JemallocControl.refreshStatistics()
        return AllocationSnapshot(
            smallRequests: small.read() ?? 0,
            largeRequests: large.read() ?? 0,
            threadAllocatedBytes: JemallocControl.threadAllocated?.read() ?? 0,
            liveBytes: JemallocControl.allocated?.read() ?? 0)
    }

    /// Counts what `body` allocates.
    public func measure(_ body: () -> Void) -> AllocationDelta {
        let before = snapshot()
        body()
        return Self.delta(from: before, to: snapshot())
    }

    public static func delta(from before: AllocationSnapshot, to after: AllocationSnapshot) -> AllocationDelta {
        AllocationDelta(
            allocations: after.requests &- before.requests,
            allocatedBytes: after.threadAllocatedBytes &- before.threadAllocatedBytes,
            retainedBytes: Int64(bitPattern: after.liveBytes &- before.liveBytes))
    }

    /// A self-check of the whole chain: creating `count` class instances must raise the
    /// request count by at least `count`, which only happens when Swift's allocations reach
    /// jemalloc rather than the C library's `malloc`.
    public func isRoutingSwiftAllocations(count: Int = 1000) -> Bool {
        var kept: [AllocationProbe] = []
        kept.reserveCapacity(count)
        let delta = measure {
            for index in 0..<count { kept.append(AllocationProbe(index)) }
        }
        blackHole(kept)
        return delta.allocations >= UInt64(count)
    }

    /// Gives freed memory back to the kernel (all arenas), so that resident-memory readings
    /// that follow start from live data only.
    public static func releaseFreeMemory() {
        JemallocControl.flushThreadCache?.run()
        JemallocControl.purgeAllArenas?.run()
    }
}
