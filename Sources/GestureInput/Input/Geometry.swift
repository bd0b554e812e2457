/// A position in points. Pointer positions are in viewport coordinates: (0, 0) is the
/// top-left corner of the grid's visible area, y grows downwards, as in UIKit and SwiftUI.
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The straight-line distance to `other`. O(1).
    public func distance(to other: Point) -> Double {
        let dx = x - other.x
        let dy = y - other.y
        return (dx * dx + dy * dy).squareRoot()
    }
}

/// The size of the grid's visible area, in points.
public struct ViewportSize: Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// An iPhone in portrait (393 × 852 points), the size synthetic sessions start with.
    public static let phonePortrait = ViewportSize(width: 393, height: 852)
}
