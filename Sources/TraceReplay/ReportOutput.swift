@_spi(GridSimInternals) import SelectionTrace

/// Where a streamed report goes: bytes gathered in a buffer and handed to a sink in blocks of
/// about `blockSize`, so that a report of hundreds of megabytes is written as it is made and
/// never held whole.
///
/// The buffer is handed over only between whole pieces (`flushIfFull`, `flush`), never inside
/// a UTF-8 sequence, so a sink may turn each block into a `String` on its own. One piece
/// larger than a block (a step that deletes a million photos) is handed over whole: memory is
/// bounded by the largest piece, which is bounded by the grid.
@_spi(GridSimInternals) public struct ReportOutput {
    @_spi(GridSimInternals) public typealias Sink = (UnsafeRawBufferPointer) throws -> Void

    private var buffer: [UInt8] = []
    private let blockSize: Int
    private let sink: Sink
    /// Bytes handed to the sink so far.
    @_spi(GridSimInternals) public private(set) var bytesFlushed = 0

    @_spi(GridSimInternals) public static let defaultBlockSize = 1 << 16

    @_spi(GridSimInternals) public init(blockSize: Int = ReportOutput.defaultBlockSize, sink: @escaping Sink) {
        precondition(blockSize >= 1, "a block holds at least a byte")
        self.blockSize = blockSize
        self.sink = sink
        // Room for a block and the step that overflows it, unless the block is unbounded.
        if blockSize <= 1 << 24 { buffer.reserveCapacity(blockSize + blockSize / 2) }
    }

    /// Bytes written so far, flushed or not.
    @_spi(GridSimInternals) public var bytesWritten: Int { bytesFlushed + buffer.count }

    /// Hands the buffer to the sink if it holds a block. O(1) unless it does.
    @inline(__always)
    @_spi(GridSimInternals) public mutating func flushIfFull() throws {
        if buffer.count >= blockSize { try flush() }
    }

    /// Hands everything buffered to the sink.
    @_spi(GridSimInternals) public mutating func flush() throws {
        guard !buffer.isEmpty else { return }
        try buffer.withUnsafeBytes { try sink($0) }
        bytesFlushed += buffer.count
        buffer.removeAll(keepingCapacity: true)
    }

    /// Appends `text` as UTF-8. O(length).
    @inline(__always)
    @_spi(GridSimInternals) public mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { buffer.append(contentsOf: $0) }
    }

    /// Appends one ASCII byte.
    @inline(__always)
    @_spi(GridSimInternals) public mutating func write(byte: UInt8) {
        buffer.append(byte)
    }

    /// Appends a static ASCII string (a key, a punctuation run).
    @inline(__always)
    @_spi(GridSimInternals) public mutating func write(_ text: StaticString) {
        text.withUTF8Buffer { buffer.append(contentsOf: $0) }
    }

    /// Appends `value` in decimal, as `String(value)` writes it. O(digits), no allocation.
    @_spi(GridSimInternals) public mutating func write(integer value: Int) {
        if value < 0 {
            buffer.append(UInt8(ascii: "-"))
            // The magnitude of Int.min does not fit an Int; UInt holds it.
            writeDigits(value.magnitude)
        } else {
            writeDigits(UInt(value))
        }
    }

    private mutating func writeDigits(_ value: UInt) {
        if value < 10 {
            buffer.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { bytes in
            while rest > 0 {
                bytes[23 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            }
            buffer.append(contentsOf: bytes[(24 - count)...])
        }
    }

    /// Appends `value` as a JSON string literal, escaped exactly as `JSONWriter` escapes it:
    /// `"`, `\`, and control characters; everything else as UTF-8. O(length).
    @_spi(GridSimInternals) public mutating func write(quoted value: String) {
        var value = value
        value.withUTF8 { JSONStringBytes.appendQuoted(UnsafeRawBufferPointer($0), to: &buffer) }
    }

    /// Appends `["a","b",…]`.
    @_spi(GridSimInternals) public mutating func write(quotedList values: [String]) {
        buffer.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { buffer.append(UInt8(ascii: ",")) }
            write(quoted: value)
        }
        buffer.append(UInt8(ascii: "]"))
    }
}

extension ReportOutput {
    /// An output that gathers everything into one string: for reports small enough to hold
    /// (tests, the in-memory `ReplayReport`). Call `text()` after the last write.
    @_spi(GridSimInternals) public final class Collector {
        @_spi(GridSimInternals) public private(set) var bytes: [UInt8] = []
        @_spi(GridSimInternals) public init() {}
        @_spi(GridSimInternals) public var text: String { String(decoding: bytes, as: UTF8.self) }
        @_spi(GridSimInternals) public var sink: Sink { { [self] block in bytes.append(contentsOf: block) } }
    }
}
