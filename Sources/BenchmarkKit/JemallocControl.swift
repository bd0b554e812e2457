import CJemalloc

/// The few `mallctl` calls the harness needs, with every pointer confined to this file.
///
/// Names are resolved once to MIBs (`mallctlnametomib`) so that reading a statistic later
/// neither parses a string nor allocates: a read between two allocation snapshots must not
/// disturb what it measures.
enum JemallocControl {
    /// `MALLCTL_ARENAS_ALL`: the pseudo-arena index that merges every arena.
    static let allArenas = 4096

    /// A resolved `mallctl` name.
    struct Key: Sendable {
        let name: String
        let mib: [Int]

        /// Nil when this jemalloc does not know the name (e.g. built without statistics).
        init?(_ name: String) {
            var mib = [Int](repeating: 0, count: 8)
            var length = mib.count
            let status = mib.withUnsafeMutableBufferPointer { buffer in
                mallctlnametomib(name, buffer.baseAddress, &length)
            }
            guard status == 0 else { return nil }
            self.name = name
            self.mib = Array(mib.prefix(length))
        }

        /// Reads an 8-byte statistic (`uint64_t` or `size_t`); nil if jemalloc refuses.
        func read() -> UInt64? {
            var value: UInt64 = 0
            var size = MemoryLayout<UInt64>.size
            let status = mib.withUnsafeBufferPointer { mib in
                mallctlbymib(mib.baseAddress, mib.count, &value, &size, nil, 0)
            }
            return status == 0 && size == MemoryLayout<UInt64>.size ? value : nil
        }

        /// Runs a command that takes no value (`thread.tcache.flush`, `arena.<i>.purge`).
        @discardableResult
        func run() -> Bool {
            mib.withUnsafeBufferPointer { mib in
                mallctlbymib(mib.baseAddress, mib.count, nil, nil, nil, 0)
            } == 0
        }

        /// Writes an 8-byte value (`epoch`).
        @discardableResult
        func write(_ value: UInt64) -> Bool {
            var value = value
            return mib.withUnsafeBufferPointer { mib in
                mallctlbymib(mib.baseAddress, mib.count, nil, nil, &value, MemoryLayout<UInt64>.size)
            } == 0
        }
    }

    /// Creates an arena and binds the calling thread to it; returns its index. From then on
    /// the thread's allocations, and only its, are counted in `stats.arenas.<index>.*`.
    static func bindCallingThreadToNewArena() -> Int? {
        var arena: UInt32 = 0
        var size = MemoryLayout<UInt32>.size
        guard mallctl("arenas.create", &arena, &size, nil, 0) == 0 else { return nil }
        guard mallctl("thread.arena", nil, nil, &arena, MemoryLayout<UInt32>.size) == 0 else { return nil }
        // The statistics of an arena exist for `mallctl` only after the next refresh.
        refreshStatistics()
        return Int(arena)
    }

    static let flushThreadCache = Key("thread.tcache.flush")
    static let epoch = Key("epoch")
    /// Allocation requests of small size classes (up to 14 KiB) served by `arena`.
    static func smallRequests(arena: Int) -> Key? { Key("stats.arenas.\(arena).small.nrequests") }
    /// Allocation requests of large size classes served by `arena`.
    static func largeRequests(arena: Int) -> Key? { Key("stats.arenas.\(arena).large.nrequests") }
    /// Bytes currently allocated by the application, all threads (net of frees).
    static let allocated = Key("stats.allocated")
    /// Bytes ever allocated by the calling thread (cumulative, never decreases).
    static let threadAllocated = Key("thread.allocated")
    /// Returns dirty pages of every arena to the kernel, so that resident memory reflects
    /// live data only.
    static let purgeAllArenas = Key("arena.\(allArenas).purge")

    /// Makes the merged statistics current: the calling thread's cache first gives its counts
    /// to its arena, then the epoch bump refreshes the snapshot that `stats.*` reads. Without
    /// the flush, allocations served from the thread cache would be missing.
    static func refreshStatistics() {
        flushThreadCache?.run()
        epoch?.write(1)
    }

    /// The version string jemalloc was built with.
    static var version: String {
        JEMALLOC_VERSION
    }
}
