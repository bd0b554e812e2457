/// What part of the grid's content is on screen: the visible area's size and how far the
/// content is scrolled. The grid scrolls vertically only, like the seed's `ScrollView`.
package struct GridViewport: Hashable, Sendable {
    package var size: ViewportSize
    /// Points scrolled from the top of the content; positive scrolls down.
    package var scrollOffset: Double

    package init(size: ViewportSize, scrollOffset: Double = 0) {
        self.size = size
        self.scrollOffset = scrollOffset
    }

    /// Whether a viewport point lies in the visible area: `[0, width) × [0, height)`.
    package func contains(_ point: Point) -> Bool {
        point.x >= 0 && point.x < size.width && point.y >= 0 && point.y < size.height
    }

    /// The content point under a viewport point. O(1).
    package func contentPoint(of point: Point) -> Point {
        Point(x: point.x, y: point.y + scrollOffset)
    }

    /// The viewport point over a content point. O(1).
    package func viewportPoint(of point: Point) -> Point {
        Point(x: point.x, y: point.y - scrollOffset)
    }

    /// The photo under a viewport point, as an index in grid order, or nil for a gap, the
    /// padding, the area past the last photo, or a point outside the visible area. O(1).
    package func photoIndex(at point: Point, layout: GridLayout, photoCount: Int) -> Int? {
        guard contains(point) else { return nil }
        return layout.metrics(forWidth: size.width).index(
            atContentPoint: contentPoint(of: point), photoCount: photoCount)
    }

    /// The furthest the content can scroll: its height less the visible height, at least 0.
    package func maximumScrollOffset(layout: GridLayout, photoCount: Int) -> Double {
        max(0, layout.metrics(forWidth: size.width).contentHeight(photoCount: photoCount) - size.height)
    }
}

extension GridViewport {
    /// The photo a dragging finger at a viewport point is over, as an index in grid order, or
    /// nil where the drag keeps the photo it had (see `GridMetrics.dragIndex`). Not limited
    /// to the visible area: a finger over the app bar or the toolbar is above or below what the
    /// grid shows, and the content under it decides. O(1).
    package func dragPhotoIndex(at point: Point, layout: GridLayout, photoCount: Int) -> Int? {
        layout.metrics(forWidth: size.width).dragIndex(
            atContentPoint: contentPoint(of: point), photoCount: photoCount)
    }
}
