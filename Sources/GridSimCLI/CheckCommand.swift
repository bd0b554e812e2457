import PropertyTesting
import SelectionCore
import SelectionTrace

/// `gridsim check TRACE`: every property on one trace, for a bug report.
enum CheckCommand {
    static let syntax = CommandSyntax(
        name: "check",
        abstract: "Check every property on a trace: invariants, engines agreeing, replay, diffs.",
        positionals: [.init(name: "trace", help: "A text trace (JSON Lines, SPEC.md section 4).")],
        options: [
            .value("--property", "name", help: "Check only this property.", choices: Properties.all.map(\.name))
        ],
        discussion: """
            Properties:
            \(Properties.all.map { "  \($0.name.padding(toLength: 22, withPad: " ", startingAt: 0))\($0.summary)" }.joined(separator: "\n"))

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
        let trace = try TraceLoading.load(path)
        let properties = selectedProperties(arguments)
        var failed = 0
        for property in properties {
            if let failure = property.check(trace) {
                failed += 1
                console.out("FAIL  \(property.name)" + (failure.step.map { " at step \($0)" } ?? "") + ": \(failure.message)\n")
            } else {
                console.out("ok    \(property.name)\n")
            }
        }
        console.out(
            failed == 0
                ? "\(properties.count) passed, 0 failed\n"
                : "\(properties.count - failed) passed, \(failed) failed; 'gridsim shrink \(path)' makes it smaller\n")
        return failed == 0 ? .success : .failure
    }

    static func selectedProperties(_ arguments: ParsedArguments) -> [Property] {
        guard let name = arguments.value("--property") else { return Properties.all }
        return Properties.all.filter { $0.name == name }
    }
}

/// `gridsim shrink TRACE`: the smallest trace that still fails the same property.
enum ShrinkCommand {
    static let syntax = CommandSyntax(
        name: "shrink",
        abstract: "Minimise a trace that fails a check, and write the smaller trace.",
        positionals: [.init(name: "trace", help: "A text trace that fails 'gridsim check'.")],
        options: [
            .value("--output", "file", help: "Where to write the smaller trace.", default: "TRACE with .shrunk.jsonl"),
            .value("--property", "name", help: "The failure to keep; default the first that fails.", choices: Properties.all.map(\.name)),
            .flag("--force", help: "Overwrite the output file if it exists."),
        ],
        discussion: """
            The smaller trace fails the same property. Its header's meta names the property,
            the step and the failure. The input is never modified.

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
        let output = arguments.value("--output") ?? (path.hasSuffix(".jsonl") ? String(path.dropLast(6)) : path) + ".shrunk.jsonl"
        if output == path {
            console.err("gridsim: error: the output would overwrite the input \(path); choose another --output\n")
            return .cantCreate
        }
        if FileManager.default.fileExists(atPath: output) && !arguments.flag("--force") {
            console.err("gridsim: error: \(output) exists; pass --force to overwrite it\n")
            return .cantCreate
        }
        let properties = CheckCommand.selectedProperties(arguments)
        guard let property = properties.first(where: { $0.check(trace) != nil }) else {
            console.err("gridsim: every property holds on \(path): nothing to shrink\n")
            return .failure
        }
        let (shrunk, failure) = PropertyRunner.shrink(trace, failing: property)
        var written = shrunk
        var meta: [(key: String, value: JSONValue)] = [
            ("property", .string(property.name)), ("failure", .string(failure.message)),
            ("shrunkFrom", .string(path)),
        ]
        if let step = failure.step { meta.insert(("step", .integer(step)), at: 1) }
        written.header.meta = JSONObject(meta)
        do {
            try written.text.write(toFile: output, atomically: true, encoding: .utf8)
        } catch {
            console.err("gridsim: error: cannot write \(output): \(error.localizedDescription)\n")
            return .cantCreate
        }
        console.out(
            "\(property.name)" + (failure.step.map { " fails at step \($0)" } ?? " fails") + ": \(failure.message)\n"
                + "shrunk \(trace.events.count) events to \(shrunk.events.count), \(trace.header.photos.count) photos to "
                + "\(shrunk.header.photos.count): \(output)\n")
        return .success
    }
}

import Foundation
