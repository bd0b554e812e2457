import GestureInput
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace

/// A two-layer recording written as a script: the finger's samples and the app's events, in
/// time order, through a `PointerTraceRecorder`. The fixtures of Traces/pointer/ are made so.
struct RecordingScript {
    private var recorder: PointerTraceRecorder

    init(header: TraceHeader, setup: PointerSetup) {
        recorder = PointerTraceRecorder(header: header, setup: setup)
    }

    /// A raw sample at `t`.
    mutating func finger(_ t: Int, _ input: PointerInput) { recorder.record(PointerSample(t: t, input)) }

    /// An app event at `t` (an app-bar button, the tray's remove button, a library change).
    mutating func app(_ t: Int, _ event: Event) { recorder.record(TraceEvent(t: t, event)) }

    /// The trace's text, each line ending in a newline.
    mutating func text() -> String {
        recorder.finish()
        return recorder.takeLines().map { $0 + "\n" }.joined()
    }
}

extension TraceHeader {
    /// A fixture's header: its grid, and a `meta` whose `scenario` tells in prose what the
    /// finger does and what the engine makes of it.
    static func recording(photos: Int, limit: Int? = nil, scenario: String) -> TraceHeader {
        TraceHeader(
            photos: .count(photos), limit: limit, meta: JSONObject([(key: "scenario", value: .string(scenario))]))
    }
}

/// A viewport point, for scripts.
func point(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }
