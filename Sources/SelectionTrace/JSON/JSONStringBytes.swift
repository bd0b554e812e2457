/// JSON string literals written as UTF-8 bytes, escaped exactly as `JSONWriter` escapes them:
/// `"`, `\` and control characters; everything else copied as it is. For the writers that
/// stream ids by the million (trace text, reports) without making a string of each.
package enum JSONStringBytes {
    /// Appends `utf8` (valid UTF-8) as a quoted JSON string. O(length): a string that needs
    /// no escape, as ids nearly always are, is found so eight bytes a step and copied whole.
    @inline(__always)
    package static func appendQuoted(_ utf8: UnsafeRawBufferPointer, to buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "\""))
        if !needsEscape(utf8) {
            // As typed bytes, which an array copies with one `memcpy`, where raw ones are
            // copied through the generic sequence path a byte at a time.
            buffer.append(contentsOf: utf8.bindMemory(to: UInt8.self))
        } else {
            for byte in utf8 { forEachEscaped(byte) { buffer.append($0) } }
        }
        buffer.append(UInt8(ascii: "\""))
    }

    /// Whether some byte of `bytes` is a quote, a backslash or a control character. O(length),
    /// a word at a time: the words' flags are ORed, with no branch per word (the ids written
    /// by the million need no escape, so every word is looked at anyway).
    @inline(__always)
    static func needsEscape(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let count = bytes.count
        guard count >= 8 else { return plainPrefixCount(base, count: count, allowingNonASCII: true) < count }
        // The last word overlaps the others: a byte looked at twice changes nothing.
        var flags = stopFlags(base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self), true)
        var offset = 0
        while offset + 8 <= count {
            flags |= stopFlags(base.loadUnaligned(fromByteOffset: offset, as: UInt64.self), true)
            offset += 8
        }
        return flags != 0
    }

    @inline(__always)
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// How many of the `count` bytes at `base` come before the first that a plain JSON string
    /// cannot hold as it is: a quote (its end, in a line being read), a backslash, a control
    /// character, or, unless `allowingNonASCII`, a byte of a non-ASCII character; `count` if
    /// none. O(that many), eight bytes a step.
    @inline(__always)
    static func plainPrefixCount(_ base: UnsafeRawPointer, count: Int, allowingNonASCII: Bool) -> Int {
        guard count >= 8 else {
            for offset in 0..<count {
                let byte = base.load(fromByteOffset: offset, as: UInt8.self)
                if needsEscape(byte) || (!allowingNonASCII && byte >= 0x80) { return offset }
            }
            return count
        }
        var offset = 0
        while offset + 8 <= count {
            let flags = stopFlags(base.loadUnaligned(fromByteOffset: offset, as: UInt64.self), allowingNonASCII)
            if flags != 0 { return offset + flags.trailingZeroBitCount >> 3 }
            offset += 8
        }
        guard offset < count else { return count }
        // The tail: the last eight bytes, the flags of those already checked dropped.
        let checked = 8 - (count - offset)
        let flags = stopFlags(base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self), allowingNonASCII)
            & (UInt64.max << UInt64(8 * checked))
        return flags == 0 ? count : count - 8 + flags.trailingZeroBitCount >> 3
    }

    /// The high bit of each byte of `word` (little-endian: the first byte lowest) that stops
    /// a plain string, as `plainPrefixCount` says. The bit tricks "has a byte less than 0x20"
    /// and "has a zero byte" (after an xor) may also flag a byte above one truly flagged (a
    /// borrow runs up), never below it: the lowest flag is always the first such byte.
    @inline(__always)
    private static func stopFlags(_ word: UInt64, _ allowingNonASCII: Bool) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        var flags = (word &- ones &* 0x20) & ~word
        flags |= (quotes &- ones) & ~quotes
        flags |= (backslashes &- ones) & ~backslashes
        if !allowingNonASCII { flags |= word }
        return flags & 0x8080_8080_8080_8080
    }

    /// Hands `body` the bytes that stand for `byte` in a string that needs escapes: `byte`
    /// itself, or its escape. Bytes below 0x20 are whole scalars in UTF-8, so escaping byte by
    /// byte matches `JSONWriter`'s escaping scalar by scalar.
    static func forEachEscaped(_ byte: UInt8, _ body: (UInt8) -> Void) {
        func each(_ text: StaticString) { text.withUTF8Buffer { $0.forEach(body) } }
        switch byte {
        case UInt8(ascii: "\""): each("\\\"")
        case UInt8(ascii: "\\"): each("\\\\")
        case UInt8(ascii: "\n"): each("\\n")
        case UInt8(ascii: "\r"): each("\\r")
        case UInt8(ascii: "\t"): each("\\t")
        case ..<0x20:
            each("\\u00")
            let hex: StaticString = "0123456789abcdef"
            hex.withUTF8Buffer { digits in
                body(digits[Int(byte >> 4)])
                body(digits[Int(byte & 0xF)])
            }
        default: body(byte)
        }
    }
}
