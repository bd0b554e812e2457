@_spi(GridSimInternals) import GridSimKit
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace

/// What the adapter said in its handshake.
package struct Handshake: Hashable, Sendable {
    package var name: String
    package var exposes: ExposedParts
    package var unhandled: Set<EventName>
}

/// The state an answer carries: the parts every adapter exposes, and the optional ones when
/// the handshake named them.
package struct AnsweredState: Hashable, Sendable {
    package var mode: Mode
    package var chosen: [PhotoID]
    package var grid: [PhotoID]
    /// Present when a limit is set.
    package var picks: [PhotoID]
    package var sheet: Sheet?
    package var title = ""
    package var toolbar: Toolbar?
    package var trayCounter: String?
    /// Each photo's accessibility value, in grid order.
    package var accessibility: [String] = []
}

/// One event's answer.
package struct StepAnswer: Hashable, Sendable {
    /// The outcome, effects and announcements, as a step (the parts not exposed are left
    /// empty, applied for the outcome: nothing compares them).
    package var step: Step
    package var state: AnsweredState?
}

/// An answer that breaks the protocol: the line it is on (counted from the adapter's first
/// output line) and what is wrong with it.
package struct ProtocolViolation: Error, Hashable, Sendable, CustomStringConvertible {
    package var line: Int
    package var message: String
    package var description: String { "line \(line) of the adapter's output: \(message)" }
}

/// Reads the adapter's answer lines, checking each against docs/adapter-protocol.md. Every
/// function takes the line's bytes and its number and throws a `ProtocolViolation` naming it.
package struct ProtocolAnswerReader {
    /// What the handshake said is exposed, which decides what a state must carry.
    package var exposes: ExposedParts = []

    package init(exposes: ExposedParts = []) { self.exposes = exposes }

    /// The adapter's own `{"type":"error","message":…}`, if `object` is one.
    private static func adapterError(_ object: JSONObject) -> String? {
        guard case .string("error")? = object["type"] else { return nil }
        if case .string(let message)? = object["message"] { return message }
        return "an error answer without a message"
    }

    /// The line as a JSON object with a `type`, that type being `expected`.
    private func object(_ line: [UInt8], number: Int, expected: String) throws(AnswerFailure) -> JSONObject {
        let value: JSONValue
        do {
            value = try JSONParser.parse(line)
        } catch {
            throw .violation(ProtocolViolation(line: number, message: "not JSON: \(error.message) at byte \(error.column): \(Self.quoted(line))"))
        }
        guard case .object(let object) = value, case .string(let type)? = object["type"] else {
            throw .violation(ProtocolViolation(line: number, message: "an answer must be a JSON object with a \"type\": \(Self.quoted(line))"))
        }
        if let message = Self.adapterError(object) { throw .adapterError(line: number, message: message) }
        guard type == expected else {
            throw .violation(ProtocolViolation(line: number, message: "expected a \"\(expected)\" answer, got \"\(type)\""))
        }
        return object
    }

    /// The handshake answer.
    package func handshake(_ line: [UInt8], number: Int) throws(AnswerFailure) -> Handshake {
        let object = try object(line, number: number, expected: "hello")
        let fields = Fields(object: object, line: number)
        let version = try fields.integer("protocol")
        guard version == ProtocolRequest.version else {
            throw .violation(ProtocolViolation(
                line: number, message: "the adapter speaks protocol \(version); this gridsim speaks \(ProtocolRequest.version)"))
        }
        let name = try fields.string("name")
        guard !name.isEmpty, name.utf8.allSatisfy(Self.isNameByte) else {
            throw .violation(ProtocolViolation(
                line: number, message: "\"name\" must be letters, digits, -, _ or ., found \(Self.quoted(Array(name.utf8)))"))
        }
        var exposes: ExposedParts = []
        for part in try fields.strings("exposes", optional: true) ?? [] {
            guard let exposed = ExposedPart(protocolWord: part) else {
                throw .violation(ProtocolViolation(
                    line: number,
                    message: "\"exposes\" may list outcome, effects, announcements, sheet, screen; found \"\(part)\""))
            }
            exposes.insert(exposed)
        }
        var unhandled: Set<EventName> = []
        for word in try fields.strings("unhandled", optional: true) ?? [] {
            guard let name = EventName(rawValue: word) else {
                throw .violation(ProtocolViolation(line: number, message: "\"unhandled\" lists \"\(word)\", which is no event"))
            }
            unhandled.insert(name)
        }
        return Handshake(name: name, exposes: exposes, unhandled: unhandled)
    }

    /// The `started` answer: the state before the first event.
    package func started(_ line: [UInt8], number: Int, hasLimit: Bool) throws(AnswerFailure) -> AnsweredState {
        let object = try object(line, number: number, expected: "started")
        let fields = Fields(object: object, line: number)
        return try state(fields.object("state"), line: number, hasLimit: hasLimit)
    }

    /// A `step` answer, carrying its state when `withState`.
    package func step(_ line: [UInt8], number: Int, withState: Bool, hasLimit: Bool) throws(AnswerFailure) -> StepAnswer {
        let object = try object(line, number: number, expected: "step")
        let fields = Fields(object: object, line: number)
        var outcome = Outcome.applied
        if exposes.contains(.outcome) {
            let name = try fields.string("outcome")
            switch name {
            case "applied": outcome = .applied
            case "ignored": outcome = .ignored
            case "rejected":
                let reason = try fields.string("reason")
                guard let known = RejectionReason(rawValue: reason) else {
                    let reasons = RejectionReason.allCases.map(\.rawValue).joined(separator: ", ")
                    throw .violation(ProtocolViolation(line: number, message: "\"reason\" must be one of \(reasons), found \"\(reason)\""))
                }
                outcome = .rejected(known)
            default:
                throw .violation(ProtocolViolation(
                    line: number, message: "\"outcome\" must be applied, ignored or rejected, found \"\(name)\""))
            }
        }
        var effects: [Effect] = []
        if exposes.contains(.effects) {
            for (index, value) in try fields.array("effects").enumerated() {
                effects.append(try Self.effect(value, path: "effects[\(index)]", line: number))
            }
        }
        var announcements: [String] = []
        if exposes.contains(.announcements) { announcements = try fields.strings("announcements") ?? [] }
        let state = withState ? try self.state(fields.object("state"), line: number, hasLimit: hasLimit) : nil
        return StepAnswer(step: Step(outcome: outcome, effects: effects, announcing: announcements), state: state)
    }

    /// A state object, checked for every part the handshake promised.
    private func state(_ object: JSONObject, line: Int, hasLimit: Bool) throws(AnswerFailure) -> AnsweredState {
        let fields = Fields(object: object, line: line, prefix: "state.")
        let modeName = try fields.string("mode")
        guard let mode = Mode(rawValue: modeName) else {
            throw .violation(ProtocolViolation(line: line, message: "\"state.mode\" must be browsing or selecting, found \"\(modeName)\""))
        }
        var state = AnsweredState(
            mode: mode, chosen: try fields.strings("chosen") ?? [], grid: try fields.strings("grid") ?? [],
            picks: hasLimit ? try fields.strings("picks") ?? [] : [])
        if exposes.contains(.sheet) { state.sheet = try fields.sheet("sheet") }
        if exposes.contains(.screen) {
            state.title = try fields.string("title")
            state.toolbar = try fields.toolbar("toolbar")
            state.trayCounter = try fields.nullableString("trayCounter")
            state.accessibility = try fields.strings("accessibility") ?? []
            guard state.accessibility.count == state.grid.count else {
                throw .violation(ProtocolViolation(
                    line: line,
                    message: "\"state.accessibility\" must hold one value per photo of the grid (\(state.grid.count)), found \(state.accessibility.count)"))
            }
        }
        return state
    }

    private static func effect(_ value: JSONValue, path: String, line: Int) throws(AnswerFailure) -> Effect {
        guard case .object(let object) = value else {
            throw .violation(ProtocolViolation(line: line, message: "\"\(path)\" must be an object, found \(value.describedBriefly)"))
        }
        let fields = Fields(object: object, line: line, prefix: path + ".")
        let kind = try fields.string("kind")
        switch kind {
        case "open": return .open(try fields.string("photo"))
        case "navigateBack": return .navigateBack
        case "deleted": return .deleted(try fields.strings("photos") ?? [])
        case "moved": return .moved(try fields.strings("photos") ?? [])
        case "present":
            guard let sheet = try fields.sheet("sheet") else {
                throw .violation(ProtocolViolation(line: line, message: "\"\(path).sheet\" must be share or edit, found null"))
            }
            return .present(sheet, try fields.strings("photos") ?? [])
        case "haptic": return .haptic
        case "animation":
            let style = try fields.string("style")
            guard let known = AnimationStyle(rawValue: style) else {
                throw .violation(ProtocolViolation(line: line, message: "\"\(path).style\" must be snappy or none, found \"\(style)\""))
            }
            return .animation(known)
        default:
            throw .violation(ProtocolViolation(
                line: line,
                message: "\"\(path).kind\" must be open, navigateBack, deleted, moved, present, haptic or animation, found \"\(kind)\""))
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7a) || byte == 0x2d || byte == 0x5f
            || byte == 0x2e
    }

    /// A line as a fault quotes it: at most 80 bytes of it.
    package static func quoted(_ line: [UInt8]) -> String {
        let text = String(decoding: line.prefix(80), as: UTF8.self)
        return "\"\(text)\(line.count > 80 ? "…" : "")\""
    }
}

/// Why an answer could not be used: it breaks the protocol, or it is the adapter's own error.
package enum AnswerFailure: Error, Hashable, Sendable {
    case violation(ProtocolViolation)
    case adapterError(line: Int, message: String)
}

/// The fields of one answer object, read with the checks and the messages a fault gives.
private struct Fields {
    let object: JSONObject
    let line: Int
    var prefix = ""

    private func violation(_ message: String) -> AnswerFailure {
        .violation(ProtocolViolation(line: line, message: message))
    }

    private func value(_ key: String) throws(AnswerFailure) -> JSONValue {
        guard let value = object[key] else { throw violation("\"\(prefix)\(key)\" is missing") }
        return value
    }

    func string(_ key: String) throws(AnswerFailure) -> String {
        guard case .string(let text) = try value(key) else {
            throw violation("\"\(prefix)\(key)\" must be a string, found \(try value(key).describedBriefly)")
        }
        return text
    }

    func nullableString(_ key: String) throws(AnswerFailure) -> String? {
        switch try value(key) {
        case .null: return nil
        case .string(let text): return text
        case let other: throw violation("\"\(prefix)\(key)\" must be a string or null, found \(other.describedBriefly)")
        }
    }

    func integer(_ key: String) throws(AnswerFailure) -> Int {
        guard case .integer(let number) = try value(key) else {
            throw violation("\"\(prefix)\(key)\" must be a whole number, found \(try value(key).describedBriefly)")
        }
        return number
    }

    func object(_ key: String) throws(AnswerFailure) -> JSONObject {
        guard case .object(let object) = try value(key) else {
            throw violation("\"\(prefix)\(key)\" must be an object, found \(try value(key).describedBriefly)")
        }
        return object
    }

    func array(_ key: String) throws(AnswerFailure) -> [JSONValue] {
        guard case .array(let values) = try value(key) else {
            throw violation("\"\(prefix)\(key)\" must be an array, found \(try value(key).describedBriefly)")
        }
        return values
    }

    /// An array of strings; nil only when `optional` and the field is absent.
    func strings(_ key: String, optional: Bool = false) throws(AnswerFailure) -> [String]? {
        if optional && object[key] == nil { return nil }
        var strings: [String] = []
        for (index, element) in try array(key).enumerated() {
            guard case .string(let text) = element else {
                throw violation("\"\(prefix)\(key)[\(index)]\" must be a string (a photo id or a text), found \(element.describedBriefly)")
            }
            strings.append(text)
        }
        return strings
    }

    func sheet(_ key: String) throws(AnswerFailure) -> Sheet? {
        guard let name = try nullableString(key) else { return nil }
        guard let sheet = Sheet(rawValue: name) else { throw violation("\"\(prefix)\(key)\" must be share, edit or null, found \"\(name)\"") }
        return sheet
    }

    func toolbar(_ key: String) throws(AnswerFailure) -> Toolbar? {
        if case .null = try value(key) { return nil }
        let fields = Fields(object: try object(key), line: line, prefix: "\(prefix)\(key).")
        var toolbar = Toolbar(actionsEnabled: false)
        toolbar.shareEnabled = try fields.bool("share")
        toolbar.editEnabled = try fields.bool("edit")
        toolbar.moveEnabled = try fields.bool("move")
        toolbar.deleteEnabled = try fields.bool("delete")
        toolbar.selectAllShown = try fields.bool("selectAll")
        return toolbar
    }

    func bool(_ key: String) throws(AnswerFailure) -> Bool {
        guard case .bool(let flag) = try value(key) else {
            throw violation("\"\(prefix)\(key)\" must be true or false, found \(try value(key).describedBriefly)")
        }
        return flag
    }
}
