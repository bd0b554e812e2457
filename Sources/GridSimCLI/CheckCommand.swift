import CommandLineKit
import Foundation
import PropertyTesting
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace

/// `gridsim check TRACE`: every property on one trace, for a bug report. The work is
/// `TraceChecking.check`; this adds the arguments, the file and the exit codes.
enum CheckCommand: SubcommandDefinition {
    static let property = Option<String?>.text(
        "--property", "name", help: "Check only this property.", choices: Properties.all.map(\.name))

    static let syntax = CommandSyntax(
        name: "check",
        abstract: "Check every property on a trace: invariants, engines agreeing, replay, diffs.",
        positionals: [.init(name: "trace", help: "A trace: JSON Lines (SPEC.md section 4), or binary (.gstrace).")],
        options: [property],
        discussion: """
            Properties:
            \(Properties.all.map { "  \($0.name.padding(toLength: 22, withPad: " ", startingAt: 0))\($0.summary)" }.joined(separator: "\n"))

            The trace is read once, the engine under test and the reference model replaying it in
            lockstep; memory is bounded by the grid, not by the trace's length. With two cores or
            more, snapshot-diff runs on a second thread, on the same events; the report is the
            same. Every step is checked in what it changed; whole states are compared at
            checkpoints and after the last step:
            \(Properties.all.map { wrapped($0.coverage, label: $0.name) }.joined(separator: "\n"))

            CHECKPOINTS:
              A checkpoint costs the grid's photos (plus one per \(CheckpointSchedule.slotsPerPhoto) ids the session has seen).
              The check may spend \(CheckpointSchedule.defaultUpfrontPhotos) photos of it up front, then \(CheckpointSchedule.defaultPhotosPerStep) per step:
              a short trace over a small grid has a checkpoint after every step, a long one over N
              photos one about every N / \(CheckpointSchedule.defaultPhotosPerStep) steps. The last step is always one. When a
              checkpoint finds whole states that differ or break an invariant, the steps since an
              earlier checkpoint are replayed from copies taken there and bisected: the failure
              names the step that made the states wrong.

            Progress goes to standard error, once a second, when the check takes more than a second.

            EXIT CODES:
              0   every property holds
              1   a property fails: its name, the step and what differs are printed
              64  bad flags or arguments
              65  the trace is malformed
              66  the trace file is missing or cannot be opened

            EXAMPLE:
              gridsim check bug-report.jsonl && echo "the engines agree on this trace"
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let path = arguments.positionals[0]
        var trace = try TraceStream.open(path)
        var progress = ProgressLine("check", console: console)
        let bytesRead = trace.bytesRead
        let started = DispatchTime.now()
        let report: TraceChecking.Report
        do {
            report = try TraceChecking.check(
                header: trace.header, events: &trace.source, properties: selectedProperties(arguments)
            ) { events in
                progress.update(events: events, bytes: bytesRead())
            }
        } catch {
            throw TraceLoading.failure(error, path: path)
        }
        for warning in trace.warnings() { console.err(warning + "\n") }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        if seconds >= 1 {
            console.err(String(format: "check: %d events, %d checkpoints, %.1f s\n", report.events, report.checkpoints, seconds))
        }
        console.out(TraceChecking.lines(for: report, tracePath: path))
        return report.failedCount == 0 ? .success : .failure
    }

    /// `text` after `label` in a column, wrapped at 92 characters.
    static func wrapped(_ text: String, label: String) -> String {
        var lines: [String] = []
        var line = "  " + label.padding(toLength: 22, withPad: " ", startingAt: 0)
        for word in text.split(separator: " ") {
            if line.count + word.count + 1 > 92 && line.count > 24 {
                lines.append(line)
                line = String(repeating: " ", count: 24)
            }
            line += (line.last == " " ? "" : " ") + word
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    /// The properties `--property` names, for the engine with the bug `GRIDSIM_PLANTED_BUG`
    /// names planted (the fast engine as it is when unset or naming no bug).
    static func selectedProperties(_ arguments: ParsedArguments) -> [Property] {
        let all = Properties.all(plantedBug: plantedBug)
        guard let name = try? arguments.value(property) else { return all }
        return all.filter { $0.name == name }
    }

    /// `GRIDSIM_PLANTED_BUG` as the environment sets it.
    static var plantedBug: String? { ProcessInfo.processInfo.environment[Properties.plantedBugVariable] }
}

/// `gridsim shrink TRACE`: the smallest trace that still fails the same property. The work is
/// `TraceShrinking.shrink`; this adds the arguments, the files and the exit codes.
enum ShrinkCommand: SubcommandDefinition {
    static let output = Option<String?>.text(
        "--output", "file", help: "Where to write the smaller trace.", shownDefault: "TRACE with .shrunk.jsonl")
    static let property = Option<String?>.text(
        "--property", "name", help: "The failure to keep; default the first that fails.",
        choices: Properties.all.map(\.name))
    static let force = Option.flag("--force", help: "Overwrite the output file if it exists.")

    static let syntax = CommandSyntax(
        name: "shrink",
        abstract: "Minimise a trace that fails a check, and write the smaller trace.",
        positionals: [.init(name: "trace", help: "A text trace that fails 'gridsim check'.")],
        options: [output, property, force],
        discussion: """
            The smaller trace fails the same property. Its header's meta names the property,
            the step and the failure. The input is never modified.

            First the trace is cut after the failing step and the grid made smaller (down to the
            photos the events name, when that still fails), then the leading events the failure
            does not need are dropped (a bisection), then runs of events and single events are
            dropped and arguments simplified while the trace still fails.
            Progress goes to standard error, once a second, when shrinking takes more than a
            second; the summary says how long it took and how many checks it ran.

            EXIT CODES:
              0   the smaller trace was written
              1   no property fails on this trace: nothing to shrink, nothing written
              64  bad flags or arguments
              65  the trace is malformed
              66  the trace file is missing or cannot be opened
              73  the output exists (use --force) or cannot be written
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let path = arguments.positionals[0]
        let trace = try TraceLoading.load(path)
        let output = try arguments.value(Self.output) ?? (path.hasSuffix(".jsonl") ? String(path.dropLast(6)) : path) + ".shrunk.jsonl"
        if output == path {
            console.err("gridsim: error: the output would overwrite the input \(path); choose another --output\n")
            return .cantCreate
        }
        if FileManager.default.fileExists(atPath: output) && !arguments.value(force) {
            console.err("gridsim: error: \(output) exists; pass --force to overwrite it\n")
            return .cantCreate
        }
        let started = DispatchTime.now()
        var lastReport = started
        let progress: (ShrinkProgress) -> Void = { progress in
            let now = DispatchTime.now()
            guard now.uptimeNanoseconds - lastReport.uptimeNanoseconds >= 1_000_000_000 else { return }
            lastReport = now
            let seconds = Double(now.uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
            console.err(
                String(format: "shrink: %.0f s, %d checks, ", seconds, progress.checks)
                    + "\(progress.phase.rawValue); smallest so far: \(progress.events) events, \(progress.photos) photos\n")
        }
        guard
            let result = TraceShrinking.shrink(
                trace, properties: CheckCommand.selectedProperties(arguments), progress: progress)
        else {
            console.err("gridsim: every property holds on \(path): nothing to shrink\n")
            return .failure
        }
        do {
            try TraceShrinking.annotated(result, shrunkFrom: path).text.write(toFile: output, atomically: true, encoding: .utf8)
        } catch {
            console.err("gridsim: error: cannot write \(output): \(error.localizedDescription)\n")
            return .cantCreate
        }
        let failure = result.failure
        console.out(
            "\(result.property)" + (failure.step.map { " fails at step \($0)" } ?? " fails") + ": \(failure.message)\n"
                + "shrunk \(trace.events.count) events to \(result.shrunk.events.count), \(trace.header.photos.count) photos to "
                + "\(result.shrunk.header.photos.count): \(output)\n"
                + String(format: "shrinking took %.1f s and ran %d checks\n", result.seconds, result.checks))
        return .success
    }
}
