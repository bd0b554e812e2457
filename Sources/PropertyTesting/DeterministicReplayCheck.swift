@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace
@_spi(GridSimInternals) import TraceReplay

/// `deterministic-replay`: replaying a trace twice gives the same report.
///
/// A second engine under test replays the trace beside the first; every step, their steps,
/// modes and counts (what a report's step row holds) must be equal, and at the end their final
/// states (the report's final block, O(N) once).
///
/// The second replay is either the check's own engine or, when the engine under test is a
/// plain fast engine and `state-at-step` runs, the event store's engine: a fast engine that
/// applies the same events, interned by a table of its own, so it is a second replay already.
/// The pass then hands over its step (`afterStep(_:first:firstStep:second:secondStep:)`),
/// and gives the engine to this check (`adopt`) if `state-at-step` stops first.
struct DeterministicReplayCheck<Candidate: CheckableEngine> {
    static var name: String { "deterministic-replay" }
    /// Where the property sits in the list the check was given.
    let position: Int
    /// The second replay when this check runs it; nil while another check's engine is it.
    private var second: Candidate?

    init(position: Int, configuration: GridConfiguration, sharesSecondReplay: Bool = false) {
        self.position = position
        second = sharesSecondReplay ? nil : Candidate(configuration: configuration)
    }

    /// Whether the second replay is another check's engine, handed over step by step.
    var sharesSecondReplay: Bool { second == nil }

    /// Applies the event to the second replay and compares it with the first's step. O(1)
    /// beyond the step itself.
    ///
    /// - Precondition: the second replay is this check's own (see `sharesSecondReplay`).
    mutating func afterStep(_ step: Int, event: Event, first: Candidate, firstStep: Step) -> PropertyFailure? {
        let secondStep = second!.apply(event)
        return compare(step, first: first, firstStep: firstStep, second: second!, secondStep: secondStep)
    }

    /// Compares the first replay's step with that of a shared second replay, which has just
    /// applied the same event. O(1) beyond the steps.
    func afterStep(
        _ step: Int, first: Candidate, firstStep: Step, second: some SelectionEngine, secondStep: Step
    ) -> PropertyFailure? {
        compare(step, first: first, firstStep: firstStep, second: second, secondStep: secondStep)
    }

    private func compare(
        _ step: Int, first: Candidate, firstStep: Step, second: some SelectionEngine, secondStep: Step
    ) -> PropertyFailure? {
        guard
            secondStep == firstStep && second.mode == first.mode && second.chosenCount == first.chosenCount
                && second.isDragging == first.isDragging
        else { return PropertyFailure(property: Self.name, step: step, message: "two replays differ") }
        return nil
    }

    /// Makes `engine`, the shared second replay so far, this check's own from now on. O(1).
    mutating func adopt(_ engine: Candidate) {
        second = engine
    }

    /// The final states of both replays: this check's own second replay, or `shared`. O(N).
    func finish(first: Candidate, shared: (some SelectionEngine)? = FastEngine?.none) -> PropertyFailure? {
        let secondFinal = second.map { ReplayFinal($0) } ?? shared.map { ReplayFinal($0) }
        return ReplayFinal(first) == secondFinal
            ? nil : PropertyFailure(property: Self.name, step: nil, message: "two replays differ")
    }
}
