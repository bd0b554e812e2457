import GestureInput
@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
@_spi(GridSimInternals) import SelectionTrace

/// A synthetic session's semantic layer: `eventCount` events, produced one at a time, so
/// that ten million need never be held. The same settings always give the same events.
package struct SyntheticSession: Sequence, IteratorProtocol {
    package let header: TraceHeader
    package let eventCount: Int
    private var model: SessionModel
    private var produced = 0
    /// The grid's size at each event produced so far (before the event), and the library
    /// changes that pruned the selection.
    package private(set) var gridSizes = GridSizeRange()
    /// `generator` is what the header's `meta` says made the trace.
    package init(_ settings: SessionSettings, eventCount: Int, generator: String = "gridsim generate") {
        header = settings.header(layer: "semantic", generator: generator)
        self.eventCount = eventCount
        model = SessionModel(
            configuration: header.configuration, setup: settings.setup, mix: settings.mix, seed: settings.modelSeed)
    }

    /// The next event, or nil after `eventCount`. O(1) amortised plus the engine's cost.
    package mutating func next() -> TraceEvent? {
        guard produced < eventCount else { return nil }
        produced += 1
        gridSizes.record(model.photoCount)
        let (t, event) = model.nextEvent()
        gridSizes.pruning = model.pruning
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
        gridSizes.pruning = model.pruning
        var line = block.cursor(atMost: model.maximumLineLength(event))
        model.writeLine(t: t, event, to: &line)
        block.commit(line)
        return true
    }
}
