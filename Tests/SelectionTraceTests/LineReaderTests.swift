import Foundation
import SelectionTrace
import TestSupport
import Testing

/// The line reader over a file, which it reads 64 KB at a time, against splitting the whole
/// text at once: lines shorter and far longer than a read, `\r\n` endings, an empty line,
/// a last line without a newline.
struct LineReaderTests {
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
        let directory = try ScratchDirectory.make("lines")
        let file = directory.appendingPathComponent("lines.txt")
        try Data(text.utf8).write(to: file)
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }

        var reader = LineReader(fileHandle: handle)
        var read: [String] = []
        while let line = try reader.nextLine() {
            read.append(String(decoding: line, as: UTF8.self))
        }
        #expect(read == lines + ["last line, no newline"])
        #expect(reader.lineNumber == lines.count + 1)
    }
}
