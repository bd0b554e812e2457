import CommandLineKit
import Foundation
import GridSimRecorder

/// `gridsim recover WINDOW`: the trace a window recorder's file holds, written on a desktop.
/// An app may send the file itself (after a crash, the next launch finds it) rather than write
/// the trace on the device; this is `WindowRecorder.recover(at:)` then `writeTrace(to:)`.
enum RecoverCommand: SubcommandDefinition {
    static let output = Option<String?>.text(
        "--output", "file", help: "Where to write the window's trace.", shownDefault: "WINDOW with .jsonl")
    static let force = Option.flag("--force", help: "Overwrite the output file if it exists.")

    static let syntax = CommandSyntax(
        name: "recover",
        abstract: "Write the trace a window recorder's file holds (after a crash, or sent from an app).",
        positionals: [.init(name: "window", help: "A window file that GridSimRecorder's WindowRecorder wrote.")],
        options: [output, force],
        discussion: """
            An app keeps the last events of its grid in a window file of fixed size
            (GridSimRecorder's WindowRecorder, docs/recorder.md). This reads one, as the app's
            next launch would, and writes its window as a text trace: a header whose start state
            is the state before the window's first event (SPEC.md section 7), then the window's
            events with what the app saw after each. The window file is only read. It says
            whether the run that recorded it closed cleanly; check, replay and view read the
            trace, and name the step where the app departs from SPEC.md.

            EXIT CODES:
              0   the trace was written
              64  bad flags or arguments
              65  the file is not a window file, or is damaged or cut short: what is wrong, on stderr
              66  the window file is missing
              73  the output exists (use --force) or cannot be written

            EXAMPLE:
              gridsim recover crash.window --output crash.jsonl && gridsim check crash.jsonl
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let path = arguments.positionals[0]
        let output = try arguments.value(Self.output) ?? URL(fileURLWithPath: path).deletingPathExtension().path + ".jsonl"
        guard TraceFileOptions.inputExists(path, console: console) else { return .noInput }
        if output == path {
            console.err("gridsim: error: the output would overwrite the window file \(path); choose another --output\n")
            return .cantCreate
        }
        if FileManager.default.fileExists(atPath: output) && !arguments.value(force) {
            console.err("gridsim: error: \(output) exists; pass --force to overwrite it\n")
            return .cantCreate
        }
        let window: RecoveredWindow
        do {
            guard let found = try WindowRecorder.recover(at: path) else {
                console.err("\(path): no such file\n")
                return .noInput
            }
            window = found
        } catch {
            console.err("\(error)\n")
            return .dataError
        }
        do {
            try window.writeTrace(to: output)
        } catch {
            console.err("gridsim: error: cannot write \(output): \(error)\n")
            return .cantCreate
        }
        let last = window.firstEventNumber + window.eventCount - 1
        console.out(
            "recovered a window of \(window.eventCount) events (events \(window.firstEventNumber)…\(last) of the session's "
                + "\(window.sessionEventCount)); the run that recorded it "
                + (window.previousRunClosedCleanly ? "closed cleanly" : "did not close cleanly (a crash or a kill)")
                + ": \(output)\n")
        return .success
    }
}
