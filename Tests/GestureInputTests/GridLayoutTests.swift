@testable import GestureInput
import Testing

@Suite("Grid layout and hit testing")
struct GridLayoutTests {
    let layout = GridLayout.seed

    @Test(arguments: [
        // width, columns, cell side: columns = max(1, floor((w + 4) / 114)), side = (w - 4(c-1)) / c
        (393.0, 3, 385.0 / 3),
        (338.0, 3, 110.0),  // exactly three minimum cells and two gaps
        (337.9, 2, 166.95),  // a hair narrower: two columns
        (320.0, 2, 158.0),
        (110.0, 1, 110.0),
        (109.0, 1, 109.0),  // narrower than the minimum: still one column, smaller cells
        (1024.0, 9, 992.0 / 9),
        (0.0, 1, 0.0),
    ])
    func columnsAndCellSideFollowSwiftUIsAdaptiveRule(width: Double, columns: Int, side: Double) {
        let metrics = layout.metrics(forWidth: width)
        #expect(metrics.columns == columns)
        #expect(abs(metrics.cellSide - side) < 1e-9)
        #expect(metrics.pitch == metrics.cellSide + 4)
    }

    @Test func paddingIsAnInsetOnEverySide() {
        let padded = GridLayout(padding: 16)
        let metrics = padded.metrics(forWidth: 393)  // 361 usable: still 3 columns
        #expect(metrics.columns == 3)
        #expect(abs(metrics.cellSide - 353.0 / 3) < 1e-9)
        #expect(metrics.frame(ofIndex: 0).minX == 16 && metrics.frame(ofIndex: 0).minY == 16)
        #expect(metrics.index(atContentPoint: Point(x: 15.9, y: 20), photoCount: 9) == nil)
        #expect(metrics.index(atContentPoint: Point(x: 16, y: 16), photoCount: 9) == 0)
        #expect(abs(metrics.contentHeight(photoCount: 9) - (32 + 3 * metrics.cellSide + 8)) < 1e-9)
    }

    @Test func framesAreInGridOrderRowByRow() {
        let metrics = layout.metrics(forWidth: 393)
        let pitch = metrics.pitch
        #expect(metrics.frame(ofIndex: 0) == Rect(minX: 0, minY: 0, width: metrics.cellSide, height: metrics.cellSide))
        #expect(metrics.frame(ofIndex: 4).minX == pitch && metrics.frame(ofIndex: 4).minY == pitch)
        #expect(metrics.frame(ofIndex: 5).minX == 2 * pitch)
        #expect(metrics.frame(ofIndex: 6).minX == 0 && metrics.frame(ofIndex: 6).minY == 2 * pitch)
        #expect(abs(metrics.frame(ofIndex: 2).maxX - 393) < 1e-9)  // the last column ends at the edge
    }

    @Test func hitTestingFindsCellsAndNothingInTheGaps() {
        let metrics = layout.metrics(forWidth: 393)
        let side = metrics.cellSide  // 128.33…
        let pitch = metrics.pitch  // 132.33…
        func hit(_ x: Double, _ y: Double, count: Int = 15) -> Int? {
            metrics.index(atContentPoint: Point(x: x, y: y), photoCount: count)
        }
        #expect(hit(0, 0) == 0)
        #expect(hit(side - 0.001, 10) == 0)
        #expect(hit(side, 10) == nil)  // the trailing edge belongs to the gap
        #expect(hit(side + 2, 10) == nil)
        #expect(hit(pitch, 10) == 1)  // the next cell's leading edge
        #expect(hit(10, side + 1) == nil)  // between rows
        #expect(hit(10, pitch) == 3)
        #expect(hit(2 * pitch + 1, 4 * pitch + 1) == 14)  // the last photo
        #expect(hit(2 * pitch + 1, 4 * pitch + 1, count: 14) == nil)  // past the last photo, same row
        #expect(hit(10, 5 * pitch + 1) == nil)  // below the last row
        #expect(hit(392.9, 10) == 2)
        #expect(hit(393, 10) == nil)  // beyond the width
        #expect(hit(-0.1, 10) == nil)
        #expect(hit(10, -0.1) == nil)
        #expect(hit(10, 1e300) == nil)  // far away: no overflow
        #expect(hit(10, 10, count: 0) == nil)
    }

    @Test(arguments: [100.0, 230.0, 393.0, 430.0, 852.0, 1366.0])
    func everyCellsCentreAndCornersHitThatCell(width: Double) {
        let metrics = layout.metrics(forWidth: width)
        let count = 5 * metrics.columns - 2  // a last row that is not full
        for index in 0..<count {
            let frame = metrics.frame(ofIndex: index)
            #expect(metrics.index(atContentPoint: frame.mid, photoCount: count) == index)
            #expect(metrics.index(atContentPoint: Point(x: frame.minX, y: frame.minY), photoCount: count) == index)
            let inner = Point(x: frame.maxX - 0.01, y: frame.maxY - 0.01)
            #expect(metrics.index(atContentPoint: inner, photoCount: count) == index)
        }
    }

    @Test func hitTestingAtTheBottomOfTenMillionPhotos() {
        let metrics = layout.metrics(forWidth: 393)
        let count = 10_000_000
        let last = metrics.frame(ofIndex: count - 1)
        #expect(metrics.index(atContentPoint: last.mid, photoCount: count) == count - 1)
        #expect(metrics.rowCount(photoCount: count) == 3_333_334)
    }

    @Test func theViewportMapsScreenPointsThroughTheScrollOffset() {
        var viewport = GridViewport(size: ViewportSize(width: 393, height: 500))
        let pitch = layout.metrics(forWidth: 393).pitch
        #expect(viewport.photoIndex(at: Point(x: 10, y: 10), layout: layout, photoCount: 15) == 0)
        viewport.scrollOffset = pitch
        #expect(viewport.photoIndex(at: Point(x: 10, y: 10), layout: layout, photoCount: 15) == 3)
        // Above and below the visible area.
        #expect(viewport.photoIndex(at: Point(x: 10, y: -1), layout: layout, photoCount: 15) == nil)
        #expect(viewport.photoIndex(at: Point(x: 10, y: 500), layout: layout, photoCount: 15) == nil)
        #expect(viewport.contentPoint(of: Point(x: 3, y: 4)) == Point(x: 3, y: 4 + pitch))
        // 15 photos: 5 rows of 128.33 and 4 gaps = 657.67 pt of content in 500 pt.
        #expect(abs(viewport.maximumScrollOffset(layout: layout, photoCount: 15) - (5 * pitch - 4 - 500)) < 1e-9)
        #expect(viewport.maximumScrollOffset(layout: layout, photoCount: 3) == 0)
    }
}
