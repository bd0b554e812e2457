import SeededRandom
import Testing

@testable import SelectionSlots

/// The id table's storage helpers against plain models: the handle's comparison of stored
/// ids and the probe against the ids as strings, the byte comparison against changed
/// copies, a placed bucket against a walk from its home and the arrays made on huge pages.
struct PhotoIDTableHandleTests {
    /// Ids of every length from 0 to 40 (the word loop, the byte tail, and both), a repeat,
    /// multi-byte characters, and unnamed positions between them.
    static func table() -> (PhotoIDTable, [String]) {
        var table = PhotoIDTable()
        var model: [String] = []
        for length in 0...40 {
            let id = String((0..<length).map { Character(UnicodeScalar(UInt8(97 + ($0 * 7 + length) % 26))) })
            table.appendAllowingDuplicate(id)
            model.append(id)
            if length % 9 == 4 {
                table.appendUnnamed(2)
                model += ["", ""]
            }
        }
        for id in ["aaaa", "ü-Ω-漢", "aaaa"] {
            table.appendAllowingDuplicate(id)
            model.append(id)
        }
        return (table, model)
    }

    /// Calls `body` with a handle on `table`'s storage, as `PhotoIDTable.probe` makes one.
    static func withHandle<R>(on table: PhotoIDTable, _ body: (PhotoIDTable.UnsafeHandle) -> R) -> R {
        table.bytes.withUnsafeBytes { bytes in
            table.ends.withUnsafeBufferPointer { ends in
                table.buckets.withUnsafeBufferPointer { body(.init(bytes: bytes, ends: ends, buckets: $0)) }
            }
        }
    }

    @Test func theHandleHoldsAnIdWhereItsBytesAre() {
        let (table, model) = Self.table()
        let candidates = Array(Set(model)) + ["aaab", "aaa", "abcdefghi", "ü-Ω-漢?"]
        Self.withHandle(on: table) { storage in
            for position in model.indices {
                for candidate in candidates {
                    var bytes = candidate
                    let holds = bytes.withUTF8 { storage.holds(UnsafeRawBufferPointer($0), at: position) }
                    #expect(holds == (model[position] == candidate), "\(candidate) at \(position)")
                }
            }
        }
    }

    /// A probe finds an id's first position, or ends on an empty bucket, under hashers that
    /// make long runs and equal tags.
    @Test(arguments: PhotoIDTableTests.hashers)
    func aProbeFindsTheFirstPositionOrAnEmptyBucket(hasher: PhotoIDHasher) {
        var table = PhotoIDTable(hasher: hasher)
        let ids = PhotoIDTableTests.ids(300)
        for id in ids + ids.prefix(20) { table.appendAllowingDuplicate(id) }
        for candidate in ids + ["absent", "", "IMG_0.HEI"] {
            var bytes = candidate
            let probed = bytes.withUTF8 { utf8 in
                let id = UnsafeRawBufferPointer(utf8)
                return table.probe(id, hash: hasher.hash(id))
            }
            #expect(probed.found == ids.firstIndex(of: candidate), "\(candidate)")
            if probed.found == nil { #expect(table.buckets[probed.empty] == 0) }
        }
    }

    @Test func bytesAreEqualExactlyWhenEveryByteIs() {
        var random = SplitMix64(seed: 5)
        for count in 0...33 {
            // One spare byte each, so that a buffer of no bytes still has an address.
            let a = (0...count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            func equal(_ b: [UInt8]) -> Bool {
                a.withUnsafeBytes { a in
                    b.withUnsafeBytes { PhotoIDTable.bytesEqual(a.baseAddress!, $0.baseAddress!, count: count) }
                }
            }
            var copy = a
            copy[count] ^= 1
            #expect(equal(copy), "\(count) bytes, only the byte after them differs")
            for changed in 0..<count {
                var b = a
                b[changed] ^= 1 << UInt8(changed % 8)
                #expect(!equal(b), "\(count) bytes, byte \(changed) differs")
            }
        }
    }

    @Test func aPlacedBucketTakesTheFirstEmptyOneFromItsHome() {
        var random = SplitMix64(seed: 8)
        var buckets = [UInt64](repeating: 0, count: 16)
        var model = buckets
        // Homes crowded onto a few buckets, so that runs form and wrap past the end.
        for position in 0..<12 {
            let hash = (random.next() % 3 + 14) << 32 | (random.next() & 0xFFFF_FFFF)
            PhotoIDTable.place(position, hash: hash, in: &buckets)
            var index = PhotoIDTable.home(hash, 15)
            while model[index] != 0 { index = (index + 1) & 15 }
            model[index] = (hash >> 32) << 32 | UInt64(position + 1)
            #expect(buckets == model, "position \(position)")
        }
    }

    @Test(arguments: [0, 1, 1000, 1 << 20])
    func hugePageArraysHoldWhatTheyAreGiven(count: Int) {
        let filled: [UInt64] = HugePages.array(repeating: 7, count: count)
        #expect(filled.count == count && filled.allSatisfy { $0 == 7 })
        var empty: [UInt32] = HugePages.emptyArray(capacity: count)
        #expect(empty.isEmpty && empty.capacity >= count)
        empty.append(contentsOf: (0..<UInt32(count)))
        #expect(empty.elementsEqual(0..<UInt32(count)))
    }
}
