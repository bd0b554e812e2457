/// Compact JSON text, written straight into a string without an intermediate tree.
///
/// The caller writes keys and values in order; separators are added here, so a report is
/// built in one pass. Non-ASCII characters are written as UTF-8, control characters escaped.
@_spi(GridSimInternals) public struct JSONWriter {
    @_spi(GridSimInternals) public private(set) var text = ""
    /// Per open container: whether it already has an element, so the next one needs a comma.
    private var hasElements: [Bool] = [false]
    /// A key was just written: the value that follows takes no comma.
    private var afterKey = false

    @_spi(GridSimInternals) public init() {}

    private mutating func separate() {
        if afterKey {
            afterKey = false
            return
        }
        if hasElements[hasElements.count - 1] { text.append(",") }
        hasElements[hasElements.count - 1] = true
    }

    @_spi(GridSimInternals) public mutating func beginObject() {
        separate()
        text.append("{")
        hasElements.append(false)
    }

    @_spi(GridSimInternals) public mutating func endObject() {
        hasElements.removeLast()
        text.append("}")
    }

    @_spi(GridSimInternals) public mutating func beginArray() {
        separate()
        text.append("[")
        hasElements.append(false)
    }

    @_spi(GridSimInternals) public mutating func endArray() {
        hasElements.removeLast()
        text.append("]")
    }

    /// Writes `"key":`; the next value belongs to it.
    @_spi(GridSimInternals) public mutating func key(_ key: String) {
        separate()
        Self.appendQuoted(key, to: &text)
        text.append(":")
        afterKey = true
    }

    @_spi(GridSimInternals) public mutating func string(_ value: String) {
        separate()
        Self.appendQuoted(value, to: &text)
    }

    @_spi(GridSimInternals) public mutating func integer(_ value: Int) {
        separate()
        text.append(String(value))
    }

    @_spi(GridSimInternals) public mutating func bool(_ value: Bool) {
        separate()
        text.append(value ? "true" : "false")
    }

    /// Writes `"key":value`, a member of the open object: `key(_:)` then the value.
    @_spi(GridSimInternals) public mutating func member(_ key: String, _ value: String) {
        self.key(key)
        string(value)
    }

    @_spi(GridSimInternals) public mutating func member(_ key: String, _ value: Int) {
        self.key(key)
        integer(value)
    }

    @_spi(GridSimInternals) public mutating func member(_ key: String, _ value: Bool) {
        self.key(key)
        bool(value)
    }

    @_spi(GridSimInternals) public mutating func member(_ key: String, _ value: JSONValue) {
        self.key(key)
        self.value(value)
    }

    /// Writes a line break between elements, for reports meant to be read in a diff.
    @_spi(GridSimInternals) public mutating func newline() {
        text.append("\n")
    }

    @_spi(GridSimInternals) public mutating func strings(_ values: [String]) {
        beginArray()
        for value in values { string(value) }
        endArray()
    }

    @_spi(GridSimInternals) public mutating func value(_ value: JSONValue) {
        switch value {
        case .null:
            separate()
            text.append("null")
        case .bool(let b): bool(b)
        case .integer(let i): integer(i)
        case .double(let d):
            separate()
            text.append(String(d))
        case .string(let s): string(s)
        case .array(let elements):
            beginArray()
            for element in elements { self.value(element) }
            endArray()
        case .object(let object):
            beginObject()
            for member in object.members {
                key(member.key)
                self.value(member.value)
            }
            endObject()
        }
    }

    /// Appends `value` as a JSON string literal. O(length); strings that need no escape (ids,
    /// titles) are appended whole.
    @_spi(GridSimInternals) public static func appendQuoted(_ value: String, to text: inout String) {
        text.append("\"")
        // Native strings are read as bytes a word at a time; others a byte at a time.
        let plain =
            value.utf8.withContiguousStorageIfAvailable { !JSONStringBytes.needsEscape(UnsafeRawBufferPointer($0)) }
            ?? !value.utf8.contains(where: needsEscape)
        if plain {
            text.append(value)
        } else {
            for scalar in value.unicodeScalars {
                switch scalar {
                case "\"": text.append("\\\"")
                case "\\": text.append("\\\\")
                case "\n": text.append("\\n")
                case "\r": text.append("\\r")
                case "\t": text.append("\\t")
                case _ where scalar.value < 0x20:
                    text.append("\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16))
                default: text.unicodeScalars.append(scalar)
                }
            }
        }
        text.append("\"")
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }
}
