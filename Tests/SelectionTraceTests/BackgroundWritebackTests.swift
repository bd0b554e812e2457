import Foundation
import TestSupport
import Testing

@_spi(GridSimInternals) @testable import TraceRecording

#if canImport(Glibc)
import Glibc
#endif

/// The flushes that run beside a conversion's writing: they must not change a byte of the
/// file, and an error they meet must reach the writer.
@Suite("Background write-back")
struct BackgroundWritebackTests {
    @Test("A file synced as it is written holds every byte, in order, past many flushes")
    func fileWrittenWithFlushesIsWhole() throws {
        let path = try ScratchDirectory.make("writeback").appendingPathComponent("big.bin").path
        let sink = try TraceFileSink(path: path, replacing: false)
        // 20 MB in writes of odd sizes: more than two 8 MB strides, so flushes run while
        // writing goes on.
        let pattern = (0..<1_100_000).map { UInt8(truncatingIfNeeded: $0 % 251) }
        var expected: [UInt8] = []
        var size = 1
        while expected.count < 20 << 20 {
            let start = expected.count % 1000
            let chunk = pattern[start..<start + size]
            try chunk.withUnsafeBytes { try sink.write($0) }
            expected += chunk
            size = size * 3 % 1_000_003 + 1
        }
        try sink.close()
        let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(written.count == expected.count)
        #expect(written == expected)
    }

    @Test("A flush that fails is reported by finish, and one that succeeds is not")
    func failedFlushIsReported() throws {
        let failing = BackgroundWriteback(descriptor: -1, stride: 4)
        failing.wrote(3)
        #expect(failing.finish() == nil, "no flush before a stride has gathered")
        failing.wrote(1)
        #expect(failing.finish() == EBADF)
        failing.wrote(100)
        #expect(failing.finish() == EBADF, "the first error is kept")

        let path = try ScratchDirectory.make("writeback").appendingPathComponent("small.bin").path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        let working = BackgroundWriteback(descriptor: descriptor, stride: 1)
        let byte: [UInt8] = [7]
        #expect(byte.withUnsafeBytes { write(descriptor, $0.baseAddress, 1) } == 1)
        working.wrote(1)
        #expect(working.finish() == nil)
    }
}
