@_spi(GridSimInternals) import SelectionCore
import SelectionSlots

/// Limits that protect a reader from hostile headers before anything is allocated.
///
/// Every size a trace declares is checked against these before memory is reserved for it;
/// docs/binary-trace-format.md lists them with the reasoning behind each default.
@_spi(GridSimInternals) public struct TraceLimits: Hashable, Sendable {
    /// The largest grid a header may describe, by count or by id list.
    @_spi(GridSimInternals) public var maximumPhotoCount: Int
    /// The most photo ids a header may list, and the most a binary trace's records may define
    /// after its header (each a limit of its own, so that a library of this size that brings
    /// photos as it loses others reads). Each costs its bytes and about 20 more in a
    /// `PhotoIDTable`, where a counted photo costs nothing.
    @_spi(GridSimInternals) public var maximumIDListCount: Int
    /// Binary traces: the largest file header body (the grid description and `meta`).
    @_spi(GridSimInternals) public var maximumHeaderBytes: Int
    /// Binary traces: the largest record (one event, or one batch of id definitions).
    @_spi(GridSimInternals) public var maximumRecordBytes: Int
    /// Text traces: the longest line, the header's included (10M ids of 16 characters make
    /// a header line of 190 MB). Input with no line breaks stops here rather than filling
    /// memory.
    @_spi(GridSimInternals) public var maximumLineBytes: Int

    @_spi(GridSimInternals) public init(
        maximumPhotoCount: Int = 100_000_000, maximumIDListCount: Int = 10_000_000,
        maximumHeaderBytes: Int = 1 << 20, maximumRecordBytes: Int = 64 << 20,
        maximumLineBytes: Int = 1 << 30
    ) {
        self.maximumPhotoCount = maximumPhotoCount
        self.maximumIDListCount = maximumIDListCount
        self.maximumHeaderBytes = maximumHeaderBytes
        self.maximumRecordBytes = maximumRecordBytes
        self.maximumLineBytes = maximumLineBytes
    }

    @_spi(GridSimInternals) public static let `default` = TraceLimits()
}

/// Turns one parsed JSON line into a header or an event, or says what is wrong with it.
///
/// Messages name the field and what was expected; the reader adds the line number.
enum TextTraceDecoding {
    /// The header in `value`.
    ///
    /// With `explicitIDCount`, the id list was decoded apart from the rest of the line (found
    /// as `[]` in `value`): it lists that many ids, and `explicitIDTable` makes their table.
    /// It is called where the list would be decoded, once the limits are checked against the
    /// count, so that errors come in the same order either way.
    static func header(
        from value: JSONValue, limits: TraceLimits, explicitIDCount: Int? = nil,
        explicitIDTable: () -> PhotoIDTable = { PhotoIDTable() }
    ) throws(TextTraceFieldError) -> TraceHeader {
        guard case .object(let object) = value else {
            throw TextTraceFieldError("the header must be a JSON object, found \(value.typeName)")
        }
        guard let kind = object["trace"] else {
            throw TextTraceFieldError(.missingHeader)
        }
        guard case .string(let kindName) = kind, kindName == TraceHeader.kind else {
            throw TextTraceFieldError("field \"trace\" must be \"\(TraceHeader.kind)\"")
        }
        let version = try requiredInteger(object, "version")
        guard version >= 1 && version <= TraceHeader.currentVersion else {
            throw TextTraceFieldError(.unsupportedVersion(version))
        }
        guard let photosValue = object["photos"] else { throw TextTraceFieldError("missing field \"photos\"") }
        guard case .object(let photosObject) = photosValue else {
            throw TextTraceFieldError("field \"photos\" must be an object, found \(photosValue.typeName)")
        }
        let photos = try photoList(
            from: photosObject, limits: limits, explicitIDCount: explicitIDCount, explicitIDTable: explicitIDTable)

        var limit: Int?
        if let value = object["limit"], value != .null {
            guard case .integer(let n) = value else {
                throw TextTraceFieldError("field \"limit\" must be a whole number, found \(value.typeName)")
            }
            limit = n
        }
        var reduceMotion = false
        if let value = object["reduceMotion"], value != .null {
            guard case .bool(let flag) = value else {
                throw TextTraceFieldError("field \"reduceMotion\" must be true or false, found \(value.typeName)")
            }
            reduceMotion = flag
        }
        var meta: JSONObject?
        if let value = object["meta"], value != .null {
            guard case .object(let metaObject) = value else {
                throw TextTraceFieldError("field \"meta\" must be an object, found \(value.typeName)")
            }
            meta = metaObject
        }
        var header = TraceHeader(version: version, photos: photos, limit: limit, reduceMotion: reduceMotion, meta: meta)
        if let value = object["start"], value != .null {
            guard version >= 2 else {
                throw TextTraceFieldError("field \"start\" needs \"version\":2 (SPEC.md section 7), found version \(version)")
            }
            header.start = try startState(from: value)
            if let violation = header.startViolation {
                throw TextTraceFieldError("the start state breaks an invariant: \(violation)")
            }
        }
        return header
    }

    /// The header's `start` (SPEC.md section 7), its fields checked; the invariants are the
    /// caller's to check against the grid.
    private static func startState(from value: JSONValue) throws(TextTraceFieldError) -> StartState {
        guard case .object(let object) = value else {
            throw TextTraceFieldError("field \"start\" must be an object, found \(value.typeName)")
        }
        var start = StartState()
        if let value = object["mode"], value != .null { start.mode = try mode(value, field: "start.mode") }
        start.picks = try optionalIDs(object, "picks", field: "start.picks") ?? []
        if let value = object["sheet"], value != .null {
            guard case .string(let name) = value, let sheet = Sheet(rawValue: name) else {
                throw TextTraceFieldError("field \"start.sheet\" must be \"share\", \"edit\" or null, found \(value.describedBriefly)")
            }
            start.sheet = sheet
        }
        return start
    }

    private static func mode(_ value: JSONValue, field: String) throws(TextTraceFieldError) -> Mode {
        guard case .string(let name) = value, let mode = Mode(rawValue: name) else {
            throw TextTraceFieldError("field \"\(field)\" must be \"browsing\" or \"selecting\", found \(value.describedBriefly)")
        }
        return mode
    }

    /// The array of ids in `object[name]`, nil when it is missing or null.
    private static func optionalIDs(_ object: JSONObject, _ name: String, field: String) throws(TextTraceFieldError) -> [PhotoID]? {
        guard let value = object[name], value != .null else { return nil }
        guard case .array(let elements) = value else {
            throw TextTraceFieldError("field \"\(field)\" must be an array of photo ids, found \(value.typeName)")
        }
        var ids: [PhotoID] = []
        ids.reserveCapacity(elements.count)
        for (position, element) in elements.enumerated() {
            guard case .string(let id) = element else {
                throw TextTraceFieldError("\(field)[\(position)] must be a string, found \(element.typeName)")
            }
            ids.append(id)
        }
        return ids
    }

    /// An event line's `seen` (SPEC.md section 7): every field optional, each checked.
    private static func seenState(from value: JSONValue) throws(TextTraceFieldError) -> SeenState {
        guard case .object(let object) = value else {
            throw TextTraceFieldError("field \"seen\" must be an object, found \(value.typeName)")
        }
        var seen = SeenState()
        if let value = object["mode"], value != .null { seen.mode = try mode(value, field: "seen.mode") }
        if let value = object["count"], value != .null {
            guard case .integer(let count) = value, count >= 0 else {
                throw TextTraceFieldError("field \"seen.count\" must be a whole number of at least 0, found \(value.describedBriefly)")
            }
            seen.count = count
        }
        if let value = object["title"], value != .null {
            guard case .string(let title) = value else {
                throw TextTraceFieldError("field \"seen.title\" must be a string, found \(value.typeName)")
            }
            seen.title = title
        }
        seen.tray = try optionalIDs(object, "tray", field: "seen.tray")
        seen.chosen = try optionalIDs(object, "chosen", field: "seen.chosen")
        if let value = object["chosenDigest"], value != .null {
            guard case .string(let hex) = value, hex.utf8.count == 16,
                hex.utf8.allSatisfy({ ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "f")) }),
                let digest = ChosenDigest(hex: hex)
            else {
                throw TextTraceFieldError("field \"seen.chosenDigest\" must be 16 lowercase hex digits, found \(value.describedBriefly)")
            }
            seen.chosenDigest = digest
        }
        return seen
    }

    private static func requiredInteger(_ object: JSONObject, _ field: String) throws(TextTraceFieldError) -> Int {
        guard let value = object[field] else { throw TextTraceFieldError("missing field \"\(field)\"") }
        guard case .integer(let n) = value else {
            throw TextTraceFieldError("field \"\(field)\" must be a whole number, found \(value.typeName)")
        }
        return n
    }

    private static func photoList(
        from object: JSONObject, limits: TraceLimits, explicitIDCount: Int?, explicitIDTable: () -> PhotoIDTable
    ) throws(TextTraceFieldError) -> PhotoList {
        switch (object["count"], object["ids"]) {
        case (nil, nil):
            throw TextTraceFieldError("field \"photos\" needs \"count\" or \"ids\"")
        case (.some, .some):
            throw TextTraceFieldError("field \"photos\" has both \"count\" and \"ids\"; give one")
        case (.some(let countValue), nil):
            guard case .integer(let count) = countValue else {
                throw TextTraceFieldError("field \"photos.count\" must be a whole number, found \(countValue.typeName)")
            }
            guard count >= 0 else {
                throw TextTraceFieldError("field \"photos.count\" must not be negative, found \(count)")
            }
            guard count <= limits.maximumPhotoCount else {
                throw TextTraceFieldError.aboveLimit(
                    "field \"photos.count\" is \(count), above the limit of \(limits.maximumPhotoCount) photos")
            }
            return .count(count)
        case (nil, .some(let idsValue)):
            guard case .array(let elements) = idsValue else {
                throw TextTraceFieldError(
                    "field \"photos.ids\" must be an array of strings, found \(idsValue.typeName)")
            }
            let count = explicitIDCount ?? elements.count
            guard count <= limits.maximumPhotoCount else {
                throw TextTraceFieldError.aboveLimit(
                    "field \"photos.ids\" lists \(count) photos, above the limit of \(limits.maximumPhotoCount)")
            }
            guard count <= limits.maximumIDListCount else {
                throw TextTraceFieldError.aboveLimit(
                    "field \"photos.ids\" lists \(count) ids, above the limit of \(limits.maximumIDListCount) explicit ids")
            }
            if explicitIDCount != nil {
                let table = explicitIDTable()
                if let (earlier, position) = table.firstDuplicate {
                    throw duplicate(table[position], earlier, position)
                }
                return .ids(table)
            }
            var table = PhotoIDTable()
            table.reserveCapacity(elements.count)
            for (position, element) in elements.enumerated() {
                guard case .string(let id) = element else {
                    throw TextTraceFieldError("photos.ids[\(position)] must be a string, found \(element.typeName)")
                }
                if let earlier = table.appendAllowingDuplicate(id).earlier {
                    throw duplicate(id, earlier, position)
                }
            }
            return .ids(table)
        }
    }

    private static func duplicate(_ id: PhotoID, _ earlier: Int, _ position: Int) -> TextTraceFieldError {
        TextTraceFieldError(.duplicatePhotoID(id, first: earlier, second: position))
    }

    static func event(from value: JSONValue) throws(TextTraceFieldError) -> TraceEvent {
        guard case .object(let object) = value else {
            throw TextTraceFieldError("an event must be a JSON object, found \(value.typeName)")
        }
        if object["trace"] != nil {
            throw TextTraceFieldError(.headerNotFirst)
        }
        guard let nameValue = object["event"] else { throw TextTraceFieldError("missing field \"event\"") }
        guard case .string(let nameText) = nameValue else {
            throw TextTraceFieldError("field \"event\" must be a string, found \(nameValue.typeName)")
        }
        guard let name = EventName(rawValue: nameText) else {
            throw TextTraceFieldError(.unknownEvent(nameText))
        }
        var t: Int?
        if let value = object["t"], value != .null {
            guard case .integer(let ms) = value else {
                throw TextTraceFieldError("field \"t\" must be a whole number of milliseconds, found \(value.typeName)")
            }
            guard ms >= 0 else { throw TextTraceFieldError(.negativeTime(ms)) }
            t = ms
        }
        let event: Event
        switch name {
        case .libraryChanged:
            event = .libraryChanged(removed: try removed(object), inserted: try inserted(object))
        default:
            // Every other name takes one photo or no argument.
            event = name.needsPhoto ? Event(name: name, photo: try photo(object, name))! : name.argumentlessEvent!
        }
        var seen: SeenState?
        if let value = object["seen"], value != .null { seen = try seenState(from: value) }
        return TraceEvent(t: t, event, seen: seen)
    }

    private static func photo(_ object: JSONObject, _ name: EventName) throws(TextTraceFieldError) -> PhotoID {
        guard let value = object["photo"] else {
            throw TextTraceFieldError("event \"\(name.rawValue)\" needs field \"photo\"")
        }
        guard case .string(let id) = value else {
            throw TextTraceFieldError("field \"photo\" must be a string, found \(value.typeName)")
        }
        return id
    }

    /// The elements of the array field `name`, each read by `read` (given its position, for
    /// the message of an error); none when the field is missing or null. `contents` says what
    /// the array holds, for the message when the field is not an array. O(elements).
    private static func arrayField<Element>(
        _ object: JSONObject, _ name: String, of contents: String,
        _ read: (JSONValue, _ position: Int) throws(TextTraceFieldError) -> Element
    ) throws(TextTraceFieldError) -> [Element] {
        guard let value = object[name], value != .null else { return [] }
        guard case .array(let elements) = value else {
            throw TextTraceFieldError("field \"\(name)\" must be an array of \(contents), found \(value.typeName)")
        }
        var values: [Element] = []
        values.reserveCapacity(elements.count)
        for (position, element) in elements.enumerated() { values.append(try read(element, position)) }
        return values
    }

    private static func removed(_ object: JSONObject) throws(TextTraceFieldError) -> [PhotoID] {
        try arrayField(object, "removed", of: "photo ids") { (element, position) throws(TextTraceFieldError) in
            guard case .string(let id) = element else {
                throw TextTraceFieldError("removed[\(position)] must be a string, found \(element.typeName)")
            }
            return id
        }
    }

    private static func inserted(_ object: JSONObject) throws(TextTraceFieldError) -> [Insertion] {
        try arrayField(object, "inserted", of: "{\"photo\",\"at\"}") {
            (element, position) throws(TextTraceFieldError) in
            guard case .object(let entry) = element else {
                throw TextTraceFieldError("inserted[\(position)] must be an object, found \(element.typeName)")
            }
            guard let photoValue = entry["photo"] else {
                throw TextTraceFieldError("inserted[\(position)] needs field \"photo\"")
            }
            guard case .string(let photo) = photoValue else {
                throw TextTraceFieldError("inserted[\(position)].photo must be a string, found \(photoValue.typeName)")
            }
            guard let atValue = entry["at"] else {
                throw TextTraceFieldError("inserted[\(position)] needs field \"at\"")
            }
            guard case .integer(let at) = atValue else {
                throw TextTraceFieldError("inserted[\(position)].at must be a whole number, found \(atValue.typeName)")
            }
            return Insertion(photo: photo, at: at)
        }
    }
}

/// What is wrong with the fields of a text trace's line (its JSON parsed); the reader
/// attaches the line number.
struct TextTraceFieldError: Error {
    var kind: TraceError.Kind
    init(_ kind: TraceError.Kind) { self.kind = kind }
    /// A malformed field, described.
    init(_ message: String) { self.kind = .malformed(message) }
    static func aboveLimit(_ message: String) -> TextTraceFieldError { TextTraceFieldError(.aboveLimit(message)) }
}
