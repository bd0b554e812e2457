import BenchmarkTiming
import GestureInput
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace
import SyntheticSessions

/// Measures the cells of a plan: for each, a synthetic session's events are generated first
/// (not timed), then replayed into the engine one at a time, each event timed on its own, so
/// that the cost of every operation can be read off against the grid size.
package struct ExplorationRunner {
    package var plan: ExplorationPlan

    package init(plan: ExplorationPlan) {
        self.plan = plan
    }

    /// Runs the plan's cells; `progress(done, total, cell)` is called before each cell.
    package func run(progress: (Int, Int, ExplorationPlan.Cell) -> Void = { _, _, _ in }) -> ExplorationResult {
        let started = MonotonicClock.now()
        let cells = plan.cells
        let overhead = Double(MonotonicClock.calibratedOverhead())
        var costs: [OperationCost] = []
        var generated: (key: SessionKey, session: Session)?
        for (done, cell) in cells.enumerated() {
            progress(done, cells.count, cell)
            let key = SessionKey(photos: cell.photos, workload: cell.workload.name)
            if generated?.key != key {
                generated = (key, session(photos: cell.photos, workload: cell.workload))
            }
            costs += measure(cell, session: generated!.session, clockOverhead: overhead)
        }
        progress(cells.count, cells.count, cells.last ?? plan.allCells[0])
        return ExplorationResult(
            costs: costs, cellCount: cells.count, seconds: Double(MonotonicClock.now() - started) / 1e9,
            shards: [plan.shard.description], machine: MachineFacts.current().cpuModel)
    }

    private struct SessionKey: Equatable {
        var photos: Int
        var workload: String
    }

    /// A cell's session: its events, the grid's size as each event meets it, and the library
    /// changes' pruning of the selection as of each event's end (so that a cell that times
    /// part of the session reports the part it timed).
    struct Session {
        var events: [Event] = []
        var gridSizes: [Int] = []
        var pruningAfter: [SelectionPruning] = []
    }

    /// The session of a size and workload: the same events for every engine.
    func session(photos: Int, workload: Workload) -> Session {
        var seed = plan.seed ^ UInt64(photos) &* 0x9E37_79B9_7F4A_7C15
        for byte in workload.name.utf8 { seed = (seed ^ UInt64(byte)) &* 0x100_0000_01B3 }
        var model = SessionModel(
            configuration: GridConfiguration(photos: .count(photos)), setup: .phone, mix: workload.mix, seed: seed)
        var session = Session()
        session.events.reserveCapacity(plan.eventsPerCell)
        session.gridSizes.reserveCapacity(plan.eventsPerCell)
        session.pruningAfter.reserveCapacity(plan.eventsPerCell)
        while session.events.count < plan.eventsPerCell {
            let photosBefore = model.photoCount
            if let event = model.next().event?.event {
                session.events.append(event)
                session.gridSizes.append(photosBefore)
                session.pruningAfter.append(model.pruning)
            }
        }
        return session
    }

    /// Times opening the grid, then each event until the cell's time is up.
    func measure(_ cell: ExplorationPlan.Cell, session: Session, clockOverhead: Double) -> [OperationCost] {
        let events = session.events
        let configuration = GridConfiguration(photos: .count(cell.photos))
        switch cell.engine {
        case .fast:
            let opened = MonotonicClock.now()
            var engine = FastEngine(configuration: configuration)
            let openTime = Double(MonotonicClock.now() - opened)
            // Interning belongs to the codec: the engine is timed on slot events.
            var table = engine.slots
            let slotEvents = events.map { table.intern($0) }
            return costs(cell, openTime: openTime, overhead: clockOverhead, session: session) { index in
                blackHole(engine.apply(slotEvents[index]))
                return slotEvents[index].name.rawValue
            }
        case .reference:
            let opened = MonotonicClock.now()
            var engine = ReferenceModel(configuration: configuration)
            let openTime = Double(MonotonicClock.now() - opened)
            return costs(cell, openTime: openTime, overhead: clockOverhead, session: session) { index in
                blackHole(engine.apply(events[index]))
                return events[index].name.rawValue
            }
        }
    }

    /// Times `apply(i)` for i in order until `secondsPerCell` have passed (but at least
    /// `minimumEventsPerCell`), grouping the times by the operation name it returns. Each cost
    /// carries the grid's sizes over the events timed (`gridSizes[i]` is what event i met)
    /// and what their library changes took from the selection.
    private func costs(
        _ cell: ExplorationPlan.Cell, openTime: Double, overhead: Double, session: Session, apply: (Int) -> String
    ) -> [OperationCost] {
        let gridSizes = session.gridSizes
        var samples: [String: [Double]] = ["openGrid": [openTime]]
        let budget = UInt64(plan.secondsPerCell * 1e9)
        let started = MonotonicClock.now()
        var timed = 0
        for index in gridSizes.indices {
            let start = MonotonicClock.now()
            let operation = apply(index)
            let elapsed = Double(MonotonicClock.now() - start) - overhead
            samples[operation, default: []].append(max(elapsed, 0))
            timed = index + 1
            if index + 1 >= plan.minimumEventsPerCell && MonotonicClock.now() - started > budget { break }
        }
        var timedSizes = GridSizeRange(gridSizes.prefix(timed))
        if timed > 0 { timedSizes.pruning = session.pruningAfter[timed - 1] }
        let grid = timedSizes.summary
            ?? GridSizeRange.Summary(smallest: cell.photos, median: cell.photos, largest: cell.photos, events: 0)
        return samples.map { operation, times in
            let sorted = times.sorted()
            return OperationCost(
                photos: cell.photos, workload: cell.workload.name, engine: cell.engine.rawValue, operation: operation,
                count: sorted.count, medianNanoseconds: sorted[sorted.count / 2],
                p90Nanoseconds: sorted[min(sorted.count - 1, sorted.count * 9 / 10)], maximumNanoseconds: sorted.last!,
                grid: CellGrid(grid))
        }
        .sorted { $0.operation < $1.operation }
    }
}
