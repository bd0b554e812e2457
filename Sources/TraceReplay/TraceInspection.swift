import Foundation
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace

/// What one pass over a trace found, without replaying it: events by kind, times, and the
/// damage that stopped the pass. `gridsim inspect`'s core, and its two renderings.
@_spi(GridSimInternals) public struct TraceInspection: Sendable {
    /// Events of each kind, in `EventName.allCases` order.
    @_spi(GridSimInternals) public var countsByKind = [Int](repeating: 0, count: EventName.allCases.count)
    @_spi(GridSimInternals) public var events = 0
    @_spi(GridSimInternals) public var timedEvents = 0
    /// Events that carry what the app showed (`seen`, SPEC.md section 7).
    @_spi(GridSimInternals) public var eventsWithSeen = 0
    @_spi(GridSimInternals) public var firstTime: Int?
    @_spi(GridSimInternals) public var lastTime: Int?
    /// The damage that stopped the pass, if any.
    @_spi(GridSimInternals) public var failure: TraceError?
    /// `line N: message` or `byte N (record R): message`: the damage that stopped the pass, if any.
    @_spi(GridSimInternals) public var error: String? { failure.map(\.description) }

    @_spi(GridSimInternals) public init() {}

    /// Reads every remaining event of `reader`, counting. A `TraceError` (damage) ends the
    /// pass and is kept in `error`; other errors (reading the file failed) are thrown.
    ///
    /// O(events) with no allocation per event; for a binary trace, open the reader with
    /// `Options.keepsIDs` off (photos are never named here). `progress` is called every
    /// `TraceProgressInterval.events` events.
    @_spi(GridSimInternals) public static func inspect(_ reader: inout TraceFileReader, progress: TraceProgress = { _, _ in }) throws
        -> TraceInspection
    {
        var inspection = TraceInspection()
        do {
            if reader.format == .binary {
                // Straight from the binary reader, not through the file reader's optional one.
                try reader.withBinaryReader {
                    try inspection.count(&$0, progress: progress)
                    inspection.eventsWithSeen = $0.statistics.seenRecords
                }
            } else {
                while let event = try reader.next() {
                    inspection.add(event.event.name, t: event.t)
                    if event.seen != nil { inspection.eventsWithSeen += 1 }
                    if inspection.events % TraceProgressInterval.events == 0 {
                        progress(inspection.events, reader.bytesRead)
                    }
                }
            }
        } catch let error as TraceError where error.isDamage {
            inspection.failure = error
        }
        return inspection
    }

    /// Counts every remaining event of a binary trace.
    private mutating func count(_ reader: inout BinaryTraceReader, progress: TraceProgress) throws {
        while let (name, t) = try reader.nextKind() {
            add(name, t: t)
            if events % TraceProgressInterval.events == 0 { progress(events, reader.bytesRead) }
        }
    }

    @inline(__always)
    mutating func add(_ name: EventName, t: Int?) {
        events += 1
        countsByKind[Self.ordinal(name)] += 1
        if let t {
            timedEvents += 1
            if firstTime == nil { firstTime = t }
            lastTime = t
        }
    }

    /// The events of kind `name`.
    @_spi(GridSimInternals) public func count(of name: EventName) -> Int { countsByKind[Self.ordinal(name)] }

    /// The position of `name` in `EventName.allCases`. O(1): the binary format's own
    /// written-out index, which a test keeps in step with the enum.
    @inline(__always)
    static func ordinal(_ name: EventName) -> Int {
        BinaryRecordKind.eventIndex(name)
    }

    // MARK: - Text

    /// The report as a table of labelled rows. `fileSize` is the trace file's size in bytes.
    @_spi(GridSimInternals) public func text(_ reader: TraceFileReader, path: String, fileSize: Int) -> String {
        var rows: [(String, String)] = [("trace", path)]
        let header = reader.header
        if let binary = reader.binaryReader {
            rows.append(
                ("format", "binary, format version \(binary.formatVersion), session salt \(Self.hexadecimal(binary.salt))"))
        } else {
            rows.append(("format", "text (JSON Lines), version \(header.version)"))
        }
        switch header.photos {
        case .count(let n): rows.append(("grid", "\(n) photos, given by count"))
        case .ids(let ids): rows.append(("grid", "\(ids.count) photos, given by id"))
        }
        rows.append(("limit", header.limit.map(String.init) ?? "none"))
        rows.append(("reduce motion", header.reduceMotion ? "yes" : "no"))
        rows.append(("start", Self.describe(header.start)))
        if let meta = header.meta {
            var json = JSONWriter()
            json.value(.object(meta))
            rows.append(("meta", json.text))
        }
        rows.append(("events", String(events) + (error != nil ? " (read before the damage)" : "")))
        for name in EventName.allCases {
            let count = count(of: name)
            if count > 0 { rows.append(("  " + name.rawValue, String(count))) }
        }
        rows.append(("app's seen", "\(eventsWithSeen) events" + (eventsWithSeen > 0 ? " (replay and check compare them)" : "")))
        rows.append(("duration", duration))
        var sizeText = ByteCount.text(fileSize)
        if events > 0 { sizeText += String(format: " (%.1f bytes an event)", Double(fileSize) / Double(events)) }
        rows.append(("size", sizeText))
        if let binary = reader.binaryReader {
            let stats = binary.statistics
            rows.append(
                ("records", "\(binary.recordCount): \(stats.eventRecords) events, \(stats.idDefinitionRecords) id definitions, "
                    + "\(stats.syncRecords) sync points, \(stats.hasEndRecord ? 1 : 0) end"))
            rows.append(("ids defined", "\(stats.idsDefinedByEvents) after the header"))
            rows.append(("closed", stats.hasEndRecord ? "yes (end record)" : "no end record: the writer did not close it"))
            if let lost = binary.lostEventsSummary { rows.append(("lost", lost)) }
        }
        var damage = reader.damage.map(\.description)
        if let error {
            damage.append("\(error); reading stopped here (--salvage reads past it)")
        }
        if damage.isEmpty { damage = ["none"] }
        for (index, line) in damage.enumerated() { rows.append((index == 0 ? "damage" : "", line)) }

        let width = rows.map(\.0.count).max()! + 2
        return rows.map { label, value in
            (label.isEmpty ? "" : label + ":").padding(toLength: width, withPad: " ", startingAt: 0) + value
        }.joined(separator: "\n") + "\n"
    }

    /// `selecting, 2 picks (c, a), sheet share` or `browsing, nothing chosen`.
    static func describe(_ start: StartState) -> String {
        if start.isBrowsing { return "browsing, nothing chosen (no start state)" }
        var text = "\(start.mode.rawValue), \(start.picks.count) pick\(start.picks.count == 1 ? "" : "s")"
        if !start.picks.isEmpty {
            text += " (" + start.picks.prefix(5).joined(separator: ", ") + (start.picks.count > 5 ? ", …)" : ")")
        }
        text += start.sheet.map { ", sheet \($0.rawValue)" } ?? ", no sheet"
        return text
    }

    var duration: String {
        guard let first = firstTime, let last = lastTime else {
            return "unknown (no event has t)"
        }
        let seconds = Double(last - first) / 1000
        let span =
            switch seconds {
            case ..<60: String(format: "%.1f s", seconds)
            case ..<3600: String(format: "%.1f min", seconds / 60)
            default: String(format: "%.1f h", seconds / 3600)
            }
        return "\(first) ms to \(last) ms (\(span)); \(timedEvents) of \(events) events timed"
    }

    static func hexadecimal(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
    }

    // MARK: - JSON

    /// The header as the JSON object a text trace's header line holds.
    static func headerJSON(_ header: TraceHeader) -> JSONValue {
        (try? JSONParser.parse(TextTraceEncoding.line(for: header))) ?? .null
    }

    /// The report as one JSON object (and a newline).
    @_spi(GridSimInternals) public func json(_ reader: TraceFileReader, path: String, fileSize: Int) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.member("trace", path)
        json.member("format", reader.format.rawValue)
        json.member("header", Self.headerJSON(reader.header))
        json.member("events", events)
        json.key("eventsByKind")
        json.beginObject()
        for name in EventName.allCases {
            let count = count(of: name)
            if count > 0 {
                json.member(name.rawValue, count)
            }
        }
        json.endObject()
        json.member("timedEvents", timedEvents)
        json.member("eventsWithSeen", eventsWithSeen)
        if let first = firstTime, let last = lastTime {
            json.member("firstT", first)
            json.member("lastT", last)
            json.member("durationMs", last - first)
        }
        json.member("bytes", fileSize)
        if let binary = reader.binaryReader {
            json.member("formatVersion", binary.formatVersion)
            json.member("salt", Self.hexadecimal(binary.salt))
            json.member("records", binary.recordCount)
            json.member("idDefinitionRecords", binary.statistics.idDefinitionRecords)
            json.member("idsDefinedAfterHeader", binary.statistics.idsDefinedByEvents)
            json.member("syncRecords", binary.statistics.syncRecords)
            json.member("closed", binary.statistics.hasEndRecord)
            json.member("lostEvents", binary.lostEvents)
            json.member("lostEventsIsLowerBound", binary.lostEventsIsLowerBound)
        }
        json.key("damage")
        json.beginArray()
        for damage in reader.damage {
            json.beginObject()
            json.member("kind", damage.kind.rawValue)
            if let line = damage.line {
                json.member("line", line)
            } else {
                json.member("byteOffset", damage.byteOffset)
                json.member("record", damage.record)
            }
            json.member("bytes", damage.byteCount)
            json.member("eventsBefore", damage.eventsBefore)
            json.member("reason", damage.reason)
            json.endObject()
        }
        json.endArray()
        if let error {
            json.member("error", error)
        }
        json.endObject()
        return json.text + "\n"
    }
}

/// A byte count for a person: `12 bytes`, `3.4 KB`, `56.7 MB`, `1.23 GB`.
@_spi(GridSimInternals) public enum ByteCount {
    @_spi(GridSimInternals) public static func text(_ bytes: Int) -> String {
        switch bytes {
        case ..<1_000: "\(bytes) bytes"
        case ..<1_000_000: String(format: "%.1f KB", Double(bytes) / 1e3)
        case ..<1_000_000_000: String(format: "%.1f MB", Double(bytes) / 1e6)
        default: String(format: "%.2f GB", Double(bytes) / 1e9)
        }
    }
}
