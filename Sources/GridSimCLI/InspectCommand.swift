import CommandLineKit
import Foundation
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace
@_spi(GridSimInternals) import TraceReplay

/// `gridsim inspect TRACE`: what a trace holds and whether it is damaged, without replaying it.
enum InspectCommand: SubcommandDefinition {
    static let json = Option.flag("--json", help: "Print the description as one JSON object.")
    static let salvage = Option.flag(
        "--salvage", help: "Read past damage, listing every damaged stretch and what was lost.")

    static let syntax = CommandSyntax(
        name: "inspect",
        abstract: "Describe a trace: header, events by kind, duration, size and any damage.",
        positionals: [.init(name: "trace", help: "A trace (.jsonl or .gstrace).")],
        options: [json, salvage] + TraceFileOptions.limitOptions,
        discussion: """
            The trace is streamed once; nothing is replayed. Damage is listed with its byte
            offset and record number (binary) or line (text). A torn tail (a partial last
            record or line, as a killed recorder leaves) is a warning: the trace ends before it.

            EXIT CODES:
              0   described; the trace is intact, or only its tail is torn
              64  bad flags or arguments
              65  the trace is damaged before its end, or its header is malformed: what could be
                  read is still described, with the damage
              66  the trace file is missing or cannot be opened

            EXAMPLES:
              gridsim inspect Traces/picker-tray-limit.jsonl
              gridsim inspect --salvage --json damaged.gstrace
            """)

    static func run(_ arguments: ParsedArguments, console: Console) -> ExitCode {
        let path = arguments.positionals[0]
        let limits: TraceLimits
        do throws(UsageError) {
            limits = try TraceFileOptions.limits(arguments)
            _ = try TraceFileOptions.format(of: path, role: "trace")
        } catch {
            return TraceFileOptions.usage(error, of: syntax, console: console)
        }
        guard TraceFileOptions.inputExists(path, console: console) else { return .noInput }
        var reader: TraceFileReader
        do {
            // Photos are only counted here, never named: the reader need not keep ids.
            reader = try TraceFileReader(
                path: path, options: .init(limits: limits, salvage: arguments.value(salvage), keepsIDs: false))
        } catch {
            let failure = TraceLoading.failure(error, path: path)
            console.err(failure.message + "\n")
            return failure.code
        }
        var progressLine = ProgressLine("inspect", console: console)
        let inspection: TraceInspection
        do {
            inspection = try TraceInspection.inspect(&reader) { events, bytes in
                progressLine.update(events: events, bytes: bytes)
            }
        } catch {
            let failure = TraceLoading.failure(error, path: path)
            console.err(failure.message + "\n")
            return failure.code
        }
        let size = TraceFileOptions.fileSize(path)
        console.out(
            arguments.value(json)
                ? inspection.json(reader, path: path, fileSize: size) : inspection.text(reader, path: path, fileSize: size))
        if let error = inspection.failure {
            // As every command names a bad line: `FILE:LINE: what`, or the byte offset.
            console.err(TraceLoading.failure(error, path: path).message + "\n")
            return .dataError
        }
        return .success
    }
}
