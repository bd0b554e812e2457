// seedgrid-session: the seed's model through a long seeded session, recorded as an app records
// it (`RecordedPhotoGrid`) into a window file, printing each event's number on standard output
// once `record` has returned, so that a parent that kills it knows every event committed.
//
//     seedgrid-session --window PATH [--events N] [--seed S] [--photos P] [--limit L]
//                      [--capacity C] [--positional] [--write-window TRACE | --hold | --kill-after N]
//
// At the end it closes the window file; `--write-window TRACE` first writes the window as a
// trace itself (a "Report a problem" button); `--hold` leaves the file open and waits to be
// killed; `--kill-after N` SIGKILLs itself after event N. `--positional` records the copy of
// the model that keeps the selection by grid position instead of the real one.
//
//     seedgrid-session --recover PATH --trace TRACE
//
// writes the window a run left in PATH as a trace, as an app does at its next launch.
import Foundation
import GridSimRecorder
import SeedGrid
import SeedGridBugs
import SeedGridConformance
import SeedGridRecording

struct Options {
    var window: String?
    var events = 50_000
    var seed: UInt64 = 1
    var photos = 2_000
    var limit: Int?
    var capacity = WindowRecorder.defaultCapacity
    var positional = false
    var writeWindow: String?
    var hold = false
    var killAfter: Int?
    var recover: String?
    var trace: String?

    static let usage = """
        usage: seedgrid-session --window PATH [--events N] [--seed S] [--photos P] [--limit L] [--capacity C]
                                [--positional] [--write-window TRACE | --hold | --kill-after N]
               seedgrid-session --recover PATH --trace TRACE
        """

    /// The options in `arguments`, or nil when one is unknown or lacks its value.
    init?(_ arguments: ArraySlice<String>) {
        var rest = arguments
        while let flag = rest.popFirst() {
            switch flag {
            case "--positional": positional = true
            case "--hold": hold = true
            default:
                guard let value = rest.popFirst(), set(flag, value) else { return nil }
            }
        }
    }

    private mutating func set(_ flag: String, _ value: String) -> Bool {
        let number = Int(value)
        switch flag {
        case "--window": window = value
        case "--write-window": writeWindow = value
        case "--recover": recover = value
        case "--trace": trace = value
        case "--events" where (number ?? -1) >= 0: events = number!
        case "--seed" where UInt64(value) != nil: seed = UInt64(value)!
        case "--photos" where (number ?? 0) >= 1: photos = number!
        case "--limit" where (number ?? 0) >= 1: limit = number
        case "--capacity" where (number ?? 0) >= 1: capacity = number!
        case "--kill-after" where number != nil: killAfter = number
        default: return false
        }
        return true
    }
}

/// Records the session into `options.window` through `model`, printing each event's number.
func record<Model: PhotoGridDisplay & SeedGridGestures>(
    _ makeModel: ([String], Int?) -> Model, _ options: Options, into window: String
) throws {
    var session = SessionGenerator(photos: options.photos, limit: options.limit, seed: options.seed)
    let grid = try RecordedPhotoGrid(makeModel(session.photos, options.limit), windowPath: window, capacity: options.capacity)
    for number in stride(from: 1, through: options.events, by: 1) {
        let (event, t) = session.next()
        grid.apply(event, t: t) { $0.handle(event) }
        say(String(number))
        if number == options.killAfter { kill(getpid(), SIGKILL) }
    }
    if options.hold {
        while true { sleep(60) }
    }
    if let trace = options.writeWindow { try grid.recorder.writeWindow(to: trace) }
    try grid.recorder.close()
}

/// Writes the window left at `path` as a trace at `trace`, and says what it holds.
func recover(_ path: String, to trace: String) throws {
    guard let window = try WindowRecorder.recover(at: path) else {
        complain("seedgrid-session: no window file at \(path)")
        exit(1)
    }
    try window.writeTrace(to: trace)
    say(
        "events \(window.firstEventNumber)…\(window.sessionEventCount) of the session (\(window.eventCount)), "
            + "closed cleanly: \(window.previousRunClosedCleanly ? "yes" : "no"); written to \(trace)")
}

/// A line on standard output, unbuffered: a parent must see it before a kill.
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

func complain(_ line: String) { FileHandle.standardError.write(Data((line + "\n").utf8)) }

guard let options = Options(CommandLine.arguments.dropFirst()) else {
    complain(Options.usage)
    exit(64)
}
do {
    if let path = options.recover, let trace = options.trace {
        try recover(path, to: trace)
    } else if let window = options.window {
        if options.positional {
            try record(PositionalPhotoGridModel.init(photos:limit:), options, into: window)
        } else {
            try record(PhotoGridModel.init(photos:limit:), options, into: window)
        }
    } else {
        complain(Options.usage)
        exit(64)
    }
} catch {
    complain("seedgrid-session: \(error)")
    exit(1)
}
