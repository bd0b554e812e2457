@_spi(GridSimInternals) import SelectionTrace
import Testing

/// Each kind of malformed trace of SPEC.md section 4: an error naming the line and what is wrong.
@Suite("Malformed traces")
struct MalformedTraceTests {
    static let header = #"{"trace":"photo-grid-selection","version":1,"photos":{"count":3}}"#

    /// What a case's error must be: its kind, or bad JSON at a column, or a malformed field
    /// whose description names it.
    enum Expected {
        case kind(TraceError.Kind)
        case json(column: Int)
        case malformed(String)
    }

    static let cases: [(name: String, text: String, line: Int, expected: Expected)] = [
        ("empty file", "", 1, .kind(.emptyTrace)),
        ("only blank lines", "\n  \n", 2, .kind(.emptyTrace)),
        ("bad JSON in the header", #"{"trace":"photo-grid-selection","#, 1, .json(column: 33)),
        ("bad JSON in an event", header + "\n" + #"{"event":"tap" "photo":"1"}"#, 2, .json(column: 16)),
        ("first line not a header", #"{"event":"select"}"#, 1, .kind(.missingHeader)),
        ("header not an object", "[1,2]", 1, .malformed("must be a JSON object")),
        ("wrong trace kind", #"{"trace":"other","version":1,"photos":{"count":3}}"#, 1, .malformed(#"field "trace" must be"#)),
        ("missing version", #"{"trace":"photo-grid-selection","photos":{"count":3}}"#, 1, .malformed(#"missing field "version""#)),
        ("version above the reader's", #"{"trace":"photo-grid-selection","version":3,"photos":{"count":3}}"#, 1, .kind(.unsupportedVersion(3))),
        ("version zero", #"{"trace":"photo-grid-selection","version":0,"photos":{"count":3}}"#, 1, .kind(.unsupportedVersion(0))),
        ("missing photos", #"{"trace":"photo-grid-selection","version":1}"#, 1, .malformed(#"missing field "photos""#)),
        ("photos without count or ids", #"{"trace":"photo-grid-selection","version":1,"photos":{}}"#, 1, .malformed(#"needs "count" or "ids""#)),
        ("photos with both", #"{"trace":"photo-grid-selection","version":1,"photos":{"count":1,"ids":["a"]}}"#, 1, .malformed("both")),
        ("negative count", #"{"trace":"photo-grid-selection","version":1,"photos":{"count":-1}}"#, 1, .malformed("must not be negative")),
        ("fractional count", #"{"trace":"photo-grid-selection","version":1,"photos":{"count":1.5}}"#, 1, .malformed("whole number")),
        ("hostile count", #"{"trace":"photo-grid-selection","version":1,"photos":{"count":1000000000000}}"#, 1, .kind(.aboveLimit(#"field "photos.count" is 1000000000000, above the limit of 100000000 photos"#))),
        ("id not a string", #"{"trace":"photo-grid-selection","version":1,"photos":{"ids":["a",2]}}"#, 1, .malformed("photos.ids[1] must be a string")),
        ("duplicate ids", #"{"trace":"photo-grid-selection","version":1,"photos":{"ids":["a","b","a"]}}"#, 1, .kind(.duplicatePhotoID("a", first: 0, second: 2))),
        ("limit not a number", #"{"trace":"photo-grid-selection","version":1,"photos":{"count":1},"limit":"5"}"#, 1, .malformed(#"field "limit""#)),
        ("reduceMotion not a boolean", #"{"trace":"photo-grid-selection","version":1,"photos":{"count":1},"reduceMotion":1}"#, 1, .malformed("reduceMotion")),
        ("meta not an object", #"{"trace":"photo-grid-selection","version":1,"photos":{"count":1},"meta":[]}"#, 1, .malformed(#"field "meta""#)),
        ("header repeated", header + "\n" + header, 2, .kind(.headerNotFirst)),
        ("event not an object", header + "\n\"tap\"", 2, .malformed("must be a JSON object")),
        ("missing event", header + "\n" + #"{"t":1}"#, 2, .malformed(#"missing field "event""#)),
        ("event not a string", header + "\n" + #"{"event":3}"#, 2, .malformed(#"field "event" must be a string"#)),
        ("unknown event", header + "\n" + #"{"event":"pinch"}"#, 2, .kind(.unknownEvent("pinch"))),
        ("missing photo", header + "\n" + #"{"event":"tap"}"#, 2, .malformed(#"needs field "photo""#)),
        ("photo not a string", header + "\n" + #"{"event":"longPress","photo":3}"#, 2, .malformed(#"field "photo" must be a string"#)),
        ("t not a number", header + "\n" + #"{"t":"soon","event":"done"}"#, 2, .malformed(#"field "t""#)),
        ("negative t", header + "\n" + #"{"t":-1,"event":"done"}"#, 2, .kind(.negativeTime(-1))),
        ("decreasing t", header + "\n" + #"{"t":5,"event":"select"}"# + "\n\n" + #"{"t":4,"event":"done"}"#, 4, .kind(.decreasingTime(t: 4, previous: 5))),
        ("removed not an array", header + "\n" + #"{"event":"libraryChanged","removed":"1"}"#, 2, .malformed(#"field "removed""#)),
        ("removed id not a string", header + "\n" + #"{"event":"libraryChanged","removed":[1]}"#, 2, .malformed("removed[0]")),
        ("inserted not objects", header + "\n" + #"{"event":"libraryChanged","inserted":["x"]}"#, 2, .malformed("inserted[0] must be an object")),
        ("insertion without at", header + "\n" + #"{"event":"libraryChanged","inserted":[{"photo":"x"}]}"#, 2, .malformed(#"inserted[0] needs field "at""#)),
        ("insertion without photo", header + "\n" + #"{"event":"libraryChanged","inserted":[{"at":1}]}"#, 2, .malformed(#"inserted[0] needs field "photo""#)),
        ("insertion at not a number", header + "\n" + #"{"event":"libraryChanged","inserted":[{"photo":"x","at":"end"}]}"#, 2, .malformed("inserted[0].at")),
        ("truncated last line", header + "\n" + #"{"event":"tap","pho"#, 2, .json(column: 16)),
        // SPEC.md section 6's events.
        ("dragBegan without a photo", header + "\n" + #"{"event":"select"}"# + "\n" + #"{"t":3,"event":"dragBegan"}"#, 3, .malformed(#"event "dragBegan" needs field "photo""#)),
        ("dragMoved without a photo", header + "\n" + #"{"event":"dragMoved","photo":null}"#, 2, .malformed(#"field "photo" must be a string"#)),
        ("removeFromTray with removed", header + "\n" + #"{"event":"removeFromTray","removed":["3"]}"#, 2, .malformed(#"event "removeFromTray" needs field "photo""#)),
        ("removeFromTray photo not a string", header + "\n" + #"{"event":"removeFromTray","photo":["3"]}"#, 2, .malformed(#"field "photo" must be a string, found an array"#)),
        ("drag misspelt", header + "\n" + #"{"event":"dragEnd"}"#, 2, .kind(.unknownEvent("dragEnd"))),
    ]

    /// A field an event does not take is ignored, as SPEC.md section 4 ignores unknown fields:
    /// `removed` beside the photo of `removeFromTray`, a photo on `dragEnded`.
    @Test func fieldsAnEventDoesNotTakeAreIgnored() throws {
        let text = Self.header + "\n" + #"{"event":"removeFromTray","photo":"3","removed":["1"]}"# + "\n"
            + #"{"event":"dragEnded","photo":"2"}"# + "\n" + #"{"event":"dragBegan","photo":"1","inserted":[]}"#
        #expect(try Trace(text: text).events == [TraceEvent(.removeFromTray("3")), TraceEvent(.dragEnded), TraceEvent(.dragBegan("1"))])
    }

    @Test(arguments: cases.indices)
    func namesTheLineAndWhatIsWrong(_ index: Int) {
        let (name, text, line, expected) = Self.cases[index]
        do {
            _ = try Trace(text: text)
            Issue.record("\(name): expected an error")
        } catch let error as TraceError {
            switch expected {
            case .kind(let kind):
                #expect(error.kind == kind, "\(name): \(error)")
                #expect(error.location == .line(line), "\(name): \(error)")
            case .json(let column):
                #expect(error.kind.caseName == "malformedJSON", "\(name): \(error)")
                #expect(error.location == .line(line, column: column), "\(name): \(error)")
            case .malformed(let fragment):
                guard case .malformed(let detail) = error.kind else {
                    Issue.record("\(name): \(error)")
                    return
                }
                #expect(detail.contains(fragment), "\(name): \(error)")
                #expect(error.location == .line(line), "\(name): \(error)")
            }
        } catch {
            Issue.record("\(name): unexpected error \(error)")
        }
    }

    /// How each location renders: the file, line and column that a person and an editor read.
    @Test func theMessageNamesTheFileAndLine() throws {
        let error = try #require(throws: TraceError.self) { try Trace(text: Self.cases[3].text) }
        #expect(error.description == #"line 2: bad JSON at column 16: expected ',' or '}' in an object, found '"'"#)
        #expect(error.inFile("t.jsonl").description == #"t.jsonl:2: bad JSON at column 16: expected ',' or '}' in an object, found '"'"#)
        #expect(TraceError(.headerNotFirst, at: .line(7, file: "t.jsonl")).description == "t.jsonl:7: a header may only be the first line")
        #expect(TraceError(.cannotOpen, at: .file("t.jsonl")).description == "t.jsonl: cannot open the file (missing, or not readable)")
        #expect(TraceError(.decreasingTime(t: 4, previous: 5), at: .event(2)).description == "event 2: t 4 is earlier than the previous event's t 5")
        #expect(
            TraceError(.changedWhileReading(firstPassEvents: 4, secondPassEvents: 3)).description
                == "the trace changed while it was replayed: 4 events, then 3")
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
