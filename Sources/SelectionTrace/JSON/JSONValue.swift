/// A parsed JSON value. Objects keep their members in the order written, so a trace's free-form
/// `meta` survives a round trip unchanged.
@_spi(GridSimInternals) public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// A number written without fraction or exponent that fits in an `Int`.
    case integer(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// A short name of the value's type, for error messages.
    @_spi(GridSimInternals) public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .double: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The value itself when it is short (a number, a string of up to 40 characters, a
    /// boolean, null), else its type name: what an error message quotes.
    package var describedBriefly: String {
        switch self {
        case .null: "null"
        case .bool(let flag): String(flag)
        case .integer(let n): String(n)
        case .double(let x): String(x)
        case .string(let text) where text.count <= 40: "\"\(text)\""
        default: typeName
        }
    }
}

/// A JSON object: members in the order written. Lookup is linear, which is the fastest choice
/// for the handful of fields a trace line has.
@_spi(GridSimInternals) public struct JSONObject: Hashable, Sendable {
    @_spi(GridSimInternals) public var members: [(key: String, value: JSONValue)]

    @_spi(GridSimInternals) public init(_ members: [(key: String, value: JSONValue)] = []) {
        self.members = members
    }

    /// The value of the first member named `key`. O(members).
    @_spi(GridSimInternals) public subscript(key: String) -> JSONValue? {
        members.first { $0.key == key }?.value
    }

    @_spi(GridSimInternals) public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members.count == rhs.members.count
            && zip(lhs.members, rhs.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    @_spi(GridSimInternals) public func hash(into hasher: inout Hasher) {
        hasher.combine(members.count)
        for member in members {
            hasher.combine(member.key)
            hasher.combine(member.value)
        }
    }
}
