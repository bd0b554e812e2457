import SeededRandom
import Testing
@_spi(GridSimInternals) import SelectionCore
import SelectionSlots

/// SPEC.md section 7 in the engines: a start state's rules, both engines starting from one and
/// then agreeing event by event, the chosen digest's definition, and the comparison of what an
/// app saw with SPEC.md's state.
@Suite("Start states and what the app saw")
struct StartStateTests {
    // MARK: - The rules

    @Test func aStartStateNamesTheFirstRuleItBreaks() {
        let grid: Set<PhotoID> = ["a", "b", "c"]
        func violation(_ start: StartState, limit: Int? = nil) -> StartStateViolation? {
            start.violation(limit: limit, isInGrid: grid.contains)
        }
        #expect(violation(.browsing) == nil)
        #expect(violation(StartState(mode: .selecting)) == nil)
        #expect(violation(StartState(mode: .selecting, picks: ["c", "a"], sheet: .share)) == nil)
        #expect(violation(StartState(mode: .selecting, picks: ["c", "z"])) == .pickNotInGrid("z"))
        #expect(violation(StartState(mode: .selecting, picks: ["c", "a", "c"])) == .repeatedPick("c"))
        #expect(violation(StartState(mode: .selecting, picks: ["c", "a"]), limit: 1) == .overLimit(count: 2, limit: 1))
        // The limit as written is clamped to at least 1, as SPEC.md section 1 says.
        #expect(violation(StartState(mode: .selecting, picks: ["c"]), limit: -3) == nil)
        #expect(violation(StartState(mode: .browsing, picks: ["a"])) == .browsingWithPicks)
        #expect(violation(StartState(mode: .browsing, sheet: .edit)) == .browsingWithSheet)
        #expect(StartStateViolation.browsingWithSheet.description.contains("browsing ⇒ sheet = none"))
    }

    @Test func aCountedGridHoldsExactlyOneToN() {
        let grid = PhotoList.count(12)
        #expect(grid.containsID("1") && grid.containsID("12"))
        for outside in ["0", "13", "01", "-1", "+1", "1.0", "", "a", "١"] {
            #expect(!grid.containsID(outside), "\(outside)")
        }
        #expect(PhotoList.ids(["x", "y"]).containsID("y"))
        #expect(!PhotoList.ids(["x", "y"]).containsID("z"))
    }

    // MARK: - Engines from a start state

    /// A seeded start state and session over `photoCount` photos: both engines start from it,
    /// hold it before any event, and agree on every step and state after.
    @Test(arguments: [(1, 40, nil), (2, 40, 5), (3, 300, 12), (4, 7, 1), (5, 60, nil)] as [(UInt64, Int, Int?)])
    func bothEnginesStartThereAndAgree(seed: UInt64, photoCount: Int, limit: Int?) {
        var random = SplitMix64(seed: seed)
        let ids = (0..<photoCount).map { "p\($0)" }
        let pickCount = random.int(in: 0...min(ids.count, limit ?? 20))
        let picks = Array(ids.shuffled(using: &random).prefix(pickCount))
        let sheet: Sheet? = pickCount > 0 && random.int(below: 3) == 0 ? .share : nil
        let start = StartState(mode: .selecting, picks: picks, sheet: sheet)
        let configuration = GridConfiguration(photos: .ids(ids), limit: limit, start: start)
        var reference = ReferenceModel(configuration: configuration)
        var fast = FastEngine(configuration: configuration)
        #expect(reference.state == fast.state)
        #expect(reference.mode == .selecting)
        #expect(reference.sheet == sheet)
        #expect(reference.chosenCount == pickCount)
        if limit != nil { #expect(fast.picks == picks) }
        #expect(Set(fast.chosenPhotos) == Set(picks))
        for step in 1...400 {
            let photo = ids[random.int(below: ids.count)]
            let event: Event =
                switch random.int(below: 10) {
                case 0: .dismiss
                case 1: .deselectAll
                case 2: .libraryChanged(removed: [photo], inserted: [])
                case 3: .longPress(photo)
                case 4: .done
                default: .tap(photo)
                }
            let expected = reference.apply(event)
            let actual = fast.apply(event)
            #expect(expected == actual, "step \(step): \(event)")
            #expect(reference.state == fast.state, "step \(step): \(event)")
        }
    }

    // MARK: - The digest

    @Test func theDigestIsFNV1aOfEachIdAndANewline() {
        #expect(ChosenDigest.empty.description == "cbf29ce484222325")
        #expect(ChosenDigest(chosenInGridOrder: []) == .empty)
        // SPEC.md section 7's example, and values computed apart (Python, FNV-1a 64).
        #expect(ChosenDigest(chosenInGridOrder: ["a", "c", "d"]).description == "d5cfd5289861a8f5")
        #expect(ChosenDigest(chosenInGridOrder: ["a"]).description == "089bdc07b544e7b2")
        #expect(ChosenDigest(chosenInGridOrder: ["é"]).description == "5feb2d1c1dfb0cb1")
        // The newline separates ids: "ab" is not "a" then "b".
        #expect(ChosenDigest(chosenInGridOrder: ["ab"]) != ChosenDigest(chosenInGridOrder: ["a", "b"]))
        #expect(ChosenDigest(hex: "d5cfd5289861a8f5")?.value == 0xd5cf_d528_9861_a8f5)
        #expect(ChosenDigest(hex: "d5cfd5289861a8f") == nil)
        #expect(ChosenDigest(hex: "d5cfd5289861a8fz") == nil)
        #expect(ChosenDigest(value: 0x1f).description == "000000000000001f")
    }

    // MARK: - What the app saw

    @Test func theFirstPartThatDiffersIsTheDeparture() {
        let start = StartState(mode: .selecting, picks: ["c", "a"])
        var engine = FastEngine(configuration: GridConfiguration(photos: .ids(["a", "b", "c", "d"]), limit: 3, start: start))
        _ = engine.apply(.tap("d"))
        let right = SeenState(
            mode: .selecting, count: 3, title: "3 selected", tray: ["c", "a", "d"], chosen: ["a", "c", "d"],
            chosenDigest: ChosenDigest(chosenInGridOrder: ["a", "c", "d"]))
        #expect(engine.departure(from: right) == nil)
        #expect(engine.departure(from: SeenState()) == nil)
        #expect(engine.comparisons(with: right).allSatisfy { $0.agrees })
        #expect(engine.comparisons(with: right).map(\.field) == SeenField.allCases)

        var wrong = right
        wrong.count = 2
        wrong.title = "2 selected"
        #expect(engine.departure(from: wrong) == SeenDeparture(field: .count, appSaw: "2", specGives: "3"))
        #expect(engine.comparisons(with: wrong).filter { !$0.agrees }.map(\.field) == [.count, .title])
        wrong = right
        wrong.tray = ["a", "c", "d"]
        #expect(engine.departure(from: wrong)?.field == .tray)
        wrong = right
        wrong.chosen = ["a", "d"]
        #expect(engine.departure(from: wrong) == SeenDeparture(field: .chosen, appSaw: #"["a","d"]"#, specGives: #"["a","c","d"]"#))
        wrong = right
        wrong.chosenDigest = ChosenDigest(chosenInGridOrder: ["a", "d", "c"])
        #expect(engine.departure(from: wrong)?.field == .chosenDigest)
        #expect(engine.departure(from: SeenState(mode: .browsing))?.description == "mode: app saw browsing, SPEC.md gives selecting")
    }

    @Test func withoutALimitATrayAgreesInAnyOrder() {
        var engine = FastEngine(configuration: GridConfiguration(photos: .count(5)))
        _ = engine.apply(.longPress("4"))
        _ = engine.apply(.tap("2"))
        #expect(engine.departure(from: SeenState(tray: ["4", "2"])) == nil)
        #expect(engine.departure(from: SeenState(tray: ["2", "4"])) == nil)
        #expect(engine.departure(from: SeenState(tray: ["2"]))?.field == .tray)
    }
}
