import SelectionCore

/// The fast path of the text event-line decoder: reads the event lines SPEC.md section 4
/// defines, in the compact form writers produce (`{"t":12,"event":"tap","photo":"7"}`),
/// straight from the bytes to a `TraceEvent`, with no `JSONValue` in between.
///
/// It accepts a line only when the general path (`JSONParser` then `TextTraceDecoding`)
/// would decode it to the same event; anything else (white space, an escape, non-ASCII, an
/// unknown or repeated field, a field of the wrong type, a fraction, an unknown event) makes
/// it give up with nil, and the general path decodes the line, so every error keeps its
/// message. O(line length), and no allocation beyond the event's own strings and arrays.
enum EventLineScanner {
    /// The event of `line`, or nil when the general path must decide.
    static func event(_ line: UnsafeRawBufferPointer) -> TraceEvent? {
        var scanner = Scanner(line)
        return scanner.event()
    }

    private struct Scanner {
        let bytes: UnsafeRawBufferPointer
        var index = 0

        init(_ bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
        }

        @inline(__always)
        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// A string with no escape, control character or non-ASCII byte: its bytes, between
        /// the quotes.
        @inline(__always)
        mutating func plainString() -> UnsafeRawBufferPointer? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let content = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
                    index += 1
                    return content
                }
                guard byte >= 0x20 && byte < 0x80 && byte != UInt8(ascii: "\\") else { return nil }
                index += 1
            }
            return nil
        }

        @inline(__always)
        mutating func string() -> String? {
            plainString().map { String(decoding: $0, as: UTF8.self) }
        }

        /// A JSON integer (no fraction, no exponent) that fits in an `Int`.
        @inline(__always)
        mutating func integer() -> Int? {
            let negative = take(UInt8(ascii: "-"))
            let start = index
            var value = 0
            while index < bytes.count {
                let digit = Int(bytes[index]) &- 48
                guard digit >= 0 && digit <= 9 else { break }
                let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
                let (next, overflowAgain) =
                    negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
                guard !overflow && !overflowAgain else { return nil }
                value = next
                index += 1
            }
            let digits = index - start
            guard digits > 0, digits == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
            if index < bytes.count {
                let next = bytes[index]
                if next == UInt8(ascii: ".") || next == UInt8(ascii: "e") || next == UInt8(ascii: "E") { return nil }
            }
            return value
        }

        mutating func event() -> TraceEvent? {
            guard take(UInt8(ascii: "{")) else { return nil }
            var t: Int?
            var hasT = false
            var name: EventName?
            var photo: String?
            var removed: [PhotoID]?
            var inserted: [Insertion]?
            var first = true
            while !take(UInt8(ascii: "}")) {
                if !first { guard take(UInt8(ascii: ",")) else { return nil } }
                first = false
                guard let key = plainString(), take(UInt8(ascii: ":")) else { return nil }
                switch Field(key) {
                case .t:
                    guard !hasT, let value = integer(), value >= 0 else { return nil }
                    hasT = true
                    t = value
                case .event:
                    guard name == nil, let text = plainString(), let known = EventName(bytes: text) else { return nil }
                    name = known
                case .photo:
                    guard photo == nil, let value = string() else { return nil }
                    photo = value
                case .removed:
                    guard removed == nil, let value = removedList() else { return nil }
                    removed = value
                case .inserted:
                    guard inserted == nil, let value = insertedList() else { return nil }
                    inserted = value
                case .at, nil:
                    return nil
                }
            }
            guard index == bytes.count, let name else { return nil }
            let event: Event
            switch name {
            case .longPress, .selectItem, .tap:
                guard let photo, removed == nil, inserted == nil else { return nil }
                event = name == .tap ? .tap(photo) : name == .longPress ? .longPress(photo) : .selectItem(photo)
            case .libraryChanged:
                guard photo == nil else { return nil }
                event = .libraryChanged(removed: removed ?? [], inserted: inserted ?? [])
            default:
                guard photo == nil, removed == nil, inserted == nil else { return nil }
                event = name.argumentlessEvent!
            }
            return TraceEvent(t: t, event)
        }

        mutating func removedList() -> [PhotoID]? {
            guard take(UInt8(ascii: "[")) else { return nil }
            var ids: [PhotoID] = []
            if take(UInt8(ascii: "]")) { return ids }
            repeat {
                guard let id = string() else { return nil }
                ids.append(id)
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "]")) ? ids : nil
        }

        /// `[{"photo":"x","at":0},…]`, each entry's fields in that order.
        mutating func insertedList() -> [Insertion]? {
            guard take(UInt8(ascii: "[")) else { return nil }
            var insertions: [Insertion] = []
            if take(UInt8(ascii: "]")) { return insertions }
            repeat {
                guard take(UInt8(ascii: "{")), Field(plainString()) == .photo, take(UInt8(ascii: ":")),
                    let photo = string(), take(UInt8(ascii: ",")), Field(plainString()) == .at,
                    take(UInt8(ascii: ":")), let at = integer(), take(UInt8(ascii: "}"))
                else { return nil }
                insertions.append(Insertion(photo: photo, at: at))
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "]")) ? insertions : nil
        }
    }

    /// The field names the fast path knows.
    private enum Field {
        case t, event, photo, removed, inserted, at

        @inline(__always)
        init?(_ key: UnsafeRawBufferPointer?) {
            guard let key else { return nil }
            switch key.count {
            case 1:
                guard key[0] == UInt8(ascii: "t") else { return nil }
                self = .t
            case 2:
                guard key[0] == UInt8(ascii: "a"), key[1] == UInt8(ascii: "t") else { return nil }
                self = .at
            case 5:
                if key.elementsEqual("event".utf8) {
                    self = .event
                } else if key.elementsEqual("photo".utf8) {
                    self = .photo
                } else {
                    return nil
                }
            case 7:
                guard key.elementsEqual("removed".utf8) else { return nil }
                self = .removed
            case 8:
                guard key.elementsEqual("inserted".utf8) else { return nil }
                self = .inserted
            default:
                return nil
            }
        }
    }
}

extension EventName {
    /// The event named by `bytes`, or nil. O(length), no string made.
    @inline(__always)
    fileprivate init?(bytes: UnsafeRawBufferPointer) {
        switch bytes.count {
        case 3: if bytes.elementsEqual("tap".utf8) { self = .tap } else { return nil }
        case 4:
            if bytes.elementsEqual("done".utf8) {
                self = .done
            } else if bytes.elementsEqual("back".utf8) {
                self = .back
            } else if bytes.elementsEqual("move".utf8) {
                self = .move
            } else if bytes.elementsEqual("edit".utf8) {
                self = .edit
            } else {
                return nil
            }
        default:
            guard let name = EventName(rawValue: String(decoding: bytes, as: UTF8.self)) else { return nil }
            self = name
        }
    }
}
