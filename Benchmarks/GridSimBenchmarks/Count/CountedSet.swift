import BenchmarkKit
import SelectionSlots

/// One operation loop the exact gate counts: a subject of a timed suite's case, run for a
/// fixed number of operations.
struct CountedEntry: Equatable {
    /// The case (`toggle/10K`); the subject is built exactly as the timed run builds it.
    var caseID: String
    var size: Int
    var subject: String
    /// Operations in the counted loop (and as many again before it, uncounted). Subjects
    /// whose state is consumed by an operation (a replay) count one.
    var operations: Int
    /// The loop's limit on instructions per operation (0.005 = 0.5 %) when it is not
    /// `GateThresholds.instructionsPerOperation`, and why: measured by scripts/bench-selfcheck.
    var instructionLimit: Double? = nil
    var limitReason: String? = nil
}

/// The counted set: the subjects whose code GridSim owns (the fast engine and the reference
/// model; the plain bitset standing in for an engine, so that the test-only `extra-pass`
/// shows in counts too), each over one small, fixed, seeded input. Chosen so that the whole
/// set runs under callgrind, cache simulated, in about a minute on the 2-core CI machine
/// (Benchmarks/README.md gives the measured cost).
///
/// Peers (`Set<Int>`, CRoaring, the stdlib) and the seeds' approach are not counted: their
/// code is not ours, and the time gate already reports them. The commands are not either:
/// their ids hash with a seed drawn per process, so their probe counts, and instructions,
/// differ from one process to the next; their allocations and time ratio stay gated.
///
/// User engines join by being subjects of the suites (a `Subject` with role `.engine` in a
/// suite's list) and by one entry here per operation to count, naming that subject. A run
/// with outside engines (a team's adapters, through GridSimKitBenchmarks) counts theirs
/// instead (`OutsideEngine.countedEntries`): their code, not GridSim's.
enum CountedSet {
    /// Events in the counted replay's trace (the timed quick run replays 20,000).
    static let replayEvents = 2_000

    /// The loops this run counts: GridSim's own, or the outside engines'.
    static var entries: [CountedEntry] {
        OutsideEngine.current.isEmpty ? gridSimEntries : OutsideEngine.current.flatMap(\.countedEntries)
    }

    static let gridSimEntries: [CountedEntry] = [
        // A tap: the engine in cache (10K) and memory-bound (10M: the misses are the cost).
        CountedEntry(caseID: "toggle/10K", size: 10_000, subject: "FastEngine + log", operations: 4_096),
        CountedEntry(caseID: "toggle/10K", size: 10_000, subject: "ReferenceModel", operations: 256),
        CountedEntry(caseID: "toggle/10K", size: 10_000, subject: "bitset", operations: 4_096),
        CountedEntry(caseID: "toggle/10M", size: 10_000_000, subject: "FastEngine + log", operations: 4_096),
        // The kit's step path, behind an adapter that does next to nothing: what GridSim adds
        // to every adopter's counted tap.
        CountedEntry(caseID: "toggle/10K", size: 10_000, subject: ToggleSuite.kitStepName, operations: 4_096),
        // A drag update: a finger moving a row (5 photos) at a time.
        CountedEntry(caseID: "drag/10K/row", size: 10_000, subject: "FastEngine", operations: 4_096),
        // The pruning of a library change, whole event and selection alone, on state the
        // engine owns: one operation each, since each starts from the state put back before
        // it. And the event while a snapshot is held, which copies what it writes.
        CountedEntry(caseID: "pruning/10K/1%", size: 10_000, subject: "FastEngine event", operations: 1),
        CountedEntry(caseID: "pruning/10K/1%", size: 10_000, subject: "FastEngine selection", operations: 1),
        CountedEntry(caseID: "pruning/10K/1%", size: 10_000, subject: "FastEngine event, snapshot held", operations: 8),
        CountedEntry(caseID: "pruning/10K/1%", size: 10_000, subject: "ReferenceModel", operations: 2),
        CountedEntry(caseID: "selection-diff/10K/k=100", size: 10_000, subject: "FastEngine snapshot diff", operations: 64),
        CountedEntry(caseID: "selection-diff/10K/k=100", size: 10_000, subject: "ReferenceModel", operations: 2),
        CountedEntry(caseID: "grid-diff/10K", size: 10_000, subject: "FastEngine GridDiff", operations: 4),
        // Replays of a 2,000-event session: the engine from events and from a binary trace.
        CountedEntry(caseID: "replay/10K", size: 10_000, subject: "FastEngine", operations: 1),
        CountedEntry(caseID: "replay/10K", size: 10_000, subject: "FastEngine from .gstrace", operations: 1),
        CountedEntry(caseID: "replay/10K", size: 10_000, subject: "ReferenceModel", operations: 1),
        // An event recorded into a full window (GridSimRecorder), with what the app saw: the
        // app's thread's share, the reducer left out (it runs between samples).
        CountedEntry(caseID: "recorder/10K/append", size: 10_000, subject: "WindowRecorder", operations: 4_096),
    ]
}
