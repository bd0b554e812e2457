@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace

/// Records a two-layer trace while a session runs: every raw pointer sample, and the semantic
/// event it resolved to through the recogniser, on the same line. App events that are not grid
/// gestures (the app-bar buttons, Back, library changes) are recorded as they are.
///
/// The recorder runs a `FastEngine` alongside, because the photo under a finger depends on the
/// grid's current order, which Delete and library changes rewrite.
///
/// Lines come out through `takeLines()`. The newest line is held back until the next one is
/// known, so that raw input after the last event (a press that came to nothing: often the very
/// thing a bug report is about) can be attached to it as `inputAfter` by `finish()`. A recorder
/// stopped without `finish()` therefore loses at most its last line.
///
/// Each call costs O(1) plus the engine's cost for the event it applies.
package struct PointerTraceRecorder {
    package let header: TraceHeader
    package let setup: PointerSetup
    /// The session as the app sees it; its grid order names the photos under the finger.
    package private(set) var engine: FastEngine
    package private(set) var surface: GridPointerSurface
    /// How many event lines have been recorded (held or taken).
    package private(set) var eventCount = 0

    private enum HeldLine {
        case header
        case event(PointerTraceLine)
    }

    /// Samples since the last event line.
    private var pendingInput: [PointerSample] = []
    private var held: HeldLine? = .header
    private var ready: [String] = []

    package init(header: TraceHeader, setup: PointerSetup) {
        self.header = header
        self.setup = setup
        engine = FastEngine(configuration: header.configuration)
        surface = GridPointerSurface(setup: setup)
    }

    /// Records one raw sample. Returns the events it resolved (a long press that came due
    /// before it, a tap, a drag's moments), which have been recorded and applied, in order.
    /// The first event a sample resolves carries the samples since the last line; the others
    /// the same sample resolved (a drag begun and moved by one slide) carry `"input":[]`.
    @discardableResult
    package mutating func record(_ sample: PointerSample) -> [TraceEvent] {
        var resolved: [TraceEvent] = []
        // A long press due before this sample belongs to the samples before it.
        if let fired = surface.advance(to: sample.t) {
            emit(fired, input: pendingInput)
            resolved.append(fired)
        }
        pendingInput.append(sample)
        for event in surface.handle(sample, order: engine) {
            emit(event, input: pendingInput)
            resolved.append(event)
        }
        return resolved
    }

    /// Lets the app's clock reach `time`: a long press that came due is recorded. Returns it.
    @discardableResult
    package mutating func advance(to time: Int) -> TraceEvent? {
        guard let fired = surface.advance(to: time) else { return nil }
        emit(fired, input: pendingInput)
        return fired
    }

    /// Records an app event that did not come from the grid's pointer layer. Any raw input
    /// since the last line rides on it.
    package mutating func record(_ event: TraceEvent) {
        if let t = event.t { advance(to: t) }
        emit(event, input: pendingInput.isEmpty ? nil : pendingInput)
    }

    /// Ends the trace: raw input after the last event is attached to the last line.
    package mutating func finish() {
        let after = pendingInput.isEmpty ? nil : pendingInput
        pendingInput = []
        switch held {
        case .header:
            ready.append(PointerTraceEncoding.line(for: header, setup: setup, inputAfter: after))
        case .event(var line):
            line.inputAfter = after
            ready.append(PointerTraceEncoding.line(for: line))
        case nil:
            break
        }
        held = nil
    }

    /// The lines completed so far (without newlines), in order; each is returned once.
    package mutating func takeLines() -> [String] {
        defer { ready.removeAll(keepingCapacity: true) }
        return ready
    }

    private mutating func emit(_ event: TraceEvent, input: [PointerSample]?) {
        precondition(held != nil, "the recorder has finished")
        release()
        held = .event(PointerTraceLine(event: event, input: input))
        pendingInput = []
        eventCount += 1
        _ = engine.apply(event.event)
    }

    private mutating func release() {
        switch held {
        case .header: ready.append(PointerTraceEncoding.line(for: header, setup: setup))
        case .event(let line): ready.append(PointerTraceEncoding.line(for: line))
        case nil: break
        }
    }
}
