import Foundation
@_spi(GridSimInternals) import SelectionTrace

/// Where `gridsim generate` writes its trace: a file or standard output. The library hands
/// over blocks of about 64 KiB, so a trace of millions of lines is written as it is made,
/// never held whole; each block is one write.
struct LineSink: TraceByteSink {
    let name: String
    private let handle: FileHandle?
    private let console: Console?

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

    /// One block. O(bytes).
    mutating func write(_ bytes: UnsafeRawBufferPointer) throws {
        if let handle {
            // The buffer itself, not a `Data` copy of each block.
            try handle.write(contentsOf: bytes)
        } else {
            // Text traces are UTF-8 throughout, and a block ends at a line's end.
            console?.out(String(decoding: bytes, as: UTF8.self))
        }
    }

    mutating func close() throws {
        try handle?.close()
    }
}
