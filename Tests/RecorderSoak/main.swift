// A process for the kill test (GridSimRecorderTests' WindowKillTests): records a seeded
// synthetic session (PhotoKit ids) into a window file, with what SPEC.md shows after each
// event as its `seen`, and prints each event's number once `record` has returned, so that the
// parent, which SIGKILLs it at a random moment, knows every event committed before the kill.
//
//     gridsim-recorder-soak PATH PHOTOS SEED CAPACITY EVENTS [BUDGET]
//
// It prints `ready` once the window file exists, then `N` after event N, then `done`.
//
//     gridsim-recorder-soak --memory PATH PHOTOS EVENTS
//
// measures instead what a window recorder holds in memory over PHOTOS PhotoKit ids, as an app
// would use it (its ids as strings, the default budget and window): resident memory after each
// phase and the peak within it (Linux's /proc/self/status, the peak restarted per phase).
import Foundation
import GridSimRecorder
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace
import SyntheticSessions

let arguments = CommandLine.arguments
if arguments.count == 5 && arguments[1] == "--memory" {
    measureMemory(path: arguments[2], photos: Int(arguments[3]) ?? 10_000, events: Int(arguments[4]) ?? 20_000)
    exit(0)
}
guard arguments.count >= 6, let photos = Int(arguments[2]), let seed = UInt64(arguments[3]), let capacity = Int(arguments[4]),
    let eventCount = Int(arguments[5])
else {
    complain("usage: gridsim-recorder-soak PATH PHOTOS SEED CAPACITY EVENTS [BUDGET]")
    exit(64)
}
let budget = arguments.count > 6 ? Int(arguments[6]) : nil
let settings = SessionSettings(photoCount: photos, seed: seed, ids: .photokit, limit: soakLimit(seed: seed))
var session = SyntheticSession(settings, eventCount: eventCount)
var engine = FastEngine(configuration: session.header.configuration)
let recorder: WindowRecorder
do {
    recorder = try WindowRecorder(
        path: arguments[1], grid: session.header.photos, limit: settings.limit, capacity: capacity, byteBudget: budget,
        reducesInBackground: true)
} catch {
    complain("gridsim-recorder-soak: \(error)")
    exit(1)
}
say("ready")
var number = 0
while let event = session.next() {
    _ = engine.apply(event.event)
    number += 1
    recorder.record(event.event, seen: soakSeen(engine, number: number), t: event.t)
    say(String(number))
}
do {
    try recorder.close()
} catch {
    complain("gridsim-recorder-soak: \(error)")
    exit(1)
}
say("done")

/// A picker's limit for one seed in three, so that the tray's pick order is in the windows.
func soakLimit(seed: UInt64) -> Int? { seed % 3 == 0 ? 12 : nil }

/// What SPEC.md shows after event `number`: mode, count and title always, the digest of the
/// chosen photos every eighth event (it lists them: O(photos)).
func soakSeen(_ engine: FastEngine, number: Int) -> SeenState {
    var seen = SeenState(mode: engine.mode, count: engine.chosenCount, title: engine.title)
    if number % 8 == 0 { seen.chosenDigest = ChosenDigest(chosenInGridOrder: engine.chosenPhotos) }
    return seen
}

/// A line on standard output, unbuffered: the parent must see it before a kill.
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

func complain(_ line: String) { FileHandle.standardError.write(Data((line + "\n").utf8)) }

/// Resident memory now and the peak since the last restart, in MB, from /proc/self/status.
func residentMegabytes() -> (now: Double, peak: Double) {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    func field(_ name: String) -> Double {
        let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") } ?? ""
        return (Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
    }
    return (field("VmRSS"), field("VmHWM"))
}

/// Restarts the peak (Linux 4.0 and later): the next reading's peak is this phase's.
func restartPeak() { try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8) }

func measureMemory(path: String, photos: Int, events count: Int) {
    let settings = SessionSettings(photoCount: photos, seed: 7, ids: .photokit)
    var session = SyntheticSession(settings, eventCount: count)
    let ids = Array(session.header.photos.ids)
    var engine = FastEngine(configuration: session.header.configuration)
    var events: [TraceEvent] = []
    while var event = session.next() {
        _ = engine.apply(event.event)
        event.seen = SeenState(mode: engine.mode, count: engine.chosenCount, title: engine.title)
        events.append(event)
    }
    session = SyntheticSession(settings, eventCount: 0)
    engine = FastEngine(configuration: GridConfiguration(photos: .count(0)))
    func phase(_ name: String, _ body: () throws -> Void) {
        let before = residentMegabytes().now
        restartPeak()
        let started = Date()
        do { try body() } catch { complain("\(name): \(error)") }
        let seconds = Date().timeIntervalSince(started)
        let after = residentMegabytes()
        say(
            name.padding(toLength: 44, withPad: " ", startingAt: 0)
                + String(format: " %7.3f s, resident %7.1f → %7.1f MB, peak %7.1f MB", seconds, before, after.now, after.peak))
    }
    phase("the app's \(photos) ids and \(count) events") {}
    var recorder: WindowRecorder?
    phase("WindowRecorder(path:photos:) created") { recorder = try WindowRecorder(path: path, photos: ids) }
    phase("\(count) events recorded") {
        for event in events { recorder!.record(event.event, seen: event.seen, t: event.t) }
        recorder!.reduceNow()
    }
    phase("writeWindow(to:)") { try recorder!.writeWindow(to: path + ".jsonl") }
    phase("close() and the recorder dropped") {
        try recorder!.close()
        recorder = nil
    }
    phase("recover(at:) and writeTrace(to:)") { try WindowRecorder.recover(at: path)?.writeTrace(to: path + ".recovered.jsonl") }
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    say("window file: \(size) bytes")
}
