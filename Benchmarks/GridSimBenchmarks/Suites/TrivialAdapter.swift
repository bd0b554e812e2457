import GridSimKit

/// The least an adapter can do and still keep a correct selection for the toggle suite's
/// taps: a flag per photo, found by parsing the id (the suites' photos are `"1"` … `"N"`),
/// and a step built from the public initialiser an app uses. Its loop in the exact gate
/// (`toggle/10K`, subject `kit step`) is thus mostly the kit's own per-step path
/// (`AdapterEngine.apply`, the step returned, copied and read by the suite): the cost every
/// adopter's counts carry, which GridSim's gate holds so that a change to it is caught here
/// before it reaches a team's baseline.
///
/// Only what the toggle suite sends is handled (a long press or Select to enter the mode,
/// taps); anything else is left unreported and changes nothing.
package struct TrivialAdapter: PhotoGridAdapter, OutcomeReporting, EffectReporting, AnnouncementReporting {
    package let photos: [PhotoID]
    private var chosen: [Bool]
    private var chosenCount = 0
    private var selecting = false

    package init(photos: [PhotoID], limit: Int?, reduceMotion: Bool) {
        self.photos = photos
        chosen = Array(repeating: false, count: photos.count)
    }

    package mutating func apply(_ event: Event) -> Step? {
        switch event {
        case .longPress(let photo) where !selecting:
            selecting = true
            return toggle(photo)
        case .select where !selecting:
            selecting = true
            return Step(outcome: .applied, animation: .snappy, announcement: .modeEntered(count: 0))
        case .tap(let photo) where selecting:
            return toggle(photo)
        default:
            return nil
        }
    }

    /// O(digits of the id).
    private mutating func toggle(_ photo: PhotoID) -> Step {
        guard let number = Int(photo), number >= 1, number <= chosen.count else { return .rejected(.unknownPhoto) }
        chosen[number - 1].toggle()
        chosenCount += chosen[number - 1] ? 1 : -1
        return Step(outcome: .applied, haptic: true, animation: .snappy, announcement: .countChanged(chosenCount))
    }

    package var mode: Mode { selecting ? .selecting : .browsing }
    /// O(photos): read only to check results, untimed.
    package var chosenPhotos: [PhotoID] { photos.indices.filter { chosen[$0] }.map { photos[$0] } }
    package var picks: [PhotoID] { chosenPhotos }
}
