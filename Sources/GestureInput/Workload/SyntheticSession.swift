import SelectionCore
import SelectionTrace

/// A synthetic session's semantic layer: `eventCount` events, produced one at a time, so
/// that ten million need never be held. The same settings always give the same events.
public struct SyntheticSession: Sequence, IteratorProtocol {
    public let header: TraceHeader
    public let eventCount: Int
    private var model: SessionModel
    private var produced = 0
    /// The grid's size at each event produced so far (before the event).
    package private(set) var gridSizes = GridSizeRange()

    public init(_ settings: SessionSettings, eventCount: Int) {
        header = settings.header(layer: "semantic")
        self.eventCount = eventCount
        model = SessionModel(
            configuration: header.configuration, setup: settings.setup, mix: settings.mix, seed: settings.modelSeed)
    }

    /// The next event, or nil after `eventCount`. O(1) amortised plus the engine's cost.
    public mutating func next() -> TraceEvent? {
        guard produced < eventCount else { return nil }
        produced += 1
        gridSizes.record(model.photoCount)
        let (t, event) = model.nextEvent()
        return TraceEvent(t: t, event.mapPhotos(model.id(for:)))
    }

    /// Writes the next event's line and newline into `block`: the bytes `TextTraceEncoding`
    /// writes for `next()`'s event, without making its strings. False after `eventCount`.
    /// O(1) amortised plus the engine's cost.
    mutating func writeNextLine(to block: LineBlock) -> Bool {
        guard produced < eventCount else { return false }
        produced += 1
        gridSizes.record(model.photoCount)
        let (t, event) = model.nextEvent()
        var line = block.cursor(atMost: model.maximumLineLength(event))
        model.writeLine(t: t, event, to: &line)
        block.commit(line)
        return true
    }
}
