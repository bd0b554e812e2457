/// Which finger (or pen, or mouse button) a pointer sample belongs to. The first finger of a
/// trace is 0 by convention; only the identity matters.
package typealias PointerID = Int

/// One thing the finger or the scroll view did. Pointer kinds carry the pointer's position in
/// viewport coordinates; `scroll` and `viewport` carry the new state, as the scroll view
/// reports it.
package enum PointerInput: Hashable, Sendable {
    /// A pointer touched the screen.
    case down(PointerID, Point)
    /// A pointer that is down moved.
    case move(PointerID, Point)
    /// A pointer lifted.
    case up(PointerID, Point)
    /// The system took the pointer away (an incoming call, a system gesture).
    case cancel(PointerID, Point)
    /// The grid's vertical content offset changed to this value (points scrolled from the top).
    case scroll(Double)
    /// The grid's visible area changed size (rotation, split view, a resized window).
    case viewport(ViewportSize)

    /// The pointer a pointer kind belongs to; nil for `scroll` and `viewport`.
    package var pointer: PointerID? {
        switch self {
        case .down(let id, _), .move(let id, _), .up(let id, _), .cancel(let id, _): id
        case .scroll, .viewport: nil
        }
    }
}

/// One raw input sample: what happened and when.
package struct PointerSample: Hashable, Sendable {
    /// Milliseconds since the trace began: the clock of the trace's `t` fields.
    package var t: Int
    package var input: PointerInput

    package init(t: Int, _ input: PointerInput) {
        self.t = t
        self.input = input
    }
}
