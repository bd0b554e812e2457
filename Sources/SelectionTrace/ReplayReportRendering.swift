import SelectionCore

extension ReplayReport {
    /// The report of SPEC.md section 5: one JSON object, one step per line so that a checked-in
    /// report reads well in a diff.
    public var json: String {
        var text = "{\"final\":" + final.json + ",\n\"steps\":["
        for (index, step) in steps.enumerated() {
            text += index == 0 ? "\n" : ",\n"
            text += step.json
        }
        text += "]}\n"
        return text
    }
}

extension ReplayFinal {
    /// `{"mode":…,"selected":[…],"count":…,"photos":…,"title":…,"tray":[…]}`, as SPEC.md
    /// section 5 writes `final`; `tray` only when a limit is set.
    public var json: String {
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

    /// The readable form: mode, title and counts, then the chosen photos, sheet and tray.
    public var summary: String {
        var text = "\(mode.rawValue), \(title), \(selected.count) of \(photoCount) photos chosen\n"
        if !selected.isEmpty {
            text += "selected: \(selected.joined(separator: ", "))\n"
        }
        if let sheet {
            text += "sheet: \(sheet.rawValue)\n"
        }
        if let tray {
            text += "tray: \(tray.counter)\(tray.photos.isEmpty ? "" : ": " + tray.photos.joined(separator: ", "))\n"
        }
        return text
    }
}

extension ReplayStep {
    /// One step of the report, as a single-line JSON object.
    public var json: String {
        var json = JSONWriter()
        json.beginObject()
        json.key("seq")
        json.integer(seq)
        json.key("event")
        json.string(event.name.rawValue)
        json.key("outcome")
        json.string(outcome.name)
        json.key("announcements")
        json.strings(announcements.map(\.text))
        json.key("effects")
        json.beginArray()
        for effect in effects { effect.writeJSON(to: &json) }
        json.endArray()
        json.key("title")
        json.string(title)
        json.key("count")
        json.integer(count)
        if let reason = outcome.reason {
            json.key("reason")
            json.string(reason.rawValue)
        }
        json.endObject()
        return json.text
    }
}

extension Effect {
    /// `{"kind":"deleted","photos":[...]}`, `{"kind":"present","sheet":"share","photos":[...]}`, ...
    public func writeJSON(to json: inout JSONWriter) {
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


extension ReplayReport {
    /// The readable form: a step table, then the final state.
    public var table: String {
        let header = ["seq", "event", "outcome", "title", "announcements", "effects"]
        var rows: [[String]] = [header]
        for step in steps {
            let outcome = step.outcome.reason.map { "rejected: \($0.rawValue)" } ?? step.outcome.name
            rows.append([
                String(step.seq), step.event.summary, outcome, step.title,
                step.announcements.map(\.text).joined(separator: "; "),
                step.effects.map(\.summary).joined(separator: ", "),
            ])
        }
        // Cap the event column so that a long library change does not push the table apart.
        let maxWidths = [8, 32, 26, 20, 32, Int.max]
        var widths = Array(repeating: 0, count: header.count)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = min(max(widths[column], cell.count), maxWidths[column]) }
        }
        var text = ""
        for row in rows {
            var line = ""
            for (column, cell) in row.enumerated() {
                if column > 0 { line += "  " }
                let padded = column == 0 ? String(repeating: " ", count: max(0, widths[0] - cell.count)) + cell : cell
                line += column == row.count - 1 ? padded : padded.padding(toWidth: widths[column])
            }
            text += line.trimmingTrailingSpaces() + "\n"
        }
        text += "\n"
        text += "final: " + final.summary
        return text
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
