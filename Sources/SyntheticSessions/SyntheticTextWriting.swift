@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
@_spi(GridSimInternals) import SelectionTrace

extension SyntheticSession {
    /// Writes the session `settings` describe, `eventCount` events, as a text trace (the
    /// header line, then every event) to `sink`: the bytes `SyntheticSession.write(to:)`
    /// writes, on two threads. `gridsim generate`'s core for a semantic text trace. Returns
    /// the bytes written and the grid's sizes over the session.
    ///
    /// As `writeBinary`: the session model runs on its own thread and hands its events over
    /// by slot in batches; the calling thread draws the header's ids meanwhile, writes the
    /// header line, then writes each event's line, naming its slots by `SessionSlotNames`.
    /// When writing fails the model thread is stopped and waited for before the error is
    /// thrown.
    ///
    /// O(events) plus the session's own cost; memory: the session's, `batchesAhead` batches
    /// and one 64 KiB block. `progress` is called on the calling thread every
    /// `TraceProgressInterval.events` events.
    package static func writeText<Sink: TraceByteSink>(
        _ settings: SessionSettings, eventCount: Int, generator: String = "gridsim generate", to sink: inout Sink,
        progress: TraceProgress = { _, _ in }
    ) throws -> (written: Int, gridSizes: GridSizeRange) {
        try ModelThread.run(settings, eventCount: eventCount) { poolBase, queue in
            let header = settings.header(layer: "semantic", generator: generator)
            let names = SessionSlotNames(header.photos, poolBase: poolBase)
            var output = TextLineOutput(written: try TextTraceEncoding.writeHeaderLine(header, to: &sink))
            while let batch = queue.pop() {
                for (t, event) in batch {
                    var line = output.block.cursor(
                        atMost: TextTraceEncoding.maximumLineLength(event, longestID: names.longestIDByteCount))
                    TextTraceEncoding.writeLine(t: t, event, to: &line) { slot, line in names.write(slot, to: &line) }
                    output.block.commit(line)
                    if output.lineWritten(progress: progress) { try output.handOver(to: &sink) }
                }
            }
            try output.handOver(to: &sink)
            return output.written
        }
    }
}

/// The ids of a generated session's slots, as the model run over the grid by count
/// (`SessionSettings.slotConfiguration`) numbers them: slot `i` below `poolBase` is the
/// header's `i`-th photo (`"i+1"` for a counted grid, the listed id's bytes otherwise), and
/// slot `poolBase + n` is the pool's id `s<n+1>`. A generated grid never lists an id spelled
/// as a pool id, so no id has two slots.
struct SessionSlotNames {
    private let listed: PhotoIDTable?
    private let poolBase: Int
    /// The most bytes an id takes, or more (before escaping): what a line's room is made of.
    let longestIDByteCount: Int

    /// O(photos) for a listed grid (each id's length read once), O(1) for a counted one.
    init(_ photos: PhotoList, poolBase: Int) {
        self.poolBase = poolBase
        switch photos {
        case .count:
            listed = nil
            longestIDByteCount = 24
        case .ids(let table):
            listed = table
            var longest = 0
            for position in 0..<table.count { longest = max(longest, table.withBytes(at: position) { $0.count }) }
            // Digits of a 64-bit number and a prefix, or the longest listed id.
            longestIDByteCount = max(24, longest)
        }
    }

    /// Writes the id of `slot` as a JSON string, as `SessionModel.writeID` does. O(id length).
    func write(_ slot: PhotoSlot, to line: inout LineCursor) {
        let index = slot.index
        if index >= poolBase {
            line.write("\"s")
            line.writeDecimal(index - poolBase + 1)
            line.write(UInt8(ascii: "\""))
        } else if let listed {
            listed.withBytes(at: index) { line.writeQuoted($0) }
        } else {
            line.write(UInt8(ascii: "\""))
            line.writeDecimal(index + 1)
            line.write(UInt8(ascii: "\""))
        }
    }
}
