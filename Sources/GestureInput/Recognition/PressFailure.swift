/// Why a press resolved to nothing.
package enum PressFailure: String, Hashable, Sendable {
    /// The press began where there is no photo: a gap, past the last photo, outside the grid.
    case noTarget
    /// The pointer moved further than the slop from where it went down.
    case movedBeyondSlop
    /// The content scrolled while the pointer was down.
    case scrolled
    /// Another pointer went down: a pinch or a two-finger gesture is not a tap.
    case secondPointer
    /// The system cancelled the pointer.
    case cancelled
    /// The visible area changed size (a rotation) while the pointer was down.
    case viewportChanged
}
