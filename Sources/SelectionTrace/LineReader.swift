import Foundation

/// Reads a byte stream line by line, holding one buffer of input at a time.
///
/// A trace of a million lines is never in memory at once: each call returns the next line's
/// bytes (without `\n` or a trailing `\r`). O(line length) per call, amortised: a long line
/// (the header of a trace with millions of explicit ids) is searched for its end once, not
/// again from its start after each read.
public struct LineReader {
    private let fileHandle: FileHandle?
    private var buffer: [UInt8]
    private var position = 0
    /// Where the search for the next newline resumes: the bytes from `position` up to here
    /// hold none.
    private var searched = 0
    private var reachedEnd: Bool
    /// Whether the buffer was already grown for a long line (once per reader).
    private var grewForLongLine = false
    /// Bytes dropped from the front of `buffer`: with `position`, how far the input is read.
    private var discarded = 0
    /// The 1-based number of the line most recently returned.
    public private(set) var lineNumber = 0
    /// The longest line returned, in bytes; a longer one is an error as soon as this many
    /// bytes of it are read, so that input without line breaks cannot fill memory.
    public var maximumLineLength = Int.max

    private static let chunkSize = 1 << 16

    /// Reads from an open file; the caller keeps ownership of the handle.
    public init(fileHandle: FileHandle) {
        self.fileHandle = fileHandle
        buffer = []
        reachedEnd = false
    }

    /// Reads from bytes already in memory.
    public init(bytes: [UInt8]) {
        fileHandle = nil
        buffer = bytes
        reachedEnd = true
    }

    /// The bytes of the input consumed so far, the returned lines' newlines included.
    public var bytesRead: Int { discarded + position }

    /// The next line, or nil at the end of the input.
    ///
    /// - Throws: `TraceError` naming the line when it is longer than `maximumLineLength`;
    ///   the file's own read errors.
    public mutating func nextLine() throws -> [UInt8]? {
        while true {
            if let newline = buffer[Swift.max(position, searched)...].firstIndex(of: UInt8(ascii: "\n")) {
                try checkLength(newline - position)
                lineNumber += 1
                return takeLine(upTo: newline, next: newline + 1)
            }
            searched = buffer.count
            try checkLength(buffer.count - position)
            if reachedEnd {
                guard position < buffer.count else { return nil }
                lineNumber += 1
                return takeLine(upTo: buffer.count, next: buffer.count)
            }
            try refill()
        }
    }

    private func checkLength(_ length: Int) throws(TraceError) {
        // A trailing `\r` is not part of the line.
        guard length > maximumLineLength else { return }
        if length == maximumLineLength + 1 && buffer[position + maximumLineLength] == UInt8(ascii: "\r") { return }
        throw TraceError(
            line: lineNumber + 1,
            message: "the line is longer than the limit of \(maximumLineLength) bytes (is this a text trace?)")
    }

    /// The line from `position` up to `end` (less a trailing `\r`); reading resumes at `next`.
    private mutating func takeLine(upTo end: Int, next: Int) -> [UInt8] {
        var lineEnd = end
        if lineEnd > position && buffer[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
        if position == 0 && lineEnd >= Self.longLine {
            // A long line at the start of the buffer (a header with millions of ids): the buffer
            // becomes the line and what follows it is copied out, at most a chunk, so that the
            // line is never held twice.
            var line = Array(buffer[next...])
            swap(&line, &buffer)
            line.removeSubrange(lineEnd...)
            position = 0
            searched = 0
            return line
        }
        let line = Array(buffer[position..<lineEnd])
        position = next
        return line
    }

    /// A long line (a header with millions of ids) in a regular file: the buffer grows once to
    /// hold the rest of the file, up to the line limit, rather than doubling, which would
    /// leave each smaller copy behind in the allocator. Capacity never written costs no memory.
    private mutating func growForLongLine(_ fileHandle: FileHandle) {
        grewForLongLine = true
        var status = stat()
        guard fstat(fileHandle.fileDescriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return }
        let offset = lseek(fileHandle.fileDescriptor, 0, SEEK_CUR)
        guard offset >= 0, Int(status.st_size) > Int(offset) else { return }
        let rest = Int(status.st_size) - Int(offset)
        let room = Swift.min(rest, maximumLineLength) + Self.chunkSize
        buffer.reserveCapacity(buffer.count + room)
    }

    /// From this length on, a line that starts the buffer takes it over rather than being copied.
    private static let longLine = 1 << 20

    private mutating func refill() throws {
        guard let fileHandle else {
            reachedEnd = true
            return
        }
        discarded += position
        buffer.removeSubrange(0..<position)
        searched -= position
        position = 0
        let chunk = try fileHandle.read(upToCount: Self.chunkSize) ?? Data()
        if chunk.isEmpty {
            reachedEnd = true
        } else {
            if !grewForLongLine && buffer.count >= Self.longLine && buffer.count + chunk.count > buffer.capacity {
                growForLongLine(fileHandle)
            }
            buffer.append(contentsOf: chunk)
        }
    }
}
