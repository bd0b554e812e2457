import Foundation
import GestureInput
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace
import Testing

@Suite("Replaying the pointer layer")
struct PointerReplayTests {
    static func derive(_ text: String) throws -> PointerDerivation {
        var reader = try PointerTraceReader(text: text)
        return try PointerReplay.derive(&reader)
    }

    /// The derivation of a trace of the format tests' header and `line` alone.
    static func derive(line: String) throws -> PointerDerivation {
        try derive(PointerTraceFormatTests.headerLine + "\n" + line + "\n")
    }

    @Test func theWalkthroughExercisesWhatItClaims() throws {
        var reader = try PointerTraceReader(path: WalkthroughRecording.checkedPath)
        let lines = try reader.readAll()
        let samples = lines.flatMap { $0.input ?? [] }
        #expect(samples.contains { if case .scroll = $0.input { true } else { false } })
        // The long press fires at 350 ms while the finger is down; its lift is on the next line.
        #expect(lines[0].event == TraceEvent(t: 350, .longPress("3")))
        #expect(lines[1].input?.first == PointerSample(t: 520, .up(0, Point(x: 332, y: 65))))
        // App-bar buttons pass through without raw input, except the Delete pressed while a
        // finger was on photo 2.
        #expect(lines.filter { $0.input == nil }.map(\.event.event) == [.done, .select, .delete])
        #expect(lines[12].event.event == .delete && lines[12].input?.count == 1)
        #expect(lines[13].event == TraceEvent(t: 7300, .tap("2")))
    }

    @Test func aLineWhoseInputResolvesToAnotherPhotoIsAMismatchAndTheInputWins() throws {
        var text = try String(contentsOfFile: WalkthroughRecording.checkedPath, encoding: .utf8)
        text = text.replacingOccurrences(
            of: "{\"t\":1100,\"event\":\"tap\",\"photo\":\"8\"", with: "{\"t\":1100,\"event\":\"tap\",\"photo\":\"9\"")
        let derivation = try Self.derive(text)
        #expect(
            derivation.mismatches == [
                InputMismatch(lineNumber: 4, place: .gesture, recorded: .tap("9"), derived: [.tap("8")])
            ])
        #expect(derivation.mismatches[0].message == "the raw input resolves to tap 8; the line records tap 9")
        #expect(derivation.events[2].event == .tap("8"))
    }

    @Test func inputThatResolvesToNothingOnAGestureLineIsAMismatch() throws {
        let derivation = try Self.derive(
            line: "{\"t\":100,\"event\":\"tap\",\"photo\":\"1\",\"input\":[{\"t\":0,\"down\":[64,64]},{\"t\":100,\"up\":[90,64]}]}")
        #expect(derivation.mismatches.map(\.message) == ["the raw input resolves to nothing; the line records tap 1"])
        #expect(derivation.events.isEmpty)
    }

    @Test func aGestureHiddenBeforeAnAppEventIsAMismatch() throws {
        let derivation = try Self.derive(
            line: "{\"t\":100,\"event\":\"select\",\"input\":[{\"t\":0,\"down\":[64,64]},{\"t\":50,\"up\":[64,64]}]}")
        #expect(derivation.mismatches.map(\.message) == ["the raw input resolves to tap 1 before the recorded select"])
        #expect(derivation.events.map(\.event) == [.tap("1"), .select])
    }

    @Test func aLongPressThatFiresInTheTrailingInputIsAMismatch() throws {
        let derivation = try Self.derive(
            line: "{\"t\":10,\"event\":\"select\",\"inputAfter\":[{\"t\":20,\"down\":[64,64]},{\"t\":900,\"up\":[64,64]}]}")
        #expect(derivation.mismatches.map(\.place) == [.afterLastEvent])
        #expect(derivation.events.map(\.event) == [.select, .longPress("1")])
    }

    @Test func linesWithoutRawInputPassThroughEvenForTaps() throws {
        // An accessibility activation: a tap with no finger behind it.
        let text = PointerTraceFormatTests.headerLine + "\n{\"t\":10,\"event\":\"tap\",\"photo\":\"7\"}\n"
        let derivation = try Self.derive(text)
        #expect(derivation.mismatches.isEmpty)
        #expect(derivation.events == [TraceEvent(t: 10, .tap("7"))])
    }

    @Test func aPlainSemanticTraceDerivesToItself() throws {
        let path = WalkthroughRecording.trace("grid-photos-disappear.jsonl")
        var reader = try PointerTraceReader(path: path)
        let derivation = try PointerReplay.derive(&reader)
        #expect(derivation.mismatches.isEmpty)
        #expect(derivation.events == (try Trace(contentsOfFile: path)).events)
    }

    /// A recorded drag whose first slide passes the slop already over photo 2 (photo 1's cell
    /// ends at x 128.33 on the 393-pt grid), and lifts there.
    static func slideOntoTheNextPhoto() -> [String] {
        var recorder = PointerTraceRecorder(header: TraceHeader(photos: .count(15)), setup: WalkthroughRecording.setup)
        recorder.record(TraceEvent(t: 0, .select))
        recorder.record(PointerSample(t: 100, .down(0, Point(x: 120, y: 60))))
        recorder.record(PointerSample(t: 150, .move(0, Point(x: 140, y: 62))))
        recorder.record(PointerSample(t: 200, .up(0, Point(x: 140, y: 62))))
        recorder.finish()
        return recorder.takeLines()
    }

    @Test func eventsOneSampleResolvesToAfterTheFirstCarryEmptyInputAndReplay() throws {
        let lines = Self.slideOntoTheNextPhoto()
        #expect(lines.count == 5)
        #expect(lines[2].contains("\"event\":\"dragBegan\",\"photo\":\"1\",\"input\":[{\"t\":100,"))
        #expect(lines[3] == "{\"t\":150,\"event\":\"dragMoved\",\"photo\":\"2\",\"input\":[]}")
        let derivation = try Self.derive(lines.map { $0 + "\n" }.joined())
        #expect(derivation.mismatches == [])
        #expect(
            derivation.events.map(\.event) == [.select, .dragBegan("1"), .dragMoved("2"), .dragEnded])
    }

    @Test func anEventNoLineTakesIsAMismatchOfTheLineThatResolvedIt() throws {
        var lines = Self.slideOntoTheNextPhoto()
        lines.remove(at: 3)  // the dragMoved line with "input":[]
        let derivation = try Self.derive(lines.map { $0 + "\n" }.joined())
        #expect(
            derivation.mismatches.map(\.message) == [
                "the raw input resolves to dragBegan 1, dragMoved 2; the line records dragBegan 1"
            ])
        #expect(derivation.mismatches.first?.lineNumber == 3)
        // The raw layer still wins: the derived events are replayed.
        #expect(derivation.events.map(\.event) == [.select, .dragBegan("1"), .dragMoved("2"), .dragEnded])
    }
}
