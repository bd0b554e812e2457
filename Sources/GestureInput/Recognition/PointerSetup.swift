/// Everything the pointer layer needs besides the samples: the layout rule, the visible area
/// and scroll offset at the start, and the recogniser's thresholds. A two-layer trace writes
/// it in its header (see docs/pointer-traces.md).
package struct PointerSetup: Hashable, Sendable {
    package var layout: GridLayout
    package var viewport: GridViewport
    package var gestures: GestureSettings

    package init(layout: GridLayout = .seed, viewport: GridViewport, gestures: GestureSettings = .seed) {
        self.layout = layout
        self.viewport = viewport
        self.gestures = gestures
    }

    /// The seed's grid on a phone in portrait, scrolled to the top.
    package static let phone = PointerSetup(viewport: GridViewport(size: .phonePortrait))
}
