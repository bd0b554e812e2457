import Testing
@testable import BenchmarkKit
@testable import GridSimBenchmarks
@testable import SelectionSlots

/// A library change on state the engine owns allocates as many times at every grid size:
/// none. Counted by jemalloc on this thread; the least of a few operations, since another
/// thread sharing the arena can only add.
@Suite("Pruning allocates as often at every grid size")
struct PruningAllocationTests {
    /// The least allocations of one operation of `subject` in `pruning/<size>/1%`, built as the
    /// timed run builds it, each operation after the untimed reset that puts the state back.
    static func allocations(subject: String, size: Int) throws -> UInt64 {
        let counter = try #require(AllocationCounter.callingThread())
        let caseID = BenchmarkCase.id(suite: PruningSuite.name, size: size, variant: "1%")
        let context = SuiteContext(injection: .none, replayEvents: CountedSet.replayEvents)
        let benchmarkCase = try #require(SuiteCatalog.cases(sizes: [size], filter: nil, context: context, only: [caseID]).first)
        defer { benchmarkCase.finish() }
        let operation = try #require(benchmarkCase.subjects.first { $0.name == subject }).prepare()
        var least = UInt64.max
        for _ in 0 ..< 3 {
            operation.resetBeforeSample?()
            let before = counter.snapshot()
            operation.perform(1)
            least = Swift.min(least, AllocationCounter.delta(from: before, to: counter.snapshot()).allocations)
        }
        return least
    }

    @Test("the selection's pruning: none at 10K and at 1M")
    func selection() throws {
        #expect(try Self.allocations(subject: "FastEngine selection", size: 10_000) == 0)
        #expect(try Self.allocations(subject: "FastEngine selection", size: 1_000_000) == 0)
    }

    // The whole event is not counted here: the tests' debug build checks the whole grid
    // after a bulk removal (`SLOTS_INTERNAL_CHECKS`), and the check allocates. The release
    // exact gate counts it (`pruning/*/1% FastEngine event`, allocations/op), and the pass
    // the grid adds to the selection's pruning is counted alone below.

    /// The grid's bulk removal pass over its live bitmap, which owns its chunks and no longer
    /// journals (as after any large change): 1 % of the slots leave, in scattered order,
    /// without an allocation, at 10K, 1M and 10M slots.
    @Test("the grid's removal pass: none at 10K, 1M and 10M", arguments: [10_000, 1_000_000, 10_000_000])
    func removalPass(size: Int) throws {
        let counter = try #require(AllocationCounter.callingThread())
        var live = SelectionBitmap(filledUpTo: size)
        // Flips past the journal's room, an even number: the same bits, journal incomplete.
        for _ in 0 ..< 4_098 { live.toggle(PhotoSlot(0)) }
        #expect(!live.journal.isComplete)
        let leaving = (0 ..< size / 100).map { PhotoSlot(($0 &* 7_919 &+ 13) % size) }
        // Once on a bitmap of its own first: what the runtime sets up on a first call (type
        // metadata) is not the pass's.
        var warmUp = SelectionBitmap(filledUpTo: 64)
        _ = warmUp.remove(contentsOf: [PhotoSlot(3)]) { _ in }
        var gaps = 0
        let before = counter.snapshot()
        let removed = live.remove(contentsOf: leaving) { _ in gaps += 1 }
        let allocations = AllocationCounter.delta(from: before, to: counter.snapshot()).allocations
        #expect(removed == Set(leaving).count && gaps == removed && live.count == size - removed)
        #expect(allocations == 0)
    }
}
