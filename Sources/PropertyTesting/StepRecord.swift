@_spi(GridSimInternals) import SelectionCore
import SelectionSlots

/// One step as the per-step checks of `invariants` and `engines-agree` read it: what both
/// engines returned, and what the step touched. Everything here is the size of what the step
/// changed, never of the grid.
struct StepRecord {
    /// 1-based.
    let step: Int
    let event: Event
    /// The reference model's step.
    let expected: Step
    /// The engine under test's step.
    let actual: Step
    /// The fast engine inside the engine under test, after the step. Dropped before the next
    /// step, so that it never makes the engine copy what it writes.
    let fast: FastEngine
    /// The photos chosen and unchosen in the engine under test, as its selection's change
    /// journal reports them (slots of `fast`).
    let changes: SelectionChanges

    /// The photos the event names: the one it acts on (a drag's anchor or the photo under the
    /// finger included), or those a library change removes and inserts.
    var namedPhotos: [PhotoID] { event.namedPhotos }
}
