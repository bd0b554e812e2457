import SeededRandom
import Testing
@_spi(GridSimInternals) import SelectionCore
import SelectionSlots

/// The fast engine's drag path (SPEC.md section 6) against the reference model, step by step:
/// seeded sessions of drag bursts (a begin, moves back and forth, a row or a few photos at a
/// time and sometimes far, sometimes an end), taps, long presses, the tray's remove button,
/// Select all and library changes in the middle of drags (photos removed, new ones and
/// returning ones inserted at positions, so that the grid's order is no longer its slot
/// order), with and without a limit, on grids given by count and by explicit ids.
///
/// Every step's outcome, effects and announcements must be equal, and so must mode, sheet,
/// drag, count, picks (with a limit) and the photos around the drag's end; the whole state
/// (photos, selection in grid order, picks) every few steps and at the end.
@Suite("Drag to select: fast engine against the reference model")
struct DragDifferentialTests {
    struct Session: CustomTestStringConvertible, Sendable {
        var photoCount: Int
        var limit: Int?
        var explicitIDs: Bool
        var seed: UInt64
        var testDescription: String {
            "\(photoCount) \(explicitIDs ? "ids" : "counted"), limit \(limit.map(String.init) ?? "none"), seed \(seed)"
        }
    }

    static let sessions: [Session] = {
        var sessions: [Session] = []
        var seed: UInt64 = 0xD4A9
        // Small grids with every kind of limit; larger ones (several blocks of the grid,
        // several chunks of the bitmap) with none, a small one and one above the grid.
        for photoCount in [0, 1, 2, 7, 64, 300, 1537, 4000] {
            let limits: [Int?] = photoCount <= 64 ? [nil, 1, 3, photoCount + 1] : [nil, 3, photoCount + 1]
            for limit in limits {
                for explicitIDs in [false, true] where photoCount >= 300 || !explicitIDs {
                    seed &+= 0x9E37_79B9
                    sessions.append(Session(photoCount: photoCount, limit: limit, explicitIDs: explicitIDs, seed: seed))
                }
            }
        }
        return sessions
    }()

    @Test("every step agrees", arguments: sessions)
    func agree(session: Session) throws {
        let photos: PhotoList = session.explicitIDs
            ? .ids((0 ..< session.photoCount).map { "p\($0 * 7 % 1000)-\($0)" }) : .count(session.photoCount)
        let configuration = GridConfiguration(photos: photos, limit: session.limit)
        var fast = FastEngine(configuration: configuration)
        var reference = ReferenceModel(configuration: configuration)
        var random = SplitMix64(seed: session.seed)
        var driver = Driver()
        let steps = 250
        for step in 0 ..< steps {
            let event = driver.next(&random, grid: reference.photos, picks: reference.picks)
            let expected = reference.apply(event)
            let actual = fast.apply(event)
            try #require(actual == expected, "step \(step) \(event): \(actual) != \(expected)")
            try Self.expectAgreement(fast, reference, around: driver.lastEnd, step: step, event: event)
            if step % 32 == 0 || step == steps - 1 {
                try #require(fast.state == reference.state, "step \(step) \(event): states differ")
            }
        }
    }

    /// The cheap parts of the state, at every step.
    static func expectAgreement(
        _ fast: FastEngine, _ reference: ReferenceModel, around end: Int, step: Int, event: Event
    ) throws {
        let context: Comment = "step \(step) \(event)"
        try #require(fast.mode == reference.mode, context)
        try #require(fast.sheet == reference.sheet, context)
        try #require(fast.isDragging == reference.isDragging, context)
        try #require(fast.chosenCount == reference.chosenCount, context)
        try #require(fast.photoCount == reference.photoCount, context)
        if reference.limit != nil { try #require(fast.picks == reference.picks, context) }
        let grid = reference.photos
        guard !grid.isEmpty else { return }
        let window = Swift.max(0, Swift.min(end, grid.count - 1) - 12) ... Swift.min(grid.count - 1, Swift.max(end, 0) + 12)
        for position in window {
            try #require(fast.isChosen(grid[position]) == reference.isChosen(grid[position]), "\(context): photo at \(position)")
        }
    }

    /// Draws the events of a session: bursts of drag moves, and the rest around them.
    struct Driver {
        /// The grid position of the last photo a drag began or moved at.
        var lastEnd = 0
        /// Moves left in the current burst.
        var burst = 0
        var newIDs = 0
        /// Photos removed by library changes, which may come back.
        var removed: [PhotoID] = []

        mutating func next(_ random: inout SplitMix64, grid: [PhotoID], picks: [PhotoID]) -> Event {
            func photo(at position: Int) -> PhotoID {
                grid.isEmpty ? "missing" : grid[Swift.min(Swift.max(position, 0), grid.count - 1)]
            }
            func anyPhoto() -> PhotoID {
                random.chance(0.03) || grid.isEmpty ? "unknown-\(random.int(below: 3))" : grid[random.int(below: grid.count)]
            }
            if burst > 0 {
                burst -= 1
                let distance: Int
                switch random.int(below: 10) {
                case 0: distance = random.int(in: -grid.count ... grid.count)
                case 1, 2: distance = random.int(in: -60 ... 60)
                case 3: distance = 0
                default: distance = random.int(in: -5 ... 5)
                }
                lastEnd = Swift.min(Swift.max(lastEnd + distance, 0), Swift.max(grid.count - 1, 0))
                if random.chance(0.02) { return .dragMoved("unknown-0") }
                return .dragMoved(photo(at: lastEnd))
            }
            switch random.int(below: 100) {
            case 0 ..< 30:
                lastEnd = grid.isEmpty ? 0 : random.int(below: grid.count)
                burst = random.int(in: 1 ... 40)
                return .dragBegan(random.chance(0.03) ? "unknown-1" : photo(at: lastEnd))
            case 30 ..< 36:
                return .dragEnded
            case 36 ..< 48:
                return .tap(anyPhoto())
            case 48 ..< 54:
                return .longPress(anyPhoto())
            case 54 ..< 58:
                return .select
            case 58 ..< 64:
                return .removeFromTray(picks.isEmpty || random.chance(0.3) ? anyPhoto() : picks[random.int(below: picks.count)])
            case 64 ..< 74:
                // A library change in the middle of a drag, or between drags.
                burst = random.chance(0.5) ? random.int(in: 1 ... 10) : 0
                return libraryChange(&random, grid: grid)
            case 74 ..< 77:
                return .selectAll
            case 77 ..< 80:
                return .deselectAll
            case 80 ..< 83:
                return random.chance(0.5) ? .done : .back
            case 83 ..< 85:
                return .share
            case 85 ..< 88:
                return .dismiss
            case 88 ..< 90:
                return .delete
            default:
                return .dragMoved(photo(at: random.int(below: Swift.max(grid.count, 1))))
            }
        }

        /// Removes up to a few photos (sometimes many) and inserts new photos and returning
        /// ones at random positions (sometimes enough to rebuild the order in one pass).
        mutating func libraryChange(_ random: inout SplitMix64, grid: [PhotoID]) -> Event {
            var gone: [PhotoID] = []
            let removals = grid.isEmpty ? 0 : (random.chance(0.1) ? random.int(below: grid.count / 4 + 1) : random.int(below: 4))
            for _ in 0 ..< removals { gone.append(grid[random.int(below: grid.count)]) }
            gone = Array(Set(gone)).sorted()
            var inserted: [Insertion] = []
            let insertions = random.chance(0.1) ? random.int(below: grid.count / 8 + 70) : random.int(below: 5)
            let present = Set(grid)
            var returning = removed.filter { !present.contains($0) }.shuffled(using: &random)
            for _ in 0 ..< insertions {
                let id: PhotoID
                if let back = returning.popLast(), random.chance(0.3) {
                    id = back
                } else {
                    newIDs += 1
                    id = "new-\(newIDs)"
                }
                inserted.append(Insertion(photo: id, at: random.int(below: grid.count + 2)))
            }
            removed.append(contentsOf: gone)
            return .libraryChanged(removed: gone, inserted: inserted)
        }
    }

    @Test("a drag over a grid made by insertions and removals finds every photo without scanning the order")
    func positionsInShuffledGrid() {
        var grid = LiveSlots(count: 5000)
        var random = SplitMix64(seed: 77)
        var order = (0 ..< 5000).map { PhotoSlot($0) }
        for index in 0 ..< 300 {
            let at = random.int(below: order.count + 1)
            grid.insert(PhotoSlot(5000 + index), at: at)
            order.insert(PhotoSlot(5000 + index), at: at)
        }
        let leaving = (0 ..< 200).map { _ in order[random.int(below: order.count)] }
        grid.remove(leaving)
        order.removeAll { Set(leaving).contains($0) }
        #expect(grid.order == order)
        for (position, slot) in order.enumerated() {
            #expect(grid.position(of: slot) == position)
        }
        #expect(grid.position(of: leaving[0]) == nil)
        for _ in 0 ..< 50 {
            let start = random.int(below: order.count)
            let end = random.int(in: start ... order.count)
            var runs: [PhotoSlot] = []
            grid.forEachSlotRun(inPositions: start ..< end) { first, length in
                runs.append(contentsOf: (first.index ..< first.index + length).map { PhotoSlot($0) })
            }
            #expect(runs == Array(order[start ..< end]))
        }
    }
}
