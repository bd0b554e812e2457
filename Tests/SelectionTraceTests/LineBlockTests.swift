@_spi(GridSimInternals) import SelectionCore
import SeededRandom
import Testing

@_spi(GridSimInternals) @testable import SelectionTrace

/// The byte writers of text lines: a line block, its cursor's numbers and JSON strings, and
/// the word-at-a-time scan that tells a plain JSON string from one that needs escapes.
@Suite("Line blocks and JSON string bytes")
struct LineBlockTests {
    @Test func decimalsAreWrittenAsStringWritesThem() {
        var values = [0, 1, 9, 10, 11, 99, 100, 101, 999, 1000, 65_536, 999_999_999, 1_000_000_000, Int.max, Int.min]
        values += values.filter { $0 != Int.min }.map { -$0 }
        values += (0..<2000).map { $0 * 7919 + $0 % 13 }
        let block = LineBlock(capacity: 8)
        for value in values {
            block.removeAll()
            var line = block.cursor(atMost: 20)
            line.writeDecimal(value)
            block.commit(line)
            #expect(block.withBytes { String(decoding: $0, as: UTF8.self) } == String(value))
        }
    }

    @Test func aBlockGrowsForALongLineAndKeepsWhatItHeld() {
        let block = LineBlock(capacity: 4)
        var line = block.cursor(atMost: 3)
        line.write("abc")
        block.commit(line)
        line = block.cursor(atMost: 5000)
        for _ in 0..<1000 { line.write("defgh") }
        block.commit(line)
        #expect(block.count == 5003)
        #expect(block.withBytes { Array($0.prefix(8)) } == Array("abcdefgh".utf8))
    }

    @Test func aBlockHandsOverOnlyOnceItHoldsABlock() throws {
        let block = LineBlock(capacity: 16)
        var sink = MemoryByteSink()
        var line = block.cursor(atMost: 5)
        line.write("hello")
        block.commit(line)
        #expect(try block.handOver(to: &sink, ifAtLeast: 6) == 0)
        #expect(sink.count == 0 && block.count == 5)
        #expect(try block.handOver(to: &sink, ifAtLeast: 5) == 5)
        #expect(sink.bytes == Array("hello".utf8) && block.count == 0)
        #expect(try block.handOver(to: &sink, ifAtLeast: 0) == 0)
    }

    /// Every string the writers meet: plain ones of every length around the word size, and
    /// each byte that needs an escape (or is a non-ASCII character's) at every position.
    static var strings: [String] {
        var strings = (0..<40).map { String(repeating: "x", count: $0) }
        let specials: [String] = ["\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1}", "\u{1F}", " ", "~", "\u{7F}", "é", "ü", "🙂"]
        for special in specials {
            for length in [1, 7, 8, 9, 16, 23] {
                for position in 0..<length {
                    var characters = Array(repeating: Character("a"), count: length)
                    characters[position] = Character(special)
                    strings.append(String(characters))
                }
            }
        }
        strings += ["UUID-0000-4000-8000-000000000000/L0/001", "a\"b\\c\u{2}d", "\u{1F}\u{20}\u{21}\u{22}"]
        return strings
    }

    @Test func quotedStringsAreWrittenAsTheJSONWriterWritesThem() {
        let block = LineBlock(capacity: 0)
        for string in Self.strings {
            var expected = ""
            JSONWriter.appendQuoted(string, to: &expected)
            var utf8 = string
            block.removeAll()
            utf8.withUTF8 { bytes in
                var line = block.cursor(atMost: 2 + 6 * bytes.count)
                line.writeQuoted(UnsafeRawBufferPointer(bytes))
                block.commit(line)
            }
            #expect(block.withBytes { String(decoding: $0, as: UTF8.self) } == expected, "\(string.debugDescription)")
            var bytes: [UInt8] = [7]
            utf8.withUTF8 { JSONStringBytes.appendQuoted(UnsafeRawBufferPointer($0), to: &bytes) }
            #expect(bytes == [7] + Array(expected.utf8), "\(string.debugDescription)")
        }
    }

    /// The word-at-a-time scan stops where a byte-by-byte one does, for any bytes: random
    /// ones (most words then hold several stops, so a borrow between bytes would show) and
    /// mostly plain ones with a single stop anywhere.
    @Test func thePlainPrefixIsWhereAByteByByteScanStops() {
        func reference(_ bytes: [UInt8], allowingNonASCII: Bool) -> Int {
            bytes.firstIndex { JSONStringBytes.needsEscape($0) || (!allowingNonASCII && $0 >= 0x80) } ?? bytes.count
        }
        var random = SplitMix64(seed: 11)
        var cases: [[UInt8]] = []
        for length in 0..<40 {
            for _ in 0..<50 { cases.append((0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }) }
            for stop: UInt8 in [0x00, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xC3, 0xFF] where length > 0 {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                bytes[Int(random.next() % UInt64(length))] = stop
                cases.append(bytes)
            }
        }
        for bytes in cases {
            for allowingNonASCII in [false, true] {
                let found = bytes.withUnsafeBytes { buffer in
                    JSONStringBytes.plainPrefixCount(
                        buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, count: buffer.count,
                        allowingNonASCII: allowingNonASCII)
                }
                #expect(found == reference(bytes, allowingNonASCII: allowingNonASCII), "\(bytes) \(allowingNonASCII)")
            }
            #expect(
                bytes.withUnsafeBytes { JSONStringBytes.needsEscape($0) }
                    == bytes.contains(where: JSONStringBytes.needsEscape))
        }
    }
}
