#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard input in large chunks, split into lines here: a line is handed out as the bytes
/// of the buffer it sits in, without its `\n`, valid until the next `fill`.
struct LineInput {
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The bytes not handed out yet: `start..<end`.
    private var start = 0
    private var end = 0

    init(capacity: Int) {
        self.capacity = capacity
        buffer = .allocate(capacity: capacity)
    }

    /// Reads what standard input has (at least one byte, or its end): false at its end.
    /// Keeps the part line left over, moving it to the front, and grows for a long line.
    mutating func fill() -> Bool {
        if start > 0 {
            memmove(buffer, buffer + start, end - start)
            end -= start
            start = 0
        }
        if end == capacity {
            let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
            larger.update(from: buffer, count: end)
            buffer.deallocate()
            buffer = larger
            capacity *= 2
        }
        while true {
            let count = read(STDIN_FILENO, buffer + end, capacity - end)
            if count > 0 {
                end += count
                return true
            }
            if count < 0 && errno == EINTR { continue }
            return false
        }
    }

    /// The next whole line, or at the end of input the last one without a `\n`; nil when
    /// there is none yet.
    mutating func nextLine(atEnd: Bool) -> UnsafeBufferPointer<UInt8>? {
        guard start < end else { return nil }
        if let newline = memchr(buffer + start, 10, end - start) {
            let lineEnd = buffer.distance(to: newline.assumingMemoryBound(to: UInt8.self))
            defer { start = lineEnd + 1 }
            return UnsafeBufferPointer(start: buffer + start, count: lineEnd - start)
        }
        guard atEnd else { return nil }
        defer { start = end }
        return UnsafeBufferPointer(start: buffer + start, count: end - start)
    }
}

/// Answers gathered, then written with one `write` (repeated only for a partial write).
struct Output {
    private var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(1 << 20) }

    mutating func append(_ more: [UInt8]) { bytes.append(contentsOf: more) }
    mutating func append(_ more: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: more) }

    mutating func appendError(_ message: String) {
        bytes.append(contentsOf: #"{"type":"error","message":""#.utf8)
        for byte in message.utf8 {
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { bytes.append(UInt8(ascii: "\\")) }
            bytes.append(byte < 0x20 ? UInt8(ascii: " ") : byte)
        }
        bytes.append(contentsOf: "\"}\n".utf8)
    }

    /// Writes what was gathered; false when standard output is gone.
    mutating func flush() -> Bool {
        defer { bytes.removeAll(keepingCapacity: true) }
        return bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }
}
