import GridSimKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The answers to one request, built as bytes and written to standard output with one
/// `write` (repeated only when the pipe takes part of it), so a batch costs one system call.
struct Answers {
    private(set) var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(1 << 16) }

    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func append(number: Int) { bytes.append(contentsOf: String(number).utf8) }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped.
    mutating func append(string text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case UInt8(ascii: "\n"): append("\\n")
            case UInt8(ascii: "\r"): append("\\r")
            case UInt8(ascii: "\t"): append("\\t")
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                append("\\u00")
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xf)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func append(strings: [String]) {
        bytes.append(UInt8(ascii: "["))
        for (index, text) in strings.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            append(string: text)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// `{"type":"error","message":…}`.
    mutating func appendError(_ message: String) {
        append(#"{"type":"error","message":"#)
        append(string: message)
        append("}\n")
    }

    /// Writes everything appended and empties the buffer. False when standard output is gone.
    mutating func flush() -> Bool {
        defer { bytes.removeAll(keepingCapacity: true) }
        return bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }
}

extension Answers {
    /// The protocol's `state` of an adapter that exposes its sheet: mode, chosen photos and
    /// grid always, picks when a limit is set, the sheet.
    mutating func append<Adapter: SheetExposing>(state adapter: Adapter, hasLimit: Bool) {
        append(adapter.mode == .selecting ? #"{"mode":"selecting","chosen":"# : #"{"mode":"browsing","chosen":"#)
        append(strings: adapter.chosenPhotos)
        append(#","grid":"#)
        append(strings: adapter.photos)
        if hasLimit {
            append(#","picks":"#)
            append(strings: adapter.picks)
        }
        switch adapter.sheet {
        case .share?: append(#","sheet":"share"}"#)
        case .edit?: append(#","sheet":"edit"}"#)
        case nil: append(#","sheet":null}"#)
        }
    }
}
