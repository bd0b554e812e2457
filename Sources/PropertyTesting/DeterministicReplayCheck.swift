import SelectionCore
import SelectionTrace

/// `deterministic-replay`: replaying a trace twice gives the same report.
///
/// A second engine under test replays the trace beside the first; every step, their steps,
/// modes and counts (what a report's step row holds) must be equal, and at the end their final
/// states (the report's final block, O(N) once).
struct DeterministicReplayCheck<Candidate: CheckableEngine> {
    static var name: String { "deterministic-replay" }
    /// Where the property sits in the list the check was given.
    let position: Int
    private var second: Candidate

    init(position: Int, configuration: GridConfiguration) {
        self.position = position
        second = Candidate(configuration: configuration)
    }

    /// Applies the event to the second replay and compares it with the first's step. O(1)
    /// beyond the step itself.
    mutating func afterStep(_ step: Int, event: Event, first: Candidate, firstStep: Step) -> PropertyFailure? {
        let secondStep = second.apply(event)
        guard secondStep == firstStep && second.mode == first.mode && second.selectedCount == first.selectedCount
        else { return PropertyFailure(property: Self.name, step: step, message: "two replays differ") }
        return nil
    }

    /// The final states of both replays. O(N).
    func finish(first: Candidate) -> PropertyFailure? {
        ReplayFinal(first) == ReplayFinal(second)
            ? nil : PropertyFailure(property: Self.name, step: nil, message: "two replays differ")
    }
}
