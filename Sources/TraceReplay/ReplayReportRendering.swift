@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace

/// The two forms of `gridsim replay`'s report: the JSON of SPEC.md section 5 and the step table.
@_spi(GridSimInternals) public enum ReplayReportFormat: String, Hashable, Sendable {
    case json, table
}

// MARK: - JSON

extension ReportOutput {
    /// `{"final":…,\n"steps":[`: what comes before the first step.
    @_spi(GridSimInternals) public mutating func writeJSONReportStart(final: ReplayFinal, app: AppSeenComparison = AppSeenComparison()) {
        write("{\"final\":" as StaticString)
        write(final.json)
        if app.hasSeen {
            write(",\n\"app\":" as StaticString)
            write(app.json)
        }
        write(",\n\"steps\":[" as StaticString)
    }

    /// One step of the report as a single-line JSON object, preceded by its separator.
    /// O(size of the step's lists); no allocation for a step that names no photo list.
    @inline(__always)
    @_spi(GridSimInternals) public mutating func writeJSONReportStep(
        seq: Int, event: EventName, step: Step, mode: Mode, count: Int
    ) {
        write((seq == 1 ? "\n{\"seq\":" : ",\n{\"seq\":") as StaticString)
        writeJSONStepBody(seq: seq, event: event, step: step, mode: mode, count: count)
    }

    /// `]}\n`: what comes after the last step.
    @_spi(GridSimInternals) public mutating func writeJSONReportEnd() {
        write("]}\n" as StaticString)
    }

    /// The step object after `{"seq":`, as `ReplayStep.json` writes it.
    mutating func writeJSONStepBody(seq: Int, event: EventName, step: Step, mode: Mode, count: Int) {
        write(integer: seq)
        write(",\"event\":\"" as StaticString)
        write(event.rawValue)
        write("\",\"outcome\":\"" as StaticString)
        write(step.outcome.name)
        write("\",\"announcements\":[" as StaticString)
        if case .other(let text)? = step.announcement {
            write(quoted: text)
        } else if let announcement = step.announcement {
            write(byte: UInt8(ascii: "\""))
            write(announcementText: announcement)
            write(byte: UInt8(ascii: "\""))
        }
        write("],\"effects\":[" as StaticString)
        var first = true
        if let action = step.action {
            writeJSON(effect: action)
            first = false
        }
        if step.haptic {
            write((first ? "{\"kind\":\"haptic\"}" : ",{\"kind\":\"haptic\"}") as StaticString)
            first = false
        }
        if let animation = step.animation {
            if !first { write(byte: UInt8(ascii: ",")) }
            write(
                (animation == .snappy
                    ? "{\"kind\":\"animation\",\"style\":\"snappy\"}" : "{\"kind\":\"animation\",\"style\":\"none\"}")
                    as StaticString)
        }
        write("],\"title\":\"" as StaticString)
        write(title: mode, count: count)
        write("\",\"count\":" as StaticString)
        write(integer: count)
        if let reason = step.outcome.reason {
            write(",\"reason\":\"" as StaticString)
            write(reason.rawValue)
            write(byte: UInt8(ascii: "\""))
        }
        write(byte: UInt8(ascii: "}"))
    }

    /// An effect as `Effect.writeJSON(to:)` writes it.
    mutating func writeJSON(effect: Effect) {
        write("{\"kind\":" as StaticString)
        write(quoted: effect.kind)
        switch effect {
        case .open(let photo):
            write(",\"photo\":" as StaticString)
            write(quoted: photo)
        case .deleted(let photos), .moved(let photos):
            write(",\"photos\":" as StaticString)
            write(quotedList: photos)
        case .present(let sheet, let photos):
            write(",\"sheet\":" as StaticString)
            write(quoted: sheet.rawValue)
            write(",\"photos\":" as StaticString)
            write(quotedList: photos)
        case .animation(let style):
            write(",\"style\":" as StaticString)
            write(quoted: style.rawValue)
        case .navigateBack, .haptic:
            break
        }
        write(byte: UInt8(ascii: "}"))
    }

    /// `Announcement.text`, without building the string.
    mutating func write(announcementText announcement: Announcement) {
        switch announcement {
        case .modeEntered(let count):
            write("Selection mode, " as StaticString)
            write(integer: count)
            write(" selected" as StaticString)
        case .modeExited:
            write("Selection mode off" as StaticString)
        case .countChanged(let count):
            write(integer: count)
            write(" selected" as StaticString)
        case .other(let text):
            // Not reached from a report: GridSim's engines never say it, and a step that holds
            // one is written quoted and escaped by `writeJSONStepBody`.
            write(text)
        }
    }

    /// `Mode.title(mode, selectedCount: count)`, without building the string.
    mutating func write(title mode: Mode, count: Int) {
        switch mode {
        case .browsing: write("Long press a photo" as StaticString)
        case .selecting:
            if count == 0 {
                write("Select items" as StaticString)
            } else {
                write(integer: count)
                write(" selected" as StaticString)
            }
        }
    }
}

extension ReplayReport {
    /// The report of SPEC.md section 5: one JSON object, one step per line so that a checked-in
    /// report reads well in a diff. `StreamedReplay` writes the same bytes without holding
    /// the steps.
    @_spi(GridSimInternals) public var json: String {
        let collector = ReportOutput.Collector()
        var output = ReportOutput(blockSize: Int.max, sink: collector.sink)
        output.writeJSONReportStart(final: final, app: app)
        for step in steps {
            output.writeJSONReportStep(
                seq: step.seq, event: step.event.name, step: step.step, mode: step.mode, count: step.count)
        }
        output.writeJSONReportEnd()
        try! output.flush()  // the collector's sink does not throw
        return collector.text
    }
}

extension ReplayFinal {
    /// `{"mode":…,"selected":[…],"count":…,"photos":…,"title":…,"tray":[…]}`, as SPEC.md
    /// section 5 writes `final`; `tray` only when a limit is set.
    @_spi(GridSimInternals) public var json: String {
        var json = JSONWriter()
        json.beginObject()
        json.key("mode")
        json.string(mode.rawValue)
        json.key("selected")
        json.strings(selected)
        json.key("count")
        json.integer(selected.count)
        json.key("photos")
        json.integer(photoCount)
        json.key("title")
        json.string(title)
        if let tray {
            json.key("tray")
            json.strings(tray.photos)
        }
        json.endObject()
        return json.text
    }

    /// The readable form: mode, title and counts, then the chosen photos, sheet, drag and tray.
    @_spi(GridSimInternals) public var summary: String {
        var text = "\(mode.rawValue), \(title), \(selected.count) of \(photoCount) photos chosen\n"
        if !selected.isEmpty {
            text += "selected: \(selected.joined(separator: ", "))\n"
        }
        if let sheet {
            text += "sheet: \(sheet.rawValue)\n"
        }
        if dragging {
            text += "drag: in progress\n"
        }
        if let tray {
            text += "tray: \(tray.counter)\(tray.photos.isEmpty ? "" : ": " + tray.photos.joined(separator: ", "))\n"
        }
        return text
    }
}

extension ReplayStep {
    /// One step of the report, as a single-line JSON object.
    @_spi(GridSimInternals) public var json: String {
        let collector = ReportOutput.Collector()
        var output = ReportOutput(blockSize: Int.max, sink: collector.sink)
        output.write("{\"seq\":" as StaticString)
        output.writeJSONStepBody(seq: seq, event: event.name, step: step, mode: mode, count: count)
        try! output.flush()  // the collector's sink does not throw
        return collector.text
    }
}

extension Effect {
    /// `{"kind":"deleted","photos":[...]}`, `{"kind":"present","sheet":"share","photos":[...]}`, ...
    @_spi(GridSimInternals) public func writeJSON(to json: inout JSONWriter) {
        json.beginObject()
        json.key("kind")
        json.string(kind)
        switch self {
        case .open(let photo):
            json.key("photo")
            json.string(photo)
        case .deleted(let photos), .moved(let photos):
            json.key("photos")
            json.strings(photos)
        case .present(let sheet, let photos):
            json.key("sheet")
            json.string(sheet.rawValue)
            json.key("photos")
            json.strings(photos)
        case .animation(let style):
            json.key("style")
            json.string(style.rawValue)
        case .navigateBack, .haptic:
            break
        }
        json.endObject()
    }
}

// MARK: - Table

/// The step table's columns: their widths are the widest cell of each, capped, so the table
/// can be written only once every row has been measured (`StreamedReplay` measures in its
/// first pass and writes in its second).
@_spi(GridSimInternals) public struct ReplayTableLayout: Hashable, Sendable {
    static let header = ["seq", "event", "outcome", "title", "announcements", "effects"]
    /// Caps, so that a long library change does not push the table apart. The last column is
    /// not padded, so its width is never needed.
    static let maxWidths = [8, 32, 26, 20, 32, Int.max]
    /// The widths of the columns that are padded (all but the last).
    private(set) var widths: [Int]

    /// The layout of a table with no steps yet: the header row measured.
    @_spi(GridSimInternals) public init() {
        widths = Self.header.dropLast().map(\.count)
    }

    /// Widens the columns for the step. O(1) once every padded column has reached its cap;
    /// until then it measures the cells that could still widen their column.
    @_spi(GridSimInternals) public mutating func measure(seq: Int, event: Event, step: Step, mode: Mode, count: Int) {
        if widths[0] < Self.maxWidths[0] { widen(0, String(seq).count) }
        if widths[1] < Self.maxWidths[1] { widen(1, event.summary.count) }
        if widths[2] < Self.maxWidths[2] { widen(2, Self.outcomeCell(step.outcome).count) }
        if widths[3] < Self.maxWidths[3] { widen(3, Mode.title(mode, selectedCount: count).count) }
        if widths[4] < Self.maxWidths[4], let announcement = step.announcement { widen(4, announcement.text.count) }
    }

    private mutating func widen(_ column: Int, _ width: Int) {
        widths[column] = min(max(widths[column], width), Self.maxWidths[column])
    }

    static func outcomeCell(_ outcome: Outcome) -> String {
        outcome.reason.map { "rejected: \($0.rawValue)" } ?? outcome.name
    }

    /// The cells of a step's row.
    static func cells(seq: Int, event: Event, step: Step, mode: Mode, count: Int) -> [String] {
        [
            String(seq), event.summary, outcomeCell(step.outcome), Mode.title(mode, selectedCount: count),
            step.announcements.map(\.text).joined(separator: "; "),
            step.effects.map(\.summary).joined(separator: ", "),
        ]
    }

    /// One line of the table: the first column right-aligned, the others padded to their
    /// width but the last, trailing spaces trimmed.
    func line(_ row: [String]) -> String {
        var line = ""
        for (column, cell) in row.enumerated() {
            if column > 0 { line += "  " }
            if column == row.count - 1 {
                line += cell
            } else if column == 0 {
                line += String(repeating: " ", count: max(0, widths[0] - cell.count)) + cell
            } else {
                line += cell.padding(toWidth: widths[column])
            }
        }
        return line.trimmingTrailingSpaces() + "\n"
    }
}

extension ReportOutput {
    /// The header line of the table.
    @_spi(GridSimInternals) public mutating func writeTableHeader(_ layout: ReplayTableLayout) {
        write(layout.line(ReplayTableLayout.header))
    }

    /// One step's line of the table.
    @_spi(GridSimInternals) public mutating func writeTableStep(
        _ layout: ReplayTableLayout, seq: Int, event: Event, step: Step, mode: Mode, count: Int
    ) {
        write(layout.line(ReplayTableLayout.cells(seq: seq, event: event, step: step, mode: mode, count: count)))
    }

    /// The blank line and the final state after the last step.
    @_spi(GridSimInternals) public mutating func writeTableEnd(final: ReplayFinal, app: AppSeenComparison = AppSeenComparison()) {
        write("\nfinal: " as StaticString)
        write(final.summary)
        if app.hasSeen {
            write(app.summary)
            write("\n" as StaticString)
        }
    }
}

extension ReplayReport {
    /// The readable form: a step table, then the final state. `StreamedReplay` writes the same
    /// bytes without holding the steps.
    @_spi(GridSimInternals) public var table: String {
        var layout = ReplayTableLayout()
        for step in steps {
            layout.measure(seq: step.seq, event: step.event, step: step.step, mode: step.mode, count: step.count)
        }
        let collector = ReportOutput.Collector()
        var output = ReportOutput(blockSize: Int.max, sink: collector.sink)
        output.writeTableHeader(layout)
        for step in steps {
            output.writeTableStep(layout, seq: step.seq, event: step.event, step: step.step, mode: step.mode, count: step.count)
        }
        output.writeTableEnd(final: final, app: app)
        try! output.flush()  // the collector's sink does not throw
        return collector.text
    }
}

extension String {
    fileprivate func padding(toWidth width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    fileprivate func trimmingTrailingSpaces() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
