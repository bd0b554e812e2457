import SeededRandom
import Testing
@testable import SelectionSlots

/// The bitmap's range writes (`insert(slotsFrom:count:)`, `remove(slotsFrom:count:)`,
/// `copySlots(from:count:of:)`) against a plain `Set<Int>`, over ranges that start and end
/// inside words, on word and chunk boundaries, and across chunks and directories, with a
/// snapshot sharing the chunks, and with the journal's diffs checked after each write.
@Suite("SelectionBitmap range writes")
struct SelectionBitmapRangeTests {
    /// Slots around the boundaries that matter: words (64), chunks (4096), directories (262,144).
    static let edges = [0, 1, 63, 64, 65, 4095, 4096, 4097, 8191, 262_143, 262_144, 262_145]

    enum Write: CaseIterable { case insert, remove, copy }

    /// Applies `write` over `first ..< first + count` to the bitmap and to the model.
    static func apply(
        _ write: Write, first: Int, count: Int, to bitmap: inout SelectionBitmap, model: inout Set<Int>,
        source: SelectionBitmap, sourceModel: Set<Int>
    ) -> Int {
        let range = first ..< first + count
        let before = model
        switch write {
        case .insert:
            model.formUnion(range)
            let added = bitmap.insert(slotsFrom: PhotoSlot(first), count: count)
            #expect(added == model.count - before.count)
            return added
        case .remove:
            model.subtract(range)
            let removed = bitmap.remove(slotsFrom: PhotoSlot(first), count: count)
            #expect(removed == before.count - model.count)
            return removed
        case .copy:
            model.subtract(range)
            model.formUnion(sourceModel.filter(range.contains))
            let changed = bitmap.copySlots(from: PhotoSlot(first), count: count, of: source)
            #expect(changed == before.symmetricDifference(model).count)
            return changed
        }
    }

    static func expectSame(_ bitmap: SelectionBitmap, _ model: Set<Int>, _ comment: Comment) {
        #expect(bitmap.map(\.index) == model.sorted(), comment)
        #expect(bitmap.count == model.count, comment)
        #expect(bitmap.populationsAreConsistent, comment)
    }

    @Test("each write matches the model on ranges around word, chunk and directory edges", arguments: Write.allCases)
    func edgesMatchTheModel(write: Write) {
        // Bits only near the edges, where the words a range starts and ends in are.
        let nearEdges = Self.edges.flatMap { Swift.max(0, $0 - 130) ..< $0 + 130 }
        var random = SplitMix64(seed: 0xD4A6)
        let sourceModel = Set(nearEdges.filter { _ in random.chance(0.5) })
        let source = SelectionBitmap(sourceModel.map { PhotoSlot($0) })
        let initial = Set(nearEdges.filter { $0 % 3 == 0 })
        for start in Self.edges {
            for end in Self.edges.map({ $0 + 1 }) where end > start {
                var bitmap = SelectionBitmap(initial.map { PhotoSlot($0) })
                var model = initial
                _ = Self.apply(
                    write, first: start, count: end - start, to: &bitmap, model: &model, source: source,
                    sourceModel: sourceModel)
                Self.expectSame(bitmap, model, "\(write) \(start) ..< \(end)")
            }
        }
    }

    @Test("random writes match the model; a snapshot taken before keeps its bits and diffs to the new value")
    func randomWritesWithSnapshots() {
        var random = SplitMix64(seed: 0x5EED_0006)
        let capacity = 3 * 4096 + 77
        let sourceModel = Set((0 ..< capacity).filter { _ in random.chance(0.5) })
        let source = SelectionBitmap(sourceModel.map { PhotoSlot($0) })
        var bitmap = SelectionBitmap(slotCapacity: capacity)
        var model = Set<Int>()
        for step in 0 ..< 400 {
            let snapshot = bitmap
            let snapshotModel = model
            let write = Write.allCases[random.int(below: 3)]
            let first = random.int(below: capacity)
            // Mostly short ranges (a row), sometimes long ones (a jump over chunks).
            let count = random.chance(0.7) ? random.int(in: 1 ... 9) : random.int(in: 1 ... capacity - first)
            let changed = Self.apply(
                write, first: first, count: count, to: &bitmap, model: &model, source: source,
                sourceModel: sourceModel)
            Self.expectSame(bitmap, model, "step \(step): \(write) \(first) + \(count)")
            Self.expectSame(snapshot, snapshotModel, "snapshot before step \(step)")
            let changes = bitmap.changes(since: snapshot)
            #expect(changes.added.map(\.index) == model.subtracting(snapshotModel).sorted(), "step \(step)")
            #expect(changes.removed.map(\.index) == snapshotModel.subtracting(model).sorted(), "step \(step)")
            #expect(changes.added.count + changes.removed.count == changed, "step \(step)")
        }
    }

    @Test("a copy from the bitmap's own snapshot restores it, and shared chunks are not written")
    func copyFromOwnSnapshot() {
        var bitmap = SelectionBitmap((0 ..< 20_000).filter { $0 % 3 == 0 }.map { PhotoSlot($0) })
        let base = bitmap
        bitmap.insert(slotsFrom: PhotoSlot(5000), count: 10_000)
        bitmap.remove(slotsFrom: PhotoSlot(100), count: 50)
        #expect(bitmap != base)
        let restored = bitmap.copySlots(from: PhotoSlot(0), count: 20_000, of: base)
        #expect(restored > 0)
        #expect(bitmap == base)
        #expect(bitmap.populationsAreConsistent)
        // Nothing differs any more: a second copy changes nothing.
        #expect(bitmap.copySlots(from: PhotoSlot(0), count: 20_000, of: base) == 0)
    }

    @Test("writes beyond the capacity: an insertion grows the bitmap, a removal or copy of nothing changes nothing")
    func beyondCapacity() {
        var bitmap = SelectionBitmap(slotCapacity: 100)
        #expect(bitmap.remove(slotsFrom: PhotoSlot(300_000), count: 10) == 0)
        #expect(bitmap.copySlots(from: PhotoSlot(300_000), count: 10, of: SelectionBitmap()) == 0)
        #expect(bitmap.insert(slotsFrom: PhotoSlot(300_000), count: 10) == 10)
        #expect(bitmap.slotCapacity >= 300_010)
        #expect(bitmap.map(\.index) == Array(300_000 ..< 300_010))
        #expect(bitmap.populationsAreConsistent)
    }

    @Test("a single toggle after a range write still writes in place: ownership stays right")
    func togglesAfterRangeWrites() {
        var bitmap = SelectionBitmap(slotCapacity: 10_000)
        bitmap.insert(slotsFrom: PhotoSlot(10), count: 5000)
        let snapshot = bitmap
        bitmap.toggle(PhotoSlot(20))
        bitmap.remove(slotsFrom: PhotoSlot(4000), count: 200)
        bitmap.toggle(PhotoSlot(4100))
        #expect(snapshot.count == 5000)
        #expect(snapshot.contains(PhotoSlot(20)) && snapshot.contains(PhotoSlot(4100)))
        #expect(bitmap.count == 5000 - 1 - 200 + 1)
        #expect(!bitmap.contains(PhotoSlot(20)) && bitmap.contains(PhotoSlot(4100)))
        #expect(bitmap.populationsAreConsistent && snapshot.populationsAreConsistent)
    }
}
