@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace
import Testing

@Suite("Text trace codec")
struct TextTraceCodecTests {
    @Test func readsTheSpecExamples() throws {
        let trace = try Trace(
            text: """
                {"trace":"photo-grid-selection","version":1,"photos":{"ids":["a","b","c"]},"limit":5,"reduceMotion":true}
                {"t":0,"event":"longPress","photo":"3"}

                {"t":410,"event":"tap","photo":"7","note":"unknown fields are ignored"}
                {"t":900,"event":"libraryChanged","removed":["3"],"inserted":[{"photo":"x","at":0}]}
                {"event":"done"}
                {"t":950,"event":"libraryChanged"}
                """)
        #expect(trace.header == TraceHeader(photos: .ids(["a", "b", "c"]), limit: 5, reduceMotion: true))
        #expect(
            trace.events == [
                TraceEvent(t: 0, .longPress("3")),
                TraceEvent(t: 410, .tap("7")),
                TraceEvent(t: 900, .libraryChanged(removed: ["3"], inserted: [Insertion(photo: "x", at: 0)])),
                TraceEvent(.done),
                TraceEvent(t: 950, .libraryChanged(removed: [], inserted: [])),
            ])
    }

    @Test func roundTripsEveryEventAndHeaderField() throws {
        var events = EventName.allCases.compactMap(\.argumentlessEvent).map { TraceEvent($0) }
        events += [
            TraceEvent(t: 0, .longPress("ünïcode \"quoted\"")), TraceEvent(t: 5, .selectItem("a\nb")),
            TraceEvent(t: 5, .tap("")),
            TraceEvent(t: 9, .libraryChanged(removed: ["x", "y"], inserted: [.init(photo: "z", at: -1), .init(photo: "w", at: 1_000_000)])),
        ]
        let headers = [
            TraceHeader(photos: .count(15)),
            TraceHeader(photos: .count(0), limit: 0, reduceMotion: true),
            TraceHeader(
                photos: .ids(["a", "b"]), limit: -3,
                meta: JSONObject([("failed", .string("invariants")), ("seed", .integer(42)), ("nested", .array([.null, .double(0.5)]))])),
        ]
        for header in headers {
            let trace = Trace(header: header, events: events)
            #expect(try Trace(text: trace.text) == trace)
        }
    }

    @Test func streamsLineByLineAcrossBufferBoundaries() throws {
        // Lines long enough to straddle the reader's 64 KiB chunks.
        let longID = String(repeating: "p", count: 70_000)
        let trace = Trace(
            header: TraceHeader(photos: .ids([longID, "b"])),
            events: (0..<60).map { TraceEvent(t: $0, .tap($0 % 2 == 0 ? longID : "b")) })
        var lines = LineReader(bytes: Array(trace.text.utf8))
        var count = 0
        while try lines.nextLine() != nil { count += 1 }
        #expect(count == 61)
        #expect(try Trace(text: trace.text) == trace)
    }

    @Test func acceptsWindowsLineEndingsAndBlankLines() throws {
        let text = "\r\n{\"trace\":\"photo-grid-selection\",\"version\":1,\"photos\":{\"count\":2}}\r\n  \r\n{\"event\":\"select\"}\r\n"
        let trace = try Trace(text: text)
        #expect(trace.events == [TraceEvent(.select)])
    }
}
