import CommandLineKit
import Exploration
import Foundation
import GestureInput
import SyntheticSessions

/// `gridsim explore`: how the cost of each operation grows with the grid, per engine.
enum ExploreCommand: SubcommandDefinition {
    /// The sweep when no option changes it: the options' defaults, as the help shows them.
    private static let defaults = ExplorationPlan()

    static let sizes = Option<[Int]>(
        "--sizes", "list", help: "Grid sizes, e.g. 1K,10K,1M.", default: defaults.sizes,
        shownDefault: defaults.sizes.map(GridSizeText.format).joined(separator: ",")
    ) { text, _ throws(UsageError) in
        var sizes: [Int] = []
        for part in text.split(separator: ",") {
            guard let size = GridSizeText.parse(String(part)), size >= 1 else { throw UsageError("--sizes: '\(part)' is not a grid size") }
            sizes.append(size)
        }
        return sizes
    }
    static let workloads = Option<[Workload]>(
        "--workloads", "list", help: "Workload presets (\(WorkloadMix.presets.map(\.name).joined(separator: ", "))).",
        default: defaults.workloads, shownDefault: "all"
    ) { text, _ throws(UsageError) in
        guard text != "all" else { return Workload.presets }
        var workloads: [Workload] = []
        for name in text.split(separator: ",") {
            guard let preset = Workload.presets.first(where: { $0.name == name }) else {
                throw UsageError("--workloads: no workload '\(name)' (\(Workload.presets.map(\.name).joined(separator: ", ")))")
            }
            workloads.append(preset)
        }
        return workloads
    }
    static let engines = Option<[ExploredEngine]>(
        "--engines", "list", help: "Engines (fast, reference).", default: defaults.engines,
        shownDefault: defaults.engines.map(\.rawValue).joined(separator: ",")
    ) { text, _ throws(UsageError) in
        var engines: [ExploredEngine] = []
        for name in text.split(separator: ",") {
            guard let engine = ExploredEngine(rawValue: String(name)) else { throw UsageError("--engines: no engine '\(name)'") }
            engines.append(engine)
        }
        return engines
    }
    static let events = Option.integer("--events", "n", help: "Events generated per cell.", default: defaults.eventsPerCell)
    static let secondsPerCell = Option<Double>(
        "--seconds-per-cell", "s", help: "Time a cell may spend timing events.", default: defaults.secondsPerCell,
        shownDefault: defaults.secondsPerCell.formatted()
    ) { text, _ throws(UsageError) in
        guard let seconds = Double(text), seconds > 0 else { throw UsageError("--seconds-per-cell needs a positive number") }
        return seconds
    }
    static let referenceMaximum = Option<Int>(
        "--reference-max", "n", help: "Largest grid the reference model runs on.",
        default: defaults.referenceMaximumPhotos, shownDefault: GridSizeText.format(defaults.referenceMaximumPhotos)
    ) { text, _ throws(UsageError) in
        guard let size = GridSizeText.parse(text) else { throw UsageError("--reference-max: '\(text)' is not a grid size") }
        return size
    }
    static let seed = Option<UInt64>(
        "--seed", "n", help: "Seed of the synthetic sessions.", default: defaults.seed, shownDefault: String(defaults.seed)
    ) { text, name throws(UsageError) in
        guard let seed = UInt64(text) else { throw UsageError("option '\(name)' needs a whole number; found '\(text)'") }
        return seed
    }
    static let shard = Option<Shard>(
        "--shard", "I/N", help: "Run only slice I of N of the sweep (for a CI job matrix).", default: defaults.shard
    ) { text, _ throws(UsageError) in
        guard let shard = Shard(parsing: text) else { throw UsageError("--shard needs I/N with 1 ≤ I ≤ N; found '\(text)'") }
        return shard
    }
    static let output = Option.text("--output", "dir", help: "Where to write the files.", default: "explore-results")
    static let force = Option.flag("--force", help: "Overwrite files that exist.")

    static let syntax = CommandSyntax(
        name: "explore",
        abstract: "Sweep grid sizes × workloads × engines; write CSV, JSON, an SVG plot and a report.",
        positionals: [
            .init(
                name: "merge", help: "'merge' followed by shard JSON files joins them into one result.",
                isOptional: true, isVariadic: true)
        ],
        options: [
            sizes, workloads, engines, events, secondsPerCell, referenceMaximum, seed, shard, output, force,
        ],
        discussion: """
            Each cell's session is a synthetic user (gridsim generate's presets) that keeps its
            library: the grid stays near the cell's size. Each cell records the grid's smallest,
            median and largest size over the events it timed, prints them when the sweep ends, and
            the report flags a cell whose grid left 0.9–1.1 times its size. Beside them go how many
            of its library changes pruned the selection (removed chosen photos) and how many
            chosen photos they removed; every library change of the pruning workload prunes.

            A whole sweep writes explore.csv, explore.json, explore.svg and explore.md. A shard
            (--shard I/N) writes explore-shard-I-of-N.json only; 'gridsim explore merge' joins the
            shards and writes the four files. Progress goes to stderr.

            EXIT CODES:
              0   written
              64  bad flags or arguments
              66  a shard file to merge is missing
              65  a shard file is not an exploration result
              73  an output file exists (use --force) or cannot be written

            EXAMPLES:
              gridsim explore --sizes 1K,100K,10M --workloads default,syncs
              gridsim explore --shard 1/2 --output out && gridsim explore --shard 2/2 --output out
              gridsim explore merge out/explore-shard-1-of-2.json out/explore-shard-2-of-2.json --output out
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let output = try arguments.value(Self.output)
        let force = arguments.value(Self.force)
        if let first = arguments.positionals.first {
            guard first == "merge" else { throw UsageError("unexpected argument '\(first)' (did you mean 'merge'?)") }
            return try merge(Array(arguments.positionals.dropFirst()), output: output, force: force, console: console)
        }
        let plan = try plan(arguments)
        let files = plan.shard == .whole ? allFiles : ["explore-shard-\(plan.shard.index)-of-\(plan.shard.count).json"]
        try checkWritable(files, in: output, force: force)

        let total = plan.cells.count
        console.err("explore: \(total) cells (\(plan.sizes.count) sizes × \(plan.workloads.count) workloads × \(plan.engines.count) engines")
        console.err(plan.shard == .whole ? ")\n" : ", shard \(plan.shard))\n")
        let progress = ProgressBar(total: total, console: console)
        let result = ExplorationRunner(plan: plan).run { done, _, cell in
            progress.update(done: done, label: "\(cell.engine.rawValue) \(GridSizeText.format(cell.photos)) \(cell.workload.name)")
        }
        progress.finish(seconds: result.seconds)
        console.out(gridLines(result))
        if plan.shard == .whole {
            try write(result, to: output)
        } else {
            try writeFile(ExplorationWriters.json(result), output, files[0])
        }
        console.out("wrote \(files.map { (output as NSString).appendingPathComponent($0) }.joined(separator: ", "))\n")
        return .success
    }

    static let allFiles = ["explore.csv", "explore.json", "explore.svg", "explore.md"]

    /// Each cell's grid over the events it timed, a line each, flagged when it left 0.9–1.1×
    /// its nominal size, and its library changes' pruning: `1M default fast: grid smallest
    /// 999,871, median …, largest … photos; 3 of 41 library changes pruned the selection, …`.
    static func gridLines(_ result: ExplorationResult) -> String {
        var seen = Set<String>()
        var text = ""
        for cost in result.costs where cost.operation != "openGrid" {
            let cell = "\(GridSizeText.format(cost.photos)) \(cost.workload) \(cost.engine)"
            guard seen.insert(cell).inserted else { continue }
            let grid = cost.grid
            text += "\(cell): grid smallest \(grouped(grid.smallest)), median \(grouped(grid.median)), "
            text += "largest \(grouped(grid.largest)) photos"
            if !grid.stays(at: cost.photos) { text += " (LEFT 0.9–1.1× \(GridSizeText.format(cost.photos)))" }
            text += "; \(grid.pruning)\n"
        }
        return text
    }

    private static func grouped(_ value: Int) -> String { GridSizeRange.Summary.grouped(value) }

    static func plan(_ arguments: ParsedArguments) throws -> ExplorationPlan {
        // Read in this order, so that the first mistake on the line is the one reported.
        var plan = ExplorationPlan(
            sizes: try arguments.value(sizes), workloads: try arguments.value(workloads),
            engines: try arguments.value(engines), eventsPerCell: try arguments.value(events),
            secondsPerCell: try arguments.value(secondsPerCell),
            referenceMaximumPhotos: try arguments.value(referenceMaximum), seed: try arguments.value(seed),
            shard: try arguments.value(shard))
        guard plan.eventsPerCell >= 1, !plan.sizes.isEmpty, !plan.workloads.isEmpty, !plan.engines.isEmpty else {
            throw UsageError("the sweep is empty: give at least one size, workload and engine, and --events ≥ 1")
        }
        plan.minimumEventsPerCell = min(plan.minimumEventsPerCell, plan.eventsPerCell)
        return plan
    }

    static func merge(_ paths: [String], output: String, force: Bool, console: Console) throws -> ExitCode {
        guard !paths.isEmpty else { throw UsageError("merge needs the shard JSON files") }
        try checkWritable(allFiles, in: output, force: force)
        var parts: [ExplorationResult] = []
        for path in paths {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw TraceLoading.Failure(code: .noInput, message: "\(path): no such file, or not readable")
            }
            do {
                parts.append(try ExplorationWriters.readJSON(text))
            } catch {
                throw TraceLoading.Failure(code: .dataError, message: "\(path): \(error)")
            }
        }
        let merged = ExplorationResult.merge(parts)
        try write(merged, to: output)
        console.out("merged \(paths.count) shards (\(merged.cellCount) cells) into \(output)\n")
        return .success
    }

    private static func write(_ result: ExplorationResult, to directory: String) throws {
        try writeFile(ExplorationWriters.csv(result), directory, "explore.csv")
        try writeFile(ExplorationWriters.json(result), directory, "explore.json")
        try writeFile(ExplorationPlot.svg(result), directory, "explore.svg")
        try writeFile(ExplorationWriters.markdown(result, plotFile: "explore.svg"), directory, "explore.md")
    }

    private static func checkWritable(_ files: [String], in directory: String, force: Bool) throws {
        guard !force else { return }
        for file in files {
            let path = (directory as NSString).appendingPathComponent(file)
            if FileManager.default.fileExists(atPath: path) {
                throw TraceLoading.Failure(code: .cantCreate, message: "gridsim: error: \(path) exists; pass --force to overwrite it")
            }
        }
    }

    private static func writeFile(_ text: String, _ directory: String, _ name: String) throws {
        let path = (directory as NSString).appendingPathComponent(name)
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw TraceLoading.Failure(code: .cantCreate, message: "gridsim: error: cannot write \(path): \(error.localizedDescription)")
        }
    }
}

/// A progress bar on stderr: redrawn in place on a terminal, one line per step otherwise.
final class ProgressBar {
    let total: Int
    let console: Console
    let isTerminal = isatty(STDERR_FILENO) != 0
    let started = Date()

    init(total: Int, console: Console) {
        self.total = total
        self.console = console
    }

    func update(done: Int, label: String) {
        guard done < total else { return }
        let width = 30
        let filled = total == 0 ? width : done * width / total
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        let elapsed = Int(Date().timeIntervalSince(started))
        let line = "[\(bar)] \(done)/\(total) \(elapsed)s  \(label)"
        console.err(isTerminal ? "\r\u{1B}[K" + line : line + "\n")
    }

    func finish(seconds: Double) {
        let line = "[\(String(repeating: "#", count: 30))] \(total)/\(total) done in \(String(format: "%.0f", seconds)) s"
        console.err(isTerminal ? "\r\u{1B}[K" + line + "\n" : line + "\n")
    }
}

extension Double {
    /// "2" for 2.0, "1.5" for 1.5: as a person writes the number.
    fileprivate func formatted() -> String { self == rounded() ? String(Int(self)) : String(self) }
}
