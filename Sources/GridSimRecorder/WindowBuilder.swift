@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
@_spi(GridSimInternals) import SelectionTrace
@_spi(GridSimInternals) import TraceRecording

/// A window made into a trace: the state before its first event, as a header with a start
/// state (SPEC.md section 7), then its event lines as they were recorded.
///
/// Made the same way from a live recorder (the reducer's state) and from a file after a crash
/// (its newest checkpoint): the events between that state and the window's first event are
/// read from the ring and applied; a window that would begin inside a drag begins after the
/// drag ends (a start state has no drag), a few events shorter.
struct BuiltWindow: Sendable {
    /// The header line, newline included.
    var headerLine: [UInt8]
    /// The window's lines, each with its newline, as recorded.
    var lines: [UInt8]
    /// The number of the window's first event in the session (1-based).
    var firstEvent: Int
    var eventCount: Int
    /// Events the session recorded, up to the window's last.
    var sessionEvents: Int

    /// Writes the trace to `path` (a hidden file beside it, synced, then renamed), replacing
    /// what is there. Throws `RecorderError`.
    func write(to path: String) throws {
        do {
            let sink = try TraceFileSink(path: path, replacing: true)
            do {
                try headerLine.withUnsafeBytes { try sink.write($0) }
                try lines.withUnsafeBytes { try sink.write($0) }
                try sink.close()
            } catch {
                sink.abandon()
                throw error
            }
        } catch let error as RecordingError {
            throw RecorderError(.io(error.message), at: error.path)
        }
    }
}

/// The inputs of a window: where the reducing started, and what the ring holds after it.
struct WindowSource {
    /// The state after event `baseEvents` (a drag may be in progress).
    var base: FastEngine
    var baseEvents: UInt64
    /// Where event `baseEvents + 1`'s record starts.
    var position: UInt64
    /// The photos `base` was made from, and whether its grid has changed since.
    var baseList: PhotoList
    var gridChanged: Bool
    var ring: UnsafeRawPointer
    var ringBytes: Int
    var head: UInt64
    /// The recorder's window start (the number of its first event), when known.
    var windowStart: UInt64
    var capacity: Int
    /// The session's limit as given (not clamped) and Reduce Motion, for the header.
    var limit: Int?
    var reduceMotion: Bool
    /// Notes for the header's `meta`.
    var meta: [(key: String, value: JSONValue)]
    /// Whether each window line is decoded to check it (a file read after a crash); the live
    /// recorder's own lines are copied unread.
    var checksLines: Bool

    /// The window. Throws `RingDamage` or a trace error for a line that does not read.
    /// O(events in the ring) to walk, plus the events before the window applied, plus the
    /// header: O(photos) when the grid changed since `baseList`, else O(picks).
    consuming func build() throws -> BuiltWindow {
        var walk = RingWalk(ring: ring, ringBytes: ringBytes, head: head, position: position, nextEvent: baseEvents + 1)
        var items: [UnsafeRawBufferPointer] = []
        var cutByOversize = false
        while let item = try walk.next() {
            guard case .event(_, let line) = item else {
                // Recorded while the previous run waited for its reducer: nothing follows.
                cutByOversize = true
                break
            }
            items.append(line)
        }
        let lastEvent = baseEvents + UInt64(items.count)
        var first = max(baseEvents + 1, lastEvent >= UInt64(capacity) ? lastEvent - UInt64(capacity) + 1 : 1)
        if !cutByOversize { first = max(first, min(windowStart, lastEvent + 1)) }
        var engine = base
        engine.listsActionPhotos = false
        var changed = gridChanged
        var index = 0
        // The events that left the window, then any that finish a drag the window would
        // begin inside.
        while index < items.count && (baseEvents + UInt64(index) + 1 < first || engine.isDragging) {
            let event = try WindowLines.event(of: items[index], number: baseEvents + UInt64(index) + 1).event
            let outcome = engine.apply(event).outcome
            if outcome == .applied, event.name == .libraryChanged || event.name == .delete { changed = true }
            index += 1
        }
        first = baseEvents + UInt64(index) + 1
        var lines: [UInt8] = []
        lines.reserveCapacity(items[index...].reduce(0) { $0 + $1.count })
        var lastTime = Int.min
        for (offset, line) in items[index...].enumerated() {
            if checksLines {
                let event = try WindowLines.event(of: line, number: first + UInt64(offset))
                if let t = event.t {
                    guard t >= lastTime else {
                        throw RingDamage(event: first + UInt64(offset), offset: 0, reason: "its time \(t) is before the previous event's")
                    }
                    lastTime = t
                }
            }
            lines.append(contentsOf: line)
        }
        var notes = meta
        notes.append((key: "firstEvent", value: .integer(Int(first))))
        notes.append((key: "sessionEvents", value: .integer(Int(lastEvent))))
        let headerLine = WindowLines.headerLine(
            of: engine, madeFrom: baseList, gridChanged: changed, limit: limit, reduceMotion: reduceMotion,
            meta: JSONObject(notes))
        return BuiltWindow(
            headerLine: headerLine, lines: lines, firstEvent: Int(first), eventCount: items.count - index,
            sessionEvents: Int(lastEvent))
    }
}

/// Reading the ring's lines back, and naming an engine's grid.
enum WindowLines {
    /// The event of a ring line (newline included), as a trace reader reads it.
    static func event(of line: UnsafeRawBufferPointer, number: UInt64) throws -> TraceEvent {
        let decoded = try TextTraceLine.decode(Array(line.dropLast()), lineNumber: Int(number))
        guard case .event(let event) = decoded else {
            throw RingDamage(event: number, offset: 0, reason: "the line is not an event line")
        }
        return event
    }

    /// The header line (newline included) of a trace that starts from `engine`'s state: its
    /// grid, mode, picks and sheet, with `limit`, Reduce Motion and `meta`. The bytes of
    /// `TextTraceEncoding.line(for:)` for that header, written without a string per id: the
    /// ids come from `list`'s table (the engine names a list's photos by position) or, for
    /// photos added since, from the engine. O(photos) when `gridChanged`, else O(ids' bytes).
    static func headerLine(
        of engine: FastEngine, madeFrom list: PhotoList, gridChanged: Bool, limit: Int?, reduceMotion: Bool, meta: JSONObject
    ) -> [UInt8] {
        // Everything but the grid, by the trace writer: its fields and their order.
        let start = StartState(mode: engine.mode, picks: engine.picks, sheet: engine.sheet)
        let rest = TraceHeader(photos: .count(0), limit: limit, reduceMotion: reduceMotion, meta: meta, start: start)
        let text = Array(TextTraceEncoding.line(for: rest).utf8)
        let marker = Array(#""photos":{"count":0}"#.utf8)
        let split = text.firstRange(of: marker)!
        var line: [UInt8] = []
        line.reserveCapacity(text.count + engine.photoCount * (list.averageIDBytes + 3) + 16)
        line.append(contentsOf: text[..<split.lowerBound])
        line.append(contentsOf: #""photos":"#.utf8)
        switch list {
        case .count(let count) where !gridChanged:
            line.append(contentsOf: #"{"count":\#(count)}"#.utf8)
        case .ids(let table) where !gridChanged:
            line.append(contentsOf: #"{"ids":["#.utf8)
            table.forEachID(in: 0..<table.count) { id in
                if line.last != UInt8(ascii: "[") { line.append(UInt8(ascii: ",")) }
                JSONStringBytes.appendQuoted(id, to: &line)
            }
            line.append(contentsOf: "]}".utf8)
        default:
            line.append(contentsOf: #"{"ids":["#.utf8)
            for (index, slot) in engine.grid.order.enumerated() {
                if index > 0 { line.append(UInt8(ascii: ",")) }
                if case .ids(let table) = list, slot.index < table.count {
                    table.withBytes(at: slot.index) { JSONStringBytes.appendQuoted($0, to: &line) }
                } else {
                    var id = engine.slots.id(for: slot)
                    id.withUTF8 { JSONStringBytes.appendQuoted(UnsafeRawBufferPointer($0), to: &line) }
                }
            }
            line.append(contentsOf: "]}".utf8)
        }
        line.append(contentsOf: text[split.upperBound...])
        line.append(UInt8(ascii: "\n"))
        return line
    }
}

extension PhotoList {
    /// The ids' mean length in bytes (a counted grid's: 7), for a writer sizing its buffer.
    var averageIDBytes: Int {
        switch self {
        case .count: 7
        case .ids(let table): table.count == 0 ? 0 : table.byteCount / table.count
        }
    }
}
