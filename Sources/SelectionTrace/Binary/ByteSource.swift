#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A sliding window over a file (or bytes in memory) for a streaming reader: it holds the
/// unread bytes of the current stretch, refills from the file as the reader asks for more,
/// and never holds more than the largest record asked for plus one read's worth.
///
/// Memory grows only as bytes actually arrive, never by what a length field claims: asking
/// for 60 MiB near the end of a 1 KiB file reads to the end and says no, having allocated
/// nothing beyond the first read buffer.
///
/// The raw storage is confined to this class; `pointer` is valid until the next `request`.
final class ByteSource {
    private var storage: UnsafeMutableRawPointer
    private var capacity: Int
    /// The first unread byte, as an index into `storage`.
    private var start = 0
    /// One past the last byte read into `storage`.
    private var end = 0
    /// The file offset of `storage[0]`.
    private var storageOffset = 0
    private(set) var reachedEnd: Bool
    private let fileDescriptor: Int32
    private let ownsDescriptor: Bool
    private let path: String?

    /// The size of one read from the file, by default.
    static let readSize = 1 << 20
    /// The size of one read from the file.
    private let readSize: Int

    /// Reads `path`; the file is closed when the source goes away.
    init(path: String) throws {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw TraceFileError.cannotOpen(path) }
        fileDescriptor = descriptor
        ownsDescriptor = true
        self.path = path
        readSize = Self.readSize
        capacity = Self.readSize
        storage = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        reachedEnd = false
    }

    /// Reads an open file from its current offset, `readSize` bytes at a time; the caller
    /// keeps the descriptor open while the source reads and closes it afterwards.
    init(borrowing descriptor: Int32, name: String, readSize: Int = ByteSource.readSize) {
        fileDescriptor = descriptor
        ownsDescriptor = false
        path = name
        self.readSize = readSize
        capacity = readSize
        storage = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        reachedEnd = false
    }

    /// Reads bytes already in memory (copied once).
    init(bytes: some Collection<UInt8>) {
        fileDescriptor = -1
        ownsDescriptor = false
        readSize = Self.readSize
        path = nil
        capacity = max(bytes.count, 16)
        storage = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        UnsafeMutableRawBufferPointer(start: storage, count: capacity).copyBytes(from: bytes)
        end = bytes.count
        reachedEnd = true
    }

    deinit {
        storage.deallocate()
        if fileDescriptor >= 0 && ownsDescriptor { close(fileDescriptor) }
    }

    /// How many unread bytes are in the window now.
    @inline(__always) var available: Int { end - start }

    /// The file offset of the next unread byte.
    @inline(__always) var offset: Int { storageOffset + start }

    /// The next unread byte's address; valid until the next `request`.
    @inline(__always) var pointer: UnsafeRawPointer { UnsafeRawPointer(storage + start) }

    /// The unread byte at `index` (which must be below `available`).
    @inline(__always) subscript(index: Int) -> UInt8 {
        storage.load(fromByteOffset: start + index, as: UInt8.self)
    }

    /// Makes at least `count` unread bytes available if the input has that many; returns
    /// whether it does. Amortised O(bytes read).
    @inline(__always)
    func request(_ count: Int) throws -> Bool {
        if end - start >= count { return true }
        return try fill(toAtLeast: count)
    }

    /// Marks `count` bytes as read.
    @inline(__always)
    func consume(_ count: Int) {
        start += count
    }

    /// The offset, from the read position, of the first `byte` among the next `count`
    /// unread bytes (which must be available), or nil. O(count), with `memchr`.
    @inline(__always)
    func firstIndex(of byte: UInt8, from start: Int, count: Int) -> Int? {
        guard count > 0, let found = memchr(pointer + start, Int32(byte), count) else { return nil }
        return UnsafeRawPointer(found) - pointer
    }

    /// Marks every byte as read up to the end of the input, returning how many there were.
    func consumeToEnd() throws -> Int {
        var skipped = 0
        while true {
            skipped += available
            start = end
            if reachedEnd { return skipped }
            _ = try fill(toAtLeast: 1)
            if available == 0 { return skipped }
        }
    }

    private func fill(toAtLeast count: Int) throws -> Bool {
        while end - start < count && !reachedEnd {
            if start > 0 {
                // Keep the unread tail, drop what was read: a move of less than a record.
                let unread = end - start
                storage.copyMemory(from: storage + start, byteCount: unread)
                storageOffset += start
                start = 0
                end = unread
            }
            if end == capacity {
                // A record longer than the window: grow by doubling, as bytes arrive.
                let grown = UnsafeMutableRawPointer.allocate(byteCount: capacity * 2, alignment: 16)
                grown.copyMemory(from: storage, byteCount: end)
                storage.deallocate()
                storage = grown
                capacity *= 2
            }
            let wanted = min(capacity - end, max(readSize, count - (end - start)))
            let got = read(fileDescriptor, storage + end, wanted)
            if got < 0 {
                if errno == EINTR { continue }
                throw TraceReadError(path: path ?? "input", code: errno)
            }
            if got == 0 {
                reachedEnd = true
            } else {
                end += got
            }
        }
        return end - start >= count
    }
}

/// Reading a trace file failed part way (an I/O error, not damage in the trace).
@_spi(GridSimInternals) public struct TraceReadError: Error, Hashable, Sendable, CustomStringConvertible {
    @_spi(GridSimInternals) public var path: String
    @_spi(GridSimInternals) public var code: Int32

    @_spi(GridSimInternals) public var description: String {
        "\(path): read failed: \(String(cString: strerror(code)))"
    }
}
