/// A rectangle in points.
package struct Rect: Hashable, Sendable {
    package var minX: Double
    package var minY: Double
    package var width: Double
    package var height: Double

    package var maxX: Double { minX + width }
    package var maxY: Double { minY + height }
    package var mid: Point { Point(x: minX + width / 2, y: minY + height / 2) }
}
