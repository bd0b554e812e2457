@_spi(GridSimInternals) import SelectionCore
import SelectionSlots

/// The `photos.ids` array of a text header line, found and checked without a string per id,
/// and turned into a `PhotoIDTable` in the line's own memory.
///
/// A header of a million PhotoKit ids is a 45 MB line. Parsed as JSON it would become a
/// million `String`s in an array, then a table: the ids three times over. Instead the array
/// is located and checked here, the rest of the line (with `[]` in its place) goes through
/// `JSONParser` as usual, and the ids are moved to the front of the line, back to back, which
/// then *is* the table's byte storage.
///
/// Only the plain case is taken: an array of strings without escapes, valid UTF-8, the keys
/// written plainly and once. Anything else (an escape, a number in the list, bad syntax, a
/// repeated key) returns nil, and the caller parses the line the general way, which says
/// exactly what is wrong where.
struct HeaderIDArray {
    /// Bytes `start ..< end` of the line are the array, brackets included.
    let start: Int
    let end: Int
    /// How many ids it lists.
    let count: Int

    /// Finds and checks `photos.ids` in a header line. O(line length), no allocation.
    static func locate(in line: [UInt8]) -> HeaderIDArray? {
        line.withUnsafeBufferPointer { bytes in
            var scanner = Scanner(bytes: bytes)
            return scanner.headerIDArray()
        }
    }

    /// The line with the array replaced by `[]`: what the general parser checks.
    func lineWithoutIDs(_ line: [UInt8]) -> [UInt8] {
        var reduced: [UInt8] = []
        reduced.reserveCapacity(line.count - (end - start) + 2)
        reduced.append(contentsOf: line[..<start])
        reduced.append(contentsOf: [UInt8(ascii: "["), UInt8(ascii: "]")])
        reduced.append(contentsOf: line[end...])
        return reduced
    }

    /// The ids as a table whose bytes are `line`'s memory, which this takes (leaving `line`
    /// empty): the ids are moved to its front, back to back, then hashed and indexed once each.
    /// A repeated id is kept and reported by the table (`firstDuplicate`). O(line length).
    ///
    /// - Precondition: `self` was located in this `line`.
    func table(takingBytesOf line: inout [UInt8]) -> PhotoIDTable {
        var ends: [UInt32] = []
        ends.reserveCapacity(count)
        line.withUnsafeMutableBufferPointer { bytes in
            var write = 0
            var read = start + 1
            while read < end {
                // Between ids: white space, commas, the closing bracket; an id: a quote.
                guard bytes[read] == UInt8(ascii: "\"") else {
                    read += 1
                    continue
                }
                let first = read + 1
                // `locate` found the id plain: it ends at the first byte that stops a plain string.
                let last =
                    first
                    + JSONStringBytes.plainPrefixCount(
                        UnsafeRawPointer(bytes.baseAddress! + first), count: end - first, allowingNonASCII: true)
                let length = last - first
                if write != first, length > 0 {
                    // Moving left: every byte is read before anything is written over it.
                    UnsafeMutableRawPointer(bytes.baseAddress! + write).copyMemory(
                        from: bytes.baseAddress! + first, byteCount: length)
                }
                write += length
                ends.append(UInt32(write))
                read = last + 1
            }
        }
        return PhotoIDTable(takingConcatenated: &line, ends: ends)
    }

    /// A forward reader of the header's top-level structure. Values other than the id array
    /// are skipped, not checked: `JSONParser` checks them on the reduced line.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func headerIDArray() -> HeaderIDArray? {
            var found: HeaderIDArray?
            var sawPhotos = false
            let completed = members { scanner, key in
                guard key == .photos else { return scanner.skipValue() }
                guard !sawPhotos else { return false }
                sawPhotos = true
                guard scanner.peek() == UInt8(ascii: "{") else { return false }
                var sawIDs = false
                return scanner.members { scanner, key in
                    guard key == .ids else { return scanner.skipValue() }
                    guard !sawIDs else { return false }
                    sawIDs = true
                    found = scanner.idArray()
                    return found != nil
                }
            }
            skipWhitespace()
            guard completed, index == bytes.count else { return nil }
            return found
        }

        enum Key { case photos, ids, other }

        /// Walks the members of the object at `index`, calling `body` with each key, the
        /// scanner at its value; `body` must consume the value. False when anything is off.
        mutating func members(_ body: (inout Scanner, Key) -> Bool) -> Bool {
            skipWhitespace()
            guard peek() == UInt8(ascii: "{") else { return false }
            index += 1
            skipWhitespace()
            if peek() == UInt8(ascii: "}") {
                index += 1
                return true
            }
            while true {
                skipWhitespace()
                guard let key = key() else { return false }
                skipWhitespace()
                guard peek() == UInt8(ascii: ":") else { return false }
                index += 1
                skipWhitespace()
                guard body(&self, key) else { return false }
                skipWhitespace()
                switch peek() {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "}"):
                    index += 1
                    return true
                default: return false
                }
            }
        }

        /// A key; only plainly written ones are told apart (an escaped "photos" is `other`,
        /// and then the general parser decides).
        mutating func key() -> Key? {
            guard peek() == UInt8(ascii: "\"") else { return nil }
            let first = index + 1
            guard skipString() else { return nil }
            let text = UnsafeBufferPointer(rebasing: bytes[first..<index - 1])
            if text.elementsEqual("photos".utf8) { return .photos }
            if text.elementsEqual("ids".utf8) { return .ids }
            return .other
        }

        /// The array at `index`, if it holds only plain strings (no escapes, no control
        /// characters, valid UTF-8).
        mutating func idArray() -> HeaderIDArray? {
            guard peek() == UInt8(ascii: "[") else { return nil }
            let start = index
            index += 1
            var count = 0
            skipWhitespace()
            if peek() == UInt8(ascii: "]") {
                index += 1
                return HeaderIDArray(start: start, end: index, count: 0)
            }
            while true {
                skipWhitespace()
                guard peek() == UInt8(ascii: "\"") else { return nil }
                index += 1
                let first = index
                index += JSONStringBytes.plainPrefixCount(
                    UnsafeRawPointer(bytes.baseAddress! + index), count: bytes.count - index, allowingNonASCII: true)
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
                guard UTF8Validation.isValid(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[first..<index])))
                else { return nil }
                index += 1
                count += 1
                skipWhitespace()
                switch peek() {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "]"):
                    index += 1
                    return HeaderIDArray(start: start, end: index, count: count)
                default: return nil
                }
            }
        }

        /// Skips one value of any kind without checking it. False at the end of the line.
        mutating func skipValue() -> Bool {
            guard let byte = peek() else { return false }
            switch byte {
            case UInt8(ascii: "\""):
                return skipString()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                while let byte = peek() {
                    switch byte {
                    case UInt8(ascii: "\""):
                        guard skipString() else { return false }
                        continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                        if depth == 0 {
                            index += 1
                            return true
                        }
                    default: break
                    }
                    index += 1
                }
                return false
            default:
                // A number or a literal: up to the next delimiter.
                while let byte = peek(), byte != UInt8(ascii: ","), byte != UInt8(ascii: "}"),
                    byte != UInt8(ascii: "]"), !Self.isWhitespace(byte)
                {
                    index += 1
                }
                return true
            }
        }

        /// Skips the string at `index` (escapes included). False if it does not end.
        mutating func skipString() -> Bool {
            index += 1
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    index += 1
                    return true
                case UInt8(ascii: "\\"): index += 2
                default: index += 1
                }
            }
            return false
        }

        func peek() -> UInt8? {
            index < bytes.count ? bytes[index] : nil
        }

        mutating func skipWhitespace() {
            while let byte = peek(), Self.isWhitespace(byte) { index += 1 }
        }

        static func isWhitespace(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
                || byte == UInt8(ascii: "\r")
        }
    }
}
