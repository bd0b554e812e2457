import GestureInput
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace
import Testing

@Suite("Two-layer trace format")
struct PointerTraceFormatTests {
    static let header = TraceHeader(photos: .count(15))
    static let setup = PointerSetup(viewport: GridViewport(size: ViewportSize(width: 393, height: 500)))
    static let headerLine = PointerTraceEncoding.line(for: header, setup: setup)

    @Test func numbersAreCompactAndExact() {
        #expect(PointerJSON.number(60) == "60")
        #expect(PointerJSON.number(-0.0) == "0")
        #expect(PointerJSON.number(60.5) == "60.5")
        #expect(PointerJSON.number(-12.25) == "-12.25")
        #expect(Double(PointerJSON.number(385.0 / 3)) == 385.0 / 3)
    }

    @Test func everySampleKindSurvivesARoundTrip() throws {
        let samples = [
            PointerSample(t: 0, .down(0, Point(x: 1.5, y: 2))), PointerSample(t: 1, .move(0, Point(x: -3, y: 4.25))),
            PointerSample(t: 2, .down(1, Point(x: 5, y: 6))), PointerSample(t: 3, .cancel(1, Point(x: 5, y: 6))),
            PointerSample(t: 4, .up(0, Point(x: 7, y: 8))), PointerSample(t: 5, .scroll(132.33333333333334)),
            PointerSample(t: 6, .viewport(ViewportSize(width: 852, height: 393))),
        ]
        let line = PointerTraceLine(event: TraceEvent(t: 6, .tap("3")), input: samples)
        let text = Self.headerLine + "\n" + PointerTraceEncoding.line(for: line) + "\n"
        #expect(text.contains("{\"t\":2,\"down\":[5,6],\"pointer\":1}"))
        var reader = try PointerTraceReader(text: text)
        #expect(reader.setup == Self.setup)
        let read = try reader.readAll()
        #expect(read.map(\.input) == [samples])
        #expect(read.map(\.lineNumber) == [2])
    }

    @Test func aTwoLayerTraceIsAValidVersion1TraceForReadersThatIgnoreTheRawLayer() throws {
        let text = try String(contentsOfFile: WalkthroughRecording.checkedPath, encoding: .utf8)
        let semantic = try Trace(text: text)
        let original = try Trace(contentsOfFile: WalkthroughRecording.trace("contextual-walkthrough.jsonl"))
        #expect(semantic.events.map(\.event) == original.events.map(\.event))
        #expect(semantic.header.photos == original.header.photos)
    }

    @Test func theHeadersPointerObjectDefaultsToTheSeedButNeedsAViewport() throws {
        let minimal =
            "{\"trace\":\"photo-grid-selection\",\"version\":1,\"photos\":{\"count\":3},\"pointer\":{\"viewport\":[320,480]}}\n"
        let reader = try PointerTraceReader(text: minimal)
        #expect(reader.setup == PointerSetup(viewport: GridViewport(size: ViewportSize(width: 320, height: 480))))
        let plain = try PointerTraceReader(
            text: "{\"trace\":\"photo-grid-selection\",\"version\":1,\"photos\":{\"count\":3}}\n")
        #expect(plain.setup == nil)
        #expect(throws: TraceError(.malformed("field \"pointer\" needs \"viewport\": [width, height]"), at: .line(1))) {
            try PointerTraceReader(
                text: "{\"trace\":\"photo-grid-selection\",\"version\":1,\"photos\":{\"count\":3},\"pointer\":{}}\n")
        }
    }

    @Test(arguments: [
        ("{\"t\":5,\"event\":\"tap\",\"photo\":\"1\",\"input\":[{\"down\":[1,2]}]}", "input[0] needs field \"t\""),
        (
            "{\"t\":5,\"event\":\"tap\",\"photo\":\"1\",\"input\":[{\"t\":1,\"down\":[1,2],\"up\":[1,2]}]}",
            "input[0] has \"down\" and \"up\"; give one"
        ),
        (
            "{\"t\":5,\"event\":\"tap\",\"photo\":\"1\",\"input\":[{\"t\":1,\"down\":[1]}]}",
            "input[0].down must be [x, y], two numbers"
        ),
        (
            "{\"t\":5,\"event\":\"tap\",\"photo\":\"1\",\"input\":[{\"t\":1,\"scroll\":\"up\"}]}",
            "input[0].scroll must be a number, found a string"
        ),
        (
            "{\"t\":5,\"event\":\"tap\",\"photo\":\"1\",\"input\":{}}",
            "field \"input\" must be an array of pointer samples, found an object"
        ),
        (
            "{\"t\":5,\"event\":\"tap\",\"photo\":\"1\",\"input\":[{\"t\":3,\"down\":[1,2]},{\"t\":2,\"up\":[1,2]}]}",
            "input sample 1 has t 2, earlier than the time before it, 3"
        ),
        (
            "{\"t\":5,\"event\":\"tap\",\"photo\":\"1\",\"input\":[{\"t\":6,\"up\":[1,2]}]}",
            "input sample 0 has t 6, later than the event it led to (t 5)"
        ),
    ])
    func malformedRawInputNamesTheLineAndWhatIsWrong(line: String, message: String) throws {
        var reader = try PointerTraceReader(text: Self.headerLine + "\n\n" + line + "\n")
        #expect(throws: TraceError(.malformed(message), at: .line(3))) { try reader.readAll() }
    }

    @Test func onlyTheLastLineMayCarryInputAfter() throws {
        let text =
            Self.headerLine + "\n"
            + "{\"t\":5,\"event\":\"done\",\"inputAfter\":[{\"t\":6,\"scroll\":3}]}\n"
            + "{\"t\":9,\"event\":\"done\"}\n"
        var reader = try PointerTraceReader(text: text)
        #expect(
            throws: TraceError(.malformed("an event follows \"inputAfter\", which only the last line may carry"), at: .line(3))
        ) {
            try reader.readAll()
        }
    }

    @Test func semanticErrorsComeFromTheVersion1Reader() throws {
        var reader = try PointerTraceReader(text: Self.headerLine + "\n{\"t\":5,\"event\":\"zoom\"}\n")
        #expect(throws: TraceError.self) { try reader.readAll() }
    }
}

@Suite("Recorder")
struct PointerTraceRecorderTests {
    static let setup = PointerTraceFormatTests.setup
    static let centreOfPhoto1 = Point(x: 64, y: 64)

    static func record(_ build: (inout PointerTraceRecorder) -> Void) throws -> (
        text: String, lines: [PointerTraceLine], reader: PointerTraceReader
    ) {
        var recorder = PointerTraceRecorder(header: TraceHeader(photos: .count(15)), setup: setup)
        build(&recorder)
        recorder.finish()
        let text = recorder.takeLines().map { $0 + "\n" }.joined()
        var reader = try PointerTraceReader(text: text)
        let lines = try reader.readAll()
        return (text, lines, reader)
    }

    @Test func aLongPressLineHasTheDeadlineAsItsTimeAndTheLiftRidesOnTheNextLine() throws {
        let result = try Self.record { recorder in
            recorder.record(PointerSample(t: 100, .down(0, Self.centreOfPhoto1)))
            recorder.record(PointerSample(t: 700, .up(0, Self.centreOfPhoto1)))
            recorder.record(TraceEvent(t: 900, .done))
        }
        #expect(result.lines.map(\.event) == [TraceEvent(t: 450, .longPress("1")), TraceEvent(t: 900, .done)])
        #expect(result.lines[0].input == [PointerSample(t: 100, .down(0, Self.centreOfPhoto1))])
        #expect(result.lines[1].input == [PointerSample(t: 700, .up(0, Self.centreOfPhoto1))])
    }

    @Test func theAppsClockFiresALongPressWithoutAnotherSample() throws {
        let result = try Self.record { recorder in
            recorder.record(PointerSample(t: 0, .down(0, Self.centreOfPhoto1)))
            #expect(recorder.advance(to: 349) == nil)
            #expect(recorder.advance(to: 350) == TraceEvent(t: 350, .longPress("1")))
        }
        #expect(result.lines.map(\.event) == [TraceEvent(t: 350, .longPress("1"))])
        // The finger is still down at the end: its down is on the line, nothing comes after.
        #expect(result.lines[0].inputAfter == nil)
    }

    @Test func appEventsWithoutRawInputHaveNoInputField() throws {
        let result = try Self.record { recorder in recorder.record(TraceEvent(t: 10, .select)) }
        #expect(result.text.split(separator: "\n").last == "{\"t\":10,\"event\":\"select\"}")
        #expect(result.lines[0].input == nil)
    }

    @Test func inputAfterTheLastEventIsKeptOnTheLastLine() throws {
        let result = try Self.record { recorder in
            recorder.record(TraceEvent(t: 10, .select))
            recorder.record(PointerSample(t: 20, .down(0, Self.centreOfPhoto1)))
            recorder.record(PointerSample(t: 40, .move(0, Point(x: 64, y: 90))))  // slid away: nothing
        }
        #expect(result.lines.count == 1)
        #expect(result.lines[0].inputAfter?.count == 2)
    }

    @Test func aTraceWithoutEventsKeepsItsInputOnTheHeader() throws {
        let result = try Self.record { recorder in
            recorder.record(PointerSample(t: 20, .down(0, Point(x: 130, y: 10))))  // a gap between cells
            recorder.record(PointerSample(t: 60, .up(0, Point(x: 130, y: 10))))
        }
        #expect(result.lines.isEmpty)
        #expect(result.reader.headerInputAfter?.count == 2)
        #expect(try Trace(text: result.text).events.isEmpty)
    }

    @Test func theRecorderTracksTheGridOrderThroughDeletes() throws {
        let result = try Self.record { recorder in
            recorder.record(TraceEvent(t: 0, .select))
            recorder.record(PointerSample(t: 10, .down(0, Self.centreOfPhoto1)))
            recorder.record(PointerSample(t: 60, .up(0, Self.centreOfPhoto1)))
            recorder.record(TraceEvent(t: 100, .delete))
            recorder.record(PointerSample(t: 200, .down(0, Self.centreOfPhoto1)))
            recorder.record(PointerSample(t: 260, .up(0, Self.centreOfPhoto1)))
        }
        #expect(result.lines.map(\.event.event) == [.select, .tap("1"), .delete, .tap("2")])
    }
}
