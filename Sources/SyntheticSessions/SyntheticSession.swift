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
    /// The grid's size at each event produced so far (before the event).
    package private(set) var gridSizes = GridSizeRange()
    /// For each photo of the model's pool (by its slot past `SessionModel.poolBase`), its slot
    /// in a binary trace plus one, 0 until the trace names it: the trace numbers photos in the
    /// order it first names them, the model by pool number.
    private var poolTraceSlots: [UInt32] = []
    /// The ids an event encoded by slot names for the first time; kept for its storage.
    private var newIDs: [PhotoID] = []

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

    /// Appends the next event's records to `bytes` through `encoder` (which began with this
    /// session's header and has encoded only its events): the bytes `encoder.encode(next()!)`
    /// appends, with only the photos the trace names for the first time given by id. False
    /// after `eventCount`. O(1) amortised plus the engine's cost.
    mutating func encodeNextEvent(into encoder: inout BinaryTraceEncoder, bytes: inout [UInt8]) -> Bool {
        guard produced < eventCount else { return false }
        produced += 1
        gridSizes.record(model.photoCount)
        let (t, event) = model.nextEvent()
        newIDs.removeAll(keepingCapacity: true)
        let firstNewSlot = encoder.slotCount
        let poolBase = model.poolBase
        let traced = event.mapPhotos { slot in
            // The grid's first photos have the same slots in the trace as in the model.
            guard slot.index >= poolBase else { return slot }
            let pooled = slot.index - poolBase
            if pooled >= poolTraceSlots.count {
                poolTraceSlots.append(contentsOf: repeatElement(0, count: Swift.max(pooled + 1 - poolTraceSlots.count, 1024)))
            }
            if poolTraceSlots[pooled] == 0 {
                poolTraceSlots[pooled] = UInt32(firstNewSlot + newIDs.count + 1)
                // `model.id(for: slot)`, without reading `model` here: that copied the whole
                // model at each new photo, the closure holding `self` for its writes.
                newIDs.append(SessionModel.insertedID(pooled + 1))
            }
            return PhotoSlot(Int(poolTraceSlots[pooled]) - 1)
        }
        // The pool hands each id out once, and the session names photos by slot only.
        encoder.encode(t: t, traced, unseenNewIDs: newIDs, into: &bytes)
        return true
    }
}
