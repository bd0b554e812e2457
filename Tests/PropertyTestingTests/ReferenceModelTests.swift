import PropertyTesting
import SeededRandom
import SelectionCore
import Testing

/// The reference model's grid changes (a scan per photo that leaves, one pass to close the
/// gaps, one to open room for insertions) against the plainest possible model of SPEC.md's
/// library change and Delete: rebuild the grid, insert one by one, intersect the selection.
@Suite("Reference model grid changes")
struct ReferenceModelTests {
    /// SPEC.md section 2's library change, written the slowest, most literal way.
    struct Literal {
        var photos: [PhotoID]
        var selection: Set<PhotoID>
        var picks: [PhotoID]

        /// Nil when the event is rejected as a duplicate.
        mutating func libraryChanged(removed: [PhotoID], inserted: [Insertion]) -> Bool? {
            let surviving = photos.filter { !removed.contains($0) }
            var seen = Set(surviving)
            for insertion in inserted where !seen.insert(insertion.photo).inserted { return nil }
            guard surviving.count != photos.count || !inserted.isEmpty else { return false }
            var grid = surviving
            for insertion in inserted { grid.insert(insertion.photo, at: min(max(insertion.at, 0), grid.count)) }
            photos = grid
            selection.formIntersection(photos)
            picks.removeAll { !selection.contains($0) }
            return true
        }
    }

    @Test func libraryChangesAndDeletesMatchTheLiteralModel() {
        var random = Xoshiro256(seed: 2026)
        for round in 0..<300 {
            let count = Int(random.next() % 60)
            var model = ReferenceModel(configuration: GridConfiguration(photos: .count(count), limit: round % 3 == 0 ? 5 : nil))
            var literal = Literal(photos: (0..<count).map { String($0 + 1) }, selection: [], picks: [])
            var nextNew = 0
            for _ in 0..<40 {
                // Choose some photos, then change the library or delete.
                if model.mode == .browsing, let first = model.photos.first {
                    _ = model.apply(.longPress(first))
                    literal.selection = [first]
                    literal.picks = [first]
                }
                for _ in 0..<Int(random.next() % 4) where !model.photos.isEmpty {
                    let photo = model.photos[Int(random.next() % UInt64(model.photos.count))]
                    let step = model.apply(.tap(photo))
                    guard step.outcome == .applied else { continue }
                    if literal.selection.remove(photo) != nil {
                        literal.picks.removeAll { $0 == photo }
                    } else {
                        literal.selection.insert(photo)
                        literal.picks.append(photo)
                    }
                }
                if random.next() % 8 == 0 {
                    let step = model.apply(.delete)
                    if step.outcome == .applied {
                        #expect(step.action == .deleted(literal.photos.filter(literal.selection.contains)))
                        literal.photos.removeAll(where: literal.selection.contains)
                        literal.selection = []
                        literal.picks = []
                    }
                } else {
                    var removed: [PhotoID] = []
                    for _ in 0..<Int(random.next() % 5) {
                        // Grid photos, unknown ones, repeats.
                        removed.append(
                            random.next() % 4 == 0 || model.photos.isEmpty
                                ? "gone\(random.next() % 3)" : model.photos[Int(random.next() % UInt64(model.photos.count))])
                    }
                    var inserted: [Insertion] = []
                    for _ in 0..<Int(random.next() % 5) {
                        let photo: PhotoID =
                            random.next() % 5 == 0 && !removed.isEmpty ? removed[0] : (random.next() % 9 == 0 ? "n0" : "n\(nextNew)")
                        nextNew += 1
                        inserted.append(Insertion(photo: photo, at: Int(random.next() % 80) - 10))
                    }
                    let step = model.apply(.libraryChanged(removed: removed, inserted: inserted))
                    switch literal.libraryChanged(removed: removed, inserted: inserted) {
                    case nil: #expect(step.outcome == .rejected(.duplicatePhoto))
                    case false?: #expect(step.outcome == .ignored)
                    case true?: #expect(step.outcome == .applied)
                    }
                }
                #expect(model.photos == literal.photos)
                #expect(model.selectedPhotos == literal.photos.filter(literal.selection.contains))
                #expect(model.picks == literal.picks)
                #expect(model.state.invariantViolations() == [])
                for photo in literal.photos.prefix(3) + ["gone0", "n0"] {
                    #expect(model.contains(photo) == literal.photos.contains(photo))
                }
            }
        }
    }

    @Test func finalPositionsAreWhereOneByOneInsertionLeavesEachPhoto() {
        var random = Xoshiro256(seed: 7)
        for _ in 0..<500 {
            let count = Int(random.next() % 20)
            let inserted = (0..<Int(random.next() % 12)).map {
                Insertion(photo: "n\($0)", at: Int(random.next() % 40) - 5)
            }
            var grid = (0..<count).map { String($0) }
            for insertion in inserted { grid.insert(insertion.photo, at: min(max(insertion.at, 0), grid.count)) }
            let positions = ReferenceModel.finalPositions(of: inserted, intoCount: count)
            #expect(positions == inserted.map { grid.firstIndex(of: $0.photo)! })
        }
    }

    @Test func aSelectAllThenChangesKeepTheGridAndSelectionApart() {
        var model = ReferenceModel(configuration: GridConfiguration(photos: .count(5)))
        _ = model.apply(.longPress("2"))
        _ = model.apply(.selectAll)
        #expect(model.picks == ["2", "1", "3", "4", "5"])
        _ = model.apply(.tap("3"))
        #expect(model.contains("3") && !model.isSelected("3"))
        _ = model.apply(.libraryChanged(removed: ["4"], inserted: [Insertion(photo: "x", at: 1)]))
        #expect(model.photos == ["1", "x", "2", "3", "5"])
        #expect(model.selectedPhotos == ["1", "2", "5"])
        #expect(!model.isSelected("x") && !model.contains("4"))
    }
}
