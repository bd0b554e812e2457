@testable import SelectionSlots
import Testing

struct PhotoIDTableTests {
    /// The process hasher, one that keeps 3 bits of each hash (long probe runs, equal tags),
    /// and one under which every id collides.
    static let hashers = [PhotoIDHasher.process, PhotoIDHasher(seed: 9, significantBits: 3), PhotoIDHasher(seed: 9, significantBits: 0)]

    static func ids(_ count: Int) -> [String] {
        (0..<count).map { $0 % 7 == 0 ? "IMG_\($0).HEIC" : "\($0)-6F1A2B3C-9D0E-4F11-8A2B/L0/001" }
    }

    @Test(arguments: hashers)
    func insertsFindsAndNamesEveryId(hasher: PhotoIDHasher) {
        var table = PhotoIDTable(hasher: hasher)
        let ids = Self.ids(600) + ["", "ü", "a"]
        for (position, id) in ids.enumerated() {
            let inserted = table.insert(id)
            #expect(inserted.position == position && inserted.isNew)
        }
        #expect(table.count == ids.count)
        #expect(table.byteCount == ids.reduce(0) { $0 + $1.utf8.count })
        for (position, id) in ids.enumerated() {
            #expect(table.position(of: id) == position)
            #expect(table[position] == id)
            let again = table.insert(id)
            #expect(again.position == position && !again.isNew, "an id already there is not added")
        }
        #expect(table.count == ids.count)
        for missing in ["b", "IMG_1.HEIC", "0-6F1A2B3C-9D0E-4F11-8A2B/L0/00", "0-6F1A2B3C-9D0E-4F11-8A2B/L0/0011"] {
            #expect(table.position(of: missing) == nil, "\(missing)")
        }
        #expect(Array(table) == ids)
        #expect(!table.hasDuplicates)
        var each: [String] = []
        table.forEachID(in: 0..<table.count) { each.append(String(decoding: $0, as: UTF8.self)) }
        #expect(each == ids)
        each = []
        table.forEachID(in: 7..<12) { each.append(String(decoding: $0, as: UTF8.self)) }
        #expect(each == Array(ids[7..<12]))
        #expect(table.longestByteCount == ids.map(\.utf8.count).max())
    }

    /// Batches, with repeats inside a batch and of ids already there, insert what one-at-a-time
    /// inserts do, stop where they stop, and leave the same table behind.
    @Test(arguments: hashers)
    func aBatchInsertsWhatOneAtATimeInserts(hasher: PhotoIDHasher) {
        let ids = Self.ids(300)
        let batches: [[String]] = [
            Array(ids[0..<100]), Array(ids[100..<150]) + [ids[120]] + Array(ids[150..<160]), [ids[7], "x"],
            Array(ids[150..<200]), ["", "ü"] + Array(ids[200..<300]) + [""],
        ]
        var batched = PhotoIDTable(hasher: hasher)
        var single = PhotoIDTable(hasher: hasher)
        for batch in batches {
            var expected: (index: Int, position: Int)?
            for (index, id) in batch.enumerated() {
                let inserted = single.insert(id)
                if !inserted.isNew {
                    expected = (index, inserted.position)
                    break
                }
            }
            var storage = batch.map { Array($0.utf8) }
            let hashes = storage.map { bytes in bytes.withUnsafeBytes { hasher.hash($0) } }
            let repeated = Self.withBuffers(&storage) { ids in
                hashes.withUnsafeBufferPointer { batched.insert(batchOf: ids, hashes: $0) }
            }
            #expect(repeated?.index == expected?.index && repeated?.position == expected?.position, "\(batch.count)")
            #expect(batched == single)
            #expect(batched.byteCount == single.byteCount)
            for (position, id) in single.enumerated() { #expect(batched.position(of: id) == single.position(of: id), "\(position)") }
        }
    }

    /// Calls `body` with the buffers of `arrays`, which it must not keep.
    static func withBuffers<R>(_ arrays: inout [[UInt8]], _ body: (UnsafeBufferPointer<UnsafeRawBufferPointer>) -> R) -> R {
        var buffers: [UnsafeRawBufferPointer] = []
        func open(_ index: Int) -> R {
            guard index < arrays.count else { return buffers.withUnsafeBufferPointer(body) }
            return arrays[index].withUnsafeBytes { bytes in
                buffers.append(bytes)
                return open(index + 1)
            }
        }
        return open(0)
    }

    @Test(arguments: hashers)
    func aListKeepsRepeatsInOrderAndIndexesTheFirst(hasher: PhotoIDHasher) {
        let table = PhotoIDTable(["a", "b", "a", "c", "b"], hasher: hasher)
        #expect(Array(table) == ["a", "b", "a", "c", "b"])
        #expect(table.duplicateCount == 2)
        #expect(table.firstDuplicate?.earlier == 0 && table.firstDuplicate?.position == 2)
        #expect(table.position(of: "a") == 0)
        #expect(table.position(of: "b") == 1)
        #expect(table.position(of: "c") == 3)
    }

    @Test(arguments: hashers)
    func aTableTakenFromBytesInPlaceAgreesWithOneBuiltById(hasher: PhotoIDHasher) {
        let ids = Self.ids(300) + ["", "x"]
        var bytes: [UInt8] = []
        var ends: [UInt32] = []
        for id in ids {
            bytes.append(contentsOf: id.utf8)
            ends.append(UInt32(bytes.count))
        }
        bytes.append(contentsOf: "left over".utf8)
        let table = PhotoIDTable(takingConcatenated: &bytes, ends: ends, hasher: hasher)
        #expect(bytes.isEmpty, "the storage was taken")
        #expect(table == PhotoIDTable(ids))
        #expect(table.longestByteCount == ids.map(\.utf8.count).max())
        #expect(!table.hasDuplicates)
        for (position, id) in ids.enumerated() { #expect(table.position(of: id) == position) }

        var repeated = Array("abcab".utf8)
        let withRepeat = PhotoIDTable(takingConcatenated: &repeated, ends: [1, 2, 3, 4, 5], hasher: hasher)
        #expect(withRepeat.firstDuplicate?.earlier == 0 && withRepeat.firstDuplicate?.position == 3)
        #expect(withRepeat.duplicateCount == 2)
    }

    @Test func growingKeepsEveryIdFindable() {
        // No capacity reserved: the index is rebuilt several times on the way.
        for hasher in Self.hashers {
            var table = PhotoIDTable(hasher: hasher)
            let ids = Self.ids(hasher == .process ? 20_000 : 700)
            for id in ids { table.insert(id) }
            #expect(ids.indices.allSatisfy { table.position(of: ids[$0]) == $0 })
        }
    }

    @Test func unnamedPositionsKeepNumbersAndAreNeverFound() {
        var table: PhotoIDTable = ["a"]
        table.appendUnnamed(2)
        table.insert("b")
        #expect(table.count == 4)
        #expect(table.position(of: "b") == 3)
        #expect(table[1] == "" && table[2] == "")
        #expect(table.position(of: "") == nil)
    }

    @Test func equalityIsTheIdsInOrder() {
        let a = PhotoIDTable(["x", "y"], hasher: PhotoIDHasher(seed: 1))
        let b = PhotoIDTable(["x", "y"], hasher: PhotoIDHasher(seed: 2))
        #expect(a == b, "the hasher does not count")
        #expect(a.hashValue == b.hashValue)
        #expect(a != ["y", "x"])
        #expect(a != ["xy"], "where ids end counts, not only their bytes")
        #expect(PhotoList.ids(["x", "y"]) == .ids(a))
    }

    @Test func aSlotTableOverACollidingTableStillAnswersRight() {
        let hasher = PhotoIDHasher(seed: 5, significantBits: 0)
        var table = SlotTable(photos: .ids(PhotoIDTable(Self.ids(200), hasher: hasher)))
        #expect(table.count == 200)
        for (index, id) in Self.ids(200).enumerated() { #expect(table.slot(for: id) == PhotoSlot(index)) }
        let added = table.intern("new")
        #expect(added.slot == PhotoSlot(200) && added.isNew)
        #expect(table.intern("new").slot == PhotoSlot(200))
        #expect(table.intern(Self.ids(200)[17]).slot == PhotoSlot(17))
        #expect(table.id(for: PhotoSlot(200)) == "new")
        #expect(table.slot(for: "absent") == nil)
    }
}
