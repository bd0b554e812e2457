/// The thresholds that tell a tap from a long press from nothing.
package struct GestureSettings: Hashable, Sendable {
    /// How long a press must last to be a long press, in milliseconds. The seed's
    /// `onLongPressGesture(minimumDuration: 0.35)`: a press of exactly 350 ms is long.
    package var minimumPressDuration: Int
    /// How far, in points, the pointer may wander from where it went down before the press
    /// stops counting (SwiftUI's `maximumDistance` default). Exactly `slop` still counts;
    /// anything beyond it cancels.
    package var slop: Double

    package init(minimumPressDuration: Int = 350, slop: Double = 10) {
        self.minimumPressDuration = minimumPressDuration
        self.slop = slop
    }

    /// The grid seed's values: 350 ms, 10 pt.
    package static let seed = GestureSettings()
}
