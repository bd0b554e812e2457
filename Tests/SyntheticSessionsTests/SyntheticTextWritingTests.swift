import GestureInput
@_spi(GridSimInternals) import SelectionTrace
import Testing

@testable import SyntheticSessions

/// A text session written on two threads is the one written on one, byte for byte, and a
/// failing sink stops both threads.
struct SyntheticTextWritingTests {
    @Test(arguments: SyntheticBinaryWritingTests.cases)
    func theBytesAreTheOneThreadSessions(_ settings: SessionSettings, events: Int) throws {
        var sink = MemoryByteSink()
        let (written, gridSizes) = try SyntheticSession.writeText(settings, eventCount: events, to: &sink)
        var oneThread = SyntheticSession(settings, eventCount: events)
        var expected = MemoryByteSink()
        let expectedCount = try oneThread.write(to: &expected)
        #expect(written == expectedCount)
        #expect(sink.bytes == expected.bytes)
        #expect(gridSizes.count == events)
        #expect(gridSizes.summary?.description == oneThread.gridSizes.summary?.description)
    }

    @Test(arguments: [0, 1, 3])
    func aFailedWriteIsThrownAndTheModelThreadStops(blocks: Int) {
        var sink = SyntheticBinaryWritingTests.FailingSink(blocks: blocks)
        let settings = SessionSettings(photoCount: 1000, seed: 3, ids: .photokit)
        #expect(throws: SyntheticBinaryWritingTests.FailingSink.DiskFull()) {
            try SyntheticSession.writeText(settings, eventCount: 2_000_000, to: &sink)
        }
    }
}
