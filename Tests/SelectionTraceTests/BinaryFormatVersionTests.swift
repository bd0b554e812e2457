@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace
import Testing

/// The format version rules of docs/binary-trace-format.md: the writer writes version 2 for a
/// trace without a start state (3 with one: `BinaryStartSeenTests`), a reader reads versions 1
/// to 3, refuses a newer one at the header, and refuses section 6's kinds in a version 1 file.
@Suite("Binary trace format versions")
struct BinaryFormatVersionTests {
    /// The small trace of docs/binary-trace-format.md, byte for byte as a version 1 writer
    /// wrote it (salt `0x1a2b3c4d`).
    static let version1Example: [UInt8] = bytes(
        """
        89 47 53 54 52 0d 0a 1a 01 00 00 00 07 00 00 00 9c 3e 7a 7d 4d 3c 2b 1a 01 00 0f
        03 4d 3c 2b 1a 90 00 04 b6 4d ba 33
        04 4d 3c 2b 1a 92 9a 03 08 2d 66 f2 c2
        05 4d 3c 2b 1a 01 0f 01 01 78 ad fa f4 88
        08 4d 3c 2b 1a 9d ea 03 01 04 01 1a 00 0d 8c f9 fc
        01 4d 3c 2b 1a 16 e1 77 0f a1
        02 4d 3c 2b 1a 03 04 52 9d f5 5e
        """)

    static func bytes(_ hex: String) -> [UInt8] {
        hex.split(whereSeparator: \.isWhitespace).map { UInt8($0, radix: 16)! }
    }

    /// `bytes` with the file header's format version set to `version` and its CRC made good
    /// again: a file as a writer of that version would frame it.
    static func withFormatVersion(_ version: UInt16, _ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        bytes[8] = UInt8(truncatingIfNeeded: version)
        bytes[9] = UInt8(truncatingIfNeeded: version >> 8)
        let bodyLength = Int(bytes[12]) | Int(bytes[13]) << 8 | Int(bytes[14]) << 16 | Int(bytes[15]) << 24
        let crc = CRC32C.checksum(Array(bytes[8..<16]) + bytes[20..<(20 + bodyLength)])
        for index in 0..<4 { bytes[16 + index] = UInt8(truncatingIfNeeded: crc >> (8 * index)) }
        return bytes
    }

    @Test func aVersion1FileReadsAsItAlwaysDid() throws {
        var reader = try BinaryTraceReader(bytes: Self.version1Example)
        #expect(reader.formatVersion == 1)
        #expect(reader.salt == 0x1A2B_3C4D)
        #expect(reader.header == TraceHeader(photos: .count(15)))
        #expect(
            try reader.readAll() == [
                TraceEvent(t: 0, .longPress("3")), TraceEvent(t: 410, .tap("7")),
                TraceEvent(t: 900, .libraryChanged(removed: ["3"], inserted: [Insertion(photo: "x", at: 0)])),
                TraceEvent(.done),
            ])
        #expect(reader.damage.isEmpty)
        #expect(reader.statistics.hasEndRecord)
    }

    /// The records a version 2 writer makes of the example are a version 1 writer's: only
    /// the version (and so the header's CRC) differs.
    @Test func theWriterWritesVersion2AndTheSameRecords() throws {
        let trace = try Trace(binary: Self.version1Example)
        let written = trace.binaryEncoded(salt: 0x1A2B_3C4D)
        #expect(Array(written[8..<10]) == [2, 0])
        #expect(try BinaryTraceReader(bytes: written).formatVersion == 2)
        #expect(Self.withFormatVersion(1, written) == Self.version1Example)
    }

    @Test func aNewerVersionIsRefusedAtTheHeaderNamingBoth() {
        let newer = Self.withFormatVersion(4, Trace(header: TraceHeader(photos: .count(3)), events: []).binaryEncoded())
        #expect {
            _ = try BinaryTraceReader(bytes: newer)
        } throws: { error in
            let error = error as? TraceError
            return error?.kind == .unsupportedVersion(4) && error?.location == .byte(8, record: nil)
                && error?.message == "format version 4 is newer than this reader, which reads version 3"
        }
    }

    /// No version 1 writer made section 6's kinds: one in a version 1 file is damage or a
    /// crafted file, named with its record and byte offset.
    @Test(arguments: [Event.removeFromTray("2"), .dragBegan("2"), .dragMoved("3"), .dragEnded])
    func section6KindsInAVersion1FileAreRefused(_ event: Event) throws {
        let trace = Trace(
            header: TraceHeader(photos: .count(3)), events: [TraceEvent(t: 5, .longPress("1")), TraceEvent(event)])
        let bytes = trace.binaryEncoded()
        #expect(try Trace(binary: bytes) == trace)
        var reader = try BinaryTraceReader(bytes: Self.withFormatVersion(1, bytes))
        #expect(try reader.next() == TraceEvent(t: 5, .longPress("1")))
        #expect {
            _ = try reader.next()
        } throws: { error in
            let error = error as? TraceError
            return error?.record == 2 && error?.byteOffset == reader.headerSize + 12
                && error?.message.contains(
                    "\(event.name.rawValue) records need format version 2, but the file is format version 1") == true
        }
    }

    /// One-photo events share the slot delta's base, whichever of the six they are.
    @Test func section6EventsNameTheirPhotosBySlot() throws {
        let trace = Trace(
            header: TraceHeader(photos: .count(100), limit: 3),
            events: [
                TraceEvent(t: 0, .longPress("40")), TraceEvent(t: 1, .dragBegan("41")), TraceEvent(t: 2, .dragMoved("45")),
                TraceEvent(t: 3, .dragMoved("new")), TraceEvent(.dragEnded), TraceEvent(t: 9, .removeFromTray("41")),
                TraceEvent(.tap("new")),
            ])
        var reader = try BinaryTraceReader(bytes: trace.binaryEncoded())
        var events: [TimedSlotEvent] = []
        while let event = try reader.nextSlotEvent() { events.append(event) }
        #expect(
            events == [
                TimedSlotEvent(t: 0, .longPress(39)), TimedSlotEvent(t: 1, .dragBegan(40)),
                TimedSlotEvent(t: 2, .dragMoved(44)), TimedSlotEvent(t: 3, .dragMoved(100)),
                TimedSlotEvent(t: nil, .dragEnded), TimedSlotEvent(t: 9, .removeFromTray(40)),
                TimedSlotEvent(t: nil, .tap(100)),
            ])
        #expect(reader.statistics.idsDefinedByEvents == 1)
        #expect(try Trace(binary: trace.binaryEncoded()) == trace)
    }
}
