import CommandLineKit
import Foundation
import GestureInput
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace
import TraceView

/// `gridsim view TRACE`: one self-contained HTML page that replays a trace step by step in
/// the grid's own layout, for a bug report or a CI artifact.
enum ViewCommand: SubcommandDefinition {
    static let output = Option<String?>.text(
        "--output", "file", help: "Where to write the page ('-' for standard output).",
        shownDefault: "the trace's name with .html, beside it")
    static let force = Option.flag("--force", help: "Overwrite the output file if it exists.")
    static let at = Option<Int?>.integer(
        "--at", "step", help: "The step the page opens at when its URL names none (0 is the start).",
        shownDefault: "where the app departs from SPEC.md when the trace records what it saw (seen); else 0")
    static let to = Option<Int?>.integer(
        "--to", "step", help: "The last step the page holds: the page of the trace's first events.",
        shownDefault: "the last")
    static let width = Option<Double?>(
        "--width", "points",
        help: "The viewport width the grid is laid out for (the seed's adaptive layout: 110-pt minimum, "
            + "4-pt spacing).", default: nil, shownDefault: "the pointer layer's viewport, else 393"
    ) { text, _ throws(UsageError) in
        guard let value = Double(text), value.isFinite, value >= 1, value <= 10_000 else {
            throw UsageError("--width must be a number of points from 1 to 10000; found '\(text)'")
        }
        return value
    }

    static let syntax = CommandSyntax(
        name: "view",
        abstract: "Write a self-contained HTML page that replays a trace step by step.",
        positionals: [
            .init(name: "trace", help: "A trace: text (.jsonl, SPEC.md section 4) or binary (.gstrace).")
        ],
        options: [output, force, at, to, width],
        discussion: """
            The page loads nothing (no network, fonts, scripts or images) and works from file://, so it
            can be attached to a bug report or kept as a CI artifact. It embeds the trace's events and,
            for every step, its outcome and what changed (the engine's selection and grid diffs, the
            tray's changes), never a state per step: the page rebuilds each state by applying them.
            Open it at a step with #step=N in its URL; step with the arrow keys, Home and End. --to N
            makes the page of the first N events (the rest of the trace is read only to check it).

            Grids of more than 500 photos show a window of 20 rows around the photos the step touches
            and an overview strip of the whole grid marking where the chosen photos lie. A two-layer
            trace (docs/pointer-traces.md) also shows the touches on the grid before each step and what
            each resolved to.

            The trace is replayed once, streamed, with the fast engine (a two-layer trace's raw input is
            read in a second pass); memory grows with the grid and with the page being written. The page
            names every photo the trace has: PhotoKit-style ids take 20 bytes each, ids numbered in runs
            (1 … N, s1, s2, …) a few bytes a run; the steps take about 25 bytes each.

            EXIT CODES:
              0   written
              64  bad flags or arguments, or --at or --to outside the trace
              65  the trace is malformed: FILE:LINE: what is wrong, on stderr; nothing is written
              66  the trace file is missing or cannot be opened
              70  a step's diff did not account for what the engine did (a bug: please report it)
              73  the output exists (use --force) or cannot be created
              74  writing the page failed

            EXAMPLES:
              gridsim view Traces/picker-tray-limit.jsonl --output tray.html
              gridsim view Traces/pointer/contextual-walkthrough.jsonl --at 5 --output walk.html
              gridsim view big.gstrace --width 744 --output big.html     # an iPad-wide grid
              gridsim view soak.gstrace --to 100000 --output first.html  # the first 100,000 events
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let path = arguments.positionals[0]
        let output = try arguments.value(Self.output) ?? Self.defaultOutput(for: path)
        let wantedStep = arguments.wantedStep(at, fallback: 0)
        let lastStep = arguments.wantedStep(to, fallback: nil)
        let width = try arguments.value(Self.width)
        if output != "-", FileManager.default.fileExists(atPath: output), !arguments.value(force) {
            console.err("gridsim: error: \(output) exists; pass --force to overwrite it\n")
            return .cantCreate
        }

        let source = try TraceLoading.source(path) { console.err($0 + "\n") }
        var pointer = try TraceLoading.mapErrors(path) { try ViewPointerLayer.read(path: path) }
        if let lastStep, lastStep >= 0, let lines = pointer?.lines { pointer?.lines = Array(lines.prefix(lastStep)) }
        var options = ViewTimeline.Options()
        options.width = width ?? pointer?.viewport.width ?? 393
        if arguments.isGiven(at) { options.initialStep = wantedStep ?? 0 }
        options.lastStep = lastStep.map { max($0, 0) }
        options.name = URL(fileURLWithPath: path).lastPathComponent
        options.pointer = pointer
        var progressLine = ProgressLine("view", console: console)
        let timeline = try TraceLoading.mapErrors(path) {
            do {
                return try ViewTimeline(source: source, options: options) { events, bytes in
                    progressLine.update(events: events, bytes: bytes)
                }
            } catch let error as ViewBuildError {
                throw TraceLoading.Failure(code: .software, message: "gridsim: internal error: \(path): \(error)")
            }
        }
        for damage in timeline.damage { console.err("warning: \(path): \(damage)\n") }
        _ = try arguments.step(to, absent: timeline.eventCount, eventCount: timeline.eventCount)
        _ = try arguments.step(at, absent: 0, eventCount: timeline.stepCount)

        let page = ViewPage.html(title: options.name, data: timeline.json.bytes)
        if output == "-" {
            console.out(String(decoding: page, as: UTF8.self))
            return .success
        }
        guard let handle = TraceFileOptions.createOutput(output, console: console) else { return .cantCreate }
        do {
            try handle.write(contentsOf: page)
            try handle.close()
        } catch {
            console.err("gridsim: error: writing \(output) failed: \(error)\n")
            return .ioError
        }
        console.err("wrote \(output): \(timeline.stepCount) steps, \(TraceFileOptions.size(page.count))\n")
        return .success
    }

    /// `dir/name.jsonl` → `dir/name.html`.
    static func defaultOutput(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingPathExtension().appendingPathExtension("html").path
    }
}
