/// When a streaming check compares whole states (a checkpoint), so that whole-state work
/// stays a bounded fraction of the run, whatever the grid and the trace's length.
///
/// Whole-state work is counted in photos: a checkpoint costs the grid's photo count, plus one
/// per `slotsPerPhoto` slots the engines have handed out (bitmaps and block tables grow with
/// every id a session has seen, not with the photos left), and at least one. The run starts with `upfrontPhotos` of credit, and each step earns `photosPerStep`
/// more; a step ends at a checkpoint when the credit covers its cost, which is then spent.
/// So a short trace over a small grid (steps × photos within the upfront credit) has a
/// checkpoint after every step, exactly like a full check, while a long one pays at most
/// `photosPerStep` photos of whole-state work per step beyond the upfront credit: over a grid
/// of N photos, one checkpoint every N / `photosPerStep` steps. Credit is capped at the upfront
/// amount (or one checkpoint's cost, if larger), so that a long stretch over a tiny grid does
/// not buy a burst of checkpoints once the grid has grown.
///
/// The schedule depends on the steps and the grid's size only, never on time, so a trace is
/// checkpointed at the same steps on every run. The last step of a trace is a checkpoint too;
/// the check sees to that.
package struct CheckpointSchedule: Hashable, Sendable {
    /// The whole-state work, in photos, that a trace may spend before steps pay for it.
    package var upfrontPhotos: Int
    /// The whole-state work, in photos, that each step pays for.
    package var photosPerStep: Int
    private var credit: Int

    package static let defaultUpfrontPhotos = 1 << 20
    package static let defaultPhotosPerStep = 4
    /// Slots that cost as much whole-state work as one photo.
    package static let slotsPerPhoto = 256

    package init(upfrontPhotos: Int = defaultUpfrontPhotos, photosPerStep: Int = defaultPhotosPerStep) {
        precondition(upfrontPhotos >= 0 && photosPerStep >= 1, "a schedule needs credit")
        self.upfrontPhotos = upfrontPhotos
        self.photosPerStep = photosPerStep
        credit = upfrontPhotos
    }

    /// A checkpoint after every step.
    package static let everyStep = CheckpointSchedule(upfrontPhotos: Int.max / 2, photosPerStep: Int.max / 4)

    /// Whether the step just applied, which left `photoCount` photos in the grid of a session
    /// that has handed out `slotCount` slots, ends at a checkpoint. Call once per step. O(1).
    package mutating func isCheckpoint(photoCount: Int, slotCount: Int = 0) -> Bool {
        let cost = max(1, photoCount + slotCount / Self.slotsPerPhoto)
        credit = min(credit &+ photosPerStep, max(upfrontPhotos, cost))
        guard credit >= cost else { return false }
        credit -= cost
        return true
    }
}
