import GestureInput
@_spi(GridSimInternals) import SelectionCore

/// What a load exploration sweeps: grid sizes × workloads × engines, one cell each.
///
/// Cells are numbered in a fixed order (size, then workload, then engine), so `--shard I/N`
/// picks the same cells on every machine and the shards of one plan never overlap.
package struct ExplorationPlan: Sendable {
    package var sizes: [Int]
    package var workloads: [Workload]
    package var engines: [ExploredEngine]
    /// Events generated per cell; fewer are timed when `secondsPerCell` runs out.
    package var eventsPerCell: Int
    /// Wall time a cell may spend timing events, after at least `minimumEventsPerCell`.
    package var secondsPerCell: Double
    package var minimumEventsPerCell: Int
    /// The reference model builds and hashes a string per photo; above this size it is skipped.
    package var referenceMaximumPhotos: Int
    package var seed: UInt64
    package var shard: Shard

    package static let defaultSizes = [1_000, 10_000, 100_000, 1_000_000, 10_000_000]

    package init(
        sizes: [Int] = ExplorationPlan.defaultSizes, workloads: [Workload] = Workload.presets,
        engines: [ExploredEngine] = ExploredEngine.allCases, eventsPerCell: Int = 2_000, secondsPerCell: Double = 2,
        minimumEventsPerCell: Int = 200, referenceMaximumPhotos: Int = 1_000_000, seed: UInt64 = 1, shard: Shard = .whole
    ) {
        self.sizes = sizes
        self.workloads = workloads
        self.engines = engines
        self.eventsPerCell = eventsPerCell
        self.secondsPerCell = secondsPerCell
        self.minimumEventsPerCell = minimumEventsPerCell
        self.referenceMaximumPhotos = referenceMaximumPhotos
        self.seed = seed
        self.shard = shard
    }

    /// One point of the sweep.
    package struct Cell: Hashable, Sendable {
        package var index: Int
        package var photos: Int
        package var workload: Workload
        package var engine: ExploredEngine
    }

    /// Every cell of the sweep, skipped ones included, in order.
    package var allCells: [Cell] {
        var cells: [Cell] = []
        for photos in sizes {
            for workload in workloads {
                for engine in engines {
                    cells.append(Cell(index: cells.count, photos: photos, workload: workload, engine: engine))
                }
            }
        }
        return cells
    }

    /// The cells this shard measures: every one the engine can take, `index % N == I - 1`.
    package var cells: [Cell] {
        allCells.filter { shard.contains($0.index) && !isSkipped($0) }
    }

    /// Whether a cell is left out of every shard (the reference model on a huge grid).
    package func isSkipped(_ cell: Cell) -> Bool {
        cell.engine == .reference && cell.photos > referenceMaximumPhotos
    }
}

/// A named mix of gestures for the synthetic user: one of `presets` (the mix presets).
package struct Workload: Hashable, Sendable {
    package var name: String
    package var mix: WorkloadMix

    package static var presets: [Workload] {
        WorkloadMix.presets.map { Workload(name: $0.name, mix: $0.mix) }
    }
}

/// The engines an exploration compares.
package enum ExploredEngine: String, CaseIterable, Hashable, Sendable {
    case fast, reference
}

/// One slice of a sweep: shard `index` of `count`, 1-based, as CI job matrices number them.
package struct Shard: Hashable, Sendable, CustomStringConvertible {
    package var index: Int
    package var count: Int

    package static let whole = Shard(index: 1, count: 1)

    /// Parses `I/N` with 1 ≤ I ≤ N.
    package init?(parsing text: String) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
            (1...count).contains(index)
        else { return nil }
        self.init(index: index, count: count)
    }

    package init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    package func contains(_ cellIndex: Int) -> Bool { cellIndex % count == index - 1 }

    package var description: String { "\(index)/\(count)" }
}

/// Grid sizes written as `1K`, `10K`, `1M`, `2500`.
package enum GridSizeText {
    package static func parse(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).uppercased()
        let multiplier = trimmed.hasSuffix("K") ? 1_000 : trimmed.hasSuffix("M") ? 1_000_000 : 1
        let digits = multiplier == 1 ? trimmed : String(trimmed.dropLast())
        guard let value = Int(digits), value >= 0 else { return nil }
        let (product, overflow) = value.multipliedReportingOverflow(by: multiplier)
        return overflow ? nil : product
    }

    package static func format(_ photos: Int) -> String {
        if photos >= 1_000_000 && photos % 1_000_000 == 0 { return "\(photos / 1_000_000)M" }
        if photos >= 1_000 && photos % 1_000 == 0 { return "\(photos / 1_000)K" }
        return String(photos)
    }
}

import Foundation
import SyntheticSessions
