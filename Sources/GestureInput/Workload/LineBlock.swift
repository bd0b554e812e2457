/// A block of trace text filled line by line: room for a line is made once (`cursor(atMost:)`),
/// the line goes in through the `ByteCursor`, and `commit` takes what it wrote. A class that
/// owns its memory, so that no line is written through a closure or a copy-on-write check.
final class LineBlock {
    private var storage: UnsafeMutableBufferPointer<UInt8>
    /// Bytes written since the last `removeAll()`.
    private(set) var count = 0

    init(capacity: Int) {
        storage = .allocate(capacity: Swift.max(capacity, 1))
    }

    deinit {
        storage.deallocate()
    }

    /// A cursor after the bytes written, with room for `maximumCount` more; valid until the
    /// next call on the block. O(1), plus O(count) when the block has to grow.
    func cursor(atMost maximumCount: Int) -> ByteCursor {
        let needed = count + maximumCount
        if needed > storage.count {
            let grown = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Swift.max(needed, 2 * storage.count))
            if count > 0 { grown.baseAddress!.initialize(from: storage.baseAddress!, count: count) }
            storage.deallocate()
            storage = grown
        }
        return ByteCursor(UnsafeMutableBufferPointer(rebasing: storage[..<needed]), at: count)
    }

    /// Takes the bytes `cursor` (from `cursor(atMost:)`) wrote. O(1).
    func commit(_ cursor: ByteCursor) {
        precondition(cursor.position >= count && cursor.position <= storage.count, "a cursor of another block")
        count = cursor.position
    }

    /// The bytes written. O(1) plus `body`.
    func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: storage[..<count])))
    }

    func removeAll() {
        count = 0
    }
}
