import SelectionCore
import SelectionTrace

/// The photo grid as a pointer target: the layout, the visible area and the recogniser, turning
/// raw samples into the semantic events of SPEC.md (`longPress` and `tap` on a photo).
///
/// Photos are found by grid index under the finger and named through `order`, the grid's
/// current order, read at the moment the pointer goes down. Every call is O(1).
public struct GridPointerSurface: Sendable {
    public let layout: GridLayout
    public private(set) var viewport: GridViewport
    public private(set) var recognizer: GestureRecognizer<PhotoID>

    public init(setup: PointerSetup) {
        layout = setup.layout
        viewport = setup.viewport
        recognizer = GestureRecognizer(settings: setup.gestures)
    }

    /// Lets time pass: the long press that came due by `time`, if any.
    public mutating func advance(to time: Int) -> TraceEvent? {
        recognizer.advance(to: time).map(Self.event)
    }

    /// Handles one sample; returns the event it resolved, if any. Scroll and viewport samples
    /// update the visible area; they cancel a press only when they change something.
    public mutating func handle(_ sample: PointerSample, order: some GridPhotoOrder) -> TraceEvent? {
        switch sample.input {
        case .scroll(let offset):
            guard offset != viewport.scrollOffset else { return advance(to: sample.t) }
            viewport.scrollOffset = offset
        case .viewport(let size):
            guard size != viewport.size else { return advance(to: sample.t) }
            viewport.size = size
        case .down, .move, .up, .cancel:
            break
        }
        let viewport = self.viewport
        let layout = self.layout
        let gesture = recognizer.handle(sample) { point in
            viewport.photoIndex(at: point, layout: layout, photoCount: order.photoCount)
                .map(order.photo(atGridIndex:))
        }
        return gesture.map(Self.event)
    }

    /// The photo index under a viewport point, with the current layout and scroll. O(1).
    public func photoIndex(at point: Point, photoCount: Int) -> Int? {
        viewport.photoIndex(at: point, layout: layout, photoCount: photoCount)
    }

    private static func event(_ gesture: RecognizedGesture<PhotoID>) -> TraceEvent {
        switch gesture.kind {
        case .tap: TraceEvent(t: gesture.time, .tap(gesture.target))
        case .longPress: TraceEvent(t: gesture.time, .longPress(gesture.target))
        }
    }
}
