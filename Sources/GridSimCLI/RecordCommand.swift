import CommandLineKit
import Foundation
import PropertyTesting
@_spi(GridSimInternals) import SelectionTrace
import SyntheticSessions
@_spi(GridSimInternals) import TraceRecording

/// `gridsim record OUT`: records a session into a trace as it happens, with a bounded loss
/// window, from a seeded synthetic session or from text events on standard input.
enum RecordCommand: SubcommandDefinition {
    /// Where `record` takes its events from.
    enum Source: String, CaseIterable, Sendable {
        case synthetic
        case stdin
    }

    static let from = Option<Source>.choice("--from", "source", help: "Where events come from.", default: .synthetic)
    static let photos = Option.integer(
        "--photos", "n", help: "The grid's size: synthetic, or stdin without a header line.", default: 10_000)
    static let events = Option.integer("--events", "n", help: "Synthetic: how many events.", default: 100_000)
    static let seed = Option.text(
        "--seed", "n", help: "Synthetic: the session's seed; the same seed records the same events.", default: "1")
    static let mix = Option.text(
        "--mix", "mix", help: "Synthetic: gesture weights and presets, as gridsim generate --mix takes them.",
        default: "default")
    static let ids = Option<PhotoIDStyle>.choice(
        "--ids", "style", help: "Synthetic: how photos are named, as for gridsim generate --ids.", default: .counted)
    static let rate = Option.integer(
        "--rate", "n", help: "Synthetic: events per second, as a live session; 0 is as fast as possible.", default: 0)
    static let flushEvents = Option.integer(
        "--flush-events", "n", help: "Commit at least every n events.", default: FlushPolicy.default.maximumEvents)
    static let flushMilliseconds = Option.integer(
        "--flush-ms", "ms", help: "Commit events at most this long after they are recorded.",
        default: FlushPolicy.default.maximumDelayMilliseconds)
    static let syncEvery = Option.integer(
        "--sync-every", "n", help: "Binary: events between sync points.", default: BinaryTraceFormat.defaultSyncInterval)
    static let tee = Option.flag("--tee", help: "Copy each event to stdout as a text trace line once it is recorded.")
    static let force = Option.flag("--force", help: "Replace the output if it exists.")

    static let syntax = CommandSyntax(
        name: "record",
        abstract: "Record a session into a trace as it happens (synthetic, or events on stdin).",
        positionals: [.init(name: "output", help: "The trace to write: .gstrace (binary) or .jsonl (text).")],
        options: [from, photos, events, seed, mix, ids, rate, flushEvents, flushMilliseconds, syncEvery, tee, force],
        discussion: """
            The trace appears at once with its header and grows as events are committed:
            written to the operating system at least every --flush-events events and at most
            --flush-ms after an event is recorded, so a process killed at any moment loses at
            most that window, and the trace reads back to a prefix of what was recorded (a
            partial last record is a torn tail, reported as a warning). Closing commits the
            rest, writes the end record and fsyncs. SIGINT and SIGTERM close cleanly too.

            Synthetic: the session gridsim generate writes for the same --photos, --seed, --mix
            and --ids (a person browsing, selecting, dragging, deleting a handful, with library
            syncs; the grid keeps its size), its header saying "generator": "gridsim record
            --from synthetic".

            From stdin: one JSON event per line as in a text trace; a header line first sets
            the grid, else --photos does. Lines are recorded as they arrive, with what the app
            saw (seen) and a header's start state kept (SPEC.md section 7).

            In an app: a phone cannot pipe into this command. An app links the GridSimRecorder
            library (Swift, iOS and macOS) or Recorders/javascript (React Native) and records
            its users' gestures itself, with what it showed after each (seen): the whole
            session, or a window of the last 10,000 events in a file of fixed size that
            survives a crash and is written as a trace that starts mid-session when the user
            reports a problem. replay and check compare every seen with SPEC.md and name the
            step where the app departs; docs/recorder.md and docs/bug-reports.md.

            The summary goes to stdout (to stderr with --tee); progress to stderr.

            EXIT CODES:
              0   recorded (also when stopped by SIGINT or SIGTERM)
              64  bad flags or arguments, or an extension that is neither .jsonl nor .gstrace
              65  a malformed line on stdin: what came before it is kept, closed cleanly
              73  the output exists (use --force) or cannot be created
              74  writing failed part way (what was committed stays)

            EXAMPLES:
              gridsim record --photos 1000000 --events 10000000 --seed 7 /tmp/load.gstrace
              gridsim record --rate 50 --flush-events 16 --flush-ms 200 /tmp/live.gstrace
              gridsim record --from stdin /tmp/session.gstrace < Traces/contextual-walkthrough.jsonl
            """)

    struct Settings {
        var output: String
        var fromStandardInput: Bool
        var photos: Int
        var photosGiven: Bool
        var events: Int
        var seed: UInt64
        var mix: WorkloadMix
        var ids: PhotoIDStyle
        var rate: Int
        var policy: FlushPolicy
        var syncInterval: Int
        var tee: Bool
        var force: Bool
    }

    static func settings(_ arguments: ParsedArguments) throws(UsageError) -> Settings {
        let output = arguments.positionals[0]
        _ = try TraceFileOptions.format(of: output, role: "output")
        let photos = try arguments.value(Self.photos)
        let events = try arguments.value(Self.events)
        let rate = try arguments.value(Self.rate)
        let flushEvents = try arguments.value(Self.flushEvents)
        let flushMilliseconds = try arguments.value(Self.flushMilliseconds)
        let syncInterval = try arguments.value(syncEvery)
        let seedText = try arguments.value(Self.seed)
        guard let seed = PropertyRunner.parseSeed(seedText) else {
            throw UsageError("--seed needs a whole number, decimal or 0x-hex; found '\(seedText)'")
        }
        guard photos >= 0, photos <= TraceLimits.default.maximumPhotoCount else {
            throw UsageError("--photos must be between 0 and \(TraceLimits.default.maximumPhotoCount)")
        }
        guard events >= 0, rate >= 0 else { throw UsageError("--events and --rate must not be negative") }
        let mix = try GenerateCommand.parseMix(try arguments.value(Self.mix))
        let ids = try arguments.value(Self.ids)
        try GenerateCommand.checkIDs(ids, photos: photos)
        guard flushEvents >= 1, flushMilliseconds >= 1, syncInterval >= 1 else {
            throw UsageError("--flush-events, --flush-ms and --sync-every must be at least 1")
        }
        return Settings(
            output: output, fromStandardInput: try arguments.value(from) == .stdin, photos: photos,
            photosGiven: arguments.isGiven(Self.photos), events: events, seed: seed, mix: mix, ids: ids, rate: rate,
            policy: FlushPolicy(maximumEvents: flushEvents, maximumDelayMilliseconds: flushMilliseconds),
            syncInterval: syncInterval, tee: arguments.value(tee), force: arguments.value(force))
    }

    static func run(_ arguments: ParsedArguments, console: Console) -> ExitCode {
        let settings: Settings
        do {
            settings = try self.settings(arguments)
        } catch {
            return TraceFileOptions.usage(error, of: syntax, console: console)
        }
        if let refusal = TraceFileOptions.refusal(toWrite: settings.output, input: nil, force: settings.force) {
            console.err(refusal.message + "\n")
            return refusal.code
        }
        return InterruptRequest.catching {
            settings.fromStandardInput
                ? recordStandardInput(settings, console: console) : recordSynthetic(settings, console: console)
        }
    }

    // MARK: - Sources

    private static func recordSynthetic(_ settings: Settings, console: Console) -> ExitCode {
        var session = SyntheticSession(
            SessionSettings(photoCount: settings.photos, mix: settings.mix, seed: settings.seed, ids: settings.ids),
            eventCount: settings.events, generator: "gridsim record --from synthetic")
        guard let recorder = makeRecorder(header: session.header, settings, console: console) else { return .cantCreate }
        var progress = ProgressLine("record", console: console)
        let start = DispatchTime.now().uptimeNanoseconds
        for index in 0..<settings.events {
            if InterruptRequest.signal != 0 { break }
            if settings.rate > 0 { waitUntil(start + UInt64(index) * 1_000_000_000 / UInt64(settings.rate)) }
            guard let event = session.next() else { break }
            if let code = record(event, recorder, settings, console: console) { return code }
            progress.update(events: index + 1, total: settings.events, bytes: recorder.bytesWritten)
        }
        return finish(recorder, settings, console: console)
    }

    private static func recordStandardInput(_ settings: Settings, console: Console) -> ExitCode {
        var lines = StandardInputLines()
        var recorder: TraceRecorder?
        var recorded = 0
        var progress = ProgressLine("record", console: console)
        do {
            while let line = try lines.nextLine(shouldStop: { InterruptRequest.signal != 0 }) {
                switch try TextTraceLine.decode(line, lineNumber: lines.lineNumber) {
                case .blank:
                    continue
                case .header(let header):
                    guard recorder == nil else {
                        throw TraceError(.headerNotFirst, at: .line(lines.lineNumber))
                    }
                    guard let made = makeRecorder(header: header, settings, console: console) else { return .cantCreate }
                    recorder = made
                case .event(let event):
                    if recorder == nil {
                        guard settings.photosGiven else {
                            throw TraceError(
                                .malformed("the first line is an event, not a header: give the grid with --photos N"),
                                at: .line(lines.lineNumber))
                        }
                        guard let made = makeRecorder(header: TraceHeader(photos: .count(settings.photos)), settings, console: console)
                        else { return .cantCreate }
                        recorder = made
                    }
                    if let code = record(event, recorder!, settings, console: console) { return code }
                    recorded += 1
                    progress.update(events: recorded, bytes: recorder!.bytesWritten)
                }
            }
        } catch let error as TraceError where error.isDamage {
            console.err(error.inFile("stdin").description + "\n")
            if let recorder { _ = finish(recorder, settings, console: console) }
            return .dataError
        } catch {
            console.err("gridsim: error: \(error)\n")
            if let recorder { _ = finish(recorder, settings, console: console) }
            return .ioError
        }
        if recorder == nil {
            guard settings.photosGiven else {
                console.err("stdin: no header and no event: give the grid with --photos N to record an empty session\n")
                return .dataError
            }
            guard let made = makeRecorder(header: TraceHeader(photos: .count(settings.photos)), settings, console: console)
            else { return .cantCreate }
            recorder = made
        }
        return finish(recorder!, settings, console: console)
    }

    // MARK: - Recording

    private static func makeRecorder(header: TraceHeader, _ settings: Settings, console: Console) -> TraceRecorder? {
        do {
            return try TraceRecorder(
                path: settings.output, header: header, policy: settings.policy, placement: .live,
                replacing: settings.force, syncInterval: settings.syncInterval)
        } catch {
            console.err("gridsim: error: \(error)\n")
            return nil
        }
    }

    /// Records one event and tees it; an exit code if that failed.
    private static func record(_ event: TraceEvent, _ recorder: TraceRecorder, _ settings: Settings, console: Console) -> ExitCode? {
        do {
            try recorder.record(event)
        } catch let error as TraceError where error.isWriteError {
            // An event no trace can hold: what came before it is kept.
            console.err("gridsim: error: \(error)\n")
            _ = finish(recorder, settings, console: console)
            return .dataError
        } catch {
            // The output cannot be written (`RecordingError`).
            console.err("gridsim: error: \(error)\n")
            return .ioError
        }
        // Echoed only once recorded: a reader of the copy knows the recorder has the event.
        if settings.tee { console.out(TextTraceEncoding.line(for: event) + "\n") }
        return nil
    }

    private static func finish(_ recorder: TraceRecorder, _ settings: Settings, console: Console) -> ExitCode {
        do {
            try recorder.close()
        } catch {
            console.err("gridsim: error: \(error)\n")
            return .ioError
        }
        var summary = "recorded \(recorder.eventCount) events to \(settings.output) (\(recorder.format.rawValue), "
            + "\(TraceFileOptions.size(recorder.bytesWritten))); committed at least every "
            + "\(settings.policy.maximumEvents) events or \(settings.policy.maximumDelayMilliseconds) ms, fsynced on close"
        let signal = InterruptRequest.signal
        if signal != 0 { summary += "; stopped by \(signal == SIGINT ? "SIGINT" : "SIGTERM")" }
        (settings.tee ? console.err : console.out)(summary + "\n")
        return .success
    }

    /// Sleeps until the monotonic clock reads `deadline` (nanoseconds); a signal cuts it short.
    private static func waitUntil(_ deadline: UInt64) {
        let now = DispatchTime.now().uptimeNanoseconds
        guard deadline > now else { return }
        let wait = deadline - now
        var request = timespec(tv_sec: Int(wait / 1_000_000_000), tv_nsec: Int(wait % 1_000_000_000))
        nanosleep(&request, nil)
    }
}
