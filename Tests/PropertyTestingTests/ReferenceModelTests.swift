import PropertyTesting
import SeededRandom
@_spi(GridSimInternals) import SelectionCore
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

    /// How big the grids, the selections and the changes of a run against the literal model are.
    struct Sizes: Sendable, CustomTestStringConvertible {
        var rounds: Int
        var largestGrid: UInt64
        var tapsPerStep: UInt64
        var changeSize: UInt64
        var positionSpan: UInt64
        /// One insertion in this many names a photo that the change removes.
        var returningOdds: UInt64
        /// One of the other insertions in this many names the same new photo as another (the
        /// change is then rejected).
        var repeatOdds: UInt64
        var testDescription: String { "grids below \(largestGrid), changes below \(changeSize)" }
    }

    /// Small changes, found and moved a photo at a time; large ones (more than the model's
    /// scan limit of photos chosen, removed or inserted at once), found and moved in one pass.
    static let sizes = [
        Sizes(rounds: 300, largestGrid: 60, tapsPerStep: 4, changeSize: 5, positionSpan: 80, returningOdds: 5, repeatOdds: 9),
        Sizes(rounds: 40, largestGrid: 400, tapsPerStep: 90, changeSize: 120, positionSpan: 500, returningOdds: 100, repeatOdds: 2000),
    ]

    @Test(arguments: sizes)
    func libraryChangesAndDeletesMatchTheLiteralModel(_ sizes: Sizes) {
        var random = Xoshiro256(seed: 2026)
        for round in 0..<sizes.rounds {
            let count = Int(random.next() % sizes.largestGrid)
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
                for _ in 0..<Int(random.next() % sizes.tapsPerStep) where !model.photos.isEmpty {
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
                    for _ in 0..<Int(random.next() % sizes.changeSize) {
                        // Grid photos, unknown ones, repeats.
                        removed.append(
                            random.next() % 4 == 0 || model.photos.isEmpty
                                ? "gone\(random.next() % 3)" : model.photos[Int(random.next() % UInt64(model.photos.count))])
                    }
                    var inserted: [Insertion] = []
                    for _ in 0..<Int(random.next() % sizes.changeSize) {
                        let photo: PhotoID =
                            random.next() % sizes.returningOdds == 0 && !removed.isEmpty
                            ? removed[0] : (random.next() % sizes.repeatOdds == 0 ? "n0" : "n\(nextNew)")
                        nextNew += 1
                        inserted.append(Insertion(photo: photo, at: Int(random.next() % sizes.positionSpan) - 10))
                    }
                    let step = model.apply(.libraryChanged(removed: removed, inserted: inserted))
                    switch literal.libraryChanged(removed: removed, inserted: inserted) {
                    case nil: #expect(step.outcome == .rejected(.duplicatePhoto))
                    case false?: #expect(step.outcome == .ignored)
                    case true?: #expect(step.outcome == .applied)
                    }
                }
                #expect(model.photos == literal.photos)
                #expect(model.chosenPhotos == literal.photos.filter(literal.selection.contains))
                #expect(model.picks == literal.picks)
                #expect(model.state.invariantViolations() == [])
                for photo in literal.photos.prefix(3) + ["gone0", "n0"] {
                    #expect(model.contains(photo) == literal.photos.contains(photo))
                }
            }
        }
    }

    /// The model finds a photo in the grid by a scan that compares 16 photos at a time: every
    /// position of grids on either side of multiples of 16, once changes have moved the photos
    /// off the order they were numbered in, is found by a drag's anchor and by Share.
    @Test func everyPhotoIsFoundWhereverItSits() {
        for count in [0, 1, 14, 15, 16, 17, 31, 32, 33, 47, 48, 49, 100] {
            var model = ReferenceModel(configuration: GridConfiguration(photos: .count(count)))
            let removed = ["1", String(count / 2)]
            let inserted = [Insertion(photo: "x", at: 0), Insertion(photo: "y", at: count / 3), Insertion(photo: "1", at: count)]
            _ = model.apply(.libraryChanged(removed: removed, inserted: inserted))
            var photos = (0..<count).map { String($0 + 1) }.filter { !removed.contains($0) }
            for insertion in inserted { photos.insert(insertion.photo, at: min(insertion.at, photos.count)) }
            #expect(model.photos == photos)
            _ = model.apply(.select)
            for (position, photo) in photos.enumerated() {
                var dragged = model
                _ = dragged.apply(.dragBegan(photo))
                _ = dragged.apply(.dragMoved(photos.last!))
                #expect(dragged.chosenPhotos == Array(photos[position...]))
            }
            // Every third photo, chosen from the last to the first, is listed in grid order.
            let chosen = stride(from: 0, to: photos.count, by: 3).map { photos[$0] }
            for photo in chosen.reversed() { _ = model.apply(.tap(photo)) }
            let step = model.apply(.share)
            if chosen.isEmpty {
                #expect(step.outcome == .rejected(.nothingSelected))
            } else {
                #expect(step.action == .present(.share, chosen))
            }
        }
    }

    /// Each id is numbered once: a list with repeats keeps the first of each, as the fast
    /// engine does, and the repeat is one photo, chosen or not.
    @Test func aListWithRepeatsKeepsTheFirstOfEach() {
        var model = ReferenceModel(configuration: GridConfiguration(photos: .ids(["a", "b", "a", "c"])))
        #expect(model.photos == ["a", "b", "c"])
        #expect(model.photoCount == 3)
        _ = model.apply(.longPress("a"))
        #expect(model.chosenPhotos == ["a"])
        _ = model.apply(.libraryChanged(removed: ["a"], inserted: []))
        #expect(model.photos == ["b", "c"] && !model.contains("a") && model.chosenCount == 0)
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

    /// More photos chosen than are found by a scan each: Select all keeps their pick order
    /// and picks the rest in grid order, and a Delete then takes exactly the grid.
    @Test func aSelectAllAfterManyPicksKeepsTheirOrder() {
        let count = 300
        var model = ReferenceModel(configuration: GridConfiguration(photos: .count(count)))
        // Three times the 32 found by a scan each.
        let chosen = (0..<96).map { String(count - 2 * $0) }
        _ = model.apply(.longPress(chosen[0]))
        for photo in chosen.dropFirst() { _ = model.apply(.tap(photo)) }
        #expect(model.picks == chosen)
        _ = model.apply(.selectAll)
        let rest = (1...count).map(String.init).filter { !chosen.contains($0) }
        #expect(model.picks == chosen + rest)
        #expect(model.chosenCount == count && model.chosenPhotos == model.photos)
        let step = model.apply(.delete)
        #expect(step.effects.first == .deleted((1...count).map(String.init)))
        #expect(model.photoCount == 0 && model.chosenCount == 0)
    }

    @Test func aSelectAllThenChangesKeepTheGridAndSelectionApart() {
        var model = ReferenceModel(configuration: GridConfiguration(photos: .count(5)))
        _ = model.apply(.longPress("2"))
        _ = model.apply(.selectAll)
        #expect(model.picks == ["2", "1", "3", "4", "5"])
        _ = model.apply(.tap("3"))
        #expect(model.contains("3") && !model.isChosen("3"))
        _ = model.apply(.libraryChanged(removed: ["4"], inserted: [Insertion(photo: "x", at: 1)]))
        #expect(model.photos == ["1", "x", "2", "3", "5"])
        #expect(model.chosenPhotos == ["1", "2", "5"])
        #expect(!model.isChosen("x") && !model.contains("4"))
    }
}
