import Foundation

/// Where `gridsim generate` writes lines: a file or standard output, in blocks of about 64 KiB
/// so that a trace of millions of lines is written as it is made, never held whole.
struct LineSink {
    let name: String
    private let handle: FileHandle?
    private let console: Console?
    private var buffer = ""

    private static let blockSize = 1 << 16

    init(path: String, handle: FileHandle) {
        name = path
        self.handle = handle
        console = nil
    }

    init(console: Console) {
        name = "standard output"
        handle = nil
        self.console = console
    }

    /// Adds one line (a newline is appended). Amortised O(line length).
    mutating func write(_ line: String) throws {
        buffer += line
        buffer += "\n"
        if buffer.utf8.count >= Self.blockSize { try flush() }
    }

    mutating func flush() throws {
        guard !buffer.isEmpty else { return }
        if let handle {
            try handle.write(contentsOf: Data(buffer.utf8))
        } else {
            console?.out(buffer)
        }
        buffer.removeAll(keepingCapacity: true)
    }

    mutating func close() throws {
        try flush()
        try handle?.close()
    }
}
