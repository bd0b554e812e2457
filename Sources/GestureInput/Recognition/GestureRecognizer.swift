/// Tells a tap from a long press from nothing, for one grid, from raw pointer input.
///
/// The rules, after the grid seed's `onTapGesture` + `onLongPressGesture(minimumDuration: 0.35)`:
///
/// - A press starts when the first pointer goes down; it is bound to the target under it then.
/// - Once `minimumPressDuration` has elapsed with the press intact, a long press fires at that
///   moment, with the pointer still down; its lift then produces nothing.
/// - A lift before that, within `slop` of where the pointer went down, is a tap.
/// - The press fails (nothing is produced) when the pointer moves beyond `slop`, the content
///   scrolls, a second pointer goes down, the system cancels the pointer, or the visible area
///   changes size. A failed press stays failed until every pointer has lifted.
///
/// Time advances only through the samples given and `advance(to:)`: the recogniser has no
/// clock of its own, so a replay is deterministic. Every call is O(1) (the set of pointers down
/// holds as many entries as fingers on the screen).
public struct GestureRecognizer<Target: Hashable & Sendable>: Sendable {
    /// A press in progress: one pointer down, within the slop, not yet long.
    public struct Press: Hashable, Sendable {
        public var pointer: PointerID
        public var downTime: Int
        public var downPoint: Point
        public var target: Target
    }

    public enum Phase: Hashable, Sendable {
        /// No pointer is down.
        case idle
        case pressing(Press)
        /// The long press fired; waiting for every pointer to lift.
        case longPressed
        /// The press resolved to nothing; waiting for every pointer to lift.
        case failed(PressFailure)
    }

    public let settings: GestureSettings
    public private(set) var phase: Phase {
        didSet {
            if case .failed(let reason) = phase { lastFailure = reason }
            if case .pressing = phase { lastFailure = nil }
        }
    }
    /// Why the most recent press resolved to nothing, kept after its pointers lift (for
    /// diagnostics and tests); nil while a press is in progress or after one succeeded.
    public private(set) var lastFailure: PressFailure?
    /// The pointers currently down.
    public private(set) var pointersDown: Set<PointerID> = []

    public init(settings: GestureSettings = .seed) {
        self.settings = settings
        self.phase = .idle
    }

    /// Lets time pass to `time`: fires the pending long press if its minimum duration has
    /// elapsed by then. Call it with the app's clock (or a trace's `t`) so that a long press
    /// fires while the finger is still down.
    public mutating func advance(to time: Int) -> RecognizedGesture<Target>? {
        guard case .pressing(let press) = phase else { return nil }
        let deadline = press.downTime + settings.minimumPressDuration
        guard time >= deadline else { return nil }
        phase = .longPressed
        return RecognizedGesture(kind: .longPress, target: press.target, time: deadline)
    }

    /// Handles one sample. `target` names what lies under a point; it is asked only for the
    /// down that starts a press. Returns the gesture the sample completed, if any: a long press
    /// whose time came before this sample, or a tap.
    ///
    /// Callers pass `.scroll` and `.viewport` only when the offset or size actually changed.
    public mutating func handle(
        _ sample: PointerSample, target: (Point) -> Target?
    ) -> RecognizedGesture<Target>? {
        // A long press that came due before this sample fires first; the sample then meets
        // the `.longPressed` phase and cannot complete a second gesture.
        let fired = advance(to: sample.t)
        let completed = apply(sample.input, at: sample.t, target: target)
        return fired ?? completed
    }

    private mutating func apply(
        _ input: PointerInput, at time: Int, target: (Point) -> Target?
    ) -> RecognizedGesture<Target>? {
        switch input {
        case .down(let pointer, let point):
            let isFirst = pointersDown.isEmpty
            guard pointersDown.insert(pointer).inserted else { return nil }  // a repeated down: ignore
            if isFirst {
                if let bound = target(point) {
                    phase = .pressing(Press(pointer: pointer, downTime: time, downPoint: point, target: bound))
                } else {
                    phase = .failed(.noTarget)
                }
            } else if case .pressing = phase {
                phase = .failed(.secondPointer)
            }
            return nil

        case .move(let pointer, let point):
            if case .pressing(let press) = phase, press.pointer == pointer,
                point.distance(to: press.downPoint) > settings.slop
            {
                phase = .failed(.movedBeyondSlop)
            }
            return nil

        case .up(let pointer, let point):
            guard pointersDown.remove(pointer) != nil else { return nil }  // never went down: ignore
            var gesture: RecognizedGesture<Target>?
            if case .pressing(let press) = phase, press.pointer == pointer {
                // The lift's own position counts too: a trace may have no move before it.
                if point.distance(to: press.downPoint) > settings.slop {
                    phase = .failed(.movedBeyondSlop)
                } else {
                    gesture = RecognizedGesture(kind: .tap, target: press.target, time: time)
                }
            }
            if pointersDown.isEmpty { phase = .idle }
            return gesture

        case .cancel(let pointer, _):
            guard pointersDown.remove(pointer) != nil else { return nil }
            if case .pressing = phase { phase = .failed(.cancelled) }
            if pointersDown.isEmpty { phase = .idle }
            return nil

        case .scroll:
            if case .pressing = phase { phase = .failed(.scrolled) }
            return nil

        case .viewport:
            if case .pressing = phase { phase = .failed(.viewportChanged) }
            return nil
        }
    }
}
