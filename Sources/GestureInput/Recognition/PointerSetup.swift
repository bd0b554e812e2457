/// Everything the pointer layer needs besides the samples: the layout rule, the visible area
/// and scroll offset at the start, and the recogniser's thresholds. A two-layer trace writes
/// it in its header (see docs/pointer-traces.md).
public struct PointerSetup: Hashable, Sendable {
    public var layout: GridLayout
    public var viewport: GridViewport
    public var gestures: GestureSettings

    public init(layout: GridLayout = .seed, viewport: GridViewport, gestures: GestureSettings = .seed) {
        self.layout = layout
        self.viewport = viewport
        self.gestures = gestures
    }

    /// The seed's grid on a phone in portrait, scrolled to the top.
    public static let phone = PointerSetup(viewport: GridViewport(size: .phonePortrait))
}
