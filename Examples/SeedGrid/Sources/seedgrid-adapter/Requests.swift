import GridSimKit

/// One request line of protocol 1, decoded with JSONDecoder. Only the fields of the request's
/// own type are read, so a field another type uses, or any unknown field, is ignored.
enum Request: Decodable {
    case hello
    case start(StartRequest)
    case events(EventsRequest)
    case bye

    private enum Key: String, CodingKey { case type }

    init(from decoder: any Decoder) throws {
        let type = try decoder.container(keyedBy: Key.self).decode(String.self, forKey: .type)
        switch type {
        case "hello": self = .hello
        case "start": self = .start(try StartRequest(from: decoder))
        case "events": self = .events(try EventsRequest(from: decoder))
        case "bye": self = .bye
        default: throw RequestError("unknown request type \"\(type)\"")
        }
    }
}

/// A request the adapter cannot act on, in words for the `error` answer.
struct RequestError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

/// `start`: a new session over `photos`, brought to SPEC.md section 7's start state.
struct StartRequest: Decodable {
    var photos: [PhotoID]
    /// As the trace gives it, unclamped; the model clamps it. Nil (or `null`) for none.
    var limit: Int?
    var reduceMotion: Bool
    var start: StartState

    private enum Key: String, CodingKey { case photos, limit, reduceMotion, start }
    private enum StartKey: String, CodingKey { case mode, picks, sheet }

    init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: Key.self)
        photos = try fields.decode([PhotoID].self, forKey: .photos)
        limit = try fields.decodeIfPresent(WholeNumber.self, forKey: .limit)?.value
        reduceMotion = try fields.decodeIfPresent(Bool.self, forKey: .reduceMotion) ?? false
        start = .browsing
        guard fields.contains(.start), try !fields.decodeNil(forKey: .start) else { return }
        let state = try fields.nestedContainer(keyedBy: StartKey.self, forKey: .start)
        switch try state.decode(String.self, forKey: .mode) {
        case "browsing": start.mode = .browsing
        case "selecting": start.mode = .selecting
        case let other: throw RequestError("\"start.mode\" must be browsing or selecting, found \"\(other)\"")
        }
        start.picks = try state.decodeIfPresent([PhotoID].self, forKey: .picks) ?? []
        switch try state.decodeIfPresent(String.self, forKey: .sheet) {
        case nil: start.sheet = nil
        case "share": start.sheet = .share
        case "edit": start.sheet = .edit
        case let other?: throw RequestError("\"start.sheet\" must be share, edit or null, found \"\(other)\"")
        }
    }
}

/// `events`: a batch to apply in order, answered one step per event applied.
struct EventsRequest: Decodable {
    /// Whether every answer carries the state after its event.
    var reportsState: Bool
    var events: [Event]
    /// How many of `events` to apply: all of them unless `stopAfter` says fewer.
    var applied: Int

    private enum Key: String, CodingKey { case report, events, stopAfter }

    init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: Key.self)
        switch try fields.decode(String.self, forKey: .report) {
        case "state": reportsState = true
        case "step": reportsState = false
        case let other: throw RequestError("\"report\" must be state or step, found \"\(other)\"")
        }
        events = try fields.decode([WireEvent].self, forKey: .events).map(\.event)
        applied = events.count
        if let stopAfter = try fields.decodeIfPresent(WholeNumber.self, forKey: .stopAfter)?.value {
            guard stopAfter >= 0 else { throw RequestError("\"stopAfter\" must not be negative, found \(stopAfter)") }
            applied = min(stopAfter, events.count)
        }
    }
}

/// An event as a trace's event line writes it (SPEC.md sections 4 and 6), read by the rules
/// GridSim's trace reader keeps: `removed` and `inserted` may be missing or null (none).
struct WireEvent: Decodable {
    var event: Event

    private enum Key: String, CodingKey { case event, photo, removed, inserted }
    private enum InsertionKey: String, CodingKey { case photo, at }

    init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: Key.self)
        let text = try fields.decode(String.self, forKey: .event)
        guard let name = EventName(rawValue: text) else {
            throw RequestError("\"\(path(decoder.codingPath))\": unknown event \"\(text)\"")
        }
        if name == .libraryChanged {
            let removed = try fields.decodeIfPresent([PhotoID].self, forKey: .removed) ?? []
            var inserted: [Insertion] = []
            if fields.contains(.inserted), try !fields.decodeNil(forKey: .inserted) {
                var entries = try fields.nestedUnkeyedContainer(forKey: .inserted)
                while !entries.isAtEnd {
                    let entry = try entries.nestedContainer(keyedBy: InsertionKey.self)
                    inserted.append(
                        Insertion(photo: try entry.decode(PhotoID.self, forKey: .photo), at: try entry.decode(WholeNumber.self, forKey: .at).value))
                }
            }
            event = .libraryChanged(removed: removed, inserted: inserted)
        } else if name.needsPhoto {
            event = Event(name: name, photo: try fields.decode(PhotoID.self, forKey: .photo))!
        } else {
            event = name.argumentlessEvent!
        }
    }
}

/// A JSON number with no fraction. Read through `Double` when `Int` refuses it, so that a
/// fraction is reported at its field (corelibs Foundation's JSONDecoder reports it as the
/// whole request not being JSON).
struct WholeNumber: Decodable {
    var value: Int

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Int.self) {
            self.value = value
            return
        }
        guard let value = Int(exactly: try container.decode(Double.self)) else {
            throw DecodingError.typeMismatch(
                Int.self, .init(codingPath: decoder.codingPath, debugDescription: "not a whole number"))
        }
        self.value = value
    }
}

/// A field's place in a request as the protocol's messages write it: `events[2].photo`.
func path(_ keys: [any CodingKey]) -> String {
    var text = ""
    for key in keys {
        if let index = key.intValue {
            text += "[\(index)]"
        } else {
            text += text.isEmpty ? key.stringValue : "." + key.stringValue
        }
    }
    return text
}
