@testable import PropertyTesting
import SeededRandom
@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
import Testing

/// The word-at-a-time helpers of the check: a diff applied a run at a time is the diff
/// applied a slot at a time, and the invariant check of a step that chose many photos
/// answers as the lookups of each would.
@Suite("Check by runs")
struct CheckRebuildTests {
    /// Slots in ascending order, in runs of random lengths with random gaps, some repeated.
    static func slots(_ random: inout Xoshiro256, below limit: Int) -> [PhotoSlot] {
        var slots: [PhotoSlot] = []
        var next = Int(random.next() % 70)
        while next < limit {
            let run = Int(random.next() % 300) + 1
            for slot in next..<min(next + run, limit) { slots.append(PhotoSlot(slot)) }
            if random.next() % 5 == 0, let last = slots.last { slots.append(last) }
            next += run + Int(random.next() % 200)
        }
        return slots
    }

    @Test func runsAreTheMaximalStretchesOfConsecutiveSlots() {
        var runs: [[Int]] = []
        let slots: [PhotoSlot] = [3, 4, 5, 9, 10, 10, 11, 0]
        SelectionChanges.forEachRun(of: slots) {
            runs.append([$0.index, $1])
        }
        #expect(runs == [[3, 3], [9, 2], [10, 2], [0, 1]])
        SelectionChanges.forEachRun(of: []) { _, _ in Issue.record("no slots, no run") }
    }

    /// Ascending lists without repeats, whose runs are found by a galloping search: the same
    /// runs as a walk slot by slot finds.
    @Test func runsOfAnAscendingListAreTheRunsSlotBySlot() {
        var random = Xoshiro256(seed: 31)
        for round in 0..<40 {
            var slots: [PhotoSlot] = []
            var next = Int(random.next() % 5)
            while slots.count < (round % 5 == 0 ? 200_000 : 3_000) {
                let run = round % 7 == 0 ? 1 : Int(random.next() % UInt64([2, 64, 5_000][round % 3])) + 1
                for slot in next..<next + run { slots.append(PhotoSlot(slot)) }
                next += run + 1 + Int(random.next() % 3)
            }
            var expected: [[Int]] = []
            var index = 0
            while index < slots.count {
                var end = index + 1
                while end < slots.count && slots[end].index == slots[index].index + (end - index) { end += 1 }
                expected.append([slots[index].index, end - index])
                index = end
            }
            var runs: [[Int]] = []
            SelectionChanges.forEachRun(of: slots) { runs.append([$0.index, $1]) }
            #expect(runs == expected)
        }
    }

    /// Random bitmaps over several chunks and directories (a directory holds 262,144 slots),
    /// random changes that overlap the bitmap or not: the bitmap a run at a time equals the
    /// bitmap a slot at a time.
    @Test func aDiffAppliedByRunsIsTheDiffAppliedBySlots() {
        var random = Xoshiro256(seed: 24)
        for round in 0..<20 {
            let limit = round % 4 == 0 ? 600_000 : 20_000
            let old = SelectionBitmap(Self.slots(&random, below: limit))
            let changes = SelectionChanges(
                added: Self.slots(&random, below: limit), removed: round % 3 == 0 ? [] : Self.slots(&random, below: limit))
            Self.expectAppliedIsAppliedBySlots(changes, to: old)
        }
    }

    /// Lists long enough to be applied as bitmaps, without repeats, over several chunks and
    /// directories: the same bitmap as slot by slot, and the bitmap applied to is unchanged.
    @Test func aLongAscendingDiffAppliedAsBitmapsIsTheDiffAppliedBySlots() {
        var random = Xoshiro256(seed: 25)
        for round in 0..<6 {
            let limit = round % 3 == 0 ? 300_000 : 40_000
            let old = SelectionBitmap(Self.slots(&random, below: limit))
            let oldSlots = Array(old)
            let changes = SelectionChanges(
                added: Self.ascendingWithoutRepeats(Self.slots(&random, below: limit)),
                removed: round % 4 == 0 ? [] : Self.ascendingWithoutRepeats(Self.slots(&random, below: limit)))
            #expect(changes.added.count > SelectionChanges.bitmapThreshold)
            Self.expectAppliedIsAppliedBySlots(changes, to: old)
            #expect(Array(old) == oldSlots)
        }
    }

    /// `changes.applied(to: old)` is `old` with each removed slot removed, then each added
    /// slot inserted, one at a time.
    static func expectAppliedIsAppliedBySlots(_ changes: SelectionChanges, to old: SelectionBitmap) {
        var bySlots = old
        for slot in changes.removed { bySlots.remove(slot) }
        for slot in changes.added { bySlots.insert(slot) }
        let applied = changes.applied(to: old)
        #expect(applied == bySlots)
        #expect(applied.count == bySlots.count)
        #expect(Array(applied) == Array(bySlots))
    }

    /// `slots` with each repeat left out.
    static func ascendingWithoutRepeats(_ slots: [PhotoSlot]) -> [PhotoSlot] {
        var result: [PhotoSlot] = []
        for slot in slots where slot != result.last { result.append(slot) }
        return result
    }

    /// Only a strictly ascending list is made a bitmap; the bitmap holds exactly its slots.
    @Test func onlyAnAscendingListIsMadeABitmap() throws {
        let slots: [PhotoSlot] = [0, 63, 64, 4_095, 4_096, 262_143, 262_144, 1_000_000]
        let bitmap = try #require(SelectionChanges.bitmap(ofAscending: slots))
        #expect(Array(bitmap) == slots)
        #expect(bitmap.count == slots.count)
        #expect(SelectionChanges.bitmap(ofAscending: [3, 3]) == nil)
        #expect(SelectionChanges.bitmap(ofAscending: [5, 4]) == nil)
        #expect(SelectionChanges.bitmap(ofAscending: [])?.isEmpty == true)
    }

    /// A record of a step of `engine` that reports `added` chosen.
    static func record(_ engine: FastEngine, added: [PhotoSlot]) -> StepRecord {
        StepRecord(
            step: 1, event: .selectAll, expected: Step(outcome: .applied, effects: []), actual: Step(outcome: .applied, effects: []), fast: engine,
            changes: SelectionChanges(added: added))
    }

    /// Over and under the threshold, inside the grid and not: the answer is whether every
    /// slot is in the grid.
    @Test func photosChosenByAStepAreInTheGridExactlyWhenEachIs() {
        let photos = InvariantsCheck.wholeSelectionThreshold * 3
        var engine = FastEngine(configuration: GridConfiguration(photos: .count(photos)))
        _ = engine.apply(Event.select)
        _ = engine.apply(Event.selectAll)
        _ = engine.apply(Event.libraryChanged(removed: ["7", "5000"], inserted: []))
        let live = engine.grid.live
        #expect(!live.contains(PhotoSlot(6)) && live.contains(PhotoSlot(5)))
        let inGrid = Array(live)
        for count in [10, InvariantsCheck.wholeSelectionThreshold + 1, inGrid.count] {
            let added = Array(inGrid.prefix(count))
            #expect(InvariantsCheck.addedAreInGrid(Self.record(engine, added: added)))
            // A slot that left the grid, a slot never handed out, each among the others.
            for stranger in [PhotoSlot(6), PhotoSlot(photos + 10)] {
                let mixed = (added + [stranger]).sorted { $0.index < $1.index }
                #expect(!InvariantsCheck.addedAreInGrid(Self.record(engine, added: mixed)))
            }
        }
    }
}
