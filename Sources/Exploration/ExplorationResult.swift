import GestureInput

/// The measured cost of one operation (an event kind) in one cell of the sweep. Made only here,
/// by a sweep or by reading a result back (`ExplorationWriters.readJSON`).
package struct OperationCost: Hashable, Sendable {
    package var photos: Int
    package var workload: String
    package var engine: String
    /// The event name (`tap`, `libraryChanged`, …) or `openGrid` for building the engine.
    package var operation: String
    /// How many were timed.
    package var count: Int
    package var medianNanoseconds: Double
    package var p90Nanoseconds: Double
    package var maximumNanoseconds: Double
    /// The grid's sizes over the events the cell timed (the same for every operation of a cell).
    package var grid: CellGrid
}

/// The grid's smallest, median and largest size over the events a cell timed, so that a cost
/// "at N photos" says whether the grid stayed at N, and what the library changes among those
/// events took from the selection, so that a library change's cost says whether it pruned.
package struct CellGrid: Hashable, Sendable {
    package var smallest: Int
    package var median: Int
    package var largest: Int
    package var pruning = SelectionPruning()

    /// Whether the grid stayed within 0.9–1.1 times the cell's nominal size.
    package func stays(at photos: Int) -> Bool {
        GridSizeRange.Summary(smallest: smallest, median: median, largest: largest, events: 0)
            .stays(within: 0.9, 1.1, of: photos)
    }
}

extension CellGrid {
    init(_ summary: GridSizeRange.Summary) {
        self.init(smallest: summary.smallest, median: summary.median, largest: summary.largest, pruning: summary.pruning)
    }
}

/// What a sweep (or one shard of it) measured.
package struct ExplorationResult: Sendable {
    package var costs: [OperationCost]
    /// Cells measured, and how long the sweep took.
    package var cellCount: Int
    package var seconds: Double
    /// Shards joined into this result, e.g. ["1/2", "2/2"].
    package var shards: [String]
    package var machine: String

    /// Joins shard results: their costs, cells and times add up.
    package static func merge(_ parts: [ExplorationResult]) -> ExplorationResult {
        ExplorationResult(
            costs: parts.flatMap(\.costs).sorted { ($0.photos, $0.workload, $0.engine, $0.operation) < ($1.photos, $1.workload, $1.engine, $1.operation) },
            cellCount: parts.map(\.cellCount).reduce(0, +), seconds: parts.map(\.seconds).reduce(0, +),
            shards: parts.flatMap(\.shards), machine: parts.first?.machine ?? "")
    }

    /// One line of the plot: an operation's median cost against grid size for one engine,
    /// pooling workloads (the median of their medians at each size).
    package struct Series: Hashable, Sendable {
        package var operation: String
        package var engine: String
        /// (photos, nanoseconds), ascending photos.
        package var points: [Point]
        package var fit: GrowthFit?

        package struct Point: Hashable, Sendable {
            package var photos: Int
            package var nanoseconds: Double
        }
    }

    package var series: [Series] {
        let groups = Dictionary(grouping: costs) { SeriesKey(operation: $0.operation, engine: $0.engine) }
        return groups.map { key, costs in
            let bySize = Dictionary(grouping: costs, by: \.photos)
            let points = bySize.keys.sorted().map { photos in
                let medians = bySize[photos]!.map(\.medianNanoseconds).sorted()
                return Series.Point(photos: photos, nanoseconds: medians[medians.count / 2])
            }
            return Series(
                operation: key.operation, engine: key.engine, points: points,
                fit: GrowthFit(points.map { (Double($0.photos), $0.nanoseconds) }))
        }
        .sorted { ($0.operation, $0.engine) < ($1.operation, $1.engine) }
    }

    private struct SeriesKey: Hashable {
        var operation: String
        var engine: String
    }
}

/// The growth exponent k of cost ≈ c · N^k, fitted by least squares on log–log points.
package struct GrowthFit: Hashable, Sendable {
    package var exponent: Double
    /// The coefficient of determination of the fit in log space (1 is a perfect power law).
    package var rSquared: Double

    /// Nil with fewer than two distinct sizes or a non-positive value.
    package init?(_ points: [(x: Double, y: Double)]) {
        let usable = points.filter { $0.x > 0 && $0.y > 0 }
        guard Set(usable.map(\.x)).count >= 2 else { return nil }
        let xs = usable.map { log($0.x) }
        let ys = usable.map { log($0.y) }
        let n = Double(usable.count)
        let meanX = xs.reduce(0, +) / n
        let meanY = ys.reduce(0, +) / n
        var sxx = 0.0
        var sxy = 0.0
        var syy = 0.0
        for (x, y) in zip(xs, ys) {
            sxx += (x - meanX) * (x - meanX)
            sxy += (x - meanX) * (y - meanY)
            syy += (y - meanY) * (y - meanY)
        }
        exponent = sxy / sxx
        rSquared = syy == 0 ? 1 : (sxy * sxy) / (sxx * syy)
    }
}

import Foundation
import SyntheticSessions
