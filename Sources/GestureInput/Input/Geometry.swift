/// A position in points. Pointer positions are in viewport coordinates: (0, 0) is the
/// top-left corner of the grid's visible area, y grows downwards, as in UIKit and SwiftUI.
package struct Point: Hashable, Sendable {
    package var x: Double
    package var y: Double

    package init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The straight-line distance to `other`. O(1).
    package func distance(to other: Point) -> Double {
        let dx = x - other.x
        let dy = y - other.y
        return (dx * dx + dy * dy).squareRoot()
    }
}

/// The size of the grid's visible area, in points.
package struct ViewportSize: Hashable, Sendable {
    package var width: Double
    package var height: Double

    package init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// An iPhone in portrait (393 × 852 points), the size synthetic sessions start with.
    package static let phonePortrait = ViewportSize(width: 393, height: 852)
}
