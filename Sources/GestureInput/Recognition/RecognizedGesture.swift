/// The two gestures a photo cell recognises, as in the grid seed.
public enum GestureKind: String, Hashable, Sendable {
    case tap, longPress
}

/// A gesture the recogniser settled on: which, on what, and when.
public struct RecognizedGesture<Target: Hashable & Sendable>: Hashable, Sendable {
    public var kind: GestureKind
    /// What was under the pointer when it went down: the press is bound to it, as a touch is
    /// bound to the view it began in, even if the grid changes while the finger is down.
    public var target: Target
    /// When it was recognised: the lift for a tap; the moment the minimum duration elapsed,
    /// with the pointer still down, for a long press.
    public var time: Int

    public init(kind: GestureKind, target: Target, time: Int) {
        self.kind = kind
        self.target = target
        self.time = time
    }
}
