#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The fields of one request line that the echo adapter needs, found in one pass over its bytes
/// without building any value: every other value is skipped, but checked to be JSON.
struct ScannedRequest {
    var type: Range<Int>?
    /// The `photos` array as written, brackets included.
    var photos: Range<Int>?
    var limitIsSet = false
    var report: Range<Int>?
    var eventCount: Int?
    var stopAfter: Int?
}

/// What is wrong with a request line, in words for the `error` answer.
struct ScanError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

/// The request fields the echo adapter reads, by their names as written (plain ASCII: a name
/// spelled with escapes is not recognised).
enum Field: CaseIterable {
    case type, photos, limit, report, events, stopAfter

    var name: StaticString {
        switch self {
        case .type: "type"
        case .photos: "photos"
        case .limit: "limit"
        case .report: "report"
        case .events: "events"
        case .stopAfter: "stopAfter"
        }
    }

    /// The field named by the string contents at `range` of `bytes`, if it is one of these.
    init?(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        guard let field = Field.allCases.first(where: { matches(bytes, range, $0.name) }) else { return nil }
        self = field
    }
}

/// Whether the bytes at `range` are `word`'s.
func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ word: StaticString) -> Bool {
    word.utf8CodeUnitCount == range.count
        && word.withUTF8Buffer { memcmp(bytes.baseAddress! + range.lowerBound, $0.baseAddress!, range.count) == 0 }
}

/// A JSON scanner over one line's bytes (no newline). O(bytes).
struct RequestScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var at = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) throws(ScanError) -> ScannedRequest {
        var scanner = RequestScanner(bytes)
        return try scanner.request()
    }

    private mutating func request() throws(ScanError) -> ScannedRequest {
        var request = ScannedRequest()
        skipSpace()
        guard peek == UInt8(ascii: "{") else { throw ScanError("a request must be a JSON object with \"type\"") }
        at += 1
        skipSpace()
        if peek == UInt8(ascii: "}") {
            at += 1
        } else {
            fields: while true {
                skipSpace()
                guard peek == UInt8(ascii: "\"") else { throw unexpected("a field name") }
                let key = try string()
                skipSpace()
                guard peek == UInt8(ascii: ":") else { throw unexpected("\":\"") }
                at += 1
                skipSpace()
                switch Field(bytes, key) {
                case .type:
                    guard peek == UInt8(ascii: "\"") else { throw ScanError("\"type\" must be a string") }
                    request.type = try string()
                case .photos:
                    let start = at
                    _ = try array(of: "photo ids", stringsOnly: true)
                    request.photos = start..<at
                case .limit:
                    request.limitIsSet = peek != UInt8(ascii: "n")
                    try value()
                case .report:
                    guard peek == UInt8(ascii: "\"") else { throw ScanError("\"report\" must be state or step") }
                    request.report = try string()
                case .events:
                    request.eventCount = try array(of: "events", objectsOnly: true)
                case .stopAfter:
                    request.stopAfter = try wholeNumber("stopAfter")
                case nil:
                    try value()
                }
                skipSpace()
                if peek == UInt8(ascii: ",") {
                    at += 1
                } else if peek == UInt8(ascii: "}") {
                    at += 1
                    break fields
                } else {
                    throw unexpected("\",\" or \"}\"")
                }
            }
        }
        skipSpace()
        guard at == bytes.count else { throw unexpected("the end of the line") }
        guard request.type != nil else { throw ScanError("a request must be a JSON object with \"type\"") }
        return request
    }

    private var peek: UInt8 { at < bytes.count ? bytes[at] : 0 }

    private mutating func skipSpace() {
        while at < bytes.count {
            switch bytes[at] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"): at += 1
            default: return
            }
        }
    }

    private func unexpected(_ wanted: String) -> ScanError {
        at < bytes.count
            ? ScanError("the request is not JSON: expected \(wanted) at byte \(at + 1), found \"\(Unicode.Scalar(bytes[at]))\"")
            : ScanError("the request is not JSON: expected \(wanted), found the end of the line")
    }

    /// Skips one value of any kind.
    private mutating func value() throws(ScanError) {
        switch peek {
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "{"): try object()
        case UInt8(ascii: "["): _ = try array(of: "values")
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        default: throw unexpected("a value")
        }
    }

    /// A string's contents (between its quotes, escapes left as written).
    private mutating func string() throws(ScanError) -> Range<Int> {
        at += 1
        let start = at
        while at < bytes.count {
            let byte = bytes[at]
            if byte == UInt8(ascii: "\"") {
                at += 1
                return start..<(at - 1)
            }
            if byte == UInt8(ascii: "\\") {
                at += 2
            } else if byte < 0x20 {
                throw ScanError("the request is not JSON: a control character in a string at byte \(at + 1)")
            } else {
                at += 1
            }
        }
        throw ScanError("the request is not JSON: a string is not closed")
    }

    private mutating func object() throws(ScanError) {
        at += 1
        skipSpace()
        if peek == UInt8(ascii: "}") {
            at += 1
            return
        }
        while true {
            skipSpace()
            guard peek == UInt8(ascii: "\"") else { throw unexpected("a field name") }
            _ = try string()
            skipSpace()
            guard peek == UInt8(ascii: ":") else { throw unexpected("\":\"") }
            at += 1
            skipSpace()
            try value()
            skipSpace()
            if peek == UInt8(ascii: ",") {
                at += 1
            } else if peek == UInt8(ascii: "}") {
                at += 1
                return
            } else {
                throw unexpected("\",\" or \"}\"")
            }
        }
    }

    /// Skips an array, counting its elements; with `stringsOnly` or `objectsOnly`, refuses one
    /// of another kind.
    private mutating func array(of contents: String, stringsOnly: Bool = false, objectsOnly: Bool = false)
        throws(ScanError) -> Int
    {
        guard peek == UInt8(ascii: "[") else { throw ScanError("a field must be an array of \(contents)") }
        at += 1
        skipSpace()
        if peek == UInt8(ascii: "]") {
            at += 1
            return 0
        }
        var count = 0
        while true {
            skipSpace()
            if stringsOnly && peek != UInt8(ascii: "\"") {
                throw ScanError("element \(count) of an array of \(contents) is not a string")
            }
            if objectsOnly && peek != UInt8(ascii: "{") {
                throw ScanError("element \(count) of an array of \(contents) is not an object")
            }
            try value()
            count += 1
            skipSpace()
            if peek == UInt8(ascii: ",") {
                at += 1
            } else if peek == UInt8(ascii: "]") {
                at += 1
                return count
            } else {
                throw unexpected("\",\" or \"]\"")
            }
        }
    }

    private mutating func literal(_ word: StaticString) throws(ScanError) {
        let count = word.utf8CodeUnitCount
        guard at + count <= bytes.count,
            word.withUTF8Buffer({ memcmp(bytes.baseAddress! + at, $0.baseAddress!, count) == 0 })
        else { throw unexpected("a value") }
        at += count
    }

    /// A number by JSON's grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func number() throws(ScanError) {
        if peek == UInt8(ascii: "-") { at += 1 }
        if peek == UInt8(ascii: "0") {
            at += 1
        } else {
            try digits()
        }
        if peek == UInt8(ascii: ".") {
            at += 1
            try digits()
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            at += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { at += 1 }
            try digits()
        }
    }

    private mutating func digits() throws(ScanError) {
        guard peek >= UInt8(ascii: "0") && peek <= UInt8(ascii: "9") else { throw unexpected("a digit") }
        while peek >= UInt8(ascii: "0") && peek <= UInt8(ascii: "9") { at += 1 }
    }

    /// A non-negative whole number, as `stopAfter` must be.
    private mutating func wholeNumber(_ field: String) throws(ScanError) -> Int {
        var result = 0
        var digits = 0
        while at < bytes.count, bytes[at] >= UInt8(ascii: "0"), bytes[at] <= UInt8(ascii: "9") {
            let (times, overflow1) = result.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int(bytes[at] - UInt8(ascii: "0")))
            guard !overflow1 && !overflow2 else { throw ScanError("\"\(field)\" is too large") }
            result = sum
            digits += 1
            at += 1
        }
        guard digits > 0 else { throw ScanError("\"\(field)\" must be a whole number, not negative") }
        switch peek {
        case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
            throw ScanError("\"\(field)\" must be a whole number")
        default: return result
        }
    }
}
