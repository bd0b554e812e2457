import CommandLineKit
import Foundation
import GestureInput
import PropertyTesting
@_spi(GridSimInternals) import SelectionTrace
import SyntheticSessions
@_spi(GridSimInternals) import TraceRecording

/// `gridsim generate`: a synthetic user session as a trace, semantic or two-layer; text, or
/// binary when the output's name ends in `.gstrace`.
enum GenerateCommand: SubcommandDefinition {
    static let seed = Option.text(
        "--seed", "seed", help: "The session's seed, decimal or 0x-hex; the same seed gives the same trace.",
        default: "1")
    static let photos = Option.integer("--photos", "n", help: "The grid's photo count.", default: 1000)
    static let ids = Option<PhotoIDStyle>.choice(
        "--ids", "style",
        help: "How photos are named: counted (ids \"1\" … \"N\", the header gives only the count) or "
            + "photokit (PhotoKit-style local identifiers drawn from the seed, listed in the header).",
        default: .counted)
    static let events = Option.integer("--events", "n", help: "How many events the trace has.", default: 1000)
    static let limit = Option<Int?>.integer(
        "--limit", "n",
        help: "The most photos that may be chosen (the picker's tray, written in the header); the user "
            + "presses the tray's remove button on the oldest pick to make room.",
        shownDefault: "none")
    static let mix = Option.text(
        "--mix", "mix", help: "Gesture weights: gesture=weight items and presets, comma-separated (see below).",
        default: "default")
    static let layer = Option<TraceLayer>.choice(
        "--layer", "layer",
        help: "Semantic events only, or two layers: raw pointer input and the events it resolved to.",
        default: .semantic)
    static let viewport = Option.text(
        "--viewport", "WxH", help: "The grid's visible size in points (pointer layer).", default: "393x852")
    static let output = Option<String?>.text(
        "--output", "file",
        help: "Write the trace there instead of standard output: binary if its name ends in .gstrace, else text.")
    static let force = Option.flag("--force", help: "Overwrite the output file if it exists.")

    static let syntax = CommandSyntax(
        name: "generate",
        abstract: "Write a synthetic user session: a seeded trace of any length, for any grid size.",
        positionals: [],
        options: [seed, photos, ids, events, limit, mix, layer, viewport, output, force],
        discussion: """
            The session is a Markov chain over gestures, weighted by the mix: browsing and opening
            photos, long presses, bursts of taps, drags to select, Select all, Delete, Move, Share,
            storms of library syncs, scrolling and rotating; with --limit, the tray's remove
            button. It is streamed: memory grows with the grid, never with the number of events.

            A session keeps its library, as a real one keeps its size: Delete takes the handful of
            photos a person chose, Select all is followed by Deselect all or Done (or, on an
            album of at most 200 photos, Share or Move), and library syncs bring about as many
            photos as they take. Over 1,000 photos or more, every preset keeps the grid between
            0.9 and 1.1 times --photos from the first event to the last; the gesture deleteAll
            (Select all, then Delete; in no preset) empties it, for a shrinking library. When
            done, the grid's smallest, median and largest size over the session go to standard
            error. A pointer-layer trace replays to the same report as the semantic trace of the
            same seed (gridsim replay --input pointer). A long run reports its progress on
            standard error about once a second.

            The format follows the output's extension, as for gridsim convert: --output FILE.gstrace
            writes a binary trace, the bytes gridsim convert makes of the text trace (its session
            salt aside, which is random per file); any other name, or standard output, gets text.
            The binary format holds no pointer layer, so --layer pointer needs a text output.
            A binary output takes its name only once written whole. Neither output is fsynced:
            the same flags make it again.

            MIX:
              gestures: \(SessionGesture.allCases.map(\.rawValue).joined(separator: ", "))
              presets:  \(WorkloadMix.presets.map { "\($0.name) (\($0.mix))" }.joined(separator: "\n            "))
              prune=SHARE: the share (0 to 1) of syncs meeting a selection that remove
                1 to 3 chosen photos; default \(PointerJSON.number(WorkloadMix.defaultPruningShare)). Standard error
                gets the grid's range and how many library changes pruned the selection.

            EXIT CODES:
              0   written
              64  bad flags or arguments
              73  the output exists (use --force) or cannot be created
              74  writing failed part way

            EXAMPLES:
              gridsim generate --photos 10000000 --events 1000000 --output load.jsonl
              gridsim generate --photos 1000000 --events 1001 --ids photokit --output photokit.jsonl
              gridsim generate --photos 1000000 --events 1000000 --output load.gstrace
              gridsim generate --layer pointer --events 200 --seed 7 --mix default,sync=5
              gridsim generate --mix selecting,drag=6 --limit 5 --events 500
              gridsim generate --mix burst=4,delete=1,sync=2 | gridsim replay /dev/stdin
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let settings = try sessionSettings(arguments)
        let eventCount = try arguments.value(events)
        guard eventCount >= 0 else { throw UsageError("--events must be at least 0; found \(eventCount)") }

        let path = try arguments.value(output).flatMap { $0 == "-" ? nil : $0 }
        let format = path.flatMap(TraceFileFormat.init(path:)) ?? .text
        let layer = try arguments.value(Self.layer)
        if format == .binary && layer == .pointer {
            throw UsageError(
                "--layer pointer writes raw input, which a binary trace cannot hold; write it to a .jsonl file")
        }

        if let path, FileManager.default.fileExists(atPath: path) && !arguments.value(force) {
            console.err("gridsim: error: \(path) exists; pass --force to overwrite it\n")
            return .cantCreate
        }
        var progressLine = ProgressLine("generate", console: console)
        let progress: TraceProgress = { events, bytes in
            progressLine.update(events: events, total: eventCount, bytes: bytes)
        }
        if let path, format == .binary {
            do {
                let gridSizes = try SyntheticSession.recordBinary(
                    settings, eventCount: eventCount, to: path, replacing: arguments.value(force), progress: progress)
                reportGridSizes(gridSizes, console: console)
            } catch let error as RecordingError {
                console.err("gridsim: error: \(error)\n")
                switch error.kind {
                case .outputExists, .cannotCreate: return .cantCreate
                case .writeFailed, .recorderClosed: return .ioError
                }
            } catch let error as TraceError where error.isWriteError {
                console.err("gridsim: error: \(error)\n")
                return .ioError
            }
            return .success
        }

        var sink: LineSink
        if let path {
            guard let handle = TraceFileOptions.createOutput(path, console: console) else { return .cantCreate }
            sink = LineSink(path: path, handle: handle)
        } else {
            sink = LineSink(console: console)
        }
        do {
            let gridSizes: GridSizeRange
            if layer == .pointer {
                var session = SyntheticPointerSession(settings, eventCount: eventCount)
                try session.write(to: &sink, progress: progress)
                gridSizes = session.gridSizes
            } else {
                gridSizes = try SyntheticSession.writeText(settings, eventCount: eventCount, to: &sink, progress: progress)
                    .gridSizes
            }
            try sink.close()
            reportGridSizes(gridSizes, console: console)
        } catch {
            console.err("gridsim: error: writing \(sink.name) failed: \(error)\n")
            return .ioError
        }
        return .success
    }

    /// The grid's size over the session, then what its library changes took from the
    /// selection, on standard error (standard output may be the trace):
    /// `generate: grid over 100000 events: smallest 999,871, median 1,000,004, largest …`,
    /// `generate: 812 of 16,067 library changes pruned the selection, removing 1,598 chosen photos`.
    static func reportGridSizes(_ sizes: GridSizeRange, console: Console) {
        guard let summary = sizes.summary else { return }
        console.err("generate: grid over \(summary.events) events: \(summary)\n")
        console.err("generate: \(summary.pruning)\n")
    }

    static func sessionSettings(_ arguments: ParsedArguments) throws -> SessionSettings {
        let seedText = try arguments.value(Self.seed)
        guard let seed = PropertyRunner.parseSeed(seedText) else {
            throw UsageError("--seed needs a whole number; found '\(seedText)'")
        }
        let photos = try arguments.value(Self.photos)
        guard (0...TraceLimits.default.maximumPhotoCount).contains(photos) else {
            throw UsageError("--photos must be between 0 and \(TraceLimits.default.maximumPhotoCount); found \(photos)")
        }
        let mix = try parseMix(try arguments.value(Self.mix))
        let viewportText = try arguments.value(viewport)
        guard let size = parseViewport(viewportText) else {
            throw UsageError(
                "--viewport needs WIDTHxHEIGHT in points, each above 0, e.g. 393x852; found '\(viewportText)'")
        }
        let limit = try arguments.value(Self.limit)
        if let limit, limit < 1 { throw UsageError("--limit must be at least 1; found \(limit)") }
        let ids = try arguments.value(Self.ids)
        try checkIDs(ids, photos: photos)
        return SessionSettings(
            photoCount: photos, setup: PointerSetup(viewport: GridViewport(size: size)), mix: mix, seed: seed, ids: ids,
            limit: limit)
    }

    /// `--mix` as a mix, or a usage error that names the flag and what is wrong.
    static func parseMix(_ text: String) throws(UsageError) -> WorkloadMix {
        do {
            return try WorkloadMix(parsing: text)
        } catch {
            throw UsageError("--mix: \(error.message)")
        }
    }

    /// `--ids photokit` lists every id in the header, which the readers take up to a limit.
    static func checkIDs(_ ids: PhotoIDStyle, photos: Int) throws(UsageError) {
        if ids == .photokit && photos > TraceLimits.default.maximumIDListCount {
            throw UsageError(
                "--ids photokit lists every id in the header: --photos must be at most "
                    + "\(TraceLimits.default.maximumIDListCount) (the readers' limit of explicit ids); found \(photos)")
        }
    }

    static func parseViewport(_ text: String) -> ViewportSize? {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
            width.isFinite, height.isFinite, width > 0, height > 0
        else { return nil }
        return ViewportSize(width: width, height: height)
    }
}
