/// The grid laid out for one width: where each cell is, in content coordinates (y measured
/// from the top of the scroll content). Every query is O(1).
package struct GridMetrics: Hashable, Sendable {
    package let columns: Int
    /// The side of every (square) cell.
    package let cellSide: Double
    package let spacing: Double
    package let padding: Double
    /// The width the columns share: the viewport's less the padding on both sides.
    package let width: Double

    /// The distance from one cell's leading edge to the next one's, across or down.
    package var pitch: Double { cellSide + spacing }

    /// How many rows `photoCount` photos fill.
    package func rowCount(photoCount: Int) -> Int {
        photoCount <= 0 ? 0 : (photoCount - 1) / columns + 1
    }

    /// The cell of the photo at `index` in grid order, in content coordinates.
    package func frame(ofIndex index: Int) -> Rect {
        let row = index / columns
        let column = index % columns
        return Rect(
            minX: padding + Double(column) * pitch, minY: padding + Double(row) * pitch,
            width: cellSide, height: cellSide)
    }

    /// The height of the scroll content for `photoCount` photos, padding included.
    package func contentHeight(photoCount: Int) -> Double {
        let rows = rowCount(photoCount: photoCount)
        return 2 * padding + (rows == 0 ? 0 : Double(rows) * cellSide + Double(rows - 1) * spacing)
    }

    /// The index of the photo whose cell contains `point` (content coordinates), or nil when
    /// the point falls in a gap between cells, in the padding, or past the last photo.
    ///
    /// O(1): two divisions. A cell covers `[origin, origin + side)` on each axis, so a point
    /// on a cell's trailing or bottom edge belongs to the gap after it.
    package func index(atContentPoint point: Point, photoCount: Int) -> Int? {
        guard cellSide > 0, photoCount > 0 else { return nil }
        let x = point.x - padding
        let y = point.y - padding
        // The width check keeps the last column's trailing edge out whatever the rounding of
        // `column * pitch + side`.
        guard x >= 0, y >= 0, x < width else { return nil }
        let columnPosition = x / pitch
        let rowPosition = y / pitch
        // Compare as doubles first: a point far below the grid must not overflow `Int(_:)`.
        guard columnPosition < Double(columns), rowPosition < Double(rowCount(photoCount: photoCount)) else {
            return nil
        }
        let column = Int(columnPosition)
        let row = Int(rowPosition)
        guard x - Double(column) * pitch < cellSide, y - Double(row) * pitch < cellSide else { return nil }
        let index = row * columns + column
        return index < photoCount ? index : nil
    }
}
