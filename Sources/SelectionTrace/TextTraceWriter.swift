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
        case .longPress(let photo), .selectItem(let photo), .tap(let photo):
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
        default:
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
