import Foundation
import SelectionCore
import SelectionTrace

/// Why a trace breaks a property, and at which step (1-based; nil when it is not one step's).
public struct PropertyFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public var property: String
    public var step: Int?
    public var message: String

    public init(property: String, step: Int?, message: String) {
        self.property = property
        self.step = step
        self.message = message
    }

    public var description: String {
        "\(property) fails" + (step.map { " at step \($0)" } ?? "") + ": \(message)"
    }
}

/// A statement about every trace, checked on one.
public struct Property: Sendable {
    /// A short kebab-case name, used on the command line and in regression file names.
    public var name: String
    public var summary: String
    public var check: @Sendable (Trace) -> PropertyFailure?

    public init(name: String, summary: String, check: @escaping @Sendable (Trace) -> PropertyFailure?) {
        self.name = name
        self.summary = summary
        self.check = check
    }
}

/// The properties GridSim holds every engine to. `Candidate` is the engine under test; the
/// reference model is the oracle.
public enum Properties {
    /// The environment setting that plants a bug in the engine under test (see `PlantedBug`),
    /// so that a failing check can be seen from the command line.
    public static let plantedBugVariable = "GRIDSIM_PLANTED_BUG"

    /// Every property, for the fast engine (or the mutant `GRIDSIM_PLANTED_BUG` names).
    public static var all: [Property] {
        switch ProcessInfo.processInfo.environment[plantedBugVariable] {
        case SelectAllIgnoresLimit.name: all(candidate: Mutant<SelectAllIgnoresLimit>.self)
        case PruningSkippedWhenInserting.name: all(candidate: Mutant<PruningSkippedWhenInserting>.self)
        default: all(candidate: FastEngine.self)
        }
    }

    /// Every property, with `candidate` as the engine under test.
    public static func all<Candidate: SelectionEngine & SendableMetatype>(candidate: Candidate.Type) -> [Property] {
        [
            invariants(candidate: candidate), enginesAgree(candidate: candidate),
            deterministicReplay(candidate: candidate), stateAtStep, snapshotDiff, gridDiff, textRoundTrip,
        ]
    }

    /// SPEC.md section 1's invariants hold after every step, in both engines.
    public static func invariants<Candidate: SelectionEngine & SendableMetatype>(candidate: Candidate.Type) -> Property {
        Property(name: "invariants", summary: "the invariants of SPEC.md section 1 hold after every step") { trace in
            var reference = ReferenceModel(configuration: trace.header.configuration)
            var engine = Candidate(configuration: trace.header.configuration)
            for (index, traceEvent) in trace.events.enumerated() {
                _ = reference.apply(traceEvent.event)
                _ = engine.apply(traceEvent.event)
                for (name, state) in [("reference model", reference.state), ("\(Candidate.self)", engine.state)] {
                    let violations = state.invariantViolations()
                    if !violations.isEmpty {
                        return PropertyFailure(
                            property: "invariants", step: index + 1,
                            message: "\(name) after \(traceEvent.event.summary): \(violations.joined(separator: "; "))")
                    }
                }
            }
            return nil
        }
    }

    /// The engine under test equals the reference on every step: outcome, reason, effects,
    /// announcements, state and projections.
    public static func enginesAgree<Candidate: SelectionEngine & SendableMetatype>(candidate: Candidate.Type) -> Property {
        Property(name: "engines-agree", summary: "the engine equals the reference model on every step") { trace in
            var reference = ReferenceModel(configuration: trace.header.configuration)
            var engine = Candidate(configuration: trace.header.configuration)
            for (index, traceEvent) in trace.events.enumerated() {
                let expected = reference.apply(traceEvent.event)
                let actual = engine.apply(traceEvent.event)
                let event = traceEvent.event.summary
                func failure(_ message: String) -> PropertyFailure {
                    PropertyFailure(property: "engines-agree", step: index + 1, message: "\(event): \(message)")
                }
                if actual != expected { return failure("step \(actual) != reference \(expected)") }
                if engine.state != reference.state {
                    return failure("state differs: \(describeDifference(engine.state, reference.state))")
                }
                if engine.title != reference.title || engine.toolbar != reference.toolbar || engine.tray != reference.tray {
                    return failure("projections differ: \"\(engine.title)\" vs \"\(reference.title)\"")
                }
            }
            return nil
        }
    }

    /// Replaying a trace twice gives the same report.
    public static func deterministicReplay<Candidate: SelectionEngine & SendableMetatype>(candidate: Candidate.Type) -> Property {
        Property(name: "deterministic-replay", summary: "replaying a trace twice gives the same report") { trace in
            let first = Replayer.replay(trace, engine: Candidate.self)
            let second = Replayer.replay(trace, engine: Candidate.self)
            guard first != second else { return nil }
            let step = first.steps.indices.first { first.steps[$0] != second.steps[$0] }.map { $0 + 1 }
            return PropertyFailure(property: "deterministic-replay", step: step, message: "two replays differ")
        }
    }

    /// `EventStore.state(at: n)` equals a fresh replay of the first n events, for every n.
    public static let stateAtStep = Property(
        name: "state-at-step", summary: "state(at: n) equals a fresh replay of the first n events"
    ) { trace in
        var store = EventStore(configuration: trace.header.configuration, checkpointInterval: 3)
        for traceEvent in trace.events { _ = store.apply(traceEvent.event) }
        // Compared with a fresh fast engine, slot for slot (cheap); that the fast engine means
        // what the reference does is `engines-agree`'s business.
        var fresh = FastEngine(configuration: trace.header.configuration)
        for step in 0...trace.events.count {
            if step > 0 { _ = fresh.apply(trace.events[step - 1].event) }
            let restored = store.state(at: step)
            let same =
                restored.grid.order == fresh.grid.order && restored.selection == fresh.selection
                && restored.pickOrder == fresh.pickOrder && restored.mode == fresh.mode && restored.sheet == fresh.sheet
            if !same {
                return PropertyFailure(
                    property: "state-at-step", step: step,
                    message: "state(at: \(step)) differs: \(describeDifference(restored.state, fresh.state))")
            }
        }
        return nil
    }

    /// The selection diff between two snapshots, applied to the earlier, gives the later.
    public static let snapshotDiff = Property(
        name: "snapshot-diff", summary: "a selection diff applied to the earlier snapshot gives the later one"
    ) { trace in
        forEachPairOfStates(trace) { old, new, from, to in
            let changes = new.selection.changes(since: old.selection)
            var rebuilt = old.selection
            for slot in changes.removed { rebuilt.remove(slot) }
            for slot in changes.added { rebuilt.insert(slot) }
            guard rebuilt != new.selection else { return nil }
            return PropertyFailure(
                property: "snapshot-diff", step: to,
                message: "the diff from step \(from) does not rebuild the selection of step \(to)")
        }
    }

    /// The grid diff between two snapshots, applied to the earlier order, gives the later one.
    public static let gridDiff = Property(
        name: "grid-diff", summary: "a grid diff applied to the old order gives the new one"
    ) { trace in
        forEachPairOfStates(trace) { old, new, from, to in
            // States that share one order buffer have the same grid: nothing to diff.
            if from != 0 && to != 0 && old.grid.order.sharesStorage(with: new.grid.order) { return nil }
            let diff = GridDiff(from: old.grid.order, to: new.grid.order)
            guard diff.apply(to: old.grid.order) != new.grid.order else { return nil }
            return PropertyFailure(
                property: "grid-diff", step: to, message: "the diff from step \(from) does not rebuild the grid of step \(to)")
        }
    }

    /// Writing a trace as text and reading it back gives the same trace.
    public static let textRoundTrip = Property(
        name: "text-round-trip", summary: "the text codec round-trips the trace"
    ) { trace in
        do {
            let read = try Trace(text: trace.text)
            guard read != trace else { return nil }
            let step = read.events.indices.first { $0 < trace.events.count && read.events[$0] != trace.events[$0] }
                .map { $0 + 1 }
            return PropertyFailure(property: "text-round-trip", step: step, message: "the trace read back differs")
        } catch {
            return PropertyFailure(property: "text-round-trip", step: nil, message: "the written trace does not read: \(error)")
        }
    }

    /// Calls `body` on pairs of states of the trace, both ways: each step against the one
    /// before, against the start, and against the state seven steps back (across checkpoints).
    private static func forEachPairOfStates(
        _ trace: Trace, _ body: (FastEngine, FastEngine, Int, Int) -> PropertyFailure?
    ) -> PropertyFailure? {
        // Each state is a copy of one running engine: the copies share chunks, as snapshots do.
        var engine = FastEngine(configuration: trace.header.configuration)
        var states = [engine]
        for traceEvent in trace.events {
            _ = engine.apply(traceEvent.event)
            states.append(engine)
        }
        let steps = trace.events.count
        for to in 0...steps {
            for from in Set([max(0, to - 1), 0, max(0, to - 7)]) {
                if let failure = body(states[from], states[to], from, to) { return failure }
                if let failure = body(states[to], states[from], to, from) { return failure }
            }
        }
        return nil
    }

    /// The first field in which two states differ, for a failure message.
    static func describeDifference(_ actual: SelectionState, _ expected: SelectionState) -> String {
        func preview(_ ids: [PhotoID]) -> String {
            ids.count <= 8 ? "\(ids)" : "\(ids.prefix(8))… (\(ids.count))"
        }
        if actual.mode != expected.mode { return "mode \(actual.mode) vs \(expected.mode)" }
        if actual.sheet != expected.sheet { return "sheet \(String(describing: actual.sheet)) vs \(String(describing: expected.sheet))" }
        if actual.selection != expected.selection { return "selection \(preview(actual.selection)) vs \(preview(expected.selection))" }
        if actual.picks != expected.picks { return "picks \(preview(actual.picks)) vs \(preview(expected.picks))" }
        if actual.photos != expected.photos { return "photos \(preview(actual.photos)) vs \(preview(expected.photos))" }
        return "limit or reduceMotion"
    }
}

extension Array {
    /// Whether both arrays are copies of one buffer (so equal, without comparing elements).
    fileprivate func sharesStorage(with other: [Element]) -> Bool {
        withUnsafeBufferPointer { mine in other.withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress } }
    }
}
