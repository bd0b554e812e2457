import Exploration
import Foundation
import GestureInput

/// `gridsim explore`: how the cost of each operation grows with the grid, per engine.
enum ExploreCommand {
    static let syntax = CommandSyntax(
        name: "explore",
        abstract: "Sweep grid sizes × workloads × engines; write CSV, JSON, an SVG plot and a report.",
        positionals: [
            .init(
                name: "merge", help: "'merge' followed by shard JSON files joins them into one result.",
                isOptional: true, isVariadic: true)
        ],
        options: [
            .value("--sizes", "list", help: "Grid sizes, e.g. 1K,10K,1M.", default: "1K,10K,100K,1M,10M"),
            .value(
                "--workloads", "list", help: "Workload presets (\(WorkloadMix.presets.map(\.name).joined(separator: ", "))).",
                default: "all"),
            .value("--engines", "list", help: "Engines (fast, reference).", default: "fast,reference"),
            .value("--events", "n", help: "Events generated per cell.", default: "2000"),
            .value("--seconds-per-cell", "s", help: "Time a cell may spend timing events.", default: "2"),
            .value("--reference-max", "n", help: "Largest grid the reference model runs on.", default: "1M"),
            .value("--seed", "n", help: "Seed of the synthetic sessions.", default: "1"),
            .value("--shard", "I/N", help: "Run only slice I of N of the sweep (for a CI job matrix)."),
            .value("--output", "dir", help: "Where to write the files.", default: "explore-results"),
            .flag("--force", help: "Overwrite files that exist."),
        ],
        discussion: """
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
        let output = arguments.value("--output") ?? "explore-results"
        let force = arguments.flag("--force")
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
        if plan.shard == .whole {
            try write(result, to: output)
        } else {
            try writeFile(ExplorationWriters.json(result), output, files[0])
        }
        console.out("wrote \(files.map { (output as NSString).appendingPathComponent($0) }.joined(separator: ", "))\n")
        return .success
    }

    static let allFiles = ["explore.csv", "explore.json", "explore.svg", "explore.md"]

    static func plan(_ arguments: ParsedArguments) throws -> ExplorationPlan {
        var plan = ExplorationPlan()
        if let text = arguments.value("--sizes") {
            plan.sizes = try text.split(separator: ",").map {
                guard let size = GridSizeText.parse(String($0)), size >= 1 else { throw UsageError("--sizes: '\($0)' is not a grid size") }
                return size
            }
        }
        if let text = arguments.value("--workloads"), text != "all" {
            plan.workloads = try text.split(separator: ",").map { name in
                guard let preset = Workload.presets.first(where: { $0.name == name }) else {
                    throw UsageError("--workloads: no workload '\(name)' (\(Workload.presets.map(\.name).joined(separator: ", ")))")
                }
                return preset
            }
        }
        if let text = arguments.value("--engines") {
            plan.engines = try text.split(separator: ",").map {
                guard let engine = ExploredEngine(rawValue: String($0)) else { throw UsageError("--engines: no engine '\($0)'") }
                return engine
            }
        }
        plan.eventsPerCell = try arguments.integer("--events", default: plan.eventsPerCell)
        if let text = arguments.value("--seconds-per-cell") {
            guard let seconds = Double(text), seconds > 0 else { throw UsageError("--seconds-per-cell needs a positive number") }
            plan.secondsPerCell = seconds
        }
        if let text = arguments.value("--reference-max") {
            guard let size = GridSizeText.parse(text) else { throw UsageError("--reference-max: '\(text)' is not a grid size") }
            plan.referenceMaximumPhotos = size
        }
        plan.seed = UInt64(try arguments.integer("--seed", default: 1))
        if let text = arguments.value("--shard") {
            guard let shard = Shard(parsing: text) else { throw UsageError("--shard needs I/N with 1 ≤ I ≤ N; found '\(text)'") }
            plan.shard = shard
        }
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
