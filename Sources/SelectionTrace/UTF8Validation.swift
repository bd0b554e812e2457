/// Whether bytes are well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing
/// above U+10FFFF), checked without building a string.
///
/// The readers check ids this way before storing their bytes in a `PhotoIDTable`; the rules
/// are the ones `String(decoding:as:)` repairs, so a string is never needed to tell.
enum UTF8Validation {
    /// O(count): eight ASCII bytes a step, then one sequence at a time.
    @inline(__always)
    static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        // Ids are nearly always ASCII, which one OR over all their bytes settles: the short
        // ones ("s123456") byte by byte, the others a word at a time (the last word overlapping
        // the others), with no branch per word.
        if count < 8 {
            var union: UInt8 = 0
            for offset in 0..<count { union |= base.load(fromByteOffset: offset, as: UInt8.self) }
            if union < 0x80 { return true }
        } else {
            var union = base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            var offset = 0
            while offset + 8 <= count {
                union |= base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                offset += 8
            }
            if union & 0x8080_8080_8080_8080 == 0 { return true }
        }
        var index = 0
        while index < count {
            if index + 8 <= count {
                let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                    continue
                }
            } else if count >= 8 {
                // A tail shorter than a word: the last eight bytes (overlapping ones already
                // checked) are all ASCII only if the tail is.
                let last = base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                if last & 0x8080_8080_8080_8080 == 0 { return true }
            }
            let lead = base.load(fromByteOffset: index, as: UInt8.self)
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return false
            }
            guard index + length <= count else { return false }
            let second = base.load(fromByteOffset: index + 1, as: UInt8.self)
            guard second >= low && second <= high else { return false }
            for offset in 2..<length {
                let continuation = base.load(fromByteOffset: index + offset, as: UInt8.self)
                guard continuation & 0xC0 == 0x80 else { return false }
            }
            index += length
        }
        return true
    }
}
