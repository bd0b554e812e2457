import Foundation
import GestureInput
@_spi(GridSimInternals) import SelectionTrace
import SyntheticSessions

/// The files an exploration writes: CSV and JSON (the data), an SVG plot and a Markdown report.
package enum ExplorationWriters {
    package static func csv(_ result: ExplorationResult) -> String {
        var text = "photos,workload,engine,operation,count,median_ns,p90_ns,max_ns,grid_min,grid_median,grid_max,"
            + "library_changes,pruning_changes,chosen_removed\n"
        for cost in result.costs {
            text += "\(cost.photos),\(cost.workload),\(cost.engine),\(cost.operation),\(cost.count),"
            text += "\(format(cost.medianNanoseconds)),\(format(cost.p90Nanoseconds)),\(format(cost.maximumNanoseconds)),"
            text += "\(cost.grid.smallest),\(cost.grid.median),\(cost.grid.largest),"
            let pruning = cost.grid.pruning
            text += "\(pruning.libraryChanges),\(pruning.pruningChanges),\(pruning.chosenPhotosRemoved)\n"
        }
        return text
    }

    private static func format(_ value: Double) -> String { String(format: "%.1f", value) }

    package static func json(_ result: ExplorationResult) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.member("exploration", .integer(1))
        json.member("machine", .string(result.machine))
        json.member("seconds", .double(result.seconds))
        json.member("cells", .integer(result.cellCount))
        json.member("shards", .array(result.shards.map(JSONValue.string)))
        json.key("costs")
        json.beginArray()
        for cost in result.costs {
            json.beginObject()
            json.member("photos", .integer(cost.photos))
            json.member("workload", .string(cost.workload))
            json.member("engine", .string(cost.engine))
            json.member("operation", .string(cost.operation))
            json.member("count", .integer(cost.count))
            json.member("median_ns", .double(cost.medianNanoseconds))
            json.member("p90_ns", .double(cost.p90Nanoseconds))
            json.member("max_ns", .double(cost.maximumNanoseconds))
            json.member(
                "grid",
                .object(
                    JSONObject([
                        ("smallest", .integer(cost.grid.smallest)), ("median", .integer(cost.grid.median)),
                        ("largest", .integer(cost.grid.largest)),
                        ("library_changes", .integer(cost.grid.pruning.libraryChanges)),
                        ("pruning_changes", .integer(cost.grid.pruning.pruningChanges)),
                        ("chosen_removed", .integer(cost.grid.pruning.chosenPhotosRemoved)),
                    ])))
            json.endObject()
        }
        json.endArray()
        json.endObject()
        return json.text + "\n"
    }

    /// Reads what `json(_:)` wrote, for `gridsim explore merge`.
    package static func readJSON(_ text: String) throws -> ExplorationResult {
        guard case .object(let root) = try JSONParser.parse(text), root["exploration"] == .integer(1),
            case .array(let costValues)? = root["costs"]
        else { throw ExplorationFileError("not an exploration result (no \"exploration\":1 and \"costs\")") }
        func number(_ value: JSONValue?) -> Double? {
            switch value {
            case .integer(let i)?: Double(i)
            case .double(let d)?: d
            default: nil
            }
        }
        var costs: [OperationCost] = []
        for (index, value) in costValues.enumerated() {
            guard case .object(let cost) = value, case .integer(let photos)? = cost["photos"],
                case .string(let workload)? = cost["workload"], case .string(let engine)? = cost["engine"],
                case .string(let operation)? = cost["operation"], case .integer(let count)? = cost["count"],
                let median = number(cost["median_ns"]), let p90 = number(cost["p90_ns"]), let maximum = number(cost["max_ns"]),
                case .object(let grid)? = cost["grid"], case .integer(let smallest)? = grid["smallest"],
                case .integer(let gridMedian)? = grid["median"], case .integer(let largest)? = grid["largest"]
            else { throw ExplorationFileError("costs[\(index)] lacks a field or has one of the wrong type") }
            // Results written before pruning was counted have none of its fields: 0 each.
            func pruningField(_ key: String) -> Int { if case .integer(let value)? = grid[key] { value } else { 0 } }
            let pruning = SelectionPruning(
                libraryChanges: pruningField("library_changes"), pruningChanges: pruningField("pruning_changes"),
                chosenPhotosRemoved: pruningField("chosen_removed"))
            costs.append(
                OperationCost(
                    photos: photos, workload: workload, engine: engine, operation: operation, count: count,
                    medianNanoseconds: median, p90Nanoseconds: p90, maximumNanoseconds: maximum,
                    grid: CellGrid(smallest: smallest, median: gridMedian, largest: largest, pruning: pruning)))
        }
        var shards: [String] = []
        if case .array(let values)? = root["shards"] {
            shards = values.compactMap { if case .string(let s) = $0 { s } else { nil } }
        }
        let machine: String = if case .string(let m)? = root["machine"] { m } else { "" }
        let cells: Int = if case .integer(let c)? = root["cells"] { c } else { 0 }
        return ExplorationResult(costs: costs, cellCount: cells, seconds: number(root["seconds"]) ?? 0, shards: shards, machine: machine)
    }

    /// The report: how each operation's cost grows with the grid, per engine.
    package static func markdown(_ result: ExplorationResult, plotFile: String) -> String {
        var text = "# Load exploration\n\n"
        text += "\(result.cellCount) cells in \(String(format: "%.0f", result.seconds)) s on \(result.machine)"
        text += result.shards.count > 1 ? " (shards \(result.shards.joined(separator: ", ")))" : ""
        text += ". Each cost is the median time of one event of that kind in a synthetic session "
        text += "(workloads pooled: the median of their medians). The growth exponent k fits cost ≈ c·N^k "
        text += "by least squares on the log–log points; k ≈ 0 is constant in the grid size, k ≈ 1 linear.\n\n"
        text += "![cost against grid size](\(plotFile))\n\n"
        let series = result.series
        let sizes = Set(series.flatMap { $0.points.map(\.photos) }).sorted()
        text += "| operation | engine | k | R² | " + sizes.map { GridSizeText.format($0) }.joined(separator: " | ") + " |\n"
        text += "|---|---|---|---|" + sizes.map { _ in "---:" }.joined(separator: "|") + "|\n"
        for line in series {
            let byPhotos = Dictionary(uniqueKeysWithValues: line.points.map { ($0.photos, $0.nanoseconds) })
            let exponent = line.fit.map { String(format: "%.2f", $0.exponent) } ?? "–"
            let r2 = line.fit.map { String(format: "%.2f", $0.rSquared) } ?? "–"
            let cells = sizes.map { byPhotos[$0].map(Self.duration) ?? "–" }
            text += "| \(line.operation) | \(line.engine) | \(exponent) | \(r2) | " + cells.joined(separator: " | ") + " |\n"
        }
        text += "\n" + gridSection(result)
        return text
    }

    /// The cells' grid sizes over the events each timed, with a flag on every cell whose grid
    /// left 0.9–1.1 times its nominal size (its costs are not costs at that size).
    static func gridSection(_ result: ExplorationResult) -> String {
        var cells: [(photos: Int, workload: String, engine: String, events: Int, grid: CellGrid)] = []
        for cost in result.costs where cost.operation != "openGrid" {
            if let index = cells.firstIndex(where: {
                $0.photos == cost.photos && $0.workload == cost.workload && $0.engine == cost.engine
            }) {
                cells[index].events += cost.count
            } else {
                cells.append((cost.photos, cost.workload, cost.engine, cost.count, cost.grid))
            }
        }
        cells.sort { ($0.photos, $0.workload, $0.engine) < ($1.photos, $1.workload, $1.engine) }
        let left = cells.filter { !$0.grid.stays(at: $0.photos) }
        var text = "## The grid in each cell\n\n"
        text += "The grid's smallest, median and largest size over the events each cell timed, and how many of "
        text += "their library changes pruned the selection (removed chosen photos) of how many, and the chosen "
        text += "photos those removed. "
        text += left.isEmpty
            ? "Every cell's grid stayed within 0.9–1.1× its nominal size.\n\n"
            : "**\(left.count) of \(cells.count) cells left 0.9–1.1× their nominal size** (flagged): their costs are not costs at that size.\n\n"
        text += "| photos | workload | engine | events timed | smallest | median | largest | within 0.9–1.1× "
        text += "| pruning changes | chosen removed |\n"
        text += "|---:|---|---|---:|---:|---:|---:|---|---:|---:|\n"
        for cell in cells {
            let sizes = [cell.grid.smallest, cell.grid.median, cell.grid.largest].map(GridSizeRange.Summary.grouped)
            text += "| \(GridSizeText.format(cell.photos)) | \(cell.workload) | \(cell.engine) | \(cell.events) | "
            text += sizes.joined(separator: " | ") + " | " + (cell.grid.stays(at: cell.photos) ? "yes" : "**no**") + " | "
            let pruning = cell.grid.pruning
            text += "\(pruning.pruningChanges) of \(pruning.libraryChanges) | \(pruning.chosenPhotosRemoved) |\n"
        }
        return text
    }

    /// `850 ns`, `12.3 µs`, `4.56 ms`, `1.20 s`.
    package static func duration(_ nanoseconds: Double) -> String {
        switch nanoseconds {
        case ..<1_000: String(format: "%.0f ns", nanoseconds)
        case ..<1_000_000: String(format: "%.1f µs", nanoseconds / 1e3)
        case ..<1_000_000_000: String(format: "%.2f ms", nanoseconds / 1e6)
        default: String(format: "%.2f s", nanoseconds / 1e9)
        }
    }
}

package struct ExplorationFileError: Error, CustomStringConvertible {
    package var description: String
    init(_ description: String) { self.description = description }
}

extension JSONWriter {
    /// `"key":value` in the object being written: the bytes of `key(_:)` then `value(_:)`.
    fileprivate mutating func member(_ key: String, _ value: JSONValue) {
        self.key(key)
        self.value(value)
    }
}
