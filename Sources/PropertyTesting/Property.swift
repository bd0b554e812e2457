import Foundation
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace

/// Why a trace breaks a property, and at which step (1-based; nil when it is not one step's).
package struct PropertyFailure: Error, Hashable, Sendable, CustomStringConvertible {
    package var property: String
    package var step: Int?
    package var message: String

    package init(property: String, step: Int?, message: String) {
        self.property = property
        self.step = step
        self.message = message
    }

    package var description: String {
        "\(property) fails" + (step.map { " at step \($0)" } ?? "") + ": \(message)"
    }
}

/// A statement about every trace, checked on one as it streams through the engines (see
/// `TraceCheck`, which checks any number of properties in one pass).
package struct Property: Sendable {
    /// A short kebab-case name, used on the command line and in regression file names.
    package var name: String
    package var summary: String
    /// What the property checks on every step of a long trace and what it samples, for
    /// `gridsim check --help`.
    package var coverage: String
    let kind: Kind
    /// The engine under test.
    let candidate: any CheckableEngine.Type

    enum Kind: Sendable {
        case invariants, enginesAgree, deterministicReplay, stateAtStep, snapshotDiff, gridDiff, textRoundTrip
    }

    /// The property alone on `trace`, stopping at its failure; nil when it holds.
    package func check(_ trace: Trace) -> PropertyFailure? {
        TraceCheck.failures(trace, properties: [self]).first
    }
}

/// The properties GridSim holds every engine to. `Candidate` is the engine under test; the
/// reference model is the oracle.
package enum Properties {
    /// The environment setting with which the command line plants a bug (see `PlantedBugs`).
    package static let plantedBugVariable = PlantedBugs.variable

    /// Every property, for the fast engine.
    package static var all: [Property] { all(candidate: FastEngine.self) }

    /// Every property, for the fast engine with the bug called `plantedBug` planted (see
    /// `PlantedBugs`), or for the fast engine as it is when the name is nil or names no bug.
    /// The command line passes `GRIDSIM_PLANTED_BUG` here.
    package static func all(plantedBug: String?) -> [Property] {
        guard let bug = PlantedBugs.named(plantedBug) else { return all }
        return all(mutantOf: bug)
    }

    /// Every property, for the fast engine with `bug` planted.
    package static func all<Bug: PlantedBug>(mutantOf bug: Bug.Type) -> [Property] {
        all(candidate: Mutant<Bug>.self)
    }

    /// Every property, with `candidate` as the engine under test.
    package static func all<Candidate: CheckableEngine>(candidate: Candidate.Type) -> [Property] {
        [
            invariants(candidate: candidate), enginesAgree(candidate: candidate),
            deterministicReplay(candidate: candidate), stateAtStep, snapshotDiff, gridDiff, textRoundTrip,
        ]
    }

    /// SPEC.md section 1's invariants hold after every step, in both engines.
    package static func invariants<Candidate: CheckableEngine>(candidate: Candidate.Type) -> Property {
        Property(
            name: InvariantsCheck.name, summary: "the invariants of SPEC.md section 1 hold after every step",
            coverage: """
                every step: the count against the limit and the grid, the mode against the selection and \
                the sheet, a drag in progress against the mode and the sheet, the tray against the count, \
                the photos the event names and those the fast engine reports chosen are in the grid; \
                checkpoints: every invariant on whole states
                """,
            kind: .invariants, candidate: candidate)
    }

    /// The engine under test equals the reference on every step: outcome, reason, effects,
    /// announcements, state and projections.
    package static func enginesAgree<Candidate: CheckableEngine>(candidate: Candidate.Type) -> Property {
        Property(
            name: EnginesAgreeCheck.name, summary: "the engine equals the reference model on every step",
            coverage: """
                every step: outcome, reason, effects, announcements, mode, sheet, drag in progress, counts, \
                title, toolbar, tray, the photos the event names (in the grid, chosen, where inserted), the \
                selection changes the fast engine reports; checkpoints: whole states
                """,
            kind: .enginesAgree, candidate: candidate)
    }

    /// Replaying a trace twice gives the same report.
    package static func deterministicReplay<Candidate: CheckableEngine>(candidate: Candidate.Type) -> Property {
        Property(
            name: "deterministic-replay", summary: "replaying a trace twice gives the same report",
            coverage: "every step: the step, mode and count of two replays side by side; the end: their final states",
            kind: .deterministicReplay, candidate: candidate)
    }

    /// `EventStore.state(at: n)` equals a fresh replay of the first n events.
    package static let stateAtStep = Property(
        name: "state-at-step", summary: "state(at: n) equals a fresh replay of the first n events",
        coverage: """
            samples: at each checkpoint n, state(at:) for n, n-1, n-2, n-3 and the step the store's \
            history starts at (it is cut every \(StateAtStepCheck.historyLimit) steps), restored through \
            checkpoints every \(StateAtStepCheck.storeCheckpointInterval) events
            """,
        kind: .stateAtStep, candidate: FastEngine.self)

    /// The selection diff between two snapshots, applied to the earlier, gives the later.
    package static let snapshotDiff = Property(
        name: "snapshot-diff", summary: "a selection diff applied to the earlier snapshot gives the later one",
        coverage: """
            every step n: the diffs from n-1 and from n-7 to n; checkpoints: those both ways, and the \
            pairs (0, n) and (previous checkpoint, n) both ways
            """,
        kind: .snapshotDiff, candidate: FastEngine.self)

    /// The grid diff between two snapshots, applied to the earlier order, gives the later one.
    package static let gridDiff = Property(
        name: "grid-diff", summary: "a grid diff applied to the old order gives the new one",
        coverage: """
            samples: at each checkpoint n, the pairs (n-1, n), (n-7, n) and (previous checkpoint, \
            n), both ways; the start with the first checkpoint and the last step
            """,
        kind: .gridDiff, candidate: FastEngine.self)

    /// Writing a trace as text and reading it back gives the same trace.
    package static let textRoundTrip = Property(
        name: "text-round-trip", summary: "the text codec round-trips the trace",
        coverage: "every event and the header", kind: .textRoundTrip, candidate: FastEngine.self)

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
        if actual.dragging != expected.dragging {
            return actual.dragging ? "a drag in progress vs none" : "no drag in progress vs one"
        }
        return "limit or reduceMotion"
    }
}
