import GestureInput
@_spi(GridSimInternals) import SelectionTrace

/// A synthetic session's two layers, as the lines of a two-layer text trace (header first):
/// the session's steps turned into raw samples and recorded through a `PointerTraceRecorder`,
/// so each event is what the recogniser made of the samples. With the same settings, its
/// events are those of `SyntheticSession`.
package struct SyntheticPointerSession: Sequence, IteratorProtocol {
    package let header: TraceHeader
    package let eventCount: Int
    private var model: SessionModel
    private var synthesizer: PointerSynthesizer
    private var recorder: PointerTraceRecorder
    private var lines: [String] = []
    private var position = 0
    private var finished = false
    /// Steps whose samples resolved to another event than the model meant; 0 unless the
    /// synthesiser has a bug (the tests hold it to 0).
    package private(set) var divergences = 0
    /// The grid's size at each step that has an event (before the step).
    package private(set) var gridSizes = GridSizeRange()
    /// Event lines made so far (some may wait in the recorder for their input).
    package var eventsProduced: Int { recorder.eventCount }

    package init(_ settings: SessionSettings, eventCount: Int) {
        header = settings.header(layer: "pointer")
        self.eventCount = eventCount
        model = SessionModel(
            configuration: header.configuration, setup: settings.setup, mix: settings.mix, seed: settings.modelSeed)
        synthesizer = PointerSynthesizer(setup: settings.setup, seed: settings.pointerSeed)
        recorder = PointerTraceRecorder(header: header, setup: settings.setup)
    }

    /// The next line (without newline), or nil after the last. O(samples of one step).
    package mutating func next() -> String? {
        while position == lines.count {
            guard !finished else { return nil }
            lines = []
            position = 0
            produceStep()
            lines = recorder.takeLines()
        }
        defer { position += 1 }
        return lines[position]
    }

    private mutating func produceStep() {
        guard recorder.eventCount < eventCount else {
            recorder.finish()
            finished = true
            return
        }
        let viewport = model.viewport
        let photosBefore = model.photoCount
        let step = model.next()
        if step.event != nil { gridSizes.record(photosBefore) }
        gridSizes.pruning = model.pruning
        var resolved: [TraceEvent] = []
        for sample in synthesizer.samples(for: step, viewport: viewport) {
            resolved += recorder.record(sample)
        }
        switch step {
        case .gridGesture(let event, _, _, _), .drag(let event, _, _):
            if resolved != [event] { divergences += 1 }
        case .appEvent(let event, _):
            if !resolved.isEmpty { divergences += 1 }
            recorder.record(event)
        case .scroll, .viewport:
            if !resolved.isEmpty { divergences += 1 }
        }
    }
}
