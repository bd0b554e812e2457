import Foundation

/// The names of a page's photos, slot by slot, written compactly: a list of runs, each
/// naming the next `count` slots (docs/view-page.md, "photos").
///
/// - `numbered`: `prefix` + `first`, `prefix` + (`first` + 1), … — a grid given by count
///   (prefix "", first 1) and the `s1`, `s2`, … a library brings are one run each.
/// - `uuid`: ids shaped `XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX` + `suffix` (PhotoKit's
///   `…/L0/001`) in hex digits of one case, the 32 digits stored as their 16 bytes in
///   base 85 (`data`, 20 characters an id): a million PhotoKit ids take 20 MB, not 46.
/// - `list`: any other ids, as JSON strings.
///
/// Ids are handed over one at a time, in slot order (`append`), and never kept as strings.
/// O(bytes of the ids); an id costs one pass over its bytes and no allocation of its own.
struct ViewPhotoNames {
    /// The digits of `uuid` runs' data: printable ASCII without the quote, backslash, `&`,
    /// `'`, `<`, `>`, backtick, comma, tilde and space, so that it needs no escape in JSON or
    /// HTML. Four bytes (big-endian) are five digits, most significant first.
    static let base85 = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%()*+-./:;=?@[]^_{|}".utf8)

    private enum Kind {
        case numbered, uuid
    }

    /// The 128 bits of a UUID-shaped id, and whether its hex digits are lowercase (nil when
    /// they are all decimal digits).
    struct UUIDBits: Equatable {
        var high: UInt64
        var low: UInt64
        var lowercase: Bool?
    }

    private var out: ViewPageJSON
    private var runsWritten = 0
    /// The `list` run being gathered: written once a run of another kind is sure to follow.
    private var listed = ViewPageJSON(reservingCapacity: 256)
    private var listedCount = 0
    // The `numbered` or `uuid` run being gathered: its kind and count, and what its kind keeps.
    private var kind: Kind?
    private var count = 0
    private var prefix: [UInt8] = []
    private var first = 0
    private var suffix: [UInt8] = []
    private var lowercase = false
    private var data: [UInt8] = []

    /// Starts the JSON list at the end of `json`.
    init(appendingTo json: ViewPageJSON) {
        out = json
        out.byte(UInt8(ascii: "["))
    }

    /// Names the next slot `id` (its UTF-8 bytes).
    mutating func append(_ id: UnsafeRawBufferPointer) {
        if let bits = Self.uuid(id) {
            if kind == .uuid, bits.lowercase == nil || bits.lowercase == lowercase, Self.suffix(of: id, is: suffix) {
                count += 1
            } else {
                closeRun()
                writeList()
                kind = .uuid
                count = 1
                suffix = Array(id[36...])
                lowercase = bits.lowercase ?? false
            }
            Self.appendBase85(bits, to: &data)
        } else if let (prefixLength, number) = Self.numbered(id) {
            if kind == .numbered, number == first + count, prefix.elementsEqual(id[..<prefixLength]) {
                count += 1
                // Now a run, not a lone id that would join the list: the list ends before it.
                if count == 2 { writeList() }
            } else {
                closeRun()
                kind = .numbered
                count = 1
                prefix = Array(id[..<prefixLength])
                first = number
            }
        } else {
            closeRun()
            appendToList(id)
        }
    }

    /// Whether `id` continues past its first 36 bytes with `suffix` and nothing else.
    private static func suffix(of id: UnsafeRawBufferPointer, is suffix: [UInt8]) -> Bool {
        guard id.count - 36 == suffix.count else { return false }
        return suffix.withUnsafeBytes { memcmp($0.baseAddress!, id.baseAddress! + 36, suffix.count) == 0 }
    }

    /// The JSON with every run written and the list closed.
    mutating func finish() -> ViewPageJSON {
        closeRun()
        writeList()
        out.byte(UInt8(ascii: "]"))
        return out
    }

    private mutating func appendToList(_ id: UnsafeRawBufferPointer) {
        if listedCount > 0 { listed.byte(UInt8(ascii: ",")) }
        listed.string(bytes: id)
        listedCount += 1
    }

    /// Ends the `numbered` or `uuid` run being gathered. A lone numbered id joins the list:
    /// `{"kind":"numbered",…}` would be longer than the id.
    private mutating func closeRun() {
        guard let closing = kind else { return }
        kind = nil
        if closing == .numbered && count == 1 {
            (prefix + Array(String(first).utf8)).withUnsafeBytes { appendToList($0) }
            return
        }
        writeList()
        startRun(closing == .numbered ? "numbered" : "uuid", count: count)
        if closing == .numbered {
            out.raw(","); out.key("prefix"); out.string(bytes: prefix)
            out.raw(","); out.key("first"); out.integer(first)
        } else {
            out.raw(","); out.key("suffix"); out.string(bytes: suffix)
            out.raw(","); out.key("lowercase"); out.raw(lowercase ? "true" : "false")
            out.raw(","); out.key("data"); out.byte(UInt8(ascii: "\""))
            out.appendBytes(data)
            out.byte(UInt8(ascii: "\""))
            data.removeAll(keepingCapacity: true)
        }
        out.byte(UInt8(ascii: "}"))
    }

    private mutating func writeList() {
        guard listedCount > 0 else { return }
        startRun("list", count: listedCount)
        out.raw(","); out.key("ids"); out.byte(UInt8(ascii: "["))
        out.appendBytes(listed.bytes)
        out.raw("]}")
        listed = ViewPageJSON(reservingCapacity: 256)
        listedCount = 0
    }

    /// `{"kind":…,"count":…` after a comma when a run came before.
    private mutating func startRun(_ kind: StaticString, count: Int) {
        if runsWritten > 0 { out.byte(UInt8(ascii: ",")) }
        runsWritten += 1
        out.raw("{"); out.key("kind"); out.byte(UInt8(ascii: "\"")); out.raw(kind); out.byte(UInt8(ascii: "\""))
        out.raw(","); out.key("count"); out.integer(count)
    }

    /// An id that ends in a decimal number written as `String(_:)` writes it (no leading zero,
    /// at most 15 digits, so that the page's numbers hold it exactly): the length of what
    /// comes before the number, and the number.
    static func numbered(_ id: UnsafeRawBufferPointer) -> (prefixLength: Int, number: Int)? {
        var start = id.count
        while start > 0 && id[start - 1] >= UInt8(ascii: "0") && id[start - 1] <= UInt8(ascii: "9") { start -= 1 }
        let digits = id.count - start
        guard digits > 0, digits < 16, id[start] != UInt8(ascii: "0") || digits == 1 else { return nil }
        var number = 0
        for index in start..<id.count { number = number * 10 + Int(id[index] - UInt8(ascii: "0")) }
        return (start, number)
    }

    /// The value of each byte as a hex digit: 0-15 for `0-9`, 16-21 for `A-F` (10-15, marked
    /// uppercase), 32-37 for `a-f` (marked lowercase), 255 for any other byte.
    private static let hexDigits: [UInt8] = (0...255).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt8(byte) - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt8(byte) - UInt8(ascii: "A") + 10 | 16
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt8(byte) - UInt8(ascii: "a") + 10 | 32
        default: 255
        }
    }

    /// The bits of an id that starts `XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX` in hex digits of
    /// one case; nil for any other id. One table lookup a byte.
    static func uuid(_ id: UnsafeRawBufferPointer) -> UUIDBits? {
        guard id.count >= 36, id[8] == UInt8(ascii: "-"), id[13] == UInt8(ascii: "-"), id[18] == UInt8(ascii: "-"),
            id[23] == UInt8(ascii: "-")
        else { return nil }
        return hexDigits.withUnsafeBufferPointer { table -> UUIDBits? in
            let bytes = id.baseAddress!.assumingMemoryBound(to: UInt8.self)
            var marks: UInt8 = 0
            // The groups' digits, 8-4-4-4-12, as one number each part of 16 digits.
            func digits(_ range: Range<Int>, into word: inout UInt64) {
                for index in range {
                    let digit = table[Int(bytes[index])]
                    marks |= digit
                    word = word << 4 | UInt64(digit & 15)
                }
            }
            var high: UInt64 = 0
            var low: UInt64 = 0
            digits(0..<8, into: &high)
            digits(9..<13, into: &high)
            digits(14..<18, into: &high)
            digits(19..<23, into: &low)
            digits(24..<36, into: &low)
            // 255 marks a byte that is no hex digit; 16 and 32 together, digits of both cases.
            if marks & 0xC0 != 0 || marks & 48 == 48 { return nil }
            return UUIDBits(high: high, low: low, lowercase: marks & 32 != 0 ? true : marks & 16 != 0 ? false : nil)
        }
    }

    /// The 16 bytes of `bits` as 20 base-85 digits.
    static func appendBase85(_ bits: UUIDBits, to digits: inout [UInt8]) {
        var text: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &text) { buffer in
            base85.withUnsafeBufferPointer { alphabet in
                for word in 0..<4 {
                    var value = word < 2 ? bits.high : bits.low
                    value = word % 2 == 0 ? value >> 32 : value & 0xFFFF_FFFF
                    // Least significant digit first, written backwards: divisions by a constant.
                    for place in (0..<5).reversed() {
                        buffer[word * 5 + place] = alphabet[Int(value % 85)]
                        value /= 85
                    }
                }
            }
            digits.append(contentsOf: buffer.prefix(20))
        }
    }
}
