import SelectionSlots
import Testing

/// A numbered id is a short printable prefix and a number spelled as `String(_:)` spells it;
/// its text gives back exactly the bytes parsed, and nothing else is taken for one.
struct NumberedIDTests {
    @Test func numberedIdsRoundTripTheirBytes() throws {
        for id in ["s1", "p123", "IMG_4567", "1000001", "0", "a1b2", "x-4294967295", "1234567890", "abcdefg1234567890", "s 9"] {
            let numbered = try #require(NumberedID.parse(id), "\(id)")
            #expect(numbered.text == id)
            #expect(numbered.byteCount == id.utf8.count)
        }
        #expect(NumberedID.parse("s12")?.number == 12)
        #expect(NumberedID.parse("s12")?.prefix == NumberedID.parse("s7")?.prefix)
        #expect(NumberedID.parse("s12")?.prefix != NumberedID.parse("t12")?.prefix)
        #expect(NumberedID.parse("12")?.prefix == NumberedID.noPrefix)
    }

    @Test func otherIdsAreNotNumbered() {
        // No digits, a leading zero, past 32 bits, more than 10 digits, a prefix too long or
        // not printable ASCII, nothing at all.
        for id in ["", "s", "s01", "00", "s4294967296", "12345678901", "abcdefgh1", "ü1", "s\t1", "s\u{7F}1", "1s"] {
            #expect(NumberedID.parse(id) == nil, "\(id)")
        }
    }
}

/// A `NumberedIDTable` answers as a `PhotoIDTable` of the same ids would: the same positions,
/// the same repeats, the same names, whether an id is held by number or as bytes.
struct NumberedIDTableTests {
    static func insert(_ id: String, into table: inout NumberedIDTable) -> (position: Int, isNew: Bool) {
        var id = id
        return id.withUTF8 { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            let hasher = table.hasher
            return table.insert(bytes, numbered: NumberedID.parse(bytes), hash: { hasher.hash(bytes) })
        }
    }

    static func position(_ id: String, in table: NumberedIDTable) -> Int? {
        var id = id
        return id.withUTF8 { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            return table.position(of: bytes, numbered: NumberedID.parse(bytes), hash: { table.hasher.hash(bytes) })
        }
    }

    @Test func agreesWithAPhotoIDTable() {
        var generator = SystemRandomNumberGenerator()
        // Counters, repeats, other ids, sparse numbers (past what is held by number), a
        // counter going down, and more prefixes than are held by number.
        var ids: [String] = []
        for round in 0..<4000 {
            switch Int.random(in: 0..<11, using: &generator) {
            // A counter running down from far up: its array grows towards lower numbers.
            case 10: ids.append("d\(100_000 - 3 * round)")
            case 0: ids.append("x\(round)-id")
            case 1: ids.append("s\(Int.random(in: 1...200, using: &generator))")
            case 2: ids.append("big\(Int.random(in: 1_000_000...1_000_010, using: &generator))")
            case 3: ids.append("q\(Int.random(in: 0..<12, using: &generator))_\(Int.random(in: 1...3, using: &generator))")
            case 4: ids.append("s0\(round % 7)")
            default: ids.append("s\(round)")
            }
        }
        var expected = PhotoIDTable()
        var table = NumberedIDTable()
        for (index, id) in ids.enumerated() {
            let got = Self.insert(id, into: &table)
            let want = expected.insert(id)
            #expect(got == want, "\(index): \(id)")
            if index % 500 == 0 { table.appendUnnamed(2); expected.appendUnnamed(2) }
        }
        #expect(table.count == expected.count)
        #expect(table.byteCount == expected.byteCount)
        for position in 0..<expected.count { #expect(table[position] == expected[position], "\(position)") }
        for position in 0..<expected.count {
            let bytes =
                switch table.holding(at: position) {
                case .table(let inTable): table.table.withBytes(at: inTable) { Array($0) }
                case .numbered(let id): id.withBytes { Array($0) }
                }
            #expect(bytes == Array(expected[position].utf8), "\(position)")
        }
        for id in ids + ["s999999", "nothing", "big7", "q99_1"] {
            #expect(Self.position(id, in: table) == expected.position(of: id), "\(id)")
        }
    }

    @Test func batchesOfOtherIdsKeepTheOrder() {
        var table = NumberedIDTable()
        _ = Self.insert("s1", into: &table)
        let ids: [String] = ["a", "b", "a"]
        let bytes = ids.map { Array($0.utf8) }
        let hashes = bytes.map { b in b.withUnsafeBytes { table.hasher.hash($0) } }
        let repeated = bytes[0].withUnsafeBytes { a in
            bytes[1].withUnsafeBytes { b in
                bytes[2].withUnsafeBytes { c in
                    [a, b, c].withUnsafeBufferPointer { ids in
                        hashes.withUnsafeBufferPointer { table.insert(batchOf: ids, hashes: $0) }
                    }
                }
            }
        }
        #expect(repeated?.index == 2 && repeated?.position == 1)
        _ = Self.insert("s2", into: &table)
        #expect(Array((0..<table.count).map { table[$0] }) == ["s1", "a", "b", "s2"])
    }
}
