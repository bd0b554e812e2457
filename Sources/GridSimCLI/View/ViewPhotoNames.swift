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
            if kind == .uuid, bits.lowercase == nil || bits.lowercase == lowercase, suffix.elementsEqual(id[36...]) {
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

    /// The bits of an id that starts `XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX` in hex digits of
    /// one case; nil for any other id.
    static func uuid(_ id: UnsafeRawBufferPointer) -> UUIDBits? {
        guard id.count >= 36 else { return nil }
        var bits = UUIDBits(high: 0, low: 0, lowercase: nil)
        var upper = false
        var lower = false
        var nibbles = 0
        for index in 0..<36 {
            let character = id[index]
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard character == UInt8(ascii: "-") else { return nil }
                continue
            }
            let value: UInt64
            switch character {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt64(character - UInt8(ascii: "0"))
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value = UInt64(character - UInt8(ascii: "A") + 10); upper = true
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = UInt64(character - UInt8(ascii: "a") + 10); lower = true
            default: return nil
            }
            if nibbles < 16 { bits.high = bits.high << 4 | value } else { bits.low = bits.low << 4 | value }
            nibbles += 1
        }
        if upper && lower { return nil }
        bits.lowercase = lower ? true : upper ? false : nil
        return bits
    }

    /// The 16 bytes of `bits` as 20 base-85 digits.
    static func appendBase85(_ bits: UUIDBits, to digits: inout [UInt8]) {
        for word in [bits.high >> 32, bits.high & 0xFFFF_FFFF, bits.low >> 32, bits.low & 0xFFFF_FFFF] {
            var value = word
            var divisor: UInt64 = 85 * 85 * 85 * 85
            for _ in 0..<5 {
                digits.append(base85[Int(value / divisor)])
                value %= divisor
                divisor /= 85
            }
        }
    }
}
