import BenchmarkKit
import Foundation
import GridSimRecorder
@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
@_spi(GridSimInternals) import SelectionTrace
import SyntheticSessions

/// The window recorder an app links (GridSimRecorder): what recording one event costs the
/// app's thread once the window is full, what writing the window as a trace costs, and what
/// recovering it from the file costs, over a grid of PhotoKit-style ids.
///
/// - `recorder/SIZE/append`: one event recorded, latency per event (batches of 64). The reducer runs
///   between samples, untimed (`reduceNow`), as its thread would: the figure is the app's
///   thread's share. This is the loop the exact gate counts.
/// - `recorder/SIZE/write`: `writeWindow(to:)` of a full window of 10,000 events, the grid
///   changed by the session (so the header lists every id).
/// - `recorder/SIZE/recover`: `recover(at:)` of that file: the grid read and hashed, the
///   checkpoint and the window's lines read and checked, the events before the window applied.
enum RecorderSuite: BenchmarkSuite {
    static let name = "recorder"
    static let summary = "the window recorder: an event recorded once the window is full, a window written, a window recovered"
    static let capacity = 10_000
    static let recordsPerSample = 64

    /// A seeded session over PhotoKit ids with what SPEC.md shows after each event, and a
    /// recorder that has recorded two windows' worth of it (its window full, its grid changed).
    final class Fixture {
        let photoCount: Int
        let grid: PhotoList
        /// 16,384 events (a power of two: the cursor wraps with a mask), each with `seen`.
        let events: [TraceEvent]
        let directory: URL
        /// A recorder whose window is full, for the write and recover cases.
        let recorder: WindowRecorder
        let windowPath: String

        init(photoCount: Int) {
            self.photoCount = photoCount
            let settings = SessionSettings(photoCount: photoCount, seed: 0x7EC0, ids: .photokit)
            var session = SyntheticSession(settings, eventCount: 2 * RecorderSuite.capacity)
            grid = session.header.photos
            var engine = FastEngine(configuration: session.header.configuration)
            engine.listsActionPhotos = false
            var events: [TraceEvent] = []
            while var event = session.next() {
                _ = engine.apply(event.event)
                event.seen = SeenState(mode: engine.mode, count: engine.chosenCount, title: engine.title)
                events.append(event)
            }
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("gridsim-bench-recorder-\(UUID().uuidString)")
            try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            windowPath = directory.appendingPathComponent("window.gswindow").path
            recorder = try! WindowRecorder(
                path: windowPath, grid: grid, capacity: RecorderSuite.capacity, reducesInBackground: false)
            for event in events { recorder.record(event.event, seen: event.seen, t: event.t) }
            recorder.reduceNow()
            self.events = Array(events.prefix(1 << 14))
        }

        deinit {
            try? recorder.close()
            try? FileManager.default.removeItem(at: directory)
        }

        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    }

    static func subjects(context: SuiteContext) -> [Subject<Fixture>] {
        [append(name: "WindowRecorder", withSeen: true), append(name: "WindowRecorder, no seen", withSeen: false)]
    }

    /// Records the fixture's events, cycling, into a recorder of its own whose window is full
    /// and whose ring has room for a sample and the counted loop without reducing.
    static func append(name: String, withSeen: Bool) -> Subject<Fixture> {
        Subject(name: name, role: .engine) { fixture, _ in
            let budget = WindowRecorder.minimumByteBudget(for: fixture.grid) + (4 << 20)
            let recorder = try! WindowRecorder(
                path: fixture.path("append-\(UUID().uuidString).gswindow"), grid: fixture.grid, capacity: capacity,
                byteBudget: budget, reducesInBackground: false)
            let events = fixture.events
            let mask = events.count - 1
            let cursor = StateBox(0)
            let perform: (Int) -> Void = { count in
                cursor.withValue { cursor in
                    for _ in 0..<count {
                        let event = events[cursor & mask]
                        recorder.record(event.event, seen: withSeen ? event.seen : nil, t: cursor)
                        cursor &+= 1
                    }
                }
            }
            perform(capacity + 2_048)
            recorder.reduceNow()
            return PreparedOperation(
                perform: perform, resetBeforeSample: { recorder.reduceNow() },
                result: {
                    let use = recorder.ringUse
                    let events = use.events - use.windowStart + 1
                    return windowResult(
                        events: events,
                        disk: String(format: "; %.1f ring bytes an event on disk", Double(use.windowBytes) / Double(max(1, events))))
                })
        }
    }

    static func writeSubject() -> Subject<Fixture> {
        Subject(name: "writeWindow", role: .command) { fixture, _ in
            let output = fixture.path("window-\(UUID().uuidString).jsonl")
            let written = StateBox(0)
            return PreparedOperation(
                perform: { count in
                    for _ in 0..<count { written.value = try! fixture.recorder.writeWindow(to: output) }
                },
                result: { windowResult(events: written.value) })
        }
    }

    static func recoverSubject() -> Subject<Fixture> {
        Subject(name: "recover", role: .command) { fixture, _ in
            let recovered = StateBox(0)
            return PreparedOperation(
                perform: { count in
                    for _ in 0..<count { recovered.value = try! WindowRecorder.recover(at: fixture.windowPath)!.eventCount }
                },
                result: { windowResult(events: recovered.value) })
        }
    }

    /// The window's length: what every subject of a case agrees on (`disk` is a note beside it).
    static func windowResult(events: Int, disk: String = "") -> ResultFingerprint {
        ResultFingerprint(canonical: [events], summary: "a window of \(events) events" + disk)
    }

    /// Three cases a size, from 10K photos on (a smaller grid adds nothing a 10K one does not
    /// show, and the quick run stays short), sharing one fixture.
    static func cases(size: Int, context: SuiteContext, include: (String) -> Bool) -> [BenchmarkCase] {
        guard size >= 10_000 else { return [] }
        return casesSharingOneFixture(
            ["append", "write", "recover"], label: { $0 }, size: size, include: include,
            fixture: { Fixture(photoCount: size) }
        ) { variant, fixture in
            switch variant {
            case "append":
                return BenchmarkCase(
                    suite: name, size: size, variant: "append", parameters: CaseParameters(size: size),
                    operationName: "event recorded", itemName: "events", itemsPerOperation: 1,
                    operationsPerSample: .fixed(recordsPerSample), allocationOperations: 1_024, anchor: "WindowRecorder",
                    notes: [
                        "latency = 64-record batch time / 64; the window (\(capacity) events) is full and its ring wraps",
                        "events of a seeded session over \(size) PhotoKit ids, each with seen (mode, count, title) or without",
                        "the reducer takes the events that left the window between samples, untimed: the app's thread's share",
                        "the result names the ring bytes an event takes on disk; the file's size is fixed (the default budget holds the grid, two checkpoints, and 5.1 MB of ring for 10,000 events, half of it the window)",
                    ],
                    fixture: fixture, subjects: subjects(context: context))
            case "write":
                return BenchmarkCase(
                    suite: name, size: size, variant: "write", parameters: CaseParameters(size: size),
                    operationName: "window written", itemName: "windows", itemsPerOperation: 1,
                    operationsPerSample: .fixed(1), allocationOperations: 2, anchor: "writeWindow",
                    notes: [
                        "writeWindow(to:) of a full window of \(capacity) events after \(2 * capacity) recorded over \(size) PhotoKit ids; the grid changed, so the header lists every id",
                    ],
                    fixture: fixture, subjects: [writeSubject()])
            default:
                return BenchmarkCase(
                    suite: name, size: size, variant: "recover", parameters: CaseParameters(size: size),
                    operationName: "window recovered", itemName: "windows", itemsPerOperation: 1,
                    operationsPerSample: .fixed(1), allocationOperations: 2, anchor: "recover",
                    notes: [
                        "WindowRecorder.recover(at:) of that window file: grid read and hashed, newest checkpoint, the events before the window applied, every window line decoded",
                    ],
                    fixture: fixture, subjects: [recoverSubject()])
            }
        }
    }
}
