import Foundation
@_spi(GridSimInternals) import SelectionCore
import SelectionSlots

/// Writes traces as JSON Lines (SPEC.md section 4), one line per call, so that a recorder
/// can stream. Reading what it writes gives back the same trace.
@_spi(GridSimInternals) public enum TextTraceEncoding {
    /// The header line, without its newline.
    @_spi(GridSimInternals) public static func line(for header: TraceHeader) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.key("trace")
        json.string(TraceHeader.kind)
        json.key("version")
        json.integer(header.writtenVersion)
        json.key("photos")
        json.beginObject()
        switch header.photos {
        case .count(let n):
            json.key("count")
            json.integer(n)
        case .ids(let ids):
            json.key("ids")
            json.beginArray()
            for id in ids { json.string(id) }
            json.endArray()
        }
        json.endObject()
        if let limit = header.limit {
            json.key("limit")
            json.integer(limit)
        }
        if header.reduceMotion {
            json.key("reduceMotion")
            json.bool(true)
        }
        if !header.start.isBrowsing {
            json.key("start")
            write(header.start, to: &json)
        }
        if let meta = header.meta {
            json.key("meta")
            json.value(.object(meta))
        }
        json.endObject()
        return json.text
    }

    /// A start state as SPEC.md section 7 writes it, defaults left out.
    private static func write(_ start: StartState, to json: inout JSONWriter) {
        json.beginObject()
        if start.mode != .browsing {
            json.key("mode")
            json.string(start.mode.rawValue)
        }
        if !start.picks.isEmpty {
            json.key("picks")
            json.strings(start.picks)
        }
        if let sheet = start.sheet {
            json.key("sheet")
            json.string(sheet.rawValue)
        }
        json.endObject()
    }

    /// An event line's `seen`, its fields in SPEC.md section 7's order, those not given left out.
    private static func write(_ seen: SeenState, to json: inout JSONWriter) {
        json.beginObject()
        if let mode = seen.mode {
            json.key("mode")
            json.string(mode.rawValue)
        }
        if let count = seen.count {
            json.key("count")
            json.integer(count)
        }
        if let title = seen.title {
            json.key("title")
            json.string(title)
        }
        if let tray = seen.tray {
            json.key("tray")
            json.strings(tray)
        }
        if let chosen = seen.chosen {
            json.key("chosen")
            json.strings(chosen)
        }
        if let digest = seen.chosenDigest {
            json.key("chosenDigest")
            json.string(digest.description)
        }
        json.endObject()
    }

    /// An event line, without its newline.
    @_spi(GridSimInternals) public static func line(for event: TraceEvent) -> String {
        var json = JSONWriter()
        json.beginObject()
        if let t = event.t {
            json.key("t")
            json.integer(t)
        }
        json.key("event")
        json.string(event.event.name.rawValue)
        switch event.event {
        case .longPress(let photo), .selectItem(let photo), .tap(let photo), .removeFromTray(let photo),
            .dragBegan(let photo), .dragMoved(let photo):
            json.key("photo")
            json.string(photo)
        case .libraryChanged(let removed, let inserted):
            if !removed.isEmpty {
                json.key("removed")
                json.strings(removed)
            }
            if !inserted.isEmpty {
                json.key("inserted")
                json.beginArray()
                for insertion in inserted {
                    json.beginObject()
                    json.key("photo")
                    json.string(insertion.photo)
                    json.key("at")
                    json.integer(insertion.at)
                    json.endObject()
                }
                json.endArray()
            }
        case .select, .selectAll, .deselectAll, .done, .back, .delete, .move, .share, .edit, .dismiss, .dragEnded:
            break
        }
        if let seen = event.seen {
            json.key("seen")
            write(seen, to: &json)
        }
        json.endObject()
        return json.text
    }
}

extension Trace {
    /// The whole trace as JSON Lines text, each line ending in a newline.
    public var text: String {
        var text = TextTraceEncoding.line(for: header) + "\n"
        for event in events {
            text += TextTraceEncoding.line(for: event)
            text += "\n"
        }
        return text
    }
}

extension TextTraceEncoding {
    /// Appends the event's line and its newline to `bytes`: the same bytes as
    /// `line(for:)` + `"\n"`, written without building a string. O(line length).
    @_spi(GridSimInternals) public static func append(_ event: TraceEvent, to bytes: inout [UInt8]) {
        let block = LineBlock(capacity: 0)
        writeLine(event, to: block)
        block.withBytes { bytes.append(contentsOf: $0.bindMemory(to: UInt8.self)) }
    }

    /// Writes the event's line and its newline into `block`: the bytes of `line(for:)` +
    /// `"\n"`. O(line length).
    package static func writeLine(_ event: TraceEvent, to block: LineBlock) {
        if event.seen != nil {
            // Lines with what the app saw are few and long-lived: the general writer serves.
            var text = line(for: event) + "\n"
            var cursor = block.cursor(atMost: text.utf8.count)
            text.withUTF8 { cursor.write(UnsafeRawBufferPointer($0)) }
            block.commit(cursor)
            return
        }
        var line = block.cursor(atMost: maximumLineLength(of: event.event, longestID: longestID(of: event.event)))
        writeLine(t: event.t, of: event.event, to: &line) { photo, line in
            var photo = photo
            photo.withUTF8 { line.writeQuoted(UnsafeRawBufferPointer($0)) }
        }
        block.commit(line)
    }

    /// The length in bytes of the longest id `event` names (0 if none). O(photos).
    private static func longestID(of event: Event) -> Int {
        switch event {
        case .longPress(let photo), .selectItem(let photo), .tap(let photo), .removeFromTray(let photo),
            .dragBegan(let photo), .dragMoved(let photo):
            photo.utf8.count
        case .libraryChanged(let removed, let inserted):
            max(removed.lazy.map(\.utf8.count).max() ?? 0, inserted.lazy.map(\.photo.utf8.count).max() ?? 0)
        case .select, .selectAll, .deselectAll, .done, .back, .delete, .move, .share, .edit, .dismiss, .dragEnded:
            0
        }
    }

    /// The most bytes `writeLine` writes for `event` when none of its ids is longer than
    /// `longestID` bytes: fixed text and two numbers, plus each photo's id escaped at worst
    /// and its position. O(1).
    package static func maximumLineLength(_ event: SlotEvent, longestID: Int) -> Int {
        maximumLineLength(of: event, longestID: longestID)
    }

    /// `maximumLineLength` of any event, whatever names its photos. (Generic functions are
    /// called from other modules through their unspecialized form, which looks up the event
    /// type's metadata at run time: they are wrapped for the events other modules write.)
    @inline(__always)
    private static func maximumLineLength<Photo>(of event: GridEvent<Photo>, longestID: Int) -> Int {
        let photos: Int
        switch event {
        case .longPress, .selectItem, .tap, .removeFromTray, .dragBegan, .dragMoved: photos = 1
        case .libraryChanged(let removed, let inserted): photos = removed.count + inserted.count
        case .select, .selectAll, .deselectAll, .done, .back, .delete, .move, .share, .edit, .dismiss, .dragEnded:
            photos = 0
        }
        return 96 + photos * (6 * longestID + 48)
    }

    /// Writes the line of an event at `t` whose photos are slots, and its newline: `writeID`
    /// writes one photo as a JSON string (`LineCursor.writeQuoted`), so that the bytes are
    /// those of `line(for:)` + `"\n"` for the event with its ids. O(line length).
    package static func writeLine(
        t: Int?, _ event: SlotEvent, to line: inout LineCursor, writeID: (PhotoSlot, inout LineCursor) -> Void
    ) {
        writeLine(t: t, of: event, to: &line, writeID: writeID)
    }

    /// `writeLine` of any event, whatever names its photos.
    @inline(__always)
    private static func writeLine<Photo>(
        t: Int?, of event: GridEvent<Photo>, to line: inout LineCursor, writeID: (Photo, inout LineCursor) -> Void
    ) {
        line.write(UInt8(ascii: "{"))
        if let t {
            line.write("\"t\":")
            line.writeDecimal(t)
            line.write(UInt8(ascii: ","))
        }
        line.write("\"event\":\"")
        line.write(name(of: event))
        line.write(UInt8(ascii: "\""))
        switch event {
        case .longPress(let photo), .selectItem(let photo), .tap(let photo), .removeFromTray(let photo),
            .dragBegan(let photo), .dragMoved(let photo):
            line.write(",\"photo\":")
            writeID(photo, &line)
        case .libraryChanged(let removed, let inserted):
            if !removed.isEmpty {
                line.write(",\"removed\":[")
                for (index, photo) in removed.enumerated() {
                    if index > 0 { line.write(UInt8(ascii: ",")) }
                    writeID(photo, &line)
                }
                line.write(UInt8(ascii: "]"))
            }
            if !inserted.isEmpty {
                line.write(",\"inserted\":[")
                for (index, insertion) in inserted.enumerated() {
                    line.write(index > 0 ? ",{\"photo\":" : "{\"photo\":")
                    writeID(insertion.photo, &line)
                    line.write(",\"at\":")
                    line.writeDecimal(insertion.at)
                    line.write(UInt8(ascii: "}"))
                }
                line.write(UInt8(ascii: "]"))
            }
        case .select, .selectAll, .deselectAll, .done, .back, .delete, .move, .share, .edit, .dismiss, .dragEnded:
            break
        }
        line.write("}\n")
    }

    /// `event.name.rawValue`, as a constant: no string is looked at per event.
    @inline(__always)
    private static func name<Photo>(of event: GridEvent<Photo>) -> StaticString {
        switch event {
        case .longPress: "longPress"
        case .selectItem: "selectItem"
        case .tap: "tap"
        case .select: "select"
        case .selectAll: "selectAll"
        case .deselectAll: "deselectAll"
        case .done: "done"
        case .back: "back"
        case .delete: "delete"
        case .move: "move"
        case .share: "share"
        case .edit: "edit"
        case .dismiss: "dismiss"
        case .libraryChanged: "libraryChanged"
        case .removeFromTray: "removeFromTray"
        case .dragBegan: "dragBegan"
        case .dragMoved: "dragMoved"
        case .dragEnded: "dragEnded"
        }
    }
}

extension TextTraceEncoding {
    /// Writes the header line and its newline to `sink`: the bytes of `line(for:)` + `"\n"`,
    /// with an id list streamed from its table in blocks of about 64 KiB, so that a header of
    /// ten million ids is never one string (nor one string an id). Returns the bytes written.
    ///
    /// O(header bytes); memory is one block beyond the header's own table.
    @_spi(GridSimInternals) public static func writeHeaderLine<Sink: TraceByteSink>(_ header: TraceHeader, to sink: inout Sink) throws -> Int {
        let blockSize = TraceBlockWriter<Sink>.blockSize
        var bare = header
        bare.photos = .ids(PhotoIDTable())
        // The line of the header without ids is the one with them, the list left out: the
        // photos come before anything of free form (`meta`), so the marker is theirs.
        let bareLine = Array(line(for: bare).utf8)
        guard case .ids(let ids) = header.photos, !ids.isEmpty,
            let listAt = bareLine.firstRange(of: Array("\"photos\":{\"ids\":[".utf8))
        else {
            var line = Array(line(for: header).utf8)
            line.append(UInt8(ascii: "\n"))
            try line.withUnsafeBytes { try sink.write($0) }
            return line.count
        }
        let block = LineBlock(capacity: blockSize + blockSize / 4)
        bareLine.withUnsafeBytes { bare in
            var line = block.cursor(atMost: listAt.upperBound)
            line.write(UnsafeRawBufferPointer(rebasing: bare[..<listAt.upperBound]))
            block.commit(line)
        }
        // About a block of ids at a time, each with room for its escapes and a comma.
        let room = 6 * ids.longestByteCount + 3
        let idsPerBlock = max(1, blockSize / room)
        var written = 0
        var first = 0
        while first < ids.count {
            let end = min(ids.count, first + idsPerBlock)
            var line = block.cursor(atMost: (end - first) * room)
            var separated = first > 0
            ids.forEachID(in: first..<end) { id in
                if separated { line.write(UInt8(ascii: ",")) }
                separated = true
                line.writeQuoted(id)
            }
            block.commit(line)
            written += try block.handOver(to: &sink, ifAtLeast: blockSize)
            first = end
        }
        bareLine.withUnsafeBytes { bare in
            var line = block.cursor(atMost: bare.count - listAt.upperBound + 1)
            line.write(UnsafeRawBufferPointer(rebasing: bare[listAt.upperBound...]))
            line.write(UInt8(ascii: "\n"))
            block.commit(line)
        }
        written += try block.handOver(to: &sink, ifAtLeast: 0)
        return written
    }
}
