@testable import Exploration
import SyntheticSessions
import Foundation
import Testing

@Suite("Exploration")
struct ExplorationTests {
    @Test func fitRecoversAnExactPowerLaw() throws {
        for exponent in [0.0, 0.5, 1.0, 2.0] {
            let points = [1e3, 1e4, 1e5, 1e6].map { (x: $0, y: 7 * pow($0, exponent)) }
            let fit = try #require(GrowthFit(points))
            #expect(abs(fit.exponent - exponent) < 1e-9)
            #expect(abs(fit.rSquared - 1) < 1e-9)
        }
        #expect(GrowthFit([(1e3, 5)]) == nil)
        #expect(GrowthFit([(1e3, 5), (1e3, 9)]) == nil)
    }

    @Test func noisyPointsFitWorse() throws {
        let fit = try #require(GrowthFit([(1e3, 10), (1e4, 300), (1e5, 200), (1e6, 9000)]))
        #expect(fit.rSquared < 0.99 && fit.exponent > 0.5 && fit.exponent < 1.5)
    }

    @Test(arguments: [1, 2, 3, 5])
    func shardsCoverEveryCellExactlyOnce(_ count: Int) {
        var plan = ExplorationPlan(sizes: [1_000, 10_000, 2_000_000], referenceMaximumPhotos: 1_000_000)
        let whole = plan.cells.map(\.index)
        var seen: [Int] = []
        for index in 1...count {
            plan.shard = Shard(index: index, count: count)
            seen += plan.cells.map(\.index)
        }
        #expect(seen.sorted() == whole)
        // The reference model is left out above its limit, in every shard.
        #expect(!whole.contains { plan.allCells[$0].engine == .reference && plan.allCells[$0].photos > 1_000_000 })
    }

    @Test func shardAndSizeTextParse() {
        #expect(Shard(parsing: "2/3") == Shard(index: 2, count: 3))
        for bad in ["0/3", "4/3", "1/0", "x/2", "1", "1/2/3"] { #expect(Shard(parsing: bad) == nil) }
        #expect(GridSizeText.parse("1K") == 1_000 && GridSizeText.parse("10m") == 10_000_000)
        #expect(GridSizeText.parse("2500") == 2_500 && GridSizeText.parse("-1") == nil && GridSizeText.parse("K") == nil)
        #expect(GridSizeText.format(10_000_000) == "10M" && GridSizeText.format(1_500) == "1500")
    }

    static func cost(_ photos: Int, _ engine: String, _ operation: String, _ ns: Double) -> OperationCost {
        OperationCost(
            photos: photos, workload: "default", engine: engine, operation: operation, count: 10,
            medianNanoseconds: ns, p90Nanoseconds: ns * 2, maximumNanoseconds: ns * 3,
            grid: CellGrid(smallest: photos - photos / 20, median: photos, largest: photos + photos / 20))
    }

    @Test func jsonRoundTripsAndShardsMerge() throws {
        let first = ExplorationResult(
            costs: [Self.cost(1_000, "fast", "tap", 12), Self.cost(1_000, "reference", "tap", 250.5)],
            cellCount: 2, seconds: 1.5, shards: ["1/2"], machine: "test cpu")
        let second = ExplorationResult(
            costs: [Self.cost(1_000_000, "fast", "tap", 14)], cellCount: 1, seconds: 2, shards: ["2/2"], machine: "test cpu")
        let readBack = try ExplorationWriters.readJSON(ExplorationWriters.json(first))
        #expect(readBack.costs == first.costs && readBack.shards == ["1/2"] && readBack.cellCount == 2)
        let merged = ExplorationResult.merge([first, second])
        #expect(merged.cellCount == 3 && merged.seconds == 3.5 && merged.shards == ["1/2", "2/2"])
        let fastTap = try #require(merged.series.first { $0.engine == "fast" && $0.operation == "tap" })
        #expect(fastTap.points.map(\.photos) == [1_000, 1_000_000])
        #expect(throws: ExplorationFileError.self) { try ExplorationWriters.readJSON(#"{"costs":[]}"#) }
        #expect(throws: ExplorationFileError.self) { try ExplorationWriters.readJSON(#"{"exploration":1,"costs":[{"photos":1}]}"#) }
    }

    @Test func reportAndPlotNameEveryOperationAndEngine() {
        let result = ExplorationResult(
            costs: [
                Self.cost(1_000, "fast", "tap", 10), Self.cost(1_000_000, "fast", "tap", 11),
                Self.cost(1_000, "reference", "libraryChanged", 1e5), Self.cost(1_000_000, "reference", "libraryChanged", 1e8),
            ], cellCount: 4, seconds: 1, shards: ["1/1"], machine: "cpu")
        let markdown = ExplorationWriters.markdown(result, plotFile: "explore.svg")
        #expect(markdown.contains("| tap | fast | 0.01 | 1.00 | 10 ns | 11 ns |"))
        #expect(markdown.contains("| libraryChanged | reference | 1.00 | 1.00 | 100.0 µs | 100.00 ms |"))
        #expect(markdown.contains("![cost against grid size](explore.svg)"))
        let svg = ExplorationPlot.svg(result)
        #expect(svg.hasPrefix("<svg") && svg.hasSuffix("</svg>\n"))
        #expect(svg.contains(">tap<") && svg.contains(">libraryChanged<") && svg.contains(">reference<"))
        #expect(svg.components(separatedBy: "<polyline").count - 1 == 2)
        #expect(ExplorationWriters.csv(result).split(separator: "\n").count == 5)
    }

    @Test func everyCellCarriesItsGridAndTheReportFlagsOneThatLeftItsSize() throws {
        var shrunk = Self.cost(1_000_000, "fast", "delete", 2_000)
        shrunk.workload = "selecting"
        shrunk.grid = CellGrid(
            smallest: 224, median: 1_767, largest: 1_000_004,
            pruning: SelectionPruning(libraryChanges: 40, pruningChanges: 3, chosenPhotosRemoved: 5))
        let result = ExplorationResult(
            costs: [Self.cost(1_000, "fast", "tap", 10), shrunk], cellCount: 2, seconds: 1, shards: ["1/1"],
            machine: "cpu")
        let csv = ExplorationWriters.csv(result).split(separator: "\n")
        #expect(csv[0].hasSuffix(",grid_min,grid_median,grid_max,library_changes,pruning_changes,chosen_removed"))
        #expect(csv.contains { $0.hasSuffix(",224,1767,1000004,40,3,5") })
        let readBack = try ExplorationWriters.readJSON(ExplorationWriters.json(result))
        #expect(readBack.costs.map(\.grid) == result.costs.map(\.grid))
        let markdown = ExplorationWriters.markdown(result, plotFile: "explore.svg")
        #expect(markdown.contains("**1 of 2 cells left 0.9–1.1× their nominal size**"))
        #expect(markdown.contains("| 1M | selecting | fast | 10 | 224 | 1,767 | 1,000,004 | **no** | 3 of 40 | 5 |"))
        #expect(markdown.contains("| 1K | default | fast | 10 | 950 | 1,000 | 1,050 | yes | 0 of 0 | 0 |"))
        let steady = ExplorationResult(
            costs: [Self.cost(1_000, "fast", "tap", 10)], cellCount: 1, seconds: 1, shards: ["1/1"], machine: "cpu")
        #expect(ExplorationWriters.markdown(steady, plotFile: "p.svg").contains("Every cell's grid stayed within"))
    }

    @Test(arguments: ["default", "selecting"])
    func aSweepsSessionsKeepTheirGridAndSaySo(workload: String) {
        let plan = ExplorationPlan(
            sizes: [1_000], workloads: Workload.presets.filter { $0.name == workload }, engines: [.fast],
            eventsPerCell: 3_000, secondsPerCell: 30, minimumEventsPerCell: 3_000)
        let result = ExplorationRunner(plan: plan).run()
        #expect(!result.costs.isEmpty)
        for cost in result.costs {
            #expect(cost.grid.stays(at: 1_000), "\(cost.operation): \(cost.grid)")
            #expect(cost.grid.smallest <= cost.grid.median && cost.grid.median <= cost.grid.largest)
        }
    }

    @Test func thePruningWorkloadsLibraryChangesPruneTheSelection() throws {
        let plan = ExplorationPlan(
            sizes: [100_000], workloads: Workload.presets.filter { $0.name == "pruning" }, engines: [.fast],
            eventsPerCell: 2_000, secondsPerCell: 30, minimumEventsPerCell: 2_000)
        let result = ExplorationRunner(plan: plan).run()
        let changes = try #require(result.costs.first { $0.operation == "libraryChanged" })
        let pruning = changes.grid.pruning
        #expect(pruning.libraryChanges == changes.count)
        // Every library change of the workload prunes the selection.
        #expect(pruning.libraryChanges > 0 && pruning.pruningChanges == pruning.libraryChanges, "\(pruning)")
        #expect(pruning.chosenPhotosRemoved >= pruning.pruningChanges)
        #expect(changes.grid.stays(at: 100_000), "\(changes.grid)")
    }

    @Test func theSelectingWorkloadsDragsAreTimedPerOperationForBothEngines() {
        let plan = ExplorationPlan(
            sizes: [1_000], workloads: Workload.presets.filter { $0.name == "selecting" }, eventsPerCell: 1_500,
            secondsPerCell: 30, minimumEventsPerCell: 1_500)
        let result = ExplorationRunner(plan: plan).run()
        for engine in ["fast", "reference"] {
            let drags = result.costs.filter { $0.engine == engine && $0.operation.hasPrefix("drag") }
            #expect(Set(drags.map(\.operation)) == ["dragBegan", "dragMoved", "dragEnded"], "\(engine)")
            #expect(drags.allSatisfy { $0.count > 0 && $0.medianNanoseconds <= $0.maximumNanoseconds })
        }
        let svg = ExplorationPlot.svg(result)
        #expect(svg.contains(">dragMoved<") && svg.contains(">dragBegan<"))
        #expect(ExplorationWriters.markdown(result, plotFile: "explore.svg").contains("| dragMoved | fast |"))
    }
}
