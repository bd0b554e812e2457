@_spi(GridSimInternals) import SelectionCore
import Testing

@_spi(GridSimInternals) @testable import SelectionTrace

@Suite("Binary trace primitives: CRC-32C and varints")
struct BinaryPrimitivesTests {
    @Test(arguments: [
        ("", 0x0000_0000), ("a", 0xC1D0_4330), ("abc", 0x364B_3FB7), ("123456789", 0xE306_9283),
        ("The quick brown fox jumps over the lazy dog", 0x2262_0404),
        ("12345678901234567890123456789012345678901234567890123456789012345678901234567890", 0x477A_6781),
    ] as [(String, UInt32)])
    func crc32cMatchesPublishedCheckValues(_ text: String, _ expected: UInt32) {
        #expect(CRC32C.checksum(Array(text.utf8)) == expected)
    }

    @Test func crcIsTheSameInPiecesAndAtEveryAlignment() {
        let bytes = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        let whole = CRC32C.checksum(bytes)
        for split in [0, 1, 7, 8, 9, 15, 16, 17, 150, 299, 300] {
            let first = CRC32C.checksum(Array(bytes[..<split]))
            let resumed = Array(bytes[split...]).withUnsafeBytes { CRC32C.update(first, $0) }
            #expect(resumed == whole, "split at \(split)")
        }
        // The slicing loop against the byte-at-a-time definition, at every length up to 64.
        for length in 0...64 {
            let slice = Array(bytes[3..<(3 + length)])
            #expect(CRC32C.checksum(slice) == Self.bitwiseCRC(slice), "length \(length)")
        }
    }

    @Test func instructionAndSoftwareAgreeAtEveryLengthAndAlignment() {
        // Lengths around the 8- and 4-byte steps of the instruction loop, from every offset
        // within a word, resumed from a non-trivial CRC; the same path on any processor.
        let bytes = (0..<256).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 7) }
        bytes.withUnsafeBytes { buffer in
            for offset in 0..<8 {
                for length in 0...(256 - 8) {
                    let start = buffer.baseAddress! + offset
                    let software = CRC32C.softwareUpdate(0x1234_5678, start, count: length)
                    #expect(CRC32C.update(0x1234_5678, start, count: length) == software, "offset \(offset), length \(length)")
                }
            }
        }
        #expect(CRC32C.softwareUpdate(0, Array("123456789".utf8), count: 9) == 0xE306_9283)
    }

    /// CRC-32C one bit at a time, straight from the definition.
    static func bitwiseCRC(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1 }
        }
        return ~crc
    }

    @Test(arguments: [0, 1, 127, 128, 255, 300, 16_383, 16_384, 1 << 32, UInt64.max - 1, UInt64.max] as [UInt64])
    func varintsRoundTripAtEveryBoundary(_ value: UInt64) throws {
        var bytes: [UInt8] = []
        Varint.append(value, to: &bytes)
        #expect(bytes.count == Varint.length(of: value))
        #expect(bytes.count <= Varint.maximumLength)
        let decoded = try bytes.withUnsafeBytes { raw in
            var cursor = ByteCursor(raw.baseAddress!, count: raw.count)
            let value = try cursor.varint()
            try cursor.expectEnd()
            return value
        }
        #expect(decoded == value)
    }

    /// With more bytes after it, as a varint inside a record is read (the short forms' fast
    /// path), each value decodes as alone and leaves the cursor just past it.
    @Test func varintsFollowedByMoreBytesDecodeAsAlone() throws {
        var values: [UInt64] = [0, 1, 127, 128, 255, 300, 16_383, 16_384, 16_385, 2_097_151, 2_097_152, 1 << 28, UInt64.max]
        values += (0..<2000).map { UInt64($0) * 1051 }
        for value in values {
            for trailing in 0...3 {
                var bytes: [UInt8] = []
                Varint.append(value, to: &bytes)
                let length = bytes.count
                bytes += Array(repeating: 0x81, count: trailing)
                let (decoded, position) = try bytes.withUnsafeBytes { raw in
                    var cursor = ByteCursor(raw.baseAddress!, count: raw.count)
                    return (try cursor.varint(), cursor.position)
                }
                #expect(decoded == value && position == length, "\(value) + \(trailing)")
            }
        }
    }

    @Test(arguments: [0, -1, 1, -2, 2, Int64.min, Int64.max, -1_000_000] as [Int64])
    func zigzagRoundTripsAndKeepsSmallNumbersShort(_ value: Int64) {
        #expect(Varint.unzigzag(Varint.zigzag(value)) == value)
        if (-64..<64).contains(value) { #expect(Varint.length(of: Varint.zigzag(value)) == 1) }
    }

    @Test func overlongAndTruncatedVarintsAreErrors() {
        let overlong: [UInt8] = Array(repeating: 0xFF, count: 10) + [0x01]
        let tooBig: [UInt8] = Array(repeating: 0xFF, count: 9) + [0x02]
        let truncated: [UInt8] = [0x80, 0x80]
        for bytes in [overlong, tooBig, truncated] {
            let failed = bytes.withUnsafeBytes { raw -> Bool in
                var cursor = ByteCursor(raw.baseAddress!, count: raw.count)
                do {
                    _ = try cursor.varint()
                    return false
                } catch { return true }
            }
            #expect(failed, "\(bytes)")
        }
    }

    @Test func eventKindsFollowTheEventNamesInOrder() {
        for (index, name) in EventName.allCases.enumerated() {
            #expect(BinaryRecordKind.eventIndex(name) == index, "\(name)")
        }
        #expect(EventName.allCases.count == BinaryRecordKind.eventCount)
    }
}
