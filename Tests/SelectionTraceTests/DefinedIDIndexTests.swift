import SelectionCore
import TestSupport
import Testing

@testable import SelectionTrace

@Suite("Index of defined ids")
struct DefinedIDIndexTests {
    static func bytes(_ id: String, _ body: (UnsafeRawBufferPointer) -> Void) {
        var id = id
        id.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }

    @Test func agreesWithADictionaryThroughGrowthAndTruncation() {
        var index = DefinedIDIndex()
        var model: [String: UInt32] = [:]
        var order: [String] = []
        var random = SplitMix64(seed: 3)
        for round in 0..<30_000 {
            // Ids of every length around the 8-byte words the hash reads, some repeated.
            let length = Int(random.next() % 20)
            let id = String((0..<length).map { _ in Character(Unicode.Scalar(UInt8(97 + random.next() % 3))) })
            Self.bytes(id) { bytes in
                #expect(index.slot(for: bytes) == model[id])
                if model[id] == nil {
                    let slot = UInt32(round)
                    #expect(index.slotOrInsert(bytes, slot: slot) == (slot, true))
                    model[id] = slot
                    order.append(id)
                } else {
                    #expect(index.slotOrInsert(bytes, slot: 0) == (model[id]!, false))
                }
            }
            if round % 5000 == 4999 {
                // Forget the last few, as for a record found bad part way.
                let kept = order.count - 7
                index.truncate(to: kept)
                for id in order[kept...] { model[id] = nil }
                order.removeLast(7)
            }
        }
        #expect(index.count == model.count)
        for (id, slot) in model { Self.bytes(id) { #expect(index.slot(for: $0) == slot) } }
    }

    @Test func aBatchIsLookedUpAsSingleIdsAre() {
        var index = DefinedIDIndex()
        let ids = (0..<5000).map { "s\($0)" }
        let storage = ids.map { Array($0.utf8) }
        for (slot, id) in ids.enumerated() where slot % 2 == 0 { Self.bytes(id) { index.insert($0, slot: UInt32(slot)) } }
        var arena: [UInt8] = []
        var ranges: [Range<Int>] = []
        for bytes in storage {
            ranges.append(arena.count..<arena.count + bytes.count)
            arena += bytes
        }
        arena.withUnsafeBytes { arena in
            index.beginBatch()
            for range in ranges { index.stage(UnsafeRawBufferPointer(rebasing: arena[range])) }
            index.touchStaged()
            for position in ranges.indices {
                #expect(index.slotOfStaged(position) == (position % 2 == 0 ? UInt32(position) : nil))
            }
        }
    }

    @Test func countedIdsFollowTheSlotTableRule() {
        let table = SlotTable(countedPhotos: 1000)
        for id in ["1", "999", "1000", "1001", "0", "01", "+1", "-1", "", "1a", "12345678901", "9999999999"] {
            Self.bytes(id) { bytes in
                #expect(
                    DefinedIDIndex.countedSlot(bytes, countedPrefix: 1000).map { PhotoSlot(rawValue: $0) }
                        == table.slot(for: id), "\(id)")
            }
        }
        Self.bytes("1") { #expect(DefinedIDIndex.countedSlot($0, countedPrefix: 0) == nil) }
    }
}
