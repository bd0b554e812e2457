@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
@_spi(GridSimInternals) import SelectionTrace
import Testing

/// A header streamed to a sink is the header's line, whatever its ids and however many.
@Suite("Header lines written to a sink")
struct HeaderLineWritingTests {
    static func expectStreamedLine(_ header: TraceHeader) throws {
        var sink = MemoryByteSink()
        let written = try TextTraceEncoding.writeHeaderLine(header, to: &sink)
        let expected = Array((TextTraceEncoding.line(for: header) + "\n").utf8)
        #expect(sink.bytes == expected)
        #expect(written == expected.count)
    }

    @Test func anIdListIsStreamedAsTheWriterWritesIt() throws {
        // Enough ids to fill several blocks, some needing escapes, a limit and free-form meta
        // that spells the list's own key.
        var ids = (0..<20_000).map { "photo-\($0)/L0/001" }
        ids += ["quote\"d", "back\\slash", "tab\there", "ünïcödé", ""]
        let meta = JSONObject([("note", .string("\"photos\":{\"ids\":[]}")), ("n", .integer(3))])
        try Self.expectStreamedLine(TraceHeader(photos: .ids(PhotoIDTable(ids)), limit: 5, meta: meta))
        try Self.expectStreamedLine(TraceHeader(photos: .ids(PhotoIDTable(["only"]))))
    }

    @Test func otherHeadersAreTheirLine() throws {
        try Self.expectStreamedLine(TraceHeader(photos: .count(1_000_000), reduceMotion: true))
        try Self.expectStreamedLine(TraceHeader(photos: .ids(PhotoIDTable())))
    }
}
