extension GridMetrics {
    /// The index of the photo a dragging finger at `point` (content coordinates) is over, or
    /// nil where the drag keeps the photo it had: a gap between cells, or beside the columns
    /// (the padding, outside the grid's width).
    ///
    /// Unlike `index(atContentPoint:photoCount:)`, points beyond the rows clamp, as a drag
    /// to select does when the finger leaves the photos: above the first row (the top padding
    /// included) is the first photo, below the last row's cells (the bottom padding and the
    /// space below the grid included) and past the last photo in the last row are the last
    /// photo. O(1): two divisions.
    package func dragIndex(atContentPoint point: Point, photoCount: Int) -> Int? {
        guard cellSide > 0, photoCount > 0 else { return nil }
        let x = point.x - padding
        let y = point.y - padding
        if y < 0 { return 0 }
        let rows = rowCount(photoCount: photoCount)
        let rowsBottom = Double(rows - 1) * pitch + cellSide
        if y >= rowsBottom { return photoCount - 1 }
        // y < rowsBottom, so the row is below `rows`: no overflow in `Int(_:)`.
        let row = Int(y / pitch)
        guard y - Double(row) * pitch < cellSide else { return nil }  // the gap between two rows
        guard x >= 0, x < width else { return nil }
        let column = Int(x / pitch)
        guard column < columns, x - Double(column) * pitch < cellSide else { return nil }  // between columns
        return min(row * columns + column, photoCount - 1)
    }
}
