import Foundation
import SeededRandom
@_spi(GridSimInternals) import SelectionTrace
import TestSupport
import Testing

/// The line reader over a file, which it reads 64 KB at a time, against splitting the whole
/// text at once: lines shorter and far longer than a read, `\r\n` endings, an empty line,
/// a last line without a newline.
struct LineReaderTests {
    /// A new file called `name` in a scratch directory, holding `data`, open for reading.
    static func openFile(_ name: String, holding data: Data) throws -> FileHandle {
        let file = try ScratchDirectory.make("lines").appendingPathComponent(name)
        try data.write(to: file)
        return try FileHandle(forReadingFrom: file)
    }

    @Test(arguments: [0, 1, 2])
    func linesAcrossReadsMatchASplit(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var lines: [String] = []
        for index in 0..<40 {
            let length = [0, 1, 70, 65_535, 65_536, 200_000][Int(random.next() % 6)]
            let byte = Character(UnicodeScalar(UInt8(97 + index % 26)))
            lines.append(String(repeating: byte, count: length))
        }
        var text = ""
        for (index, line) in lines.enumerated() {
            text += line + (index % 3 == 0 ? "\r\n" : "\n")
        }
        text += "last line, no newline"
        let handle = try Self.openFile("lines.txt", holding: Data(text.utf8))
        defer { try? handle.close() }

        var reader = LineReader(fileHandle: handle)
        var read: [String] = []
        while let line = try reader.nextLine() {
            read.append(String(decoding: line, as: UTF8.self))
        }
        #expect(read == lines + ["last line, no newline"])
        #expect(reader.lineNumber == lines.count + 1)
    }

    /// A line past the limit is an error naming it, as soon as the limit is passed; a line
    /// of exactly the limit, or one more byte that is a `\r`, is not.
    @Test func aLineLongerThanTheLimitIsAnErrorNamingIt() throws {
        let text = "abcd\r\nabcde\nabc"
        var reader = LineReader(bytes: Array(text.utf8))
        reader.maximumLineLength = 4
        #expect(try reader.nextLine() == Array("abcd".utf8))
        let error = #expect(throws: TraceError.self) { try reader.nextLine() }
        #expect(error?.kind == .lineTooLong(limit: 4))
        #expect(error?.location == .line(2))

        // From a file with no line break at all: the read stops past the limit.
        let handle = try Self.openFile("no-breaks.txt", holding: Data(repeating: UInt8(ascii: "x"), count: 300_000))
        defer { try? handle.close() }
        var fileReader = LineReader(fileHandle: handle)
        fileReader.maximumLineLength = 100_000
        #expect(throws: TraceError.self) { try fileReader.nextLine() }
        #expect(try handle.offset() < 300_000, "it stopped reading before the end")
    }

    /// A text trace uses its limits' line length.
    @Test func aTextTraceRefusesALineOverItsLimit() {
        let header = #"{"trace":"photo-grid-selection","version":1,"photos":{"count":3},"meta":{"note":"\#(String(repeating: "n", count: 200))"}}"#
        let error = #expect(throws: TraceError.self) {
            _ = try TextTraceReader(text: header + "\n", limits: TraceLimits(maximumLineBytes: 100))
        }
        #expect(error?.kind == .lineTooLong(limit: 100))
        #expect(error?.location == .line(1))
        #expect((try? TextTraceReader(text: header + "\n", limits: TraceLimits(maximumLineBytes: 1_000))) != nil)
    }

    /// Lines of several megabytes (a header of millions of ids), which `nextLine()` gathers
    /// apart from the read window, interleaved with short ones read as copies and as views:
    /// every line comes back whole, `\r\n` endings included, the last one without a newline.
    @Test func longLinesReadWholeByCopyAndByView() throws {
        let long = [1 << 20, (1 << 20) + 1, 3_000_000]
        var lines: [String] = []
        for (index, length) in [5, long[0], 0, long[2], 70, long[1], 65_536, long[2]].enumerated() {
            lines.append(String(repeating: Character(UnicodeScalar(UInt8(97 + index))), count: length))
        }
        var text = ""
        for (index, line) in lines.enumerated() {
            // The last line ends without a newline.
            text += line + (index == lines.count - 1 ? "" : index % 2 == 1 ? "\r\n" : "\n")
        }
        let handle = try Self.openFile("long-lines.txt", holding: Data(text.utf8))
        defer { try? handle.close() }

        var reader = LineReader(fileHandle: handle)
        var read: [String] = []
        while true {
            if read.count % 3 == 2 {
                guard let view = try reader.nextLineView() else { break }
                read.append(String(decoding: view, as: UTF8.self))
            } else {
                guard let line = try reader.nextLine() else { break }
                read.append(String(decoding: line, as: UTF8.self))
            }
        }
        #expect(read.map(\.utf8.count) == lines.map(\.utf8.count))
        let whole = read == lines  // not printed: lines of megabytes
        #expect(whole)
        #expect(reader.bytesRead == text.utf8.count)
    }

    /// The limit holds for a long line as for a short one: its exact length, or one more
    /// byte that is a `\r`, passes; one byte more is an error naming the line.
    @Test func aLongLineMeetsTheLimitExactly() throws {
        let limit = 1_500_000
        let directory = try ScratchDirectory.make("lines")
        for (extra, ending, passes) in [(0, "\n", true), (0, "\r\n", true), (1, "\n", false), (1, "", false)] {
            let text = "short\n" + String(repeating: "x", count: limit + extra) + ending + "after\n"
            let file = directory.appendingPathComponent("limit.txt")
            try Data(text.utf8).write(to: file)
            let handle = try FileHandle(forReadingFrom: file)
            defer { try? handle.close() }
            var reader = LineReader(fileHandle: handle)
            reader.maximumLineLength = limit
            #expect(try reader.nextLine() == Array("short".utf8))
            if passes {
                #expect(try reader.nextLine()?.count == limit)
                #expect(try reader.nextLine() == Array("after".utf8))
            } else {
                let error = #expect(throws: TraceError.self) { try reader.nextLine() }
                #expect(error?.line == 2)
            }
        }
    }
}
