// A process for the kill test (GridSimRecorderTests' WindowKillTests): records a seeded
// synthetic session (PhotoKit ids) into a window file, with what SPEC.md shows after each
// event as its `seen`, and prints each event's number once `record` has returned, so that the
// parent, which SIGKILLs it at a random moment, knows every event committed before the kill.
//
//     gridsim-recorder-soak PATH PHOTOS SEED CAPACITY EVENTS [BUDGET]
//
// It prints `ready` once the window file exists, then `N` after event N, then `done`.
import Foundation
import GridSimRecorder
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace
import SyntheticSessions

let arguments = CommandLine.arguments
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
