/// The gestures the grid recognises: a photo cell's tap and long press, as in the grid seed,
/// and the three moments of a drag to select (SPEC.md section 6).
package enum GestureKind: String, Hashable, Sendable {
    case tap, longPress
    /// A press slid sideways past the slop while selecting: a drag begins at its photo.
    case dragBegan
    /// The photo under the dragging finger changed.
    case dragMoved
    /// The drag ended: its finger lifted, or a second finger, a cancel or a rotation ended it.
    case dragEnded
}

/// A gesture the recogniser settled on: which, on what, and when.
package struct RecognizedGesture<Target: Hashable & Sendable>: Hashable, Sendable {
    package var kind: GestureKind
    /// What the gesture names. For a tap, a long press and `dragBegan`: what was under the
    /// pointer when it went down (the press is bound to it, as a touch is bound to the view it
    /// began in, even if the grid changes while the finger is down). For `dragMoved`: the photo
    /// now under the finger. For `dragEnded`: the last photo the drag reached.
    package var target: Target
    /// When it was recognised: the lift for a tap; the moment the minimum duration elapsed,
    /// with the pointer still down, for a long press; the sample that began, moved or ended a
    /// drag.
    package var time: Int

    package init(kind: GestureKind, target: Target, time: Int) {
        self.kind = kind
        self.target = target
        self.time = time
    }
}
