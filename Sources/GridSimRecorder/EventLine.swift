@_spi(GridSimInternals) import SelectionCore

/// An event's trace line (SPEC.md sections 4 and 7), written straight into memory someone else
/// owns (the window's ring): the bytes `TextTraceEncoding.line(for:)` + `"\n"` gives for the
/// same event, with no string built and nothing allocated.
///
/// `maximumBytes` bounds a line before it is written, so that room is made once; every string
/// is counted at its worst escaped length (6 bytes a byte). The ids an app keeps as native Swift
/// strings are copied whole after a check a word at a time; other strings (bridged from
/// Objective-C, not stored as UTF-8) go byte by byte through their UTF-8 view.
enum EventLine {
    /// The most bytes `write` writes for these arguments, newline included. O(photos named).
    @inline(__always)
    static func maximumBytes(of event: Event, seen: SeenState?, t: Int) -> Int {
        var bytes = 64
        switch event {
        case .longPress(let photo), .selectItem(let photo), .tap(let photo), .removeFromTray(let photo),
            .dragBegan(let photo), .dragMoved(let photo):
            bytes += 16 + worst(photo)
        case .libraryChanged(let removed, let inserted):
            bytes += 32
            for photo in removed { bytes += 1 + worst(photo) }
            for insertion in inserted { bytes += 40 + worst(insertion.photo) }
        case .select, .selectAll, .deselectAll, .done, .back, .delete, .move, .share, .edit, .dismiss, .dragEnded:
            break
        }
        if let seen { bytes += maximumBytes(of: seen) }
        return bytes
    }

    private static func maximumBytes(of seen: SeenState) -> Int {
        var bytes = 160
        if let title = seen.title { bytes += worst(title) }
        if let tray = seen.tray { for photo in tray { bytes += 1 + worst(photo) } }
        if let chosen = seen.chosen { for photo in chosen { bytes += 1 + worst(photo) } }
        return bytes
    }

    /// A string quoted at its worst: every byte a `\u00XX`.
    @inline(__always)
    private static func worst(_ text: String) -> Int { 2 + 6 * text.utf8.count }

    /// Writes the line and its newline at `line`'s position. O(line length).
    @inline(__always)
    static func write(_ event: Event, seen: SeenState?, t: Int, to line: inout LineWriter) {
        line.write("{\"t\":")
        line.writeDecimal(t)
        line.write(",\"event\":\"")
        line.write(name(of: event))
        line.write(UInt8(ascii: "\""))
        switch event {
        case .longPress(let photo), .selectItem(let photo), .tap(let photo), .removeFromTray(let photo),
            .dragBegan(let photo), .dragMoved(let photo):
            line.write(",\"photo\":")
            line.writeQuoted(photo)
        case .libraryChanged(let removed, let inserted):
            if !removed.isEmpty {
                line.write(",\"removed\":")
                line.writeList(removed)
            }
            if !inserted.isEmpty {
                line.write(",\"inserted\":[")
                for (index, insertion) in inserted.enumerated() {
                    line.write(index > 0 ? ",{\"photo\":" : "{\"photo\":")
                    line.writeQuoted(insertion.photo)
                    line.write(",\"at\":")
                    line.writeDecimal(insertion.at)
                    line.write(UInt8(ascii: "}"))
                }
                line.write(UInt8(ascii: "]"))
            }
        case .select, .selectAll, .deselectAll, .done, .back, .delete, .move, .share, .edit, .dismiss, .dragEnded:
            break
        }
        if let seen { write(seen, to: &line) }
        line.write("}\n")
    }

    /// `"seen":{…}`, the fields in SPEC.md section 7's order, those not given left out.
    private static func write(_ seen: SeenState, to line: inout LineWriter) {
        line.write(",\"seen\":{")
        var first = true
        if let mode = seen.mode {
            line.writeKey("\"mode\":", first: &first)
            line.write(mode == .browsing ? "\"browsing\"" : "\"selecting\"")
        }
        if let count = seen.count {
            line.writeKey("\"count\":", first: &first)
            line.writeDecimal(count)
        }
        if let title = seen.title {
            line.writeKey("\"title\":", first: &first)
            line.writeQuoted(title)
        }
        if let tray = seen.tray {
            line.writeKey("\"tray\":", first: &first)
            line.writeList(tray)
        }
        if let chosen = seen.chosen {
            line.writeKey("\"chosen\":", first: &first)
            line.writeList(chosen)
        }
        if let digest = seen.chosenDigest {
            line.writeKey("\"chosenDigest\":\"", first: &first)
            line.writeHex(digest.value)
            line.write(UInt8(ascii: "\""))
        }
        line.write(UInt8(ascii: "}"))
    }

    /// The event's name as SPEC.md spells it, as a constant (no string is made).
    @inline(__always)
    private static func name(of event: Event) -> StaticString {
        switch event {
        case .longPress: "longPress"
        case .selectItem: "selectItem"
        case .tap: "tap"
        case .select: "select"
        case .selectAll: "selectAll"
        case .deselectAll: "deselectAll"
        case .done: "done"
        case .back: "back"
        case .delete: "delete"
        case .move: "move"
        case .share: "share"
        case .edit: "edit"
        case .dismiss: "dismiss"
        case .libraryChanged: "libraryChanged"
        case .removeFromTray: "removeFromTray"
        case .dragBegan: "dragBegan"
        case .dragMoved: "dragMoved"
        case .dragEnded: "dragEnded"
        }
    }
}

/// A write position in memory someone else owns, with room made beforehand
/// (`EventLine.maximumBytes`): the line is put together with plain stores, no capacity check
/// per piece. A bound that was too small is a bug of this module, caught by `precondition`
/// before a byte lands past the room.
struct LineWriter {
    private let base: UnsafeMutablePointer<UInt8>
    private let end: Int
    /// Bytes written so far.
    private(set) var count = 0

    init(_ start: UnsafeMutableRawPointer, room: Int) {
        base = start.assumingMemoryBound(to: UInt8.self)
        end = room
    }

    @inline(__always)
    private func makeRoom(_ bytes: Int) {
        precondition(bytes <= end &- count, "an event line longer than the room made for it")
    }

    @inline(__always)
    mutating func write(_ byte: UInt8) {
        makeRoom(1)
        base[count] = byte
        count &+= 1
    }

    /// A constant (a key, punctuation), copied as overlapping words when it is 4 to 16 bytes
    /// long: a few moves, no call to `memcpy`.
    @inline(__always)
    mutating func write(_ text: StaticString) {
        let length = text.utf8CodeUnitCount
        makeRoom(length)
        let source = UnsafeRawPointer(text.utf8Start)
        let target = UnsafeMutableRawPointer(base + count)
        switch length {
        case 8...16:
            target.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self), toByteOffset: length &- 8, as: UInt64.self)
        case 4..<8:
            target.storeBytes(of: source.loadUnaligned(as: UInt32.self), as: UInt32.self)
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: length &- 4, as: UInt32.self), toByteOffset: length &- 4, as: UInt32.self)
        default:
            target.copyMemory(from: source, byteCount: length)
        }
        count &+= length
    }

    /// A member's key (with its colon), after a comma unless it is the object's `first`.
    @inline(__always)
    mutating func writeKey(_ key: StaticString, first: inout Bool) {
        if !first { write(UInt8(ascii: ",")) }
        first = false
        write(key)
    }

    /// Decimal digits, as `String(value)` writes them.
    @inline(__always)
    mutating func writeDecimal(_ value: Int) {
        if value < 0 { write(UInt8(ascii: "-")) }
        var rest = value.magnitude
        var digits = 1
        var power: UInt = 10
        while digits < 20 && rest >= power {
            digits &+= 1
            power = power &* 10
        }
        makeRoom(digits)
        var next = count &+ digits
        repeat {
            next &-= 1
            base[next] = UInt8(truncatingIfNeeded: 48 &+ rest % 10)
            rest /= 10
        } while rest > 0
        count &+= digits
    }

    /// 16 lowercase hex digits, as `ChosenDigest.description` writes them.
    @inline(__always)
    mutating func writeHex(_ value: UInt64) {
        makeRoom(16)
        for index in 0..<16 {
            let nibble = UInt8(truncatingIfNeeded: value >> (60 - 4 * UInt64(index))) & 0xF
            base[count &+ index] = nibble < 10 ? 48 &+ nibble : 87 &+ nibble
        }
        count &+= 16
    }

    /// `["a","b"]`.
    @inline(__always)
    mutating func writeList(_ photos: [PhotoID]) {
        write(UInt8(ascii: "["))
        for (index, photo) in photos.enumerated() {
            if index > 0 { write(UInt8(ascii: ",")) }
            writeQuoted(photo)
        }
        write(UInt8(ascii: "]"))
    }

    /// `text` as a quoted JSON string, escaped as `JSONWriter` escapes it: `"`, `\` and control
    /// characters; everything else (non-ASCII included) as it is.
    @inline(__always)
    mutating func writeQuoted(_ text: String) {
        write(UInt8(ascii: "\""))
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { utf8 -> Void in
            let bytes = UnsafeRawBufferPointer(utf8)
            if !Self.needsEscape(bytes) {
                makeRoom(bytes.count)
                if let source = bytes.baseAddress { (base + count).update(from: source.assumingMemoryBound(to: UInt8.self), count: bytes.count) }
                count &+= bytes.count
            } else {
                for byte in bytes { writeEscaped(byte) }
            }
        }
        if copied == nil {
            for byte in text.utf8 { writeEscaped(byte) }
        }
        write(UInt8(ascii: "\""))
    }

    @inline(__always)
    private mutating func writeEscaped(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): write("\\\"")
        case UInt8(ascii: "\\"): write("\\\\")
        case UInt8(ascii: "\n"): write("\\n")
        case UInt8(ascii: "\r"): write("\\r")
        case UInt8(ascii: "\t"): write("\\t")
        case 0..<0x20:
            write("\\u00")
            write(byte < 0x10 ? UInt8(ascii: "0") : UInt8(ascii: "1"))
            let low = byte & 0xF
            write(low < 10 ? 48 &+ low : 87 &+ low)
        default: write(byte)
        }
    }

    /// Whether a byte of `bytes` is a quote, a backslash or a control character: eight bytes a
    /// step, their flags ORed with no branch per word (ids nearly never need an escape).
    @inline(__always)
    static func needsEscape(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let start = bytes.baseAddress else { return false }
        let length = bytes.count
        guard length >= 8 else {
            for offset in 0..<length {
                let byte = start.load(fromByteOffset: offset, as: UInt8.self)
                if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return true }
            }
            return false
        }
        // The last word overlaps the others: a byte looked at twice changes nothing.
        var flags = stopFlags(start.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self))
        var offset = 0
        while offset &+ 8 <= length {
            flags |= stopFlags(start.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset &+= 8
        }
        return flags != 0
    }

    /// The high bit of each byte of `word` that is below 0x20, a quote or a backslash (bytes
    /// of 0x80 and above, non-ASCII, never flag).
    @inline(__always)
    private static func stopFlags(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let ascii = ~word & highs
        let control = (word &- ones &* 0x20) & ascii
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let isQuote = (quote &- ones) & ~quote & highs
        let isBackslash = (backslash &- ones) & ~backslash & highs
        return control | ((isQuote | isBackslash) & ascii)
    }
}
