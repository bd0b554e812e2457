@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace

/// Checks properties on a trace in one pass, event by event, so that memory stays bounded by
/// the grid (a few states and the steps since the last checkpoint), whatever the trace's
/// length.
///
/// The engine under test and the reference model run in lockstep (with the other engines the
/// properties need). Every step is checked in what it changed: the step itself, the counts,
/// the mode, the sheet, the projections, the photos the event names, the selection changes
/// the fast engine reports (see each property's `coverage`). Whole states are compared at the
/// checkpoints a `CheckpointSchedule` picks and after the last step. When a checkpoint finds
/// whole states that differ or break an invariant although every step looked right, the steps
/// since the previous checkpoint are replayed from copies taken there and bisected, so that a
/// failure names the step that made the states wrong.
///
/// Each property stops at its first failure; the others go on.
package struct TraceCheck {
    private var passes: [any PropertyPassing]
    private let propertyCount: Int
    /// Events applied so far.
    package private(set) var stepCount = 0

    /// A check of `properties` on a trace that starts with `header`. Properties with different
    /// engines under test run in separate passes over the same events.
    package init(header: TraceHeader, properties: [Property], schedule: CheckpointSchedule = CheckpointSchedule()) {
        propertyCount = properties.count
        var groups: [(candidate: any CheckableEngine.Type, members: [(position: Int, kind: Property.Kind)])] = []
        for (position, property) in properties.enumerated() {
            if let group = groups.firstIndex(where: { $0.candidate == property.candidate }) {
                groups[group].members.append((position, property.kind))
            } else {
                groups.append((property.candidate, [(position, property.kind)]))
            }
        }
        passes = []
        for group in groups {
            let candidate: any CheckableEngine.Type = group.candidate
            passes.append(Self.pass(for: candidate, header: header, members: group.members, schedule: schedule))
        }
    }

    private static func pass<Candidate: CheckableEngine>(
        for candidate: Candidate.Type, header: TraceHeader, members: [(position: Int, kind: Property.Kind)],
        schedule: CheckpointSchedule
    ) -> any PropertyPassing {
        PropertyPass<Candidate>(header: header, properties: members, schedule: schedule)
    }

    /// Whether every property has failed already: the rest of the trace can change nothing.
    package var isDecided: Bool { passes.allSatisfy(\.isDecided) }

    /// Whole-state checkpoints so far (the most of any pass).
    package var checkpointCount: Int { passes.map(\.checkpointCount).max() ?? 0 }

    /// Applies and checks the next event.
    package mutating func apply(_ traceEvent: TraceEvent) {
        stepCount += 1
        for index in passes.indices where !passes[index].isDecided {
            passes[index].apply(traceEvent)
        }
    }

    /// Ends the check (a checkpoint after the last step, the final states) and returns each
    /// property's failure, in the order the properties were given; nil where it holds.
    package mutating func finish() -> [PropertyFailure?] {
        var failures = [PropertyFailure?](repeating: nil, count: propertyCount)
        for index in passes.indices {
            if !passes[index].isDecided { passes[index].finish() }
            for (position, failure) in passes[index].failures { failures[position] = failure }
        }
        return failures
    }

    /// The failures of `properties` on a trace in memory, in the order the properties were
    /// given; stops early once every property has failed.
    package static func failures(
        _ trace: Trace, properties: [Property], schedule: CheckpointSchedule = CheckpointSchedule()
    ) -> [PropertyFailure] {
        var check = TraceCheck(header: trace.header, properties: properties, schedule: schedule)
        for traceEvent in trace.events {
            if check.isDecided { break }
            check.apply(traceEvent)
        }
        return check.finish().compactMap { $0 }
    }
}
