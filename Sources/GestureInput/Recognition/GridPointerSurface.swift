@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace

/// The photo grid as a pointer target: the layout, the visible area and the recogniser, turning
/// raw samples into the semantic events of SPEC.md (`longPress` and `tap` on a photo, and
/// `dragBegan`, `dragMoved` and `dragEnded` while selecting).
///
/// Photos are found by grid index under the finger and named through `order`, the grid's
/// current order, read at the moment the pointer goes down (for a drag, also whenever the
/// photo under it changes). Whether a sideways slide drags is read from `order.mode` at the
/// sample that passes the slop. Every call is O(1).
package struct GridPointerSurface: Sendable {
    package let layout: GridLayout
    package private(set) var viewport: GridViewport
    package private(set) var recognizer: GestureRecognizer<PhotoID>

    package init(setup: PointerSetup) {
        layout = setup.layout
        viewport = setup.viewport
        recognizer = GestureRecognizer(settings: setup.gestures)
    }

    /// Lets time pass: the long press that came due by `time`, if any.
    package mutating func advance(to time: Int) -> TraceEvent? {
        recognizer.advance(to: time).map(Self.event)
    }

    /// Handles one sample; returns the events it resolved, in order (at most three: a drag can
    /// begin, move and end on one lift). Scroll and viewport samples update the visible area;
    /// they change a press or a drag only when they change something.
    package mutating func handle(_ sample: PointerSample, order: some GridPhotoOrder) -> [TraceEvent] {
        switch sample.input {
        case .scroll(let offset):
            guard offset != viewport.scrollOffset else { return advance(to: sample.t).map { [$0] } ?? [] }
            viewport.scrollOffset = offset
        case .viewport(let size):
            guard size != viewport.size else { return advance(to: sample.t).map { [$0] } ?? [] }
            viewport.size = size
        case .down, .move, .up, .cancel:
            break
        }
        let viewport = self.viewport
        let layout = self.layout
        let photoCount = order.photoCount
        let gestures = recognizer.handle(
            sample, allowsDrag: order.mode == .selecting,
            target: { point in
                viewport.photoIndex(at: point, layout: layout, photoCount: photoCount).map(order.photo(atGridIndex:))
            },
            dragTarget: { point in
                viewport.dragPhotoIndex(at: point, layout: layout, photoCount: photoCount)
                    .map(order.photo(atGridIndex:))
            })
        return gestures.map(Self.event)
    }

    /// The photo index under a viewport point, with the current layout and scroll. O(1).
    package func photoIndex(at point: Point, photoCount: Int) -> Int? {
        viewport.photoIndex(at: point, layout: layout, photoCount: photoCount)
    }

    private static func event(_ gesture: RecognizedGesture<PhotoID>) -> TraceEvent {
        switch gesture.kind {
        case .tap: TraceEvent(t: gesture.time, .tap(gesture.target))
        case .longPress: TraceEvent(t: gesture.time, .longPress(gesture.target))
        case .dragBegan: TraceEvent(t: gesture.time, .dragBegan(gesture.target))
        case .dragMoved: TraceEvent(t: gesture.time, .dragMoved(gesture.target))
        case .dragEnded: TraceEvent(t: gesture.time, .dragEnded)
        }
    }
}
