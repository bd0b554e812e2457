import GestureInput
import Testing

/// Drag to select in the recogniser alone, on a row of three 90-pt photos 10 pt apart: "A" at
/// x < 90, a gap, "B" at 100 ..< 190, a gap, "C" from 200 on; presses bind only at y 0 ..< 100.
@Suite("Drag recognition")
struct DragRecognitionTests {
    typealias Recognizer = GestureRecognizer<String>
    typealias Gesture = RecognizedGesture<String>

    static func press(_ point: Point) -> String? {
        guard point.y >= 0, point.y < 100 else { return nil }
        return drag(point)
    }

    static func drag(_ point: Point) -> String? {
        switch point.x {
        case ..<90: "A"
        case 100..<190: "B"
        case 200...: "C"
        default: nil
        }
    }

    static let start = Point(x: 50, y: 50)

    /// Feeds samples with drags allowed (the app is selecting) unless `selecting` is false.
    static func run(
        _ samples: [PointerSample], selecting: Bool = true
    ) -> (gestures: [Gesture], recognizer: Recognizer) {
        var recognizer = Recognizer()
        var gestures: [Gesture] = []
        for sample in samples {
            gestures += recognizer.handle(sample, allowsDrag: selecting, target: press, dragTarget: drag)
        }
        return (gestures, recognizer)
    }

    static func slide(_ dx: Double, _ dy: Double = 0, at t: Int = 100) -> PointerSample {
        PointerSample(t: t, .move(0, Point(x: start.x + dx, y: start.y + dy)))
    }

    static let down = PointerSample(t: 0, .down(0, start))

    // MARK: When a slide begins a drag

    @Test func aSlideOfExactlyTheSlopIsStillAPressAndLiftsToATap() {
        let result = Self.run([Self.down, Self.slide(10), PointerSample(t: 150, .up(0, Point(x: 60, y: 50)))])
        #expect(result.gestures == [Gesture(kind: .tap, target: "A", time: 150)])
    }

    @Test func onePointPastTheSlopSidewaysBeginsADragOnThePhotoWhereTheFingerWentDown() {
        let result = Self.run([Self.down, Self.slide(11)])
        #expect(result.gestures == [Gesture(kind: .dragBegan, target: "A", time: 100)])
        guard case .dragging(let drag) = result.recognizer.phase else {
            Issue.record("expected a drag, found \(result.recognizer.phase)")
            return
        }
        #expect(drag.anchor == "A" && drag.current == "A")
    }

    @Test(arguments: [
        (8.0, 8.0, false), (8.01, 8.0, true), (-8.01, 8.0, true), (8.0, -8.01, false), (0.0, -11.0, false),
    ])
    func onlyASlideMoreSidewaysThanUpOrDownDrags(dx: Double, dy: Double, drags: Bool) {
        // Exactly 45 degrees (11.3 pt away) is left to the scroll, as a vertical slide is.
        let result = Self.run([Self.down, Self.slide(dx, dy)])
        #expect(result.gestures == (drags ? [Gesture(kind: .dragBegan, target: "A", time: 100)] : []))
        #expect(result.recognizer.lastFailure == (drags ? nil : .movedBeyondSlop))
    }

    @Test(arguments: [(349, GestureKind.dragBegan), (350, GestureKind.longPress)])
    func aSlideBeforeTheDeadlineDragsAndOneAtTheDeadlineComesAfterTheLongPress(t: Int, kind: GestureKind) {
        let result = Self.run([Self.down, Self.slide(30, at: t)])
        #expect(result.gestures.map(\.kind) == [kind])
        #expect(result.gestures.first?.time == (kind == .longPress ? 350 : t))
    }

    @Test func whileBrowsingASidewaysSlideIsAScrollAsBefore() {
        let result = Self.run(
            [Self.down, Self.slide(30), PointerSample(t: 200, .up(0, Point(x: 80, y: 50)))], selecting: false)
        #expect(result.gestures.isEmpty)
        #expect(result.recognizer.lastFailure == .movedBeyondSlop)
    }

    @Test func aDragNeverBecomesALongPress() {
        var recognizer = Recognizer()
        for sample in [Self.down, Self.slide(20)] {
            _ = recognizer.handle(sample, allowsDrag: true, target: Self.press, dragTarget: Self.drag)
        }
        #expect(recognizer.advance(to: 5000) == nil)
    }

    // MARK: What the finger is over

    @Test func movesReportThePhotoUnderTheFingerOnlyWhenItChangesAndGapsKeepTheLastOne() {
        let result = Self.run([
            Self.down, Self.slide(12, at: 100),  // still over A
            PointerSample(t: 110, .move(0, Point(x: 85, y: 50))),  // A
            PointerSample(t: 120, .move(0, Point(x: 95, y: 50))),  // the gap: still A
            PointerSample(t: 130, .move(0, Point(x: 150, y: 50))),  // B
            PointerSample(t: 140, .move(0, Point(x: 195, y: 50))),  // the gap: still B
            PointerSample(t: 150, .move(0, Point(x: 250, y: 300))),  // C, below where presses bind
            PointerSample(t: 160, .move(0, Point(x: 150, y: 50))),  // back to B
            PointerSample(t: 170, .up(0, Point(x: 150, y: 50))),
        ])
        #expect(
            result.gestures == [
                Gesture(kind: .dragBegan, target: "A", time: 100), Gesture(kind: .dragMoved, target: "B", time: 130),
                Gesture(kind: .dragMoved, target: "C", time: 150), Gesture(kind: .dragMoved, target: "B", time: 160),
                Gesture(kind: .dragEnded, target: "B", time: 170),
            ])
        #expect(result.recognizer.phase == .idle)
    }

    @Test func aSlideThatPassesTheSlopOverAnotherPhotoBeginsAndMovesAtOnce() {
        let result = Self.run([
            PointerSample(t: 0, .down(0, Point(x: 85, y: 50))), PointerSample(t: 60, .move(0, Point(x: 105, y: 50))),
        ])
        #expect(
            result.gestures == [
                Gesture(kind: .dragBegan, target: "A", time: 60), Gesture(kind: .dragMoved, target: "B", time: 60),
            ])
    }

    @Test func aLiftOverAnotherPhotoMovesTheDragThenEndsIt() {
        let result = Self.run([Self.down, Self.slide(20), PointerSample(t: 200, .up(0, Point(x: 250, y: 50)))])
        #expect(
            result.gestures.suffix(2) == [
                Gesture(kind: .dragMoved, target: "C", time: 200), Gesture(kind: .dragEnded, target: "C", time: 200),
            ])
    }

    @Test(arguments: [(70.0, ["A"]), (110.0, ["A", "B"])])
    func aQuickSidewaysFlickWithNoMoveBeginsAndEndsADrag(liftX: Double, photos: [String]) {
        let result = Self.run([Self.down, PointerSample(t: 90, .up(0, Point(x: liftX, y: 52)))])
        #expect(result.gestures.first == Gesture(kind: .dragBegan, target: "A", time: 90))
        #expect(result.gestures.last == Gesture(kind: .dragEnded, target: photos.last!, time: 90))
        #expect(result.gestures.count == photos.count + 1)
        #expect(result.recognizer.phase == .idle)
    }

    // MARK: What ends a drag before the lift

    @Test func aSecondFingerEndsTheDragAndTheFirstOneThenDoesNothing() {
        var recognizer = Recognizer()
        var gestures: [Gesture] = []
        for sample in [
            Self.down, Self.slide(60), PointerSample(t: 200, .down(1, Point(x: 20, y: 20))),
            PointerSample(t: 210, .move(0, Point(x: 250, y: 50))), PointerSample(t: 220, .up(0, Point(x: 250, y: 50))),
        ] {
            gestures += recognizer.handle(sample, allowsDrag: true, target: Self.press, dragTarget: Self.drag)
        }
        #expect(
            gestures == [
                Gesture(kind: .dragBegan, target: "A", time: 100), Gesture(kind: .dragMoved, target: "B", time: 100),
                Gesture(kind: .dragEnded, target: "B", time: 200),
            ])
        #expect(recognizer.phase == .dragEnded)
        #expect(
            recognizer.handle(
                PointerSample(t: 300, .up(1, Point(x: 20, y: 20))), allowsDrag: true, target: Self.press,
                dragTarget: Self.drag
            ).isEmpty)
        #expect(recognizer.phase == .idle)
    }

    @Test func aSystemCancelEndsTheDragWhereItWas() {
        let result = Self.run([Self.down, Self.slide(60), PointerSample(t: 150, .cancel(0, Point(x: 250, y: 50)))])
        #expect(result.gestures.last == Gesture(kind: .dragEnded, target: "B", time: 150))
        #expect(result.recognizer.phase == .idle)
    }

    @Test func aRotationEndsTheDrag() {
        let result = Self.run([
            Self.down, Self.slide(20), PointerSample(t: 150, .viewport(ViewportSize(width: 852, height: 393))),
            PointerSample(t: 160, .move(0, Point(x: 250, y: 50))), PointerSample(t: 170, .up(0, Point(x: 250, y: 50))),
        ])
        #expect(result.gestures.map(\.kind) == [.dragBegan, .dragEnded])
        #expect(result.gestures.last?.time == 150)
    }

    @Test func aScrollDuringADragMovesTheContentUnderTheStillFinger() {
        var recognizer = Recognizer()
        for sample in [Self.down, Self.slide(20)] {
            _ = recognizer.handle(sample, allowsDrag: true, target: Self.press, dragTarget: Self.drag)
        }
        // The content scrolls by a row: the point the finger rests on now shows "C".
        let scrolled = recognizer.handle(
            PointerSample(t: 200, .scroll(132)), allowsDrag: true, target: Self.press, dragTarget: { _ in "C" })
        #expect(scrolled == [Gesture(kind: .dragMoved, target: "C", time: 200)])
        // A scroll that leaves the same photo under it reports nothing; the drag goes on.
        let again = recognizer.handle(
            PointerSample(t: 210, .scroll(140)), allowsDrag: true, target: Self.press, dragTarget: { _ in "C" })
        #expect(again.isEmpty)
        guard case .dragging = recognizer.phase else {
            Issue.record("the drag should go on")
            return
        }
    }
}
