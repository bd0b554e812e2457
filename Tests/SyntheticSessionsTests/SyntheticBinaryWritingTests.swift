import GestureInput
@_spi(GridSimInternals) import SelectionTrace
import Testing

@testable import SyntheticSessions

/// A binary session is written on two threads; its bytes are a function of the settings and
/// the salt alone, and a failing sink stops both threads.
struct SyntheticBinaryWritingTests {
    /// Counted and PhotoKit grids, a tray, syncs round a small grid; event counts on and
    /// around the batch size, so that batches end in every way.
    static let cases: [(SessionSettings, events: Int)] = [
        (SessionSettings(photoCount: 3000, mix: .default, seed: 11), 0),
        (SessionSettings(photoCount: 3000, mix: .default, seed: 11), 1),
        (SessionSettings(photoCount: 2000, seed: 12, ids: .photokit, limit: 40), SyntheticSession.eventsPerBatch),
        (SessionSettings(photoCount: 2000, seed: 12, ids: .photokit), SyntheticSession.eventsPerBatch + 1),
        (SessionSettings(photoCount: 40, mix: try! WorkloadMix(parsing: "syncs"), seed: 13, ids: .photokit), 9000),
    ]

    @Test(arguments: cases)
    func theBytesAreTheTraceEncodedOneEventAtATime(_ settings: SessionSettings, events: Int) throws {
        var sink = MemoryByteSink()
        let (written, gridSizes) = try SyntheticSession.writeBinary(
            settings, eventCount: events, to: &sink, salt: 0x1A2B_3C4D)
        let session = SyntheticSession(settings, eventCount: events)
        let expected = Trace(header: session.header, events: Array(session)).binaryEncoded(salt: 0x1A2B_3C4D)
        #expect(written == expected.count)
        #expect(sink.bytes == expected)
        var oneThread = SyntheticSession(settings, eventCount: events)
        while oneThread.next() != nil {}
        #expect(gridSizes.count == events)
        #expect(gridSizes.summary?.description == oneThread.gridSizes.summary?.description)
    }

    /// A sink that takes `blocks` writes, then fails as a full disk does.
    struct FailingSink: TraceByteSink {
        struct DiskFull: Error, Equatable {}

        var blocks: Int
        mutating func write(_ bytes: UnsafeRawBufferPointer) throws {
            guard blocks > 0 else { throw DiskFull() }
            blocks -= 1
        }
    }

    @Test(arguments: [0, 1, 3])
    func aFailedWriteIsThrownAndTheModelThreadStops(blocks: Int) {
        var sink = FailingSink(blocks: blocks)
        // Far more events than the queue holds: the model thread would wait for ever if it
        // were not stopped.
        let settings = SessionSettings(photoCount: 1000, seed: 3)
        #expect(throws: FailingSink.DiskFull()) {
            try SyntheticSession.writeBinary(settings, eventCount: 2_000_000, to: &sink)
        }
    }
}
