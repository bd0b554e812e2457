import Foundation
import SelectionCore

/// Writes traces as JSON Lines (SPEC.md section 4), one line per call, so that a recorder
/// can stream. Reading what it writes gives back the same trace.
public enum TextTraceEncoding {
    /// The header line, without its newline.
    public static func line(for header: TraceHeader) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.key("trace")
        json.string(TraceHeader.kind)
        json.key("version")
        json.integer(header.version)
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
        if let meta = header.meta {
            json.key("meta")
            json.value(.object(meta))
        }
        json.endObject()
        return json.text
    }

    /// An event line, without its newline.
    public static func line(for event: TraceEvent) -> String {
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
    /// `line(for:)` + `"\n"`, written without building a string. O(line length); ids that
    /// need escaping take the general writer.
    public static func append(_ event: TraceEvent, to bytes: inout [UInt8]) {
        let start = bytes.count
        bytes.append(UInt8(ascii: "{"))
        if let t = event.t {
            appendASCII("\"t\":", to: &bytes)
            appendInteger(t, to: &bytes)
            bytes.append(UInt8(ascii: ","))
        }
        appendASCII("\"event\":\"", to: &bytes)
        appendASCII(event.event.name.rawValue, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
        var plain = true
        switch event.event {
        case .longPress(let photo), .selectItem(let photo), .tap(let photo), .removeFromTray(let photo),
            .dragBegan(let photo), .dragMoved(let photo):
            appendASCII(",\"photo\":", to: &bytes)
            plain = appendPlainString(photo, to: &bytes)
        case .libraryChanged(let removed, let inserted):
            if !removed.isEmpty {
                appendASCII(",\"removed\":[", to: &bytes)
                for (index, photo) in removed.enumerated() where plain {
                    if index > 0 { bytes.append(UInt8(ascii: ",")) }
                    plain = appendPlainString(photo, to: &bytes)
                }
                bytes.append(UInt8(ascii: "]"))
            }
            if !inserted.isEmpty {
                appendASCII(",\"inserted\":[", to: &bytes)
                for (index, insertion) in inserted.enumerated() where plain {
                    appendASCII(index > 0 ? ",{\"photo\":" : "{\"photo\":", to: &bytes)
                    plain = appendPlainString(insertion.photo, to: &bytes)
                    appendASCII(",\"at\":", to: &bytes)
                    appendInteger(insertion.at, to: &bytes)
                    bytes.append(UInt8(ascii: "}"))
                }
                bytes.append(UInt8(ascii: "]"))
            }
        case .select, .selectAll, .deselectAll, .done, .back, .delete, .move, .share, .edit, .dismiss, .dragEnded:
            break
        }
        guard plain else {
            // An id with a quote, a backslash or a control character: escaped as the writer does.
            bytes.removeSubrange(start...)
            bytes.append(contentsOf: line(for: event).utf8)
            bytes.append(UInt8(ascii: "\n"))
            return
        }
        bytes.append(UInt8(ascii: "}"))
        bytes.append(UInt8(ascii: "\n"))
    }

    @inline(__always)
    private static func appendASCII(_ text: StaticString, to bytes: inout [UInt8]) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    @inline(__always)
    private static func appendASCII(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: text.utf8)
    }

    /// `"value"`, when no character of it needs escaping (false, with nothing appended, else).
    @inline(__always)
    private static func appendPlainString(_ value: String, to bytes: inout [UInt8]) -> Bool {
        var value = value
        return value.withUTF8 { utf8 in
            for byte in utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                return false
            }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: utf8)
            bytes.append(UInt8(ascii: "\""))
            return true
        }
    }

    /// Decimal digits, as `String(value)` writes them. O(digits).
    static func appendInteger(_ value: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude != 0
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(24 - count)...]))
        }
    }
}

extension TextTraceEncoding {
    /// Writes the header line and its newline to `sink`: the bytes of `line(for:)` + `"\n"`,
    /// with an id list streamed from its table in blocks of about 64 KiB, so that a header of
    /// ten million ids is never one string (nor one string an id). Returns the bytes written.
    ///
    /// O(header bytes); memory is one block beyond the header's own table.
    public static func writeHeaderLine<Sink: TraceByteSink>(_ header: TraceHeader, to sink: inout Sink) throws -> Int {
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
        var block = Array(bareLine[..<listAt.upperBound])
        block.reserveCapacity(blockSize + 4096)
        var written = 0
        for position in ids.indices {
            if position > 0 { block.append(UInt8(ascii: ",")) }
            let plain = ids.withBytes(at: position) { bytes in
                guard !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
                else { return false }
                block.append(UInt8(ascii: "\""))
                block.append(contentsOf: bytes)
                block.append(UInt8(ascii: "\""))
                return true
            }
            if !plain {
                var text = ""
                JSONWriter.appendQuoted(ids[position], to: &text)
                block.append(contentsOf: text.utf8)
            }
            if block.count >= blockSize {
                try block.withUnsafeBytes { try sink.write($0) }
                written += block.count
                block.removeAll(keepingCapacity: true)
            }
        }
        block.append(contentsOf: bareLine[listAt.upperBound...])
        block.append(UInt8(ascii: "\n"))
        try block.withUnsafeBytes { try sink.write($0) }
        return written + block.count
    }
}
