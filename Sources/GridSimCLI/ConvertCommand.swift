import CommandLineKit
import Foundation
@_spi(GridSimInternals) import SelectionTrace
@_spi(GridSimInternals) import TraceRecording

/// `gridsim convert IN OUT`: a trace from one format to the other (or the same), streaming.
enum ConvertCommand: SubcommandDefinition {
    static let force = Option.flag("--force", help: "Replace the output if it exists.")
    static let salvage = Option.flag(
        "--salvage", help: "Skip damaged records (binary) or lines (text) and report what was lost.")
    static let syncEvery = Option.integer(
        "--sync-every", "n", help: "Binary output: events between sync points.",
        default: BinaryTraceFormat.defaultSyncInterval)

    static let syntax = CommandSyntax(
        name: "convert",
        abstract: "Convert a trace between text (.jsonl) and binary (.gstrace), by extension.",
        positionals: [
            .init(name: "input", help: "The trace to read (.jsonl or .gstrace)."),
            .init(name: "output", help: "The trace to write (.jsonl or .gstrace); it appears only when complete."),
        ],
        options: [force, salvage, syncEvery] + TraceFileOptions.limitOptions,
        discussion: """
            The events, their times, the header and its meta carry over unchanged, so replaying
            the output gives the same report as replaying the input. The input is streamed: a
            trace of millions of events never sits in memory. The output is written beside its
            final name and renamed into place when complete, so a failed conversion leaves
            nothing behind and never harms an existing file (which is replaced only with --force).

            A torn tail (a partial last record or line, as a killed recorder leaves) ends the
            input with a warning. Other damage stops the conversion with FILE: byte N
            (record R) or FILE:LINE, unless --salvage skips it.

            EXIT CODES:
              0   converted (warnings, if any, on stderr)
              64  bad flags or arguments, or an extension that is neither .jsonl nor .gstrace
              65  the input is malformed or damaged (without --salvage); nothing is written
              66  the input is missing or cannot be opened
              73  the output exists (use --force), is the input, or cannot be created
              74  reading or writing failed part way

            EXAMPLES:
              gridsim convert Traces/contextual-walkthrough.jsonl /tmp/walkthrough.gstrace
              gridsim convert --salvage damaged.gstrace recovered.gstrace
            """)

    static func run(_ arguments: ParsedArguments, console: Console) -> ExitCode {
        let input = arguments.positionals[0]
        let output = arguments.positionals[1]
        let limits: TraceLimits
        let syncInterval: Int
        do throws(UsageError) {
            limits = try TraceFileOptions.limits(arguments)
            syncInterval = try arguments.value(syncEvery)
            guard syncInterval >= 1 else { throw UsageError("--sync-every must be at least 1") }
            _ = try TraceFileOptions.format(of: input, role: "input")
            _ = try TraceFileOptions.format(of: output, role: "output")
        } catch {
            return TraceFileOptions.usage(error, of: syntax, console: console)
        }
        guard TraceFileOptions.inputExists(input, console: console) else { return .noInput }
        if let refusal = TraceFileOptions.refusal(toWrite: output, input: input, force: arguments.value(force)) {
            console.err(refusal.message + "\n")
            return refusal.code
        }

        var reader: TraceFileReader
        do {
            reader = try TraceFileReader(path: input, options: .init(limits: limits, salvage: arguments.value(salvage)))
        } catch {
            let failure = TraceLoading.failure(error, path: input)
            console.err(failure.message + "\n")
            return failure.code
        }
        let format = TraceFileFormat(path: output)!
        let sink: TraceFileSink
        do {
            try TraceConversion.validate(reader.header)
            sink = try TraceFileSink(path: output, replacing: arguments.value(force))
        } catch {
            console.err("gridsim: error: \(error)\n")
            return .cantCreate
        }

        var progressLine = ProgressLine("convert", console: console)
        var destination = sink
        let result: TraceConversion.Result
        do {
            result = try TraceConversion.convert(
                &reader, to: format, into: &destination, syncInterval: syncInterval
            ) { events, bytes in
                progressLine.update(events: events, bytes: bytes)
            }
        } catch where error is RecordingError || (error as? TraceError)?.isWriteError == true {
            sink.abandon()
            console.err("gridsim: error: \(error)\n")
            return .ioError
        } catch {
            sink.abandon()
            let failure = TraceLoading.failure(error, path: input)
            console.err(failure.message + "\n")
            if failure.code == .dataError { console.err("nothing was written; --salvage reads past damage\n") }
            return failure.code
        }
        do {
            try sink.close()
        } catch {
            console.err("gridsim: error: \(error)\n")
            if (error as? RecordingError)?.kind == .outputExists { return .cantCreate }
            return .ioError
        }

        for damage in reader.damage { console.err("warning: \(input): \(damage)\n") }
        if let lost = reader.binaryReader?.lostEventsSummary {
            console.err("warning: \(input): salvage lost \(lost)\n")
        }
        console.out(
            "converted \(result.events) events: \(input) (\(reader.format.rawValue), "
                + "\(TraceFileOptions.size(TraceFileOptions.fileSize(input)))) -> \(output) (\(format.rawValue), "
                + "\(TraceFileOptions.size(result.bytes)))\n")
        return .success
    }
}
