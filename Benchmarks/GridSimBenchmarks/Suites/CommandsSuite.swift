import BenchmarkKit
import GestureInput
import SyntheticSessions
@_spi(GridSimInternals) import TraceReplay

/// The commands users run, timed in-process through the library functions the commands
/// call, on a generated session with PhotoKit-style ids, each report written to memory.
/// Every case is one command against the same anchor: the fast engine applying the same
/// trace's events, interned, from memory. The ratio says how many engine replays a command
/// costs, which is what the commands were too slow in before anything showed it.
enum CommandsSuite: BenchmarkSuite {
    static let name = "commands"
    static let summary = "the commands (check, replay --json, inspect, convert, generate) in-process on a PhotoKit-id trace, as a ratio to the engine replaying it; 1K … 1M"

    /// The largest grid a case runs at: a PhotoKit-id header lists every id (43 bytes each),
    /// so at 10M the trace is half a gigabyte before its first event.
    static let maximumSize = 1_000_000
    /// The generated session's seed (`gridsim generate --seed 5`).
    static let seed: UInt64 = 5

    /// One command of the suite: the variant label, its subject, what it times, and how
    /// many events its trace has at a grid size.
    struct Command {
        var label: String
        var subject: (Injection) -> Subject<CommandsTrace>
        var timed: String
        /// A command's sample must stay under about a fortieth of the case's budget (five
        /// samples a round, a round's share under an eighth), or its ratio is not gated.
        var eventCount: (_ size: Int, SuiteContext) -> Int = CommandsSuite.streamingEvents
    }

    static var commands: [Command] {
        [
            Command(
                label: "check", subject: check(injection:),
                timed: "gridsim check: the text trace parsed from memory, all properties checked in one pass (TraceChecking.check) with the command's checkpoint schedule less its upfront credit (a long trace's steady pace: one checkpoint every photos / 4 steps, and after the last), its lines rendered",
                // The reference model checks every step in O(photos) (~20 µs an event at 1K
                // photos) and the last step is a whole-state checkpoint (~15 ms at 10K): 50
                // events keep a sample at 1K within one scheduler tick (4 ms), which a busy
                // machine's preemptions would otherwise land in.
                eventCount: { _, _ in 50 }),
            Command(label: "replay", subject: replayJSON(injection:), timed: "gridsim replay --json: the text trace read from a file in the page cache (ReplaySource), replayed twice by the fast engine (StreamedReplay: the final state first, then each step), the JSON report written to a sink that counts the bytes"),
            Command(label: "inspect", subject: inspect(injection:), timed: "gridsim inspect: the text trace read from a file in the page cache, ids not kept, events counted by kind (TraceInspection.inspect), the summary rendered"),
            Command(label: "convert", subject: convert(injection:), timed: "gridsim convert to .gstrace: the text trace read from a file in the page cache, encoded as a binary trace (TraceConversion.convert) into a memory sink that counts the bytes"),
            Command(label: "generate", subject: generate(injection:), timed: "gridsim generate --ids photokit: the session drawn from its seed, id table included, written as a text trace (SyntheticSession.write(to:)) into a memory sink that counts the bytes"),
        ]
    }

    /// The streaming commands cost a few microseconds an event: a twentieth of the replay
    /// suite's events (1,000 with --quick, 10,000 otherwise) keeps a sample at 10K photos,
    /// header included, to a few milliseconds.
    static func streamingEvents(size: Int, context: SuiteContext) -> Int {
        max(50, context.replayEvents / 20)
    }

    static func cases(size: Int, context: SuiteContext, include: (String) -> Bool) -> [BenchmarkCase] {
        guard size <= maximumSize else { return [] }
        let selected = commands.filter { include(BenchmarkCase.id(suite: name, size: size, variant: $0.label)) }
        return selected.map { command in
            let events = command.eventCount(size, context)
            // One fixture per case: cases run one after another and each releases its own.
            let fixture = SharedFixture(users: 1) { CommandsTrace(photoCount: size, eventCount: events) }
            return BenchmarkCase(
                suite: name, size: size, variant: command.label, parameters: CaseParameters(size: size, length: events),
                operationName: "\(command.label) of \(events) events", itemName: "events", itemsPerOperation: events,
                operationsPerSample: .fixed(1), allocationOperations: 1,
                anchor: kernelName,
                notes: [
                    "the trace: gridsim generate --photos \(size) --events \(events) --seed \(seed) --ids photokit (the default mix: a session that keeps its library, with PhotoKit-style ids in the header, drags, and library changes inserting new ones), made untimed",
                    "the grid over the trace: \(gridSizes(photos: size, events: events))",
                    "timed: \(command.timed)",
                    "anchor: \(kernelName), the fast engine applying the same events, interned beforehand, from memory, into a fresh engine made untimed before each sample",
                    "the subjects agree on the number of events they went through",
                ],
                fixture: fixture, subjects: [kernel(), command.subject(context.injection)])
        }
    }

    /// The grid's smallest, median and largest size over the case's session, and what its
    /// library changes took from the selection. The ids' style does not change what the
    /// session does, so counted ids tell it without the PhotoKit table. O(events) plus opening
    /// the grid.
    static func gridSizes(photos: Int, events: Int) -> String {
        var session = SyntheticSession(SessionSettings(photoCount: photos, seed: seed), eventCount: events)
        while session.next() != nil {}
        guard let summary = session.gridSizes.summary else { return "no events" }
        return "\(summary); \(summary.pruning)"
    }

    /// The anchor and every command; a case runs the anchor and one command.
    static func subjects(context: SuiteContext) -> [Subject<CommandsTrace>] {
        [kernel()] + commands.map { $0.subject(context.injection) }
    }
}
