/// The bytes of the JSON the view page embeds, written straight into a byte buffer: the data
/// of a 100K-event trace is a few megabytes of numbers, and building a `String` per value
/// would cost more than the replay.
///
/// Strings are escaped so that the text can sit inside an HTML `<script>` element: `<`, `>`
/// and `&` become `\u003c`, `\u003e` and `\u0026`, so no `</script>` can end it early.
package struct ViewPageJSON {
    package private(set) var bytes: [UInt8] = []

    init(reservingCapacity capacity: Int = 1 << 16) {
        bytes.reserveCapacity(capacity)
    }

    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func byte(_ byte: UInt8) { bytes.append(byte) }

    mutating func appendBytes(_ other: [UInt8]) { bytes.append(contentsOf: other) }

    mutating func integer(_ value: Int) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            if value == Int.min {
                bytes.append(contentsOf: Array(String(value).utf8.dropFirst()))
                return
            }
            integer(-value)
            return
        }
        if value < 10 {
            bytes.append(UInt8(48 + value))
            return
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
            UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            while rest > 0 {
                buffer[count] = UInt8(48 + rest % 10)
                rest /= 10
                count += 1
            }
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }

    mutating func string(_ value: String) {
        string(bytes: value.utf8)
    }

    /// A string given as its UTF-8 bytes.
    mutating func string(bytes value: some Sequence<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [92, 34])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [92, 92])
            case UInt8(ascii: "\n"): bytes.append(contentsOf: [92, 110])
            case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [92, 117, 48, 48, hex[Int(byte >> 4)], hex[Int(byte & 15)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `[a,b,c]`
    mutating func integers(_ values: some Sequence<Int>) {
        bytes.append(UInt8(ascii: "["))
        var first = true
        for value in values {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            integer(value)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    mutating func strings(_ values: [String]) {
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            string(value)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// A stream of VLQ numbers as a JSON string: its characters need no escape.
    mutating func vlq(_ stream: ViewVLQ) {
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: stream.bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func key(_ name: StaticString) {
        bytes.append(UInt8(ascii: "\""))
        raw(name)
        bytes.append(contentsOf: [34, 58])
    }
}
