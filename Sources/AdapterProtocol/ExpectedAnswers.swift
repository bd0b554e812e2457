@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace

/// The answers SPEC.md expects to a trace's requests, every optional part included, written as
/// an adapter writes them: what a counterexample's `NAME.expected.jsonl` holds beside the
/// requests, so that a team compares their adapter's output with it without GridSim.
/// O(events × photos).
package enum ExpectedAnswers {
    /// The `started` line, then a `step` line per event.
    package static func lines(for trace: Trace) -> [String] {
        var model = ReferenceModel(configuration: trace.header.configuration)
        var lines = [#"{"type":"started","state":"# + state(model) + "}"]
        for traceEvent in trace.events {
            let step = model.apply(traceEvent.event)
            lines.append(answer(step, model))
        }
        return lines
    }

    private static func answer(_ step: Step, _ model: ReferenceModel) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.member("type", "step")
        json.member("outcome", step.outcome.name)
        if let reason = step.outcome.reason { json.member("reason", reason.rawValue) }
        json.key("effects")
        json.beginArray()
        for effect in step.effects { json.value(.object(Self.effect(effect))) }
        json.endArray()
        json.key("announcements")
        json.strings(step.announcements.map(\.text))
        json.endObject()
        return String(json.text.dropLast()) + #","state":"# + state(model) + "}"
    }

    private static func effect(_ effect: Effect) -> JSONObject {
        var members: [(key: String, value: JSONValue)] = [("kind", .string(effect.kind))]
        switch effect {
        case .open(let photo): members.append(("photo", .string(photo)))
        case .deleted(let photos), .moved(let photos): members.append(("photos", .array(photos.map(JSONValue.string))))
        case .present(let sheet, let photos):
            members.append(("sheet", .string(sheet.rawValue)))
            members.append(("photos", .array(photos.map(JSONValue.string))))
        case .animation(let style): members.append(("style", .string(style.rawValue)))
        case .navigateBack, .haptic: break
        }
        return JSONObject(members)
    }

    /// The state object, every part.
    private static func state(_ model: ReferenceModel) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.member("mode", model.mode.rawValue)
        json.key("chosen")
        json.strings(model.chosenPhotos)
        let grid = model.photos
        json.key("grid")
        json.strings(grid)
        if model.limit != nil {
            json.key("picks")
            json.strings(model.picks)
        }
        json.member("sheet", model.sheet.map { JSONValue.string($0.rawValue) } ?? .null)
        json.member("title", model.title)
        if let toolbar = model.toolbar {
            json.member(
                "toolbar",
                .object(JSONObject([
                    ("share", .bool(toolbar.shareEnabled)), ("edit", .bool(toolbar.editEnabled)),
                    ("move", .bool(toolbar.moveEnabled)), ("delete", .bool(toolbar.deleteEnabled)),
                    ("selectAll", .bool(toolbar.selectAllShown)),
                ])))
        } else {
            json.member("toolbar", .null)
        }
        json.member("trayCounter", model.tray.map { JSONValue.string($0.counter) } ?? .null)
        json.key("accessibility")
        json.strings(grid.map(model.accessibilityValue(for:)))
        json.endObject()
        return json.text
    }
}
