/// Tells a tap from a long press from a drag to select from nothing, for one grid, from raw
/// pointer input.
///
/// The rules, after the grid seed's `onTapGesture` + `onLongPressGesture(minimumDuration: 0.35)`
/// and the Photos apps' drag to select (docs/pointer-traces.md has them all, with examples):
///
/// - A press starts when the first pointer goes down; it is bound to the target under it then.
/// - Once `minimumPressDuration` has elapsed with the press intact, a long press fires at that
///   moment, with the pointer still down; its lift then produces nothing.
/// - A lift before that, within `slop` of where the pointer went down, is a tap.
/// - While the app is selecting (`allowsDrag`), a press whose pointer passes the slop before
///   the deadline more sideways than up or down (|dx| > |dy|) becomes a drag: `dragBegan` on
///   the press's target, then `dragMoved` whenever the target under the finger changes, and
///   `dragEnded` when it lifts. A second pointer, a system cancel or a change of the visible
///   area's size end the drag (`dragEnded`, the drag's result kept); a scroll moves the content
///   under the finger and so may report `dragMoved`.
/// - Otherwise the press fails (nothing is produced) when the pointer moves beyond `slop`, the
///   content scrolls, a second pointer goes down, the system cancels the pointer, or the
///   visible area changes size. A failed press stays failed until every pointer has lifted.
///
/// Time advances only through the samples given and `advance(to:)`: the recogniser has no
/// clock of its own, so a replay is deterministic. Every call is O(1) (the set of pointers down
/// holds as many entries as fingers on the screen; a sample completes at most three gestures).
package struct GestureRecognizer<Target: Hashable & Sendable>: Sendable {
    /// A press in progress: one pointer down, within the slop, not yet long.
    package struct Press: Hashable, Sendable {
        package var pointer: PointerID
        package var downTime: Int
        package var downPoint: Point
        package var target: Target
    }

    /// A drag to select in progress: its pointer, and the target under it last reported.
    package struct Drag: Hashable, Sendable {
        package var pointer: PointerID
        /// The target the drag began on.
        package var anchor: Target
        /// The target `dragBegan` or the latest `dragMoved` named.
        package var current: Target
        /// Where the pointer is, in viewport coordinates: a scroll moves the content under it.
        package var point: Point
    }

    package enum Phase: Hashable, Sendable {
        /// No pointer is down.
        case idle
        case pressing(Press)
        /// The long press fired; waiting for every pointer to lift.
        case longPressed
        case dragging(Drag)
        /// A drag ended before its pointer lifted (a second pointer, a cancel, a rotation);
        /// waiting for every pointer to lift.
        case dragEnded
        /// The press resolved to nothing; waiting for every pointer to lift.
        case failed(PressFailure)
    }

    package let settings: GestureSettings
    package private(set) var phase: Phase {
        didSet {
            if case .failed(let reason) = phase { lastFailure = reason }
            if case .pressing = phase { lastFailure = nil }
        }
    }
    /// Why the most recent press resolved to nothing, kept after its pointers lift (for
    /// diagnostics and tests); nil while a press is in progress or after one succeeded.
    package private(set) var lastFailure: PressFailure?
    /// The pointers currently down.
    package private(set) var pointersDown: Set<PointerID> = []

    package init(settings: GestureSettings = .seed) {
        self.settings = settings
        self.phase = .idle
    }

    /// Lets time pass to `time`: fires the pending long press if its minimum duration has
    /// elapsed by then. Call it with the app's clock (or a trace's `t`) so that a long press
    /// fires while the finger is still down.
    package mutating func advance(to time: Int) -> RecognizedGesture<Target>? {
        guard case .pressing(let press) = phase else { return nil }
        let deadline = press.downTime + settings.minimumPressDuration
        guard time >= deadline else { return nil }
        phase = .longPressed
        return RecognizedGesture(kind: .longPress, target: press.target, time: deadline)
    }

    /// Handles one sample. `target` names what lies under a point; it is asked only for the
    /// down that starts a press. `allowsDrag` says whether a sideways slide may begin a drag
    /// (the app is selecting); `dragTarget` names what a dragging pointer is over, nil where
    /// the drag keeps the target it had (a gap). Returns the gestures the sample completed, in
    /// order: a long press whose time came before this sample, a tap, or a drag's moments (a
    /// slide past the slop onto another photo begins and moves a drag at once; a lift over
    /// another photo moves and ends it).
    ///
    /// Callers pass `.scroll` and `.viewport` only when the offset or size actually changed,
    /// and after the visible area has taken the change (so `dragTarget` sees the new scroll).
    package mutating func handle(
        _ sample: PointerSample, allowsDrag: Bool = false, target: (Point) -> Target?,
        dragTarget: (Point) -> Target? = { _ in nil }
    ) -> [RecognizedGesture<Target>] {
        // A long press that came due before this sample fires first; the sample then meets
        // the `.longPressed` phase and cannot complete a second gesture.
        let fired = advance(to: sample.t)
        let completed = apply(
            sample.input, at: sample.t, allowsDrag: allowsDrag, target: target, dragTarget: dragTarget)
        guard let fired else { return completed }
        return [fired] + completed
    }

    private mutating func apply(
        _ input: PointerInput, at time: Int, allowsDrag: Bool, target: (Point) -> Target?,
        dragTarget: (Point) -> Target?
    ) -> [RecognizedGesture<Target>] {
        switch input {
        case .down(let pointer, let point):
            return pointerWentDown(pointer, at: point, time: time, target: target)
        case .move(let pointer, let point):
            return pointerMoved(pointer, to: point, time: time, allowsDrag: allowsDrag, dragTarget: dragTarget)
        case .up(let pointer, let point):
            return pointerLifted(pointer, at: point, time: time, allowsDrag: allowsDrag, dragTarget: dragTarget)
        case .cancel(let pointer, _):
            guard pointersDown.remove(pointer) != nil else { return [] }
            var gestures: [RecognizedGesture<Target>] = []
            if case .pressing = phase { phase = .failed(.cancelled) }
            // The system took the finger: the drag ends where it was (the cancel's position is
            // not a move), its result kept.
            if case .dragging(let drag) = phase, drag.pointer == pointer { gestures = endDrag(time: time) }
            if pointersDown.isEmpty { phase = .idle }
            return gestures
        case .scroll:
            switch phase {
            case .pressing:
                phase = .failed(.scrolled)
                return []
            case .dragging(var drag):
                // The content moved under a finger that stayed: what it is over may be another photo.
                let moved = follow(&drag, time: time, dragTarget: dragTarget)
                phase = .dragging(drag)
                return moved
            default:
                return []
            }
        case .viewport:
            if case .pressing = phase { phase = .failed(.viewportChanged) }
            // The grid is laid out again under the finger: the drag ends, its result kept.
            if case .dragging = phase {
                let ended = endDrag(time: time)
                phase = .dragEnded
                return ended
            }
            return []
        }
    }

    /// A finger goes down: the first starts a press on what lies under it; a second fails a
    /// press in progress, or ends a drag (a pinch is not a drag). A repeated down is ignored.
    private mutating func pointerWentDown(
        _ pointer: PointerID, at point: Point, time: Int, target: (Point) -> Target?
    ) -> [RecognizedGesture<Target>] {
        let isFirst = pointersDown.isEmpty
        guard pointersDown.insert(pointer).inserted else { return [] }
        if isFirst {
            if let bound = target(point) {
                phase = .pressing(Press(pointer: pointer, downTime: time, downPoint: point, target: bound))
            } else {
                phase = .failed(.noTarget)
            }
        } else if case .pressing = phase {
            phase = .failed(.secondPointer)
        } else if case .dragging(let drag) = phase {
            // A pinch is not a drag: the drag ends where it was, its result kept.
            phase = .dragEnded
            return [RecognizedGesture(kind: .dragEnded, target: drag.current, time: time)]
        }
        return []
    }

    /// A finger slides: past the slop, sideways, while selecting, a press becomes a drag (any
    /// other slide fails it); a drag follows the finger.
    private mutating func pointerMoved(
        _ pointer: PointerID, to point: Point, time: Int, allowsDrag: Bool, dragTarget: (Point) -> Target?
    ) -> [RecognizedGesture<Target>] {
        switch phase {
        case .pressing(let press) where press.pointer == pointer:
            guard point.distance(to: press.downPoint) > settings.slop else { return [] }
            guard allowsDrag, Self.isSideways(from: press.downPoint, to: point) else {
                phase = .failed(.movedBeyondSlop)
                return []
            }
            return beginDrag(press, at: point, time: time, dragTarget: dragTarget)
        case .dragging(var drag) where drag.pointer == pointer:
            drag.point = point
            let moved = follow(&drag, time: time, dragTarget: dragTarget)
            phase = .dragging(drag)
            return moved
        default:
            return []
        }
    }

    /// A finger lifts: a press within the slop is a tap, a quick sideways flick a drag that
    /// begins and ends at once; a drag ends where the finger lifts. A lift of a finger that
    /// never went down is ignored.
    private mutating func pointerLifted(
        _ pointer: PointerID, at point: Point, time: Int, allowsDrag: Bool, dragTarget: (Point) -> Target?
    ) -> [RecognizedGesture<Target>] {
        guard pointersDown.remove(pointer) != nil else { return [] }
        var gestures: [RecognizedGesture<Target>] = []
        switch phase {
        case .pressing(let press) where press.pointer == pointer:
            // The lift's own position counts too: a trace may have no move before it.
            if point.distance(to: press.downPoint) <= settings.slop {
                gestures = [RecognizedGesture(kind: .tap, target: press.target, time: time)]
            } else if allowsDrag, Self.isSideways(from: press.downPoint, to: point) {
                gestures = beginDrag(press, at: point, time: time, dragTarget: dragTarget)
                gestures += endDrag(time: time)
            } else {
                phase = .failed(.movedBeyondSlop)
            }
        case .dragging(var drag) where drag.pointer == pointer:
            drag.point = point
            gestures = follow(&drag, time: time, dragTarget: dragTarget)
            phase = .dragging(drag)
            gestures += endDrag(time: time)
        default:
            break
        }
        if pointersDown.isEmpty { phase = .idle }
        return gestures
    }

    /// Whether a slide from `start` to `end` goes more sideways than up or down. Exactly 45
    /// degrees is not: the grid scrolls vertically, and a tie is left to the scroll.
    static func isSideways(from start: Point, to end: Point) -> Bool {
        abs(end.x - start.x) > abs(end.y - start.y)
    }

    /// The press becomes a drag at `point`: `dragBegan` on its target, and `dragMoved` when
    /// the finger is already over another one.
    private mutating func beginDrag(
        _ press: Press, at point: Point, time: Int, dragTarget: (Point) -> Target?
    ) -> [RecognizedGesture<Target>] {
        var drag = Drag(pointer: press.pointer, anchor: press.target, current: press.target, point: point)
        let moved = follow(&drag, time: time, dragTarget: dragTarget)
        phase = .dragging(drag)
        return [RecognizedGesture(kind: .dragBegan, target: press.target, time: time)] + moved
    }

    /// `dragMoved` when the target under the drag's point is another than the last reported;
    /// nothing over a gap.
    private func follow(
        _ drag: inout Drag, time: Int, dragTarget: (Point) -> Target?
    ) -> [RecognizedGesture<Target>] {
        guard let over = dragTarget(drag.point), over != drag.current else { return [] }
        drag.current = over
        return [RecognizedGesture(kind: .dragMoved, target: over, time: time)]
    }

    /// `dragEnded` for the drag in progress; the phase waits for the pointers to lift.
    private mutating func endDrag(time: Int) -> [RecognizedGesture<Target>] {
        guard case .dragging(let drag) = phase else { return [] }
        phase = .dragEnded
        return [RecognizedGesture(kind: .dragEnded, target: drag.current, time: time)]
    }
}
