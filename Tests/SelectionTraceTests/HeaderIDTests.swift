import Foundation
import SeededRandom
@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
import TestSupport
import Testing
@_spi(GridSimInternals) @testable import SelectionTrace
@_spi(GridSimInternals) import TraceReplay

/// Header id lists: decoded apart from the rest of a text header line into a `PhotoIDTable`
/// in the line's own memory, or parsed the general way; both give the same header and the
/// same errors. Binary headers: ids defined straight into the table the header hands over.
@Suite("Header id lists")
struct HeaderIDTests {
    static func header(_ photos: String, after: String = "") -> String {
        #"{"trace":"photo-grid-selection","version":1,"photos":"# + photos + after + "}"
    }

    /// The header the general parser makes of `text`: what the fast path must agree with.
    static func generalHeader(_ text: String) throws -> TraceHeader {
        try TextTraceDecoding.header(from: try JSONParser.parse(text), limits: .default)
    }

    @Test(arguments: [
        header(#"{"ids":["a","b","é","📷/L0/001",""]}"#),
        header(#" { "ids" : [ "a" ,"b"\#t] } "#, after: #","limit":3,"meta":{"photos":{"ids":["zz"]}}"#),
        #"  {"meta":{"ids":["m"],"photos":[1,{"x":"]"}]},"photos":{"ids":["x","y"]},"version":1,"trace":"photo-grid-selection"}"#,
        header(#"{"ids":[]}"#),
    ])
    func aPlainListIsReadApartAndAgreesWithTheGeneralParser(_ text: String) throws {
        #expect(HeaderIDArray.locate(in: Array(text.utf8)) != nil, "the plain case is taken apart")
        let reader = try TextTraceReader(text: text)
        #expect(reader.header == (try Self.generalHeader(text)))
        guard case .ids(let ids) = reader.header.photos else { Issue.record("expected ids"); return }
        #expect(!ids.hasDuplicates)
        for (position, id) in ids.enumerated() { #expect(ids.position(of: id) == position) }
    }

    @Test(arguments: [
        header(#"{"ids":["a\"b","c"]}"#), header(#"{"ids":["\u00e9","e"]}"#), header(#"{"ids":["a",2]}"#),
        header(#"{"ids":["a",]}"#), header(#"{"ids":["a"],"ids":["b"]}"#), header(#"{"ids":["a"]}"#, after: #","photos":{"count":1}"#),
        #"{"trace":"photo-grid-selection","version":1,"ph\u006ftos":{"ids":["a"]}}"#, header(#"{"ids":["a""#),
        header(#"{"ids":["tab\#tinside"]}"#),
    ])
    func anythingUnusualIsLeftToTheGeneralParser(_ text: String) {
        #expect(HeaderIDArray.locate(in: Array(text.utf8)) == nil, "\(text)")
    }

    @Test func escapedIdsAreReadTheGeneralWay() throws {
        let reader = try TextTraceReader(text: Self.header(#"{"ids":["a\"b","\u00e9","c"]}"#))
        #expect(reader.header.photos == .ids(["a\"b", "é", "c"]))
    }

    /// The same error as the general parser's, wherever the repeat is: with and without escapes.
    @Test(arguments: [
        (header(#"{"ids":["a","b","c","b"]}"#), TraceError.Kind.duplicatePhotoID("b", first: 1, second: 3)),
        (header(#"{"ids":["a\n","b","a\n"]}"#), .duplicatePhotoID("a\n", first: 0, second: 2)),
        (header(#"{"ids":["x","y"]}"#, after: #","limit":"3""#), .malformed(#"field "limit" must be a whole number, found a string"#)),
        (header(#"{"count":2,"ids":["x","y"]}"#), .malformed(#"field "photos" has both "count" and "ids"; give one"#)),
    ])
    func errorsAreTheGeneralParsersAndComeInTheSameOrder(_ text: String, kind: TraceError.Kind) {
        #expect(throws: TraceError(kind, at: .line(1))) { try TextTraceReader(text: text) }
    }

    @Test func aSyntaxErrorAfterTheListNamesTheColumnOfTheWholeLine() {
        let text = Self.header(#"{"ids":["x","y"]}"#, after: #" "limit":3"#)
        let expected: JSONSyntaxError
        do {
            _ = try JSONParser.parse(text)
            Issue.record("the line should not parse")
            return
        } catch {
            expected = error
        }
        #expect(throws: TraceError(.malformedJSON(expected.message), at: .line(1, column: expected.column))) {
            try TextTraceReader(text: text)
        }
    }

    @Test func theIdLimitIsCheckedOnTheCount() {
        let text = Self.header(#"{"ids":["a","b","c"]}"#)
        #expect(
            throws: TraceError(.aboveLimit(#"field "photos.ids" lists 3 ids, above the limit of 2 explicit ids"#), at: .line(1))
        ) { try TextTraceReader(text: text, limits: TraceLimits(maximumIDListCount: 2)) }
        #expect(throws: TraceError(.aboveLimit(#"field "photos.ids" lists 3 photos, above the limit of 2"#), at: .line(1))) {
            try TextTraceReader(text: text, limits: TraceLimits(maximumPhotoCount: 2))
        }
    }

    /// A header line of several megabytes, read from a file, CRLF-terminated or not: the
    /// reader hands the line's buffer to the table and goes on with the events after it.
    @Test(arguments: [false, true])
    func aLongHeaderLineFromAFileIsTakenWhole(crlf: Bool) throws {
        let ids = PhotoIDTable((0..<60_000).map { "\($0)-6F1A2B3C-9D0E-4F11-8A2B-3C4D5E6F7A8B/L0/001" })
        let events = (0..<50).map { #"{"t":\#($0),"event":"tap","photo":"\#(ids[$0 * 7])"}"# }
        let header = TextTraceEncoding.line(for: TraceHeader(photos: .ids(ids)))
        #expect(header.utf8.count > 2 << 20)
        let text = header + (crlf ? "\r\n" : "\n") + events.joined(separator: "\n") + "\n"
        let directory = try ScratchDirectory.make("long-header")
        let file = directory.appendingPathComponent("long.jsonl")
        try Data(text.utf8).write(to: file)
        let trace = try Trace(contentsOfFile: file.path)
        #expect(trace.header.photos == .ids(ids))
        #expect(trace.events.count == 50)
        #expect(trace.events.last?.event == .tap(ids[49 * 7]))
        let fast = Replayer.replay(trace, engine: FastEngine.self)
        let reference = Replayer.replay(trace, engine: ReferenceModel.self)
        #expect(fast == reference)
    }

    @Test func aLongFirstLineInMemoryIsSplitRight() throws {
        let long = String(repeating: "x", count: 3 << 20)
        var reader = LineReader(bytes: Array((long + "\r\nb\n\nc").utf8))
        #expect(try reader.nextLine() == Array(long.utf8))
        #expect(try reader.nextLine() == Array("b".utf8))
        #expect(try reader.nextLine() == [])
        #expect(try reader.nextLine() == Array("c".utf8))
        #expect(try reader.nextLine() == nil)
    }
}

/// Binary traces whose header ids repeat: the definitions are patched after encoding (the
/// encoder refuses repeats), and read without checksums so that the decoder sees them.
@Suite("Binary header id lists")
struct BinaryHeaderIDTests {
    static let options = BinaryTraceReader.Options(verifiesChecksums: false)

    /// A trace of `count` five-character ids `p0000` …, in records of 4,096.
    static func encoded(count: Int) -> [UInt8] {
        let ids = (0..<count).map { "p" + String(repeating: "0", count: 4 - String($0).count) + String($0) }
        return Trace(header: TraceHeader(photos: .ids(ids)), events: [TraceEvent(.tap("p0001"))]).binaryEncoded()
    }

    static func replacing(_ old: String, with new: String, in bytes: [UInt8]) -> [UInt8] {
        let old = Array(old.utf8)
        let new = Array(new.utf8)
        var bytes = bytes
        let start = (0...(bytes.count - old.count)).last { Array(bytes[$0..<$0 + old.count]) == old }!
        bytes.replaceSubrange(start..<start + old.count, with: new)
        return bytes
    }

    @Test func aHeaderListIsReadIntoTheTableTheEngineTakes() throws {
        var reader = try BinaryTraceReader(bytes: Self.encoded(count: 5000), options: Self.options)
        guard case .ids(let ids) = reader.header.photos else { Issue.record("expected ids"); return }
        #expect(ids.count == 5000 && ids[4999] == "p4999" && ids.position(of: "p4096") == 4096)
        let engine = try BinaryTraceReplay.replay(&reader)
        #expect(engine.chosenCount == 0 && engine.photoCount == 5000)
        #expect(engine.slots.slot(for: "p4999") == PhotoSlot(4999))
    }

    @Test func anIdRepeatedInOneRecordOrAcrossRecordsIsAnError() throws {
        let inOne = Self.replacing("p0002", with: "p0001", in: Self.encoded(count: 10))
        #expect(throws: TraceError.self) { try BinaryTraceReader(bytes: inOne, options: Self.options) }
        do {
            _ = try BinaryTraceReader(bytes: inOne, options: Self.options)
        } catch let error as TraceError {
            #expect(error.kind == .duplicatePhotoID("p0001", first: nil, second: nil), "\(error)")
        }
        let across = Self.replacing("p4097", with: "p0003", in: Self.encoded(count: 4100))
        do {
            _ = try BinaryTraceReader(bytes: across, options: Self.options)
            Issue.record("expected an error")
        } catch let error as TraceError {
            #expect(error.kind == .duplicatePhotoID("p0003", first: 3, second: nil), "\(error)")
            #expect(error.message.hasPrefix(#"id definitions record: photo id "p0003" is defined twice (it already has slot 3)"#))
        }
    }

    @Test func anIdThatIsNotUTF8IsAnError() throws {
        var bytes = Self.encoded(count: 3)
        let start = (0...(bytes.count - 5)).first { Array(bytes[$0..<$0 + 5]) == Array("p0002".utf8) }!
        bytes[start + 4] = 0xFF
        do {
            _ = try BinaryTraceReader(bytes: bytes, options: Self.options)
            Issue.record("expected an error")
        } catch let error as TraceError {
            #expect(error.kind == .invalidUTF8, "\(error)")
        }
    }
}

struct UTF8ValidationTests {
    /// Agrees with decoding and re-encoding (which repairs exactly the ill-formed sequences)
    /// on random bytes biased toward multi-byte sequences, and on the edge cases.
    @Test func agreesWithTheStandardLibrary() {
        var cases: [[UInt8]] = [
            [], [0x41], [0xC2, 0x80], [0xC1, 0x80], [0xE0, 0x9F, 0x80], [0xE0, 0xA0, 0x80], [0xED, 0xA0, 0x80],
            [0xED, 0x9F, 0xBF], [0xF0, 0x8F, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xF5],
            [0xE2, 0x82], Array("abcdefgh€".utf8), Array("📷/L0/001 ünï".utf8),
        ]
        var random = SplitMix64(seed: 11)
        let pool: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF]
        for _ in 0..<20_000 {
            cases.append((0..<Int(random.next() % 12)).map { _ in pool[Int(random.next() % UInt64(pool.count))] })
        }
        for bytes in cases {
            let expected = String(decoding: bytes, as: UTF8.self).utf8.elementsEqual(bytes)
            #expect(bytes.withUnsafeBytes { UTF8Validation.isValid($0) } == expected, "\(bytes)")
        }
    }

    /// The all-ASCII shortcuts (ids shorter than a word, a tail shorter than a word) must not
    /// hide a sequence, good or bad, at any place: ASCII of every length up to 24 with one
    /// sequence inserted at every position.
    @Test func asciiShortcutsSeeASequenceAnywhere() {
        let sequences: [[UInt8]] = [[0x80], [0xC2, 0x80], [0xC2], [0xE2, 0x82, 0xAC], [0xED, 0xA0, 0x80], [0xF0, 0x9F, 0x93, 0xB7], [0xFF]]
        for length in 0...24 {
            let ascii = (0..<length).map { UInt8(0x30 + $0 % 40) }
            #expect(ascii.withUnsafeBytes { UTF8Validation.isValid($0) }, "ASCII of length \(length)")
            for sequence in sequences {
                for position in 0...length {
                    var bytes = ascii
                    bytes.insert(contentsOf: sequence, at: position)
                    let expected = String(decoding: bytes, as: UTF8.self).utf8.elementsEqual(bytes)
                    #expect(bytes.withUnsafeBytes { UTF8Validation.isValid($0) } == expected, "\(bytes)")
                }
            }
        }
    }
}
