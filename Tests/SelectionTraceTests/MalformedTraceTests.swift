@_spi(GridSimInternals) import SelectionTrace
import Testing

/// Each kind of malformed trace of SPEC.md section 4: an error naming the line and what is wrong.
@Suite("Malformed traces")
struct MalformedTraceTests {
    static let header = #"{"trace":"photo-grid-selection","version":1,"photos":{"count":3}}"#

    static let cases: [(name: String, text: String, line: Int, fragment: String)] = [
        ("empty file", "", 1, "empty trace"),
        ("only blank lines", "\n  \n", 2, "empty trace"),
        ("bad JSON in the header", #"{"trace":"photo-grid-selection","#, 1, "bad JSON at column 33"),
        ("bad JSON in an event", header + "\n" + #"{"event":"tap" "photo":"1"}"#, 2, "bad JSON at column 16"),
        ("first line not a header", #"{"event":"select"}"#, 1, "the first line must be the header"),
        ("header not an object", "[1,2]", 1, "must be a JSON object"),
        ("wrong trace kind", #"{"trace":"other","version":1,"photos":{"count":3}}"#, 1, #"field "trace" must be"#),
        ("missing version", #"{"trace":"photo-grid-selection","photos":{"count":3}}"#, 1, #"missing field "version""#),
        ("version above the reader's", #"{"trace":"photo-grid-selection","version":2,"photos":{"count":3}}"#, 1, "version 2 is newer"),
        ("version zero", #"{"trace":"photo-grid-selection","version":0,"photos":{"count":3}}"#, 1, "at least 1"),
        ("missing photos", #"{"trace":"photo-grid-selection","version":1}"#, 1, #"missing field "photos""#),
        ("photos without count or ids", #"{"trace":"photo-grid-selection","version":1,"photos":{}}"#, 1, #"needs "count" or "ids""#),
        ("photos with both", #"{"trace":"photo-grid-selection","version":1,"photos":{"count":1,"ids":["a"]}}"#, 1, "both"),
        ("negative count", #"{"trace":"photo-grid-selection","version":1,"photos":{"count":-1}}"#, 1, "must not be negative"),
        ("fractional count", #"{"trace":"photo-grid-selection","version":1,"photos":{"count":1.5}}"#, 1, "whole number"),
        ("hostile count", #"{"trace":"photo-grid-selection","version":1,"photos":{"count":1000000000000}}"#, 1, "above the limit"),
        ("id not a string", #"{"trace":"photo-grid-selection","version":1,"photos":{"ids":["a",2]}}"#, 1, "photos.ids[1] must be a string"),
        ("duplicate ids", #"{"trace":"photo-grid-selection","version":1,"photos":{"ids":["a","b","a"]}}"#, 1, #"duplicate photo id "a""#),
        ("limit not a number", #"{"trace":"photo-grid-selection","version":1,"photos":{"count":1},"limit":"5"}"#, 1, #"field "limit""#),
        ("reduceMotion not a boolean", #"{"trace":"photo-grid-selection","version":1,"photos":{"count":1},"reduceMotion":1}"#, 1, "reduceMotion"),
        ("meta not an object", #"{"trace":"photo-grid-selection","version":1,"photos":{"count":1},"meta":[]}"#, 1, #"field "meta""#),
        ("header repeated", header + "\n" + header, 2, "header may only be the first line"),
        ("event not an object", header + "\n\"tap\"", 2, "must be a JSON object"),
        ("missing event", header + "\n" + #"{"t":1}"#, 2, #"missing field "event""#),
        ("event not a string", header + "\n" + #"{"event":3}"#, 2, #"field "event" must be a string"#),
        ("unknown event", header + "\n" + #"{"event":"pinch"}"#, 2, #"unknown event "pinch""#),
        ("missing photo", header + "\n" + #"{"event":"tap"}"#, 2, #"needs field "photo""#),
        ("photo not a string", header + "\n" + #"{"event":"longPress","photo":3}"#, 2, #"field "photo" must be a string"#),
        ("t not a number", header + "\n" + #"{"t":"soon","event":"done"}"#, 2, #"field "t""#),
        ("negative t", header + "\n" + #"{"t":-1,"event":"done"}"#, 2, "must not be negative"),
        ("decreasing t", header + "\n" + #"{"t":5,"event":"select"}"# + "\n\n" + #"{"t":4,"event":"done"}"#, 4, "t 4 is earlier than the previous event's t 5"),
        ("removed not an array", header + "\n" + #"{"event":"libraryChanged","removed":"1"}"#, 2, #"field "removed""#),
        ("removed id not a string", header + "\n" + #"{"event":"libraryChanged","removed":[1]}"#, 2, "removed[0]"),
        ("inserted not objects", header + "\n" + #"{"event":"libraryChanged","inserted":["x"]}"#, 2, "inserted[0] must be an object"),
        ("insertion without at", header + "\n" + #"{"event":"libraryChanged","inserted":[{"photo":"x"}]}"#, 2, #"inserted[0] needs field "at""#),
        ("insertion without photo", header + "\n" + #"{"event":"libraryChanged","inserted":[{"at":1}]}"#, 2, #"inserted[0] needs field "photo""#),
        ("insertion at not a number", header + "\n" + #"{"event":"libraryChanged","inserted":[{"photo":"x","at":"end"}]}"#, 2, "inserted[0].at"),
        ("truncated last line", header + "\n" + #"{"event":"tap","pho"#, 2, "bad JSON"),
        // SPEC.md section 6's events.
        ("dragBegan without a photo", header + "\n" + #"{"event":"select"}"# + "\n" + #"{"t":3,"event":"dragBegan"}"#, 3, #"event "dragBegan" needs field "photo""#),
        ("dragMoved without a photo", header + "\n" + #"{"event":"dragMoved","photo":null}"#, 2, #"field "photo" must be a string"#),
        ("removeFromTray with removed", header + "\n" + #"{"event":"removeFromTray","removed":["3"]}"#, 2, #"event "removeFromTray" needs field "photo""#),
        ("removeFromTray photo not a string", header + "\n" + #"{"event":"removeFromTray","photo":["3"]}"#, 2, #"field "photo" must be a string, found an array"#),
        ("drag misspelt", header + "\n" + #"{"event":"dragEnd"}"#, 2, #"unknown event "dragEnd""#),
    ]

    /// A field an event does not take is ignored, as SPEC.md section 4 ignores unknown fields:
    /// `removed` beside the photo of `removeFromTray`, a photo on `dragEnded`.
    @Test func fieldsAnEventDoesNotTakeAreIgnored() throws {
        let text = Self.header + "\n" + #"{"event":"removeFromTray","photo":"3","removed":["1"]}"# + "\n"
            + #"{"event":"dragEnded","photo":"2"}"# + "\n" + #"{"event":"dragBegan","photo":"1","inserted":[]}"#
        #expect(try Trace(text: text).events == [TraceEvent(.removeFromTray("3")), TraceEvent(.dragEnded), TraceEvent(.dragBegan("1"))])
    }

    @Test(arguments: cases.map { [$0.name, $0.text, String($0.line), $0.fragment] })
    func namesTheLineAndWhatIsWrong(_ fields: [String]) {
        let (name, text, line, fragment) = (fields[0], fields[1], Int(fields[2])!, fields[3])
        do {
            _ = try Trace(text: text)
            Issue.record("\(name): expected an error")
        } catch let error as TraceError {
            #expect(error.line == line, "\(name): \(error)")
            #expect(error.message.contains(fragment), "\(name): \(error)")
        } catch {
            Issue.record("\(name): unexpected error \(error)")
        }
    }

    @Test func invalidUTF8IsAnError() throws {
        var bytes = Array((Self.header + "\n").utf8)
        bytes += Array(#"{"event":"tap","photo":""#.utf8) + [0xC3, 0x28] + Array("\"}\n".utf8)
        var reader = try TextTraceReader(lines: LineReader(bytes: bytes))
        #expect(throws: TraceError.self) { _ = try reader.next() }
        #expect(reader.eventCount == 0)
    }

    @Test func limitsAreConfigurable() throws {
        let text = #"{"trace":"photo-grid-selection","version":1,"photos":{"count":11}}"#
        #expect(throws: TraceError.self) { try Trace(text: text, limits: TraceLimits(maximumPhotoCount: 10)) }
        #expect(throws: Never.self) { try Trace(text: text, limits: TraceLimits(maximumPhotoCount: 11)) }
    }
}
