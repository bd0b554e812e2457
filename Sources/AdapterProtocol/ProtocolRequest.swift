@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace

/// The lines GridSim writes to an adapter (docs/adapter-protocol.md), each ended by a newline.
package enum ProtocolRequest {
    /// The protocol version this GridSim speaks.
    package static let version = 1

    /// What `events` asks each answer to carry.
    package enum Report: String, Sendable {
        /// Every answer carries the state after its event: what checks compare.
        case state
        /// No answer carries state: what benchmarks time.
        case step
    }

    /// `{"type":"hello","protocol":1,"gridsim":"…"}`
    package static func hello(gridsimVersion: String) -> [UInt8] {
        var json = JSONWriter()
        json.beginObject()
        json.member("type", "hello")
        json.member("protocol", version)
        json.member("gridsim", gridsimVersion)
        json.endObject()
        return line(json)
    }

    /// `{"type":"start",…}`: a new session at `header`'s grid, limit, Reduce Motion and start
    /// state. O(photos).
    package static func start(_ header: TraceHeader) -> [UInt8] {
        var json = JSONWriter()
        json.beginObject()
        json.member("type", "start")
        json.key("photos")
        json.strings(header.photos.ids)
        json.member("limit", header.limit.map(JSONValue.integer) ?? .null)
        json.member("reduceMotion", header.reduceMotion)
        json.key("start")
        json.beginObject()
        json.member("mode", header.start.mode.rawValue)
        json.key("picks")
        json.strings(header.start.picks)
        json.member("sheet", header.start.sheet.map { JSONValue.string($0.rawValue) } ?? .null)
        json.endObject()
        json.endObject()
        return line(json)
    }

    /// `{"type":"events","report":…,"events":[…]}`, each event as a trace line writes it
    /// without `t` or `seen`; `stopAfter` when only a prefix is to be applied. O(events).
    package static func events<Events: Collection>(_ events: Events, report: Report, stopAfter: Int? = nil) -> [UInt8]
    where Events.Element == Event {
        var bytes = Array(#"{"type":"events","report":""#.utf8)
        bytes += report.rawValue.utf8
        bytes += #"","#.utf8
        if let stopAfter { bytes += #""stopAfter":\#(stopAfter),"#.utf8 }
        bytes += #""events":["#.utf8
        // Every event written as its trace line into one block, then each line's newline
        // turned into the array's comma: one buffer a batch, not one an event. A line holds
        // no raw newline (JSON escapes them in strings).
        let block = LineBlock(capacity: 0)
        for event in events { TextTraceEncoding.writeLine(TraceEvent(t: nil, event), to: block) }
        let start = bytes.count
        block.withBytes { bytes.append(contentsOf: $0) }
        for index in start..<bytes.count where bytes[index] == UInt8(ascii: "\n") { bytes[index] = UInt8(ascii: ",") }
        if bytes.count > start { bytes.removeLast() }  // the last line's separator
        bytes += "]}\n".utf8
        return bytes
    }

    /// `{"type":"bye"}`
    package static let bye = Array(#"{"type":"bye"}"#.utf8) + [UInt8(ascii: "\n")]

    private static func line(_ json: JSONWriter) -> [UInt8] { Array((json.text + "\n").utf8) }
}
