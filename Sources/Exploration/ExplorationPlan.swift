import GestureInput
import SelectionCore

/// What a load exploration sweeps: grid sizes × workloads × engines, one cell each.
///
/// Cells are numbered in a fixed order (size, then workload, then engine), so `--shard I/N`
/// picks the same cells on every machine and the shards of one plan never overlap.
public struct ExplorationPlan: Sendable {
    public var sizes: [Int]
    public var workloads: [Workload]
    public var engines: [ExploredEngine]
    /// Events generated per cell; fewer are timed when `secondsPerCell` runs out.
    public var eventsPerCell: Int
    /// Wall time a cell may spend timing events, after at least `minimumEventsPerCell`.
    public var secondsPerCell: Double
    public var minimumEventsPerCell: Int
    /// The reference model builds and hashes a string per photo; above this size it is skipped.
    public var referenceMaximumPhotos: Int
    public var seed: UInt64
    public var shard: Shard

    public static let defaultSizes = [1_000, 10_000, 100_000, 1_000_000, 10_000_000]

    public init(
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
    public struct Cell: Hashable, Sendable {
        public var index: Int
        public var photos: Int
        public var workload: Workload
        public var engine: ExploredEngine
    }

    /// Every cell of the sweep, skipped ones included, in order.
    public var allCells: [Cell] {
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
    public var cells: [Cell] {
        allCells.filter { shard.contains($0.index) && !isSkipped($0) }
    }

    /// Whether a cell is left out of every shard (the reference model on a huge grid).
    public func isSkipped(_ cell: Cell) -> Bool {
        cell.engine == .reference && cell.photos > referenceMaximumPhotos
    }
}

/// A named mix of gestures for the synthetic user: one of `presets` (the mix presets).
public struct Workload: Hashable, Sendable {
    public var name: String
    public var mix: WorkloadMix

    public static var presets: [Workload] {
        WorkloadMix.presets.map { Workload(name: $0.name, mix: $0.mix) }
    }
}

/// The engines an exploration compares.
public enum ExploredEngine: String, CaseIterable, Hashable, Sendable {
    case fast, reference
}

/// One slice of a sweep: shard `index` of `count`, 1-based, as CI job matrices number them.
public struct Shard: Hashable, Sendable, CustomStringConvertible {
    public var index: Int
    public var count: Int

    public static let whole = Shard(index: 1, count: 1)

    /// Parses `I/N` with 1 ≤ I ≤ N.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
            (1...count).contains(index)
        else { return nil }
        self.init(index: index, count: count)
    }

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    public func contains(_ cellIndex: Int) -> Bool { cellIndex % count == index - 1 }

    public var description: String { "\(index)/\(count)" }
}

/// Grid sizes written as `1K`, `10K`, `1M`, `2500`.
public enum GridSizeText {
    public static func parse(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).uppercased()
        let multiplier = trimmed.hasSuffix("K") ? 1_000 : trimmed.hasSuffix("M") ? 1_000_000 : 1
        let digits = multiplier == 1 ? trimmed : String(trimmed.dropLast())
        guard let value = Int(digits), value >= 0 else { return nil }
        let (product, overflow) = value.multipliedReportingOverflow(by: multiplier)
        return overflow ? nil : product
    }

    public static func format(_ photos: Int) -> String {
        if photos >= 1_000_000 && photos % 1_000_000 == 0 { return "\(photos / 1_000_000)M" }
        if photos >= 1_000 && photos % 1_000 == 0 { return "\(photos / 1_000)K" }
        return String(photos)
    }
}

import Foundation
