import GestureInput
@_spi(GridSimInternals) import SelectionTrace

/// One thing a synthetic user does, at the level both layers share: the semantic layer keeps
/// only its event; the pointer layer turns it into raw samples.
package enum SessionStep: Hashable, Sendable {
    /// A tap or long press on the photo at grid `index`. `windowStart` is when the previous
    /// step ended (the finger may go down after it). A long press's finger lifts at `liftTime`,
    /// after the event; a tap's lift is the event itself.
    case gridGesture(TraceEvent, index: Int, windowStart: Int, liftTime: Int?)
    /// One moment of a drag to select, over the photo at grid `index`: the finger goes down on
    /// it and slides sideways (`dragBegan`), slides onto it (`dragMoved`), or lifts over it
    /// (`dragEnded`). `windowStart` is when the previous step ended.
    case drag(TraceEvent, index: Int, windowStart: Int)
    /// An app event that is not a grid gesture: an app-bar button, Back, a library change, the
    /// tray's remove button.
    case appEvent(TraceEvent, windowStart: Int)
    /// The content scrolls from one offset to another between `start` and `end` (equal for an
    /// adjustment the scroll view makes by itself, such as after the content shrank).
    case scroll(from: Double, to: Double, start: Int, end: Int)
    /// The visible area changes size at `time`, and the scroll view settles at `scrollOffset`.
    case viewport(ViewportSize, scrollOffset: Double, time: Int)

    /// The semantic event of the step, if it has one.
    package var event: TraceEvent? {
        switch self {
        case .gridGesture(let event, _, _, _), .drag(let event, _, _), .appEvent(let event, _): event
        case .scroll, .viewport: nil
        }
    }
}
