import GestureInput
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace
import Testing

/// The recogniser on the seed's grid, naming photos through an engine's grid order.
@Suite("Pointer surface")
struct GridPointerSurfaceTests {
    /// 15 photos on 393 × 500 pt: 3 columns, pitch 132.33 pt.
    static let setup = PointerSetup(viewport: GridViewport(size: ViewportSize(width: 393, height: 500)))
    static let pitch = GridLayout.seed.metrics(forWidth: 393).pitch

    /// The viewport point at the centre of grid index `index` when scrolled by `scroll`.
    static func centre(of index: Int, scroll: Double = 0) -> Point {
        let mid = GridLayout.seed.metrics(forWidth: 393).frame(ofIndex: index).mid
        return Point(x: mid.x, y: mid.y - scroll)
    }

    /// A finger down on the centre of grid index `index` at `down` and up there at `up`, with
    /// nothing between: what the surface reports as the finger lifts (the down reports nothing).
    static func tap(
        _ index: Int, from down: Int, to up: Int, on surface: inout GridPointerSurface, order: some GridPhotoOrder
    ) -> [TraceEvent] {
        _ = surface.handle(PointerSample(t: down, .down(0, centre(of: index))), order: order)
        return surface.handle(PointerSample(t: up, .up(0, centre(of: index))), order: order)
    }

    @Test func aTapNamesThePhotoAtThatGridIndexInTheEnginesOrder() {
        var engine = FastEngine(configuration: GridConfiguration(photos: .count(15)))
        var surface = GridPointerSurface(setup: Self.setup)
        #expect(Self.tap(1, from: 0, to: 80, on: &surface, order: engine) == [TraceEvent(t: 80, .tap("2"))])
        // Photo 2 leaves the grid: index 1 now shows photo 3.
        _ = engine.apply(.libraryChanged(removed: ["2"], inserted: []))
        #expect(Self.tap(1, from: 200, to: 280, on: &surface, order: engine) == [TraceEvent(t: 280, .tap("3"))])
    }

    @Test func thePhotoIsBoundWhenTheFingerGoesDownEvenIfTheGridChangesMeanwhile() {
        var engine = FastEngine(configuration: GridConfiguration(photos: .count(15)))
        var surface = GridPointerSurface(setup: Self.setup)
        _ = surface.handle(PointerSample(t: 0, .down(0, Self.centre(of: 1))), order: engine)
        _ = engine.apply(.libraryChanged(removed: ["2"], inserted: []))
        #expect(
            surface.handle(PointerSample(t: 80, .up(0, Self.centre(of: 1))), order: engine)
                == [TraceEvent(t: 80, .tap("2"))])
    }

    @Test func aLongPressIsTheLongPressEventAtItsDeadline() {
        let engine = FastEngine(configuration: GridConfiguration(photos: .count(15)))
        var surface = GridPointerSurface(setup: Self.setup)
        _ = surface.handle(PointerSample(t: 100, .down(0, Self.centre(of: 4))), order: engine)
        #expect(surface.advance(to: 449) == nil)
        #expect(surface.advance(to: 450) == TraceEvent(t: 450, .longPress("5")))
    }

    @Test func scrollingMovesWhatIsUnderTheFingerAndCancelsAPressOnlyWhenTheOffsetChanges() {
        let engine = FastEngine(configuration: GridConfiguration(photos: .count(15)))
        var surface = GridPointerSurface(setup: Self.setup)
        // A scroll report that does not move the content is not a scroll.
        _ = surface.handle(PointerSample(t: 0, .down(0, Self.centre(of: 0))), order: engine)
        #expect(surface.handle(PointerSample(t: 10, .scroll(0)), order: engine).isEmpty)
        #expect(
            surface.handle(PointerSample(t: 50, .up(0, Self.centre(of: 0))), order: engine)
                == [TraceEvent(t: 50, .tap("1"))])
        // One that does cancels the press.
        _ = surface.handle(PointerSample(t: 100, .down(0, Self.centre(of: 0))), order: engine)
        #expect(surface.handle(PointerSample(t: 110, .scroll(Self.pitch)), order: engine).isEmpty)
        #expect(surface.handle(PointerSample(t: 150, .up(0, Self.centre(of: 0))), order: engine).isEmpty)
        #expect(surface.recognizer.lastFailure == .scrolled)
        // Scrolled by one row, the same screen point is over the photo below.
        #expect(Self.tap(0, from: 200, to: 250, on: &surface, order: engine) == [TraceEvent(t: 250, .tap("4"))])
    }

    @Test func aRotationRelaysTheGridOut() {
        let engine = FastEngine(configuration: GridConfiguration(photos: .count(15)))
        var surface = GridPointerSurface(setup: Self.setup)
        _ = surface.handle(PointerSample(t: 0, .viewport(ViewportSize(width: 852, height: 393))), order: engine)
        // 852 pt: 7 columns of (852 - 24) / 7 = 118.29 pt; the point (700, 60) is in column 5.
        _ = surface.handle(PointerSample(t: 100, .down(0, Point(x: 700, y: 60))), order: engine)
        #expect(
            surface.handle(PointerSample(t: 150, .up(0, Point(x: 700, y: 60))), order: engine)
                == [TraceEvent(t: 150, .tap("6"))])
    }

    @Test func gapsAndTheAreaPastTheLastPhotoAreNotPhotos() {
        let engine = FastEngine(configuration: GridConfiguration(photos: .count(4)))
        var surface = GridPointerSurface(setup: Self.setup)
        let gap = Point(x: GridLayout.seed.metrics(forWidth: 393).cellSide + 2, y: 20)
        _ = surface.handle(PointerSample(t: 0, .down(0, gap)), order: engine)
        #expect(surface.handle(PointerSample(t: 50, .up(0, gap)), order: engine).isEmpty)
        #expect(surface.recognizer.lastFailure == .noTarget)
        #expect(Self.tap(5, from: 100, to: 150, on: &surface, order: engine).isEmpty)  // only 4 photos
    }

    @Test func theReferenceModelNamesPhotosTheSameWay() {
        var reference = ReferenceModel(configuration: GridConfiguration(photos: .ids(["a", "b", "c", "d"])))
        var fast = FastEngine(configuration: GridConfiguration(photos: .ids(["a", "b", "c", "d"])))
        for engineEvent in [Event.libraryChanged(removed: ["a"], inserted: [Insertion(photo: "z", at: 2)])] {
            _ = reference.apply(engineEvent)
            _ = fast.apply(engineEvent)
        }
        #expect((0..<4).map(reference.photo(atGridIndex:)) == ["b", "c", "z", "d"])
        #expect((0..<4).map(fast.photo(atGridIndex:)) == ["b", "c", "z", "d"])
    }

    // MARK: Drag to select

    /// A point `dx` to the right of the centre of grid index `index`.
    static func beside(_ index: Int, _ dx: Double) -> Point {
        let centre = Self.centre(of: index)
        return Point(x: centre.x + dx, y: centre.y)
    }

    @Test func whileSelectingASidewaysSlideDragsAcrossTheEnginesPhotosAndWhileBrowsingItDoesNot() {
        var engine = FastEngine(configuration: GridConfiguration(photos: .count(15)))
        var surface = GridPointerSurface(setup: Self.setup)
        _ = surface.handle(PointerSample(t: 0, .down(0, Self.centre(of: 0))), order: engine)
        #expect(surface.handle(PointerSample(t: 50, .move(0, Self.beside(0, 30))), order: engine).isEmpty)
        #expect(surface.recognizer.lastFailure == .movedBeyondSlop)
        _ = surface.handle(PointerSample(t: 80, .up(0, Self.beside(0, 30))), order: engine)
        _ = engine.apply(Event.select)
        _ = surface.handle(PointerSample(t: 100, .down(0, Self.centre(of: 0))), order: engine)
        #expect(
            surface.handle(PointerSample(t: 150, .move(0, Self.beside(0, 20))), order: engine)
                == [TraceEvent(t: 150, .dragBegan("1"))])
        #expect(
            surface.handle(PointerSample(t: 200, .move(0, Self.centre(of: 1))), order: engine)
                == [TraceEvent(t: 200, .dragMoved("2"))])
        #expect(
            surface.handle(PointerSample(t: 250, .move(0, Self.centre(of: 4))), order: engine)
                == [TraceEvent(t: 250, .dragMoved("5"))])
        #expect(
            surface.handle(PointerSample(t: 300, .up(0, Self.centre(of: 4))), order: engine)
                == [TraceEvent(t: 300, .dragEnded)])
    }

    @Test func aDraggingFingerAboveOrBelowTheRowsOrPastTheLastPhotoClamps() {
        var engine = FastEngine(configuration: GridConfiguration(photos: .count(14)))
        _ = engine.apply(Event.select)
        var surface = GridPointerSurface(setup: Self.setup)
        _ = surface.handle(PointerSample(t: 0, .down(0, Self.centre(of: 4))), order: engine)
        _ = surface.handle(PointerSample(t: 50, .move(0, Self.beside(4, 20))), order: engine)
        // Over the app bar, above the first row: the first photo.
        #expect(
            surface.handle(PointerSample(t: 100, .move(0, Point(x: 300, y: -40))), order: engine)
                == [TraceEvent(t: 100, .dragMoved("1"))])
        // Over the toolbar, below the last row (content 657.67 pt tall): the last photo.
        #expect(
            surface.handle(PointerSample(t: 150, .move(0, Point(x: 64, y: 800))), order: engine)
                == [TraceEvent(t: 150, .dragMoved("14"))])
        // The last row holds 13 and 14; its third cell is past the last photo: still 14.
        #expect(surface.handle(PointerSample(t: 200, .move(0, Self.centre(of: 14))), order: engine).isEmpty)
        #expect(
            surface.handle(PointerSample(t: 250, .move(0, Self.centre(of: 12))), order: engine)
                == [TraceEvent(t: 250, .dragMoved("13"))])
    }

    @Test func dragTargetsKeepTheLastPhotoInGapsAndBesideTheColumns() {
        let metrics = GridLayout(padding: 8).metrics(forWidth: 393)
        let first = metrics.frame(ofIndex: 0)
        #expect(metrics.dragIndex(atContentPoint: first.mid, photoCount: 10) == 0)
        #expect(metrics.dragIndex(atContentPoint: Point(x: first.maxX + 1, y: first.mid.y), photoCount: 10) == nil)
        #expect(metrics.dragIndex(atContentPoint: Point(x: first.mid.x, y: first.maxY + 1), photoCount: 10) == nil)
        #expect(metrics.dragIndex(atContentPoint: Point(x: 4, y: first.mid.y), photoCount: 10) == nil)  // padding
        #expect(metrics.dragIndex(atContentPoint: Point(x: 390, y: first.mid.y), photoCount: 10) == nil)
        #expect(metrics.dragIndex(atContentPoint: Point(x: 200, y: 4), photoCount: 10) == 0)  // top padding
        // A cell's bottom edge is the gap after it; the last row's is below the rows.
        let last = metrics.frame(ofIndex: 9)
        #expect(metrics.dragIndex(atContentPoint: Point(x: first.mid.x, y: first.maxY), photoCount: 10) == nil)
        #expect(metrics.dragIndex(atContentPoint: Point(x: last.mid.x, y: last.maxY), photoCount: 10) == 9)
        #expect(metrics.dragIndex(atContentPoint: Point(x: 100, y: 1e300), photoCount: 10) == 9)
        #expect(metrics.dragIndex(atContentPoint: first.mid, photoCount: 0) == nil)
    }

    @Test func aScrollDuringADragMovesItToThePhotoNowUnderTheFinger() {
        var engine = FastEngine(configuration: GridConfiguration(photos: .count(15)))
        _ = engine.apply(Event.select)
        var surface = GridPointerSurface(setup: Self.setup)
        _ = surface.handle(PointerSample(t: 0, .down(0, Self.centre(of: 0))), order: engine)
        #expect(
            surface.handle(PointerSample(t: 50, .move(0, Self.beside(0, 20))), order: engine)
                == [TraceEvent(t: 50, .dragBegan("1"))])
        // The grid scrolls up a row under the finger (the app scrolling as the finger nears an edge).
        #expect(
            surface.handle(PointerSample(t: 100, .scroll(Self.pitch)), order: engine)
                == [TraceEvent(t: 100, .dragMoved("4"))])
        // A report of the same offset is no scroll.
        #expect(surface.handle(PointerSample(t: 120, .scroll(Self.pitch)), order: engine).isEmpty)
    }
}
