#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Asks the system to back a large, randomly accessed region with huge pages.
///
/// A probe of a `PhotoIDTable` index is a random access into megabytes of buckets: with
/// 4 KiB pages nearly every one misses the TLB as well as the cache, and the page walk costs
/// about as much as the miss. With 2 MiB pages (Linux transparent huge pages, when set to
/// `madvise` or `always`) the walk mostly disappears. Elsewhere, or when refused, nothing
/// changes: it is advice.
enum HugePages {
    /// The huge page size on the systems this advises (x86-64 and arm64 Linux).
    static let size = 2 << 20

    /// Advises huge pages for the whole huge pages inside `region`; call it before the region
    /// is first written. Regions under two huge pages are left alone. O(1).
    static func advise(_ region: UnsafeMutableRawBufferPointer) {
        #if os(Linux)
        guard region.count >= 2 * size, let base = region.baseAddress else { return }
        let start = (Int(bitPattern: base) + size - 1) & ~(size - 1)
        let end = (Int(bitPattern: base) + region.count) & ~(size - 1)
        guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(aligned, end - start, MADV_HUGEPAGE)
        #endif
    }
}

extension HugePages {
    /// An empty array with room for `capacity` elements, its storage advised onto huge pages
    /// (see `advise`) before anything is written to it. O(1) besides the allocation.
    @inline(__always)
    static func emptyArray<Element>(capacity: Int) -> [Element] {
        [Element](unsafeUninitializedCapacity: capacity) { storage, initialized in
            advise(UnsafeMutableRawBufferPointer(storage))
            initialized = 0
        }
    }

    /// `count` copies of `value`, the storage advised onto huge pages (see `advise`) before
    /// the copies are written. O(count). Inlined, so that a constant `value` is written as
    /// one `memset`.
    @inline(__always)
    static func array<Element>(repeating value: Element, count: Int) -> [Element] {
        [Element](unsafeUninitializedCapacity: count) { storage, initialized in
            advise(UnsafeMutableRawBufferPointer(storage))
            storage.initialize(repeating: value)
            initialized = count
        }
    }
}
