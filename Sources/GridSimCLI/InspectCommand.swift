import Foundation
import SelectionCore
import SelectionTrace

/// `gridsim inspect TRACE`: what a trace holds and whether it is damaged, without replaying it.
enum InspectCommand {
    static let syntax = CommandSyntax(
        name: "inspect",
        abstract: "Describe a trace: header, events by kind, duration, size and any damage.",
        positionals: [.init(name: "trace", help: "A trace (.jsonl or .gstrace).")],
        options: [
            .flag("--json", help: "Print the description as one JSON object."),
            .flag("--salvage", help: "Read past damage, listing every damaged stretch and what was lost."),
        ] + TraceFileOptions.limitOptions,
        discussion: """
            The trace is streamed once; nothing is replayed. Damage is listed with its byte
            offset and record number (binary) or line (text). A torn tail (a partial last
            record or line, as a killed recorder leaves) is a warning: the trace ends before it.

            EXIT CODES:
              0   described; the trace is intact, or only its tail is torn
              64  bad flags or arguments
              65  the trace is damaged before its end, or its header is malformed: what could be
                  read is still described, with the damage
              66  the trace file is missing or cannot be opened

            EXAMPLES:
              gridsim inspect Traces/picker-tray-limit.jsonl
              gridsim inspect --salvage --json damaged.gstrace
            """)

    /// What one pass over a trace found.
    struct Summary {
        var countsByKind: [EventName: Int] = [:]
        var events = 0
        var timedEvents = 0
        var firstTime: Int?
        var lastTime: Int?
        var error: String?

        mutating func add(_ event: TraceEvent) {
            events += 1
            countsByKind[event.event.name, default: 0] += 1
            if let t = event.t {
                timedEvents += 1
                if firstTime == nil { firstTime = t }
                lastTime = t
            }
        }
    }

    static func run(_ arguments: ParsedArguments, console: Console) -> ExitCode {
        let path = arguments.positionals[0]
        let limits: TraceLimits
        do throws(UsageError) {
            limits = try TraceFileOptions.limits(arguments)
            _ = try TraceFileOptions.format(of: path, role: "trace")
        } catch {
            console.err("gridsim: error: \(error.message)\nUSAGE: \(syntax.usageLine)\n")
            return .usage
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            console.err("\(path): no such file\n")
            return .noInput
        }
        var reader: TraceFileReader
        do {
            reader = try TraceFileReader(path: path, options: .init(limits: limits, salvage: arguments.flag("--salvage")))
        } catch {
            let failure = TraceLoading.failure(error, path: path)
            console.err(failure.message + "\n")
            return failure.code
        }
        var summary = Summary()
        var progress = ProgressLine("inspect", console: console)
        do {
            while let event = try reader.next() {
                summary.add(event)
                progress.update(events: summary.events, bytes: reader.binaryReader?.bytesRead ?? 0)
            }
        } catch let error as TraceError {
            summary.error = "\(error.location): \(error.message)"
        } catch {
            let failure = TraceLoading.failure(error, path: path)
            console.err(failure.message + "\n")
            return failure.code
        }
        console.out(arguments.flag("--json") ? json(reader, summary, path: path) : text(reader, summary, path: path))
        if let error = summary.error {
            console.err("\(path): \(error)\n")
            return .dataError
        }
        return .success
    }

    // MARK: - Text

    static func text(_ reader: TraceFileReader, _ summary: Summary, path: String) -> String {
        var rows: [(String, String)] = [("trace", path)]
        let header = reader.header
        if let binary = reader.binaryReader {
            rows.append(("format", "binary, format version \(binary.formatVersion), session salt \(hexadecimal(binary.salt))"))
        } else {
            rows.append(("format", "text (JSON Lines), version \(header.version)"))
        }
        switch header.photos {
        case .count(let n): rows.append(("grid", "\(n) photos, given by count"))
        case .ids(let ids): rows.append(("grid", "\(ids.count) photos, given by id"))
        }
        rows.append(("limit", header.limit.map(String.init) ?? "none"))
        rows.append(("reduce motion", header.reduceMotion ? "yes" : "no"))
        if let meta = header.meta {
            var json = JSONWriter()
            json.value(.object(meta))
            rows.append(("meta", json.text))
        }
        rows.append(("events", String(summary.events) + (summary.error != nil ? " (read before the damage)" : "")))
        for name in EventName.allCases {
            if let count = summary.countsByKind[name] { rows.append(("  " + name.rawValue, String(count))) }
        }
        rows.append(("duration", duration(summary)))
        let size = TraceFileOptions.fileSize(path)
        var sizeText = TraceFileOptions.size(size)
        if summary.events > 0 { sizeText += String(format: " (%.1f bytes an event)", Double(size) / Double(summary.events)) }
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
        if let error = summary.error {
            damage.append("\(error); reading stopped here (--salvage reads past it)")
        }
        if damage.isEmpty { damage = ["none"] }
        for (index, line) in damage.enumerated() { rows.append((index == 0 ? "damage" : "", line)) }

        let width = rows.map(\.0.count).max()! + 2
        return rows.map { label, value in
            (label.isEmpty ? "" : label + ":").padding(toLength: width, withPad: " ", startingAt: 0) + value
        }.joined(separator: "\n") + "\n"
    }

    static func duration(_ summary: Summary) -> String {
        guard let first = summary.firstTime, let last = summary.lastTime else {
            return "unknown (no event has t)"
        }
        let seconds = Double(last - first) / 1000
        let span =
            switch seconds {
            case ..<60: String(format: "%.1f s", seconds)
            case ..<3600: String(format: "%.1f min", seconds / 60)
            default: String(format: "%.1f h", seconds / 3600)
            }
        return "\(first) ms to \(last) ms (\(span)); \(summary.timedEvents) of \(summary.events) events timed"
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

    static func json(_ reader: TraceFileReader, _ summary: Summary, path: String) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.key("trace")
        json.string(path)
        json.key("format")
        json.string(reader.format.rawValue)
        json.key("header")
        json.value(headerJSON(reader.header))
        json.key("events")
        json.integer(summary.events)
        json.key("eventsByKind")
        json.beginObject()
        for name in EventName.allCases {
            if let count = summary.countsByKind[name] {
                json.key(name.rawValue)
                json.integer(count)
            }
        }
        json.endObject()
        json.key("timedEvents")
        json.integer(summary.timedEvents)
        if let first = summary.firstTime, let last = summary.lastTime {
            json.key("firstT")
            json.integer(first)
            json.key("lastT")
            json.integer(last)
            json.key("durationMs")
            json.integer(last - first)
        }
        json.key("bytes")
        json.integer(TraceFileOptions.fileSize(path))
        if let binary = reader.binaryReader {
            json.key("formatVersion")
            json.integer(binary.formatVersion)
            json.key("salt")
            json.string(hexadecimal(binary.salt))
            json.key("records")
            json.integer(binary.recordCount)
            json.key("idDefinitionRecords")
            json.integer(binary.statistics.idDefinitionRecords)
            json.key("idsDefinedAfterHeader")
            json.integer(binary.statistics.idsDefinedByEvents)
            json.key("syncRecords")
            json.integer(binary.statistics.syncRecords)
            json.key("closed")
            json.bool(binary.statistics.hasEndRecord)
            json.key("lostEvents")
            json.integer(binary.lostEvents)
            json.key("lostEventsIsLowerBound")
            json.bool(binary.lostEventsIsLowerBound)
        }
        json.key("damage")
        json.beginArray()
        for damage in reader.damage {
            json.beginObject()
            json.key("kind")
            json.string(damage.kind.rawValue)
            if let line = damage.line {
                json.key("line")
                json.integer(line)
            } else {
                json.key("byteOffset")
                json.integer(damage.byteOffset)
                json.key("record")
                json.integer(damage.record)
            }
            json.key("bytes")
            json.integer(damage.byteCount)
            json.key("eventsBefore")
            json.integer(damage.eventsBefore)
            json.key("reason")
            json.string(damage.reason)
            json.endObject()
        }
        json.endArray()
        if let error = summary.error {
            json.key("error")
            json.string(error)
        }
        json.endObject()
        return json.text + "\n"
    }
}
