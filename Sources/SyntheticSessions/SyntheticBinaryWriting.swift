import Dispatch
import GestureInput
@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
@_spi(GridSimInternals) import SelectionTrace

extension SyntheticSession {
    /// Events the model thread hands over at once.
    static let eventsPerBatch = 4096
    /// Batches that may wait for the encoder: enough to keep the model running while the
    /// header's ids of a million-photo grid are drawn (about 0.1 s), a few MB at most.
    static let batchesAhead = 64

    /// Writes the session `settings` describe, `eventCount` events, as a binary trace (the
    /// file header, every event, the end record) to `sink`, salted with `salt`: the bytes
    /// `TraceConversion.convert` writes of the session's text trace with that salt.
    /// `gridsim generate --output FILE.gstrace`'s core. Returns the bytes written and the
    /// grid's sizes over the session.
    ///
    /// Two threads share the work, and the trace is the same whatever they do: the session
    /// model runs on its own thread, handing its events (photos as the model's slots) over in
    /// batches through a `BoundedQueue`; the calling thread draws the header's ids meanwhile,
    /// then encodes the events and writes them. Events are encoded from slots, the photos the
    /// trace names for the first time given by id: no id is made, hashed or looked up for the
    /// others, and the encoder keeps no table of ids. When writing fails the model thread is
    /// stopped and waited for before the error is thrown.
    ///
    /// O(events) plus the session's own cost; memory: the session's, `batchesAhead` batches
    /// and one block. `progress` is called on the calling thread every
    /// `TraceProgressInterval.events` events.
    package static func writeBinary<Sink: TraceByteSink>(
        _ settings: SessionSettings, eventCount: Int, generator: String = "gridsim generate", to sink: inout Sink,
        salt: UInt32 = .random(in: 0 ... .max), progress: TraceProgress = { _, _ in }
    ) throws -> (written: Int, gridSizes: GridSizeRange) {
        try ModelThread.run(settings, eventCount: eventCount) { poolBase, queue in
            let header = settings.header(layer: "semantic", generator: generator)
            var encoder = BinaryTraceEncoder(header: header, salt: salt)
            var writer = TraceBlockWriter<Sink>()
            try encoder.encodeHeader(into: &writer, sink: &sink)
            try writer.flush(to: &sink)
            // Events go into a block that is not generic over the sink: reaching into the
            // writer's buffer looked its generic type's metadata up at each event.
            var output = BinaryEventOutput(written: writer.written, poolBase: poolBase)
            while let batch = queue.pop() {
                var next = batch.startIndex
                while next < batch.endIndex {
                    next = output.encode(batch, from: next, with: &encoder, progress: progress)
                    try output.handOver(to: &sink)
                }
            }
            encoder.encodeEnd(into: &output.block)
            try output.handOver(to: &sink, ifAtLeast: 1)
            return output.written
        }
    }
}

/// An event as the model gives it: its time and its photos as the model's slots.
typealias TimedSlotEvent = (t: Int, event: SlotEvent)

/// The session model of a binary recording, moved to the thread that runs it: the thread
/// that made it touches neither it nor `gridSizes` until that thread is done
/// (`DispatchGroup.wait`).
final class ModelThread: @unchecked Sendable {
    /// The model until `run` takes it: over the grid by count (`slotConfiguration`).
    private var model: SessionModel?
    /// The model's first slot of the photos the library brings.
    let poolBase: Int
    /// The grid's size at each event and the library changes' pruning, once `run` is done.
    private(set) var gridSizes = GridSizeRange()

    init(_ settings: SessionSettings) {
        let model = SessionModel(
            configuration: settings.slotConfiguration, setup: settings.setup, mix: settings.mix, seed: settings.modelSeed)
        poolBase = model.poolBase
        self.model = model
    }

    /// Runs the model of `settings` on a thread of its own, which pushes `eventCount` events
    /// into a queue of at most `SyntheticSession.batchesAhead` batches, while `consume` pops
    /// them on the calling thread (given the model's `poolBase`). Waits for the model thread
    /// either way; when `consume` throws, stops the model thread first, then rethrows. Returns
    /// what `consume` returns and the grid's size at each event.
    static func run<Result>(
        _ settings: SessionSettings, eventCount: Int,
        consume: (_ poolBase: Int, _ queue: BoundedQueue<[TimedSlotEvent]>) throws -> Result
    ) throws -> (Result, gridSizes: GridSizeRange) {
        let queue = BoundedQueue<[TimedSlotEvent]>(capacity: SyntheticSession.batchesAhead)
        let modelThread = ModelThread(settings)
        let finished = DispatchGroup()
        DispatchQueue.global().async(group: finished) { modelThread.run(eventCount: eventCount, into: queue) }
        do {
            let result = try consume(modelThread.poolBase, queue)
            finished.wait()
            return (result, modelThread.gridSizes)
        } catch {
            queue.cancel()
            finished.wait()
            throw error
        }
    }

    /// Pushes `eventCount` events in batches, then finishes the queue; stops early when the
    /// consumer cancels. O(events) plus the model's cost.
    func run(eventCount: Int, into queue: BoundedQueue<[TimedSlotEvent]>) {
        // Locals, not the class's properties: each access to those is checked for exclusivity
        // at run time, which cost a twentieth of the model's time. Taking the model leaves it
        // uniquely referenced, so that its storage is not copied on its first change.
        var model = self.model.take()!
        var gridSizes = GridSizeRange()
        defer {
            gridSizes.pruning = model.pruning
            self.gridSizes = gridSizes
        }
        var left = eventCount
        while left > 0 {
            let count = min(left, SyntheticSession.eventsPerBatch)
            var batch: [TimedSlotEvent] = []
            batch.reserveCapacity(count)
            for _ in 0..<count {
                gridSizes.record(model.photoCount)
                batch.append(model.nextEvent())
            }
            left -= count
            guard queue.push(batch) else { return }
        }
        queue.finish()
    }
}

/// The encoding side of a binary session: a block of encoded events handed to the sink
/// about 64 KiB at a time, and the trace's slots of the model's pool photos.
///
/// The trace numbers photos in the order it first names them; the model numbers the grid's
/// first photos as the trace does, and the pool's by pool number (`SessionModel.poolBase`).
private struct BinaryEventOutput {
    static var blockSize: Int { 1 << 16 }
    var block: [UInt8] = []
    /// Bytes handed to the sink.
    private(set) var written: Int
    private var events = 0
    private let poolBase: Int
    /// For each pool photo (by its slot past `poolBase`), its trace slot plus one, 0 until
    /// the trace names it.
    private var poolTraceSlots: [UInt32] = []
    /// The ids an event names for the first time; kept for its storage.
    private var newIDs: [PhotoID] = []

    init(written: Int, poolBase: Int) {
        self.written = written
        self.poolBase = poolBase
        block.reserveCapacity(Self.blockSize + 4096)
    }

    /// Encodes the events of `batch` from `start` on until the block is full; returns where
    /// it stopped. O(events encoded).
    mutating func encode(
        _ batch: [TimedSlotEvent], from start: Int, with encoder: inout BinaryTraceEncoder, progress: TraceProgress
    ) -> Int {
        var index = start
        while index < batch.endIndex && block.count < Self.blockSize {
            let (t, event) = batch[index]
            index += 1
            newIDs.removeAll(keepingCapacity: true)
            let traced = traceSlots(of: event, firstNewSlot: encoder.slotCount)
            // The pool hands each id out once, and the session names photos by slot only.
            encoder.encode(t: t, traced, unseenNewIDs: newIDs, into: &block)
            events += 1
            if events % TraceProgressInterval.events == 0 { progress(events, written + block.count) }
        }
        return index
    }

    /// `event` with the trace's slots; the pool photos it names for the first time take the
    /// slots from `firstNewSlot` on, their ids going to `newIDs`.
    private mutating func traceSlots(of event: SlotEvent, firstNewSlot: Int) -> SlotEvent {
        let poolBase = poolBase
        return event.mapPhotos { slot in
            // The grid's first photos have the same slots in the trace as in the model.
            guard slot.index >= poolBase else { return slot }
            let pooled = slot.index - poolBase
            if pooled >= poolTraceSlots.count {
                poolTraceSlots.append(
                    contentsOf: repeatElement(0, count: Swift.max(pooled + 1 - poolTraceSlots.count, 1024)))
            }
            if poolTraceSlots[pooled] == 0 {
                poolTraceSlots[pooled] = UInt32(firstNewSlot + newIDs.count + 1)
                newIDs.append(SessionModel.insertedID(pooled + 1))
            }
            return PhotoSlot(Int(poolTraceSlots[pooled]) - 1)
        }
    }

    /// Writes the block to `sink` once it holds `minimum` bytes (a whole block by default),
    /// and empties it, keeping its storage.
    mutating func handOver<Sink: TraceByteSink>(to sink: inout Sink, ifAtLeast minimum: Int = blockSize) throws {
        guard block.count >= minimum else { return }
        try block.withUnsafeBytes { try sink.write($0) }
        written += block.count
        block.removeAll(keepingCapacity: true)
    }
}
