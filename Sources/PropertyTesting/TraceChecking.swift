import Foundation
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace
@_spi(GridSimInternals) import TraceReplay

/// Where a check reads events from: a trace reader of either format, or a trace in memory.
package protocol TraceEventSource {
    /// The next event, or nil at the end of the trace; throws on a malformed one.
    mutating func next() throws -> TraceEvent?
}

extension TextTraceReader: TraceEventSource {}
extension BinaryTraceReader: TraceEventSource {}
extension TraceFileReader: TraceEventSource {}

/// The events of a trace in memory, as a source.
package struct TraceEventList: TraceEventSource {
    private var iterator: IndexingIterator<[TraceEvent]>

    package init(_ events: [TraceEvent]) {
        iterator = events.makeIterator()
    }

    package mutating func next() -> TraceEvent? { iterator.next() }
}

/// What `gridsim check` does, as a library function: every property on the events of a
/// source, in one pass (`TraceCheck`), and the report it prints. The command adds only the
/// arguments, the files and the exit codes, so a benchmark can time this in-process.
package enum TraceChecking {
    /// Each property's outcome, in the order checked, and what the pass did.
    package struct Report: Sendable {
        package var results: [(property: String, failure: PropertyFailure?)]
        /// Events read and checked.
        package var events: Int
        /// Whole-state checkpoints taken (the last step's included).
        package var checkpoints: Int
        /// What the app showed (`seen`) against SPEC.md, step by step (SPEC.md section 7).
        package var app = AppSeenComparison()

        /// The properties that fail, and the app when it departs from SPEC.md.
        package var failedCount: Int { results.count { $0.failure != nil } + (app.firstDeparture == nil ? 0 : 1) }
    }

    /// The name `check` gives the comparison of the app's `seen` with SPEC.md.
    package static let appAgrees = "app-agrees"

    /// Checks `properties` on every event of `source`, whose trace starts with `header`.
    ///
    /// Reads the source to its end even once every property has failed, so that a malformed
    /// event anywhere is still thrown, as it would be by reading the whole trace first.
    /// `progress` is called with the number of events read, every 4,096 events.
    ///
    /// Memory is bounded by the grid (see `TraceCheck`); time is a few lockstep replays plus
    /// the checkpoints' whole-state work, which the schedule keeps a bounded fraction. With
    /// more than one core, `snapshot-diff` (`snapshotLane`) is checked on a thread of its own
    /// (`CheckLane`), on each batch of events as it is read, while this thread checks the
    /// rest and compares the app's `seen`.
    package static func check(
        header: TraceHeader, events source: inout some TraceEventSource, properties: [Property],
        schedule: CheckpointSchedule = CheckpointSchedule(), cores: Int = ProcessInfo.processInfo.activeProcessorCount,
        batchLength: Int = defaultBatchLength, progress: (Int) -> Void = { _ in }
    ) throws -> Report {
        let (here, there) = split(properties, cores: cores)
        var check = TraceCheck(header: header, properties: here.map(\.property), schedule: schedule)
        let lane = there.isEmpty
            ? nil : CheckLane(TraceCheck(header: header, properties: there.map(\.property), schedule: schedule))
        // SPEC.md's state for the app's `seen`: a fast engine of its own, since the engine under
        // test may have a bug planted, and the reference model lists chosen photos slowly. It
        // costs a replay with the fast engine, until the first departure.
        var spec: FastEngine? = FastEngine(configuration: header.configuration)
        var app = AppSeenComparison()
        var events = 0
        var batch: [TraceEvent] = []
        batch.reserveCapacity(batchLength)
        var reading = true
        while reading {
            do {
                while batch.count < batchLength, let traceEvent = try source.next() { batch.append(traceEvent) }
            } catch {
                lane?.wait()
                throw error
            }
            reading = batch.count == batchLength
            lane?.start(batch)
            for traceEvent in batch {
                events += 1
                if !check.isDecided { check.apply(traceEvent) }
                if spec != nil {
                    _ = spec!.apply(traceEvent.event)
                    app.compare(traceEvent.seen, step: events, event: traceEvent.event, engine: spec!)
                    if app.firstDeparture != nil { spec = nil }
                } else if traceEvent.seen != nil {
                    app.countAfterDeparture()
                }
                if events & 4095 == 0 { progress(events) }
            }
            lane?.wait()
            batch.removeAll(keepingCapacity: true)
        }
        var failures = [PropertyFailure?](repeating: nil, count: properties.count)
        for (member, failure) in zip(here, check.finish()) { failures[member.position] = failure }
        if let lane {
            for (member, failure) in zip(there, lane.finish()) { failures[member.position] = failure }
        }
        return Report(
            results: zip(properties, failures).map { ($0.name, $1) }, events: events,
            checkpoints: max(check.checkpointCount, lane?.checkpointCount ?? 0), app: app)
    }

    /// Events read and handed to both threads at a time: enough that waiting for each other
    /// is a small part of a batch.
    package static let defaultBatchLength = 2048

    /// The properties checked on the second thread: `snapshot-diff`, the heaviest, whose
    /// diffs of the kept states cost about what the reference model's properties, the other
    /// kept-state properties and the reading cost on the first.
    static let snapshotLane: Set<Property.Kind> = [.snapshotDiff]

    /// `properties` with their positions, split between this thread and a second one: all
    /// here on one core, or when either share would be empty.
    private static func split(_ properties: [Property], cores: Int)
        -> (here: [(position: Int, property: Property)], there: [(position: Int, property: Property)])
    {
        let members = properties.enumerated().map { (position: $0.offset, property: $0.element) }
        let there = members.filter { snapshotLane.contains($0.property.kind) }
        guard cores > 1, !there.isEmpty, there.count < members.count else { return (members, []) }
        return (members.filter { !snapshotLane.contains($0.property.kind) }, there)
    }

    /// The lines `gridsim check` prints: `ok    name` or `FAIL  name at step N: message` for
    /// each property, then a summary that suggests shrinking a failing `tracePath`.
    package static func lines(for report: Report, tracePath: String) -> String {
        var text = ""
        for (name, failure) in report.results {
            if let failure {
                text += "FAIL  \(name)" + (failure.step.map { " at step \($0)" } ?? "") + ": \(failure.message)\n"
            } else {
                text += "ok    \(name)\n"
            }
        }
        let app = report.app
        if let departure = app.firstDeparture {
            text += "FAIL  \(appAgrees) at step \(departure.step): \(departure.event.shortDescription): \(departure.departure)\n"
        } else if app.hasSeen {
            text += "ok    \(appAgrees) (\(app.stepsWithSeen) steps with seen)\n"
        }
        let failed = report.failedCount
        let total = report.results.count + (app.hasSeen ? 1 : 0)
        let propertiesFail = report.results.contains { $0.failure != nil }
        text +=
            failed == 0
            ? "\(total) passed, 0 failed\n"
            : "\(total - failed) passed, \(failed) failed; "
                + (propertiesFail
                    ? "'gridsim shrink \(tracePath)' makes it smaller\n"
                    : "'gridsim view \(tracePath)' opens at the step where the app departs\n")
        return text
    }
}
