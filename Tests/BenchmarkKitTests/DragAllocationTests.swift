import Testing
@testable import BenchmarkKit
@_spi(GridSimInternals) import SelectionCore
import SelectionSlots

/// The fast engine's drag updates allocate nothing once the chunks they write are the
/// selection's own: a finger moving a row at a time, and jumps over many chunks, on a grid
/// given by count (runs of slots: word fills) and on one whose order was changed by insertions
/// (one bit per photo). Counted by jemalloc on this thread; the least of a few attempts, since
/// another thread sharing the arena can only add.
@Suite("Drag updates allocate nothing in steady state")
struct DragAllocationTests {
    /// A selecting engine with a drag begun at `anchor` and moved through `ends` once, so
    /// that every chunk the ends reach has been written.
    static func dragging(_ engine: inout FastEngine, anchor: Int, ends: [Int]) {
        _ = engine.apply(SlotEvent.select)
        _ = engine.apply(SlotEvent.dragBegan(PhotoSlot(anchor)))
        for end in ends { _ = engine.apply(SlotEvent.dragMoved(PhotoSlot(end))) }
    }

    /// The allocations of moving the drag through `ends`: each update is counted on its own
    /// in five passes and its least count kept, so that a thread sharing the arena (other
    /// tests run at the same time) would have to allocate in the same update of every pass.
    static func allocations(moving engine: inout FastEngine, through ends: [Int]) throws -> UInt64 {
        let counter = try #require(AllocationCounter.callingThread())
        var least = [UInt64](repeating: .max, count: ends.count)
        var applied = 0
        for _ in 0 ..< 5 {
            for (index, end) in ends.enumerated() {
                let before = counter.snapshot()
                let outcome = engine.apply(SlotEvent.dragMoved(PhotoSlot(end))).outcome
                let delta = AllocationCounter.delta(from: before, to: counter.snapshot())
                least[index] = Swift.min(least[index], delta.allocations)
                if outcome == .applied { applied &+= 1 }
            }
        }
        #expect(applied > 0)
        return least.reduce(0, +)
    }

    @Test("a row at a time and jumps over a 1M grid given by count")
    func countedGrid() throws {
        var engine = FastEngine(configuration: GridConfiguration(photos: .count(1_000_000)))
        let anchor = 500_000
        let rows = (1 ... 50).map { anchor + 5 * $0 } + (-50 ..< 50).reversed().map { anchor + 5 * $0 }
        let jumps = [anchor + 100_000, anchor + 200_000, anchor - 150_000, anchor + 3]
        Self.dragging(&engine, anchor: anchor, ends: rows + jumps)
        let rowAllocations = try Self.allocations(moving: &engine, through: rows)
        let jumpAllocations = try Self.allocations(moving: &engine, through: jumps)
        #expect(rowAllocations == 0)
        #expect(jumpAllocations == 0)
        #expect(engine.isDragging)
    }

    @Test("a row at a time over a grid whose order insertions changed")
    func shuffledGrid() throws {
        var engine = FastEngine(configuration: GridConfiguration(photos: .count(20_000)))
        let inserted = (0 ..< 200).map { SlotInsertion(photo: engine.intern("new-\($0)"), at: $0 * 97) }
        _ = engine.apply(SlotEvent.libraryChanged(removed: [PhotoSlot(5)], inserted: inserted))
        // Slots by position, for the ends: the order is no longer the slots'.
        let order = engine.grid.order
        let anchor = 9_000
        let ends = (1 ... 40).map { order[anchor + 5 * $0].index } + (-40 ..< 40).reversed().map { order[anchor + 5 * $0].index }
        Self.dragging(&engine, anchor: order[anchor].index, ends: ends)
        let allocations = try Self.allocations(moving: &engine, through: ends)
        #expect(allocations == 0)
    }
}
