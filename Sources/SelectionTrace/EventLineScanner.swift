#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
@_spi(GridSimInternals) import SelectionCore

/// The fast path of the text event-line decoder: reads the event lines SPEC.md section 4
/// defines, in the compact form writers produce (`{"t":12,"event":"tap","photo":"7"}`),
/// straight from the bytes to their `EventLineFields` (ids as byte ranges of the line), and
/// from those to a `TraceEvent`, with no `JSONValue` in between.
///
/// It accepts a line only when the general path (`JSONParser` then `TextTraceDecoding`)
/// would decode it to the same event; anything else (white space, an escape, non-ASCII, an
/// unknown or repeated field, a field of the wrong type, a fraction, an unknown event) makes
/// it give up with nil, and the general path decodes the line, so every error keeps its
/// message. O(line length); scanning allocates nothing once the fields' arrays have grown,
/// and making the event allocates only its own strings and arrays.
enum EventLineScanner {
    /// The event of `line`, or nil when the general path must decide.
    static func event(_ line: UnsafeRawBufferPointer) -> TraceEvent? {
        var fields = EventLineFields()
        return scan(line, into: &fields) ? fields.event() : nil
    }

    /// Reads `line` into `fields` (ids as byte ranges, no string made); false when the
    /// general path must decide, and then `fields` holds nothing of use.
    static func scan(_ line: UnsafeRawBufferPointer, into fields: inout EventLineFields) -> Bool {
        fields.reset(line: line)
        var scanner = Scanner(line)
        return scanner.scan(into: &fields)
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

        /// `literal`'s bytes, next in the line.
        @inline(__always)
        mutating func take(_ literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            guard bytes.count - index >= count, UnsafeRawBufferPointer(rebasing: bytes[index..<index + count]).spells(literal)
            else { return false }
            index += count
            return true
        }

        /// A string with no escape, control character or non-ASCII byte: the range of its
        /// bytes, between the quotes.
        @inline(__always)
        mutating func plainRange() -> Range<Int>? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = index
            index += JSONStringBytes.plainPrefixCount(
                bytes.baseAddress! + index, count: bytes.count - index, allowingNonASCII: false)
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            index += 1
            return start..<(index - 1)
        }

        /// As `plainRange()`, the bytes themselves.
        @inline(__always)
        mutating func plainString() -> UnsafeRawBufferPointer? {
            plainRange().map { UnsafeRawBufferPointer(rebasing: bytes[$0]) }
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

        mutating func scan(into fields: inout EventLineFields) -> Bool {
            guard take(UInt8(ascii: "{")) else { return false }
            var hasT = false
            var name: EventName?
            var hasRemoved = false
            var hasInserted = false
            var first = true
            while !take(UInt8(ascii: "}")) {
                if !first { guard take(UInt8(ascii: ",")) else { return false } }
                first = false
                guard let key = plainString(), take(UInt8(ascii: ":")) else { return false }
                switch Field(key) {
                case .t:
                    guard !hasT, let value = integer(), value >= 0 else { return false }
                    hasT = true
                    fields.t = value
                case .event:
                    guard name == nil, let text = plainString(), let known = EventName(bytes: text) else { return false }
                    name = known
                case .photo:
                    guard fields.photo == nil, let value = plainRange() else { return false }
                    fields.photo = value
                case .removed:
                    guard !hasRemoved, removedList(into: &fields.removed) else { return false }
                    hasRemoved = true
                case .inserted:
                    guard !hasInserted, insertedList(into: &fields.inserted) else { return false }
                    hasInserted = true
                case .at, nil:
                    return false
                }
            }
            guard index == bytes.count, let name else { return false }
            switch name {
            case _ where name.needsPhoto:
                guard fields.photo != nil, !hasRemoved, !hasInserted else { return false }
            case .libraryChanged:
                guard fields.photo == nil else { return false }
            default:
                guard fields.photo == nil, !hasRemoved, !hasInserted else { return false }
            }
            fields.name = name
            return true
        }

        mutating func removedList(into ids: inout [Range<Int>]) -> Bool {
            guard take(UInt8(ascii: "[")) else { return false }
            if take(UInt8(ascii: "]")) { return true }
            repeat {
                guard let id = plainRange() else { return false }
                ids.append(id)
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "]"))
        }

        /// `[{"photo":"x","at":0},…]`, each entry's fields in that order.
        mutating func insertedList(into insertions: inout [(photo: Range<Int>, at: Int)]) -> Bool {
            guard take(UInt8(ascii: "[")) else { return false }
            if take(UInt8(ascii: "]")) { return true }
            repeat {
                // Whole punctuation runs at once: a plain key is its exact bytes.
                guard take("{\"photo\":"), let photo = plainRange(), take(",\"at\":"), let at = integer(),
                    take(UInt8(ascii: "}"))
                else { return false }
                insertions.append((photo, at))
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "]"))
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
                if key.spells("event") {
                    self = .event
                } else if key.spells("photo") {
                    self = .photo
                } else {
                    return nil
                }
            case 7:
                guard key.spells("removed") else { return nil }
                self = .removed
            case 8:
                guard key.spells("inserted") else { return nil }
                self = .inserted
            default:
                return nil
            }
        }
    }
}

extension EventName {
    /// The event named by `bytes`, or nil. O(length); a string is made only for the rarer names.
    @inline(__always)
    fileprivate init?(bytes: UnsafeRawBufferPointer) {
        switch bytes.count {
        case 3: if bytes.spells("tap") { self = .tap } else { return nil }
        case 4:
            if bytes.spells("done") {
                self = .done
            } else if bytes.spells("back") {
                self = .back
            } else if bytes.spells("move") {
                self = .move
            } else if bytes.spells("edit") {
                self = .edit
            } else {
                return nil
            }
        case 9:
            if bytes.spells("longPress") {
                self = .longPress
            } else if bytes.spells("dragMoved") {
                self = .dragMoved
            } else if bytes.spells("selectAll") {
                self = .selectAll
            } else if bytes.spells("dragBegan") {
                self = .dragBegan
            } else if bytes.spells("dragEnded") {
                self = .dragEnded
            } else {
                return nil
            }
        case 10: if bytes.spells("selectItem") { self = .selectItem } else { return nil }
        case 14:
            if bytes.spells("libraryChanged") {
                self = .libraryChanged
            } else if bytes.spells("removeFromTray") {
                self = .removeFromTray
            } else {
                return nil
            }
        default:
            // The rarer names.
            guard let name = EventName(rawValue: String(decoding: bytes, as: UTF8.self)) else { return nil }
            self = name
        }
    }
}

extension UnsafeRawBufferPointer {
    /// Whether these are the bytes of `word` (a field or event name, at most 16 bytes): a
    /// length check and two overlapping loads of each, compared as words, where a `memcmp`
    /// call costs more than the compare, and `elementsEqual` against a string's UTF-8 view
    /// walks both a byte at a time through generic iterators.
    @inline(__always)
    fileprivate func spells(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard self.count == count else { return false }
        guard let base = baseAddress else { return true }
        let other = UnsafeRawPointer(word.utf8Start)
        switch count {
        case 8...16:
            return base.loadUnaligned(as: UInt64.self) == other.loadUnaligned(as: UInt64.self)
                && base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                    == other.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        case 4..<8:
            return base.loadUnaligned(as: UInt32.self) == other.loadUnaligned(as: UInt32.self)
                && base.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
                    == other.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        default:
            return memcmp(base, other, count) == 0
        }
    }
}
