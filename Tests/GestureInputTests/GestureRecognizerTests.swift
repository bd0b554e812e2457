import GestureInput
import Testing

/// The recogniser alone, on a target function that names a grid of 100-pt squares ("A" at
/// x < 100, "B" beyond) and nothing below y = 100.
@Suite("Gesture recogniser")
struct GestureRecognizerTests {
    typealias Recognizer = GestureRecognizer<String>

    static func target(_ point: Point) -> String? {
        guard point.y >= 0, point.y < 100, point.x >= 0 else { return nil }
        return point.x < 100 ? "A" : "B"
    }

    /// Feeds samples in order and collects what they complete, then lets time run to `until`.
    static func run(_ samples: [PointerSample], until: Int? = nil) -> (
        gestures: [RecognizedGesture<String>], recognizer: Recognizer
    ) {
        var recognizer = Recognizer()
        var gestures: [RecognizedGesture<String>] = []
        for sample in samples {
            gestures += recognizer.handle(sample, target: target)
        }
        if let until, let gesture = recognizer.advance(to: until) { gestures.append(gesture) }
        return (gestures, recognizer)
    }

    static let start = Point(x: 50, y: 50)

    // MARK: Tap or long press: 349 ms against 350 ms

    @Test func aLiftAt349msIsATap() {
        let result = Self.run([
            PointerSample(t: 1000, .down(0, Self.start)), PointerSample(t: 1349, .up(0, Self.start)),
        ])
        #expect(result.gestures == [RecognizedGesture(kind: .tap, target: "A", time: 1349)])
        #expect(result.recognizer.phase == .idle)
    }

    @Test func aLiftAt350msIsALongPressAndTheLiftProducesNothing() {
        let result = Self.run([
            PointerSample(t: 1000, .down(0, Self.start)), PointerSample(t: 1350, .up(0, Self.start)),
        ])
        #expect(result.gestures == [RecognizedGesture(kind: .longPress, target: "A", time: 1350)])
        #expect(result.recognizer.phase == .idle)
    }

    @Test func theLongPressFiresAt350msWhileTheFingerIsStillDown() {
        var recognizer = Recognizer()
        #expect(recognizer.handle(PointerSample(t: 0, .down(0, Self.start)), target: Self.target).isEmpty)
        #expect(recognizer.advance(to: 349) == nil)
        #expect(recognizer.advance(to: 350) == RecognizedGesture(kind: .longPress, target: "A", time: 350))
        #expect(recognizer.phase == .longPressed)
        #expect(recognizer.pointersDown == [0])
        #expect(recognizer.advance(to: 5000) == nil)  // it fires once
        #expect(recognizer.handle(PointerSample(t: 900, .up(0, Self.start)), target: Self.target).isEmpty)
        #expect(recognizer.phase == .idle)
    }

    @Test func aLateSampleFiresTheLongPressAtItsDeadlineNotAtTheSample() {
        let result = Self.run([PointerSample(t: 0, .down(0, Self.start)), PointerSample(t: 2000, .move(0, Self.start))])
        #expect(result.gestures == [RecognizedGesture(kind: .longPress, target: "A", time: 350)])
    }

    @Test func theMinimumDurationIsASetting() {
        var recognizer = GestureRecognizer<String>(settings: GestureSettings(minimumPressDuration: 500))
        _ = recognizer.handle(PointerSample(t: 0, .down(0, Self.start)), target: Self.target)
        #expect(recognizer.advance(to: 499) == nil)
        #expect(recognizer.advance(to: 500)?.kind == .longPress)
    }

    // MARK: The slop: 9.9 pt against 10.1 pt

    @Test(arguments: [
        (9.9, true), (10.0, true), (10.1, false), (40.0, false),
    ])
    func movementWithinTheSlopKeepsTheTapAndBeyondItCancels(distance: Double, isTap: Bool) {
        let moved = Point(x: Self.start.x + distance, y: Self.start.y)
        let result = Self.run([
            PointerSample(t: 0, .down(0, Self.start)), PointerSample(t: 100, .move(0, moved)),
            PointerSample(t: 200, .up(0, Self.start)),
        ])
        #expect(result.gestures == (isTap ? [RecognizedGesture(kind: .tap, target: "A", time: 200)] : []))
        #expect(result.recognizer.lastFailure == (isTap ? nil : .movedBeyondSlop))
    }

    @Test(arguments: [(9.9, true), (10.1, false)])
    func movementWithinTheSlopKeepsTheLongPressAndBeyondItCancels(distance: Double, fires: Bool) {
        let moved = Point(x: Self.start.x, y: Self.start.y - distance)
        let result = Self.run(
            [PointerSample(t: 0, .down(0, Self.start)), PointerSample(t: 300, .move(0, moved))], until: 1000)
        #expect(result.gestures == (fires ? [RecognizedGesture(kind: .longPress, target: "A", time: 350)] : []))
    }

    @Test func theSlopIsADistanceNotAPerAxisLimit() {
        // (7.1, 7.1) is 10.04 pt away although neither axis moved 10.
        let result = Self.run([
            PointerSample(t: 0, .down(0, Self.start)),
            PointerSample(t: 100, .move(0, Point(x: 57.1, y: 57.1))), PointerSample(t: 150, .up(0, Self.start)),
        ])
        #expect(result.gestures.isEmpty)
    }

    @Test func aLiftBeyondTheSlopWithoutAnyMoveCancels() {
        let result = Self.run([
            PointerSample(t: 0, .down(0, Self.start)), PointerSample(t: 100, .up(0, Point(x: 60.1, y: 50))),
        ])
        #expect(result.gestures.isEmpty)
        #expect(result.recognizer.lastFailure == .movedBeyondSlop)
        #expect(result.recognizer.phase == .idle)
    }

    @Test func comingBackWithinTheSlopDoesNotReviveAPress() {
        let result = Self.run(
            [
                PointerSample(t: 0, .down(0, Self.start)), PointerSample(t: 50, .move(0, Point(x: 70, y: 50))),
                PointerSample(t: 100, .move(0, Self.start)),
            ], until: 1000)
        #expect(result.gestures.isEmpty)
    }

    @Test func movingAfterTheLongPressFiredChangesNothing() {
        let result = Self.run([
            PointerSample(t: 0, .down(0, Self.start)), PointerSample(t: 400, .move(0, Point(x: 300, y: 50))),
            PointerSample(t: 500, .up(0, Point(x: 300, y: 50))),
        ])
        #expect(result.gestures == [RecognizedGesture(kind: .longPress, target: "A", time: 350)])
    }

    // MARK: Scrolls, second fingers, cancellation, no target

    @Test func aScrollDuringThePressCancelsIt() {
        let result = Self.run(
            [
                PointerSample(t: 0, .down(0, Self.start)), PointerSample(t: 349, .scroll(12)),
                PointerSample(t: 360, .up(0, Self.start)),
            ],
            until: 1000)
        #expect(result.gestures.isEmpty)
        #expect(result.recognizer.lastFailure == .scrolled)
    }

    @Test func aScrollAfterTheLongPressFiredChangesNothing() {
        let result = Self.run([PointerSample(t: 0, .down(0, Self.start)), PointerSample(t: 351, .scroll(12))])
        #expect(result.gestures.map(\.kind) == [.longPress])
    }

    @Test func aSecondFingerCancelsAndNothingHappensUntilEveryFingerHasLifted() {
        var recognizer = Recognizer()
        var gestures: [RecognizedGesture<String>] = []
        for sample in [
            PointerSample(t: 0, .down(0, Self.start)), PointerSample(t: 40, .down(1, Point(x: 150, y: 50))),
            PointerSample(t: 80, .up(0, Self.start)),
        ] {
            gestures += recognizer.handle(sample, target: Self.target)
        }
        #expect(recognizer.phase == .failed(.secondPointer))
        #expect(recognizer.advance(to: 2000) == nil)  // the remaining finger cannot long-press
        #expect(
            recognizer.handle(PointerSample(t: 2100, .up(1, Point(x: 150, y: 50))), target: Self.target).isEmpty)
        #expect(gestures.isEmpty)
        #expect(recognizer.phase == .idle)
        // A fresh press afterwards works.
        _ = recognizer.handle(PointerSample(t: 3000, .down(1, Point(x: 150, y: 50))), target: Self.target)
        #expect(
            recognizer.handle(PointerSample(t: 3100, .up(1, Point(x: 150, y: 50))), target: Self.target)
                == [RecognizedGesture(kind: .tap, target: "B", time: 3100)])
    }

    @Test func aSecondFingerAfterTheLongPressFiredChangesNothing() {
        let result = Self.run([
            PointerSample(t: 0, .down(0, Self.start)), PointerSample(t: 400, .down(1, Self.start)),
            PointerSample(t: 450, .up(1, Self.start)), PointerSample(t: 500, .up(0, Self.start)),
        ])
        #expect(result.gestures.map(\.kind) == [.longPress])
    }

    @Test func aSystemCancelProducesNothing() {
        let result = Self.run(
            [PointerSample(t: 0, .down(0, Self.start)), PointerSample(t: 100, .cancel(0, Self.start))], until: 1000)
        #expect(result.gestures.isEmpty)
        #expect(result.recognizer.lastFailure == .cancelled)
        #expect(result.recognizer.phase == .idle)
    }

    @Test func aRotationDuringThePressCancelsIt() {
        let result = Self.run(
            [
                PointerSample(t: 0, .down(0, Self.start)),
                PointerSample(t: 100, .viewport(ViewportSize(width: 852, height: 393))),
                PointerSample(t: 150, .up(0, Self.start)),
            ], until: 1000)
        #expect(result.gestures.isEmpty)
        #expect(result.recognizer.lastFailure == .viewportChanged)
    }

    @Test func aPressWhereThereIsNoTargetProducesNothing() {
        let result = Self.run(
            [PointerSample(t: 0, .down(0, Point(x: 50, y: 150))), PointerSample(t: 100, .up(0, Point(x: 50, y: 150)))],
            until: 1000)
        #expect(result.gestures.isEmpty)
        #expect(result.recognizer.lastFailure == .noTarget)
    }

    @Test func thePressIsBoundToWhereItBegan() {
        // Down on A, lift 6 pt away over B's edge: still a tap on A.
        let result = Self.run([
            PointerSample(t: 0, .down(0, Point(x: 97, y: 50))), PointerSample(t: 90, .up(0, Point(x: 103, y: 50))),
        ])
        #expect(result.gestures == [RecognizedGesture(kind: .tap, target: "A", time: 90)])
    }

    @Test func strayLiftsAndRepeatedDownsAreIgnored() {
        let result = Self.run([
            PointerSample(t: 0, .up(3, Self.start)), PointerSample(t: 10, .move(3, Self.start)),
            PointerSample(t: 20, .down(0, Self.start)), PointerSample(t: 30, .down(0, Self.start)),
            PointerSample(t: 40, .cancel(5, Self.start)), PointerSample(t: 100, .up(0, Self.start)),
        ])
        #expect(result.gestures == [RecognizedGesture(kind: .tap, target: "A", time: 100)])
    }
}
