import Foundation

/// Reads a byte stream line by line, holding one buffer of input at a time.
///
/// A trace of a million lines is never in memory at once: each call returns the next line's
/// bytes (without `\n` or a trailing `\r`). O(line length) per call, amortised: a long line
/// (the header of a trace with millions of explicit ids) is searched for its end once, not
/// again from its start after each read. `nextLineView()` hands out the line where it lies in
/// the read buffer, copying nothing; `nextLine()` copies it, except a long line (a header
/// with millions of ids), which it gathers straight into the array it returns so that the
/// line is held once.
///
/// The buffer is shared by copies of a reader: keep one and pass it `inout`.
@_spi(GridSimInternals) public struct LineReader {
    private let source: ByteSource
    /// Keeps a file handle open while the source reads its descriptor.
    private let fileHandle: FileHandle?
    /// Where the search for the next newline resumes, from the read position: the bytes
    /// before it hold none.
    private var searched = 0
    /// The 1-based number of the line most recently returned.
    @_spi(GridSimInternals) public private(set) var lineNumber = 0
    /// The longest line returned, in bytes; a longer one is an error as soon as this many
    /// bytes of it are read, so that input without line breaks cannot fill memory.
    @_spi(GridSimInternals) public var maximumLineLength = Int.max

    /// Reads from an open file, from its current offset; the caller keeps ownership of the
    /// handle.
    @_spi(GridSimInternals) public init(fileHandle: FileHandle) {
        self.fileHandle = fileHandle
        // 64 KiB reads: input without line breaks stops soon after the length limit.
        source = ByteSource(borrowing: fileHandle.fileDescriptor, name: "input", readSize: 1 << 16)
    }

    /// Reads from bytes already in memory.
    @_spi(GridSimInternals) public init(bytes: [UInt8]) {
        fileHandle = nil
        source = ByteSource(bytes: bytes)
    }

    /// The bytes of the input consumed so far: every line returned, with its newline.
    @_spi(GridSimInternals) public var bytesRead: Int { source.offset }

    /// The next line, or nil at the end of the input.
    ///
    /// - Throws: `TraceError` naming the line when it is longer than `maximumLineLength`;
    ///   the file's own read errors.
    @_spi(GridSimInternals) public mutating func nextLine() throws -> [UInt8]? {
        while true {
            let available = source.available
            if source.reachedEnd || source.firstIndex(
                of: UInt8(ascii: "\n"), from: searched, count: available - searched) != nil
            {
                guard let view = try nextLineView() else { return nil }
                return Array(view)
            }
            searched = available
            try checkLength(available)
            if available >= Self.longLine { return try takeLongLine() }
            _ = try source.request(available + 1)
        }
    }

    /// The next line, as a view into the read buffer that is valid until the next call (or
    /// until the reader goes away); nil at the end of the input. Errors as `nextLine()`.
    @_spi(GridSimInternals) public mutating func nextLineView() throws -> UnsafeRawBufferPointer? {
        while true {
            let available = source.available
            if let newline = source.firstIndex(of: UInt8(ascii: "\n"), from: searched, count: available - searched) {
                try checkLength(newline)
                let line = lineBytes(count: newline)
                source.consume(newline + 1)
                searched = 0
                lineNumber += 1
                return line
            }
            searched = available
            try checkLength(available)
            if source.reachedEnd {
                guard available > 0 else { return nil }
                let line = lineBytes(count: available)
                source.consume(available)
                searched = 0
                lineNumber += 1
                return line
            }
            // More of the line is in the file: read on (the window grows for a long line).
            _ = try source.request(available + 1)
        }
    }

    /// Passes over blank lines (spaces and tabs) and the first line that is not blank,
    /// without holding any of them, and counts them: for a second pass over a trace whose
    /// header was read once, so that a header of millions of ids is not read into memory
    /// again. False when the input ends before a line that is not blank. O(bytes passed).
    @_spi(GridSimInternals) public mutating func skipPastFirstNonBlankLine() throws -> Bool {
        searched = 0
        // Blank lines, byte by byte: they are short.
        findContent: while true {
            let available = source.available
            var index = 0
            while index < available {
                switch source[index] {
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): index += 1
                case UInt8(ascii: "\n"):
                    lineNumber += 1
                    index += 1
                default:
                    source.consume(index)
                    break findContent
                }
            }
            source.consume(available)
            guard try source.request(1) else { return false }
        }
        // The line itself, a window at a time.
        while true {
            let available = source.available
            if let newline = source.firstIndex(of: UInt8(ascii: "\n"), from: 0, count: available) {
                source.consume(newline + 1)
                lineNumber += 1
                return true
            }
            source.consume(available)
            guard try source.request(1) else {
                lineNumber += 1
                return true
            }
        }
    }

    private func checkLength(_ length: Int) throws(TraceError) {
        // A trailing `\r` is not part of the line.
        guard length > maximumLineLength else { return }
        try checkLength(length, last: source[maximumLineLength])
    }

    /// `length` bytes of a line have been read, the last of them `last`.
    private func checkLength(_ length: Int, last: UInt8) throws(TraceError) {
        guard length > maximumLineLength else { return }
        if length == maximumLineLength + 1 && last == UInt8(ascii: "\r") { return }
        throw TraceError(.lineTooLong(limit: maximumLineLength), at: .line(lineNumber + 1))
    }

    /// The first `count` unread bytes, without a trailing `\r`.
    private func lineBytes(count: Int) -> UnsafeRawBufferPointer {
        var end = count
        if end > 0 && source[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return UnsafeRawBufferPointer(start: source.pointer, count: end)
    }

    /// From this length on, a line without its end in the window is gathered by `takeLongLine`.
    private static let longLine = 1 << 20

    /// The rest of a long line whose first `source.available` bytes are in the window: the
    /// bytes move into one array, reserved once for the rest of a regular file (up to the
    /// line limit), and the window stays at its read size, so the line is held once rather
    /// than in a grown window and again in a copy. Capacity never written costs no memory.
    /// O(line length).
    private mutating func takeLongLine() throws -> [UInt8] {
        var line: [UInt8] = []
        line.reserveCapacity(longLineCapacity())
        while true {
            let available = source.available
            let newline = source.firstIndex(of: UInt8(ascii: "\n"), from: 0, count: available)
            let taken = newline ?? available
            line.append(contentsOf: UnsafeRawBufferPointer(start: source.pointer, count: taken))
            source.consume(newline.map { $0 + 1 } ?? available)
            searched = 0
            if let last = line.last { try checkLength(line.count, last: last) }
            if newline == nil && !source.reachedEnd { _ = try source.request(1) }
            if newline != nil || (source.reachedEnd && source.available == 0) {
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                lineNumber += 1
                return line
            }
        }
    }

    /// Room for the rest of the input if it is a regular file, up to the line limit; else the
    /// window's bytes (the array then grows as usual).
    private func longLineCapacity() -> Int {
        let unread = source.available
        guard let fileHandle else { return unread }
        var status = stat()
        let descriptor = fileHandle.fileDescriptor
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return unread }
        let offset = lseek(descriptor, 0, SEEK_CUR)
        guard offset >= 0, Int(status.st_size) >= Int(offset) else { return unread }
        // One byte past the limit may be a `\r`.
        let limit = maximumLineLength == Int.max ? Int.max : maximumLineLength + 1
        return Swift.min(unread + Int(status.st_size) - Int(offset), limit)
    }
}
