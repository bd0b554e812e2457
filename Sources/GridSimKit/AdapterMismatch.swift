/// Where an adapter first differs from what was expected: the step, its event, the part
/// that differs, what was expected and what the adapter gave.
public struct AdapterMismatch: Hashable, Sendable, CustomStringConvertible {
    /// 1-based; 0 for the state before any event.
    public var step: Int
    /// The event of that step; nil for the state before any event.
    public var event: Event?
    /// What differs.
    public var part: AdapterPart
    /// What was expected there, as the reference model (or the checked report) has it.
    public var expected: String
    /// What the adapter gave instead.
    public var actual: String

    /// `step 3 (tap 2): chosen photos: expected ["1"], the adapter gave ["1", "2"]`
    public var description: String {
        let place = event.map { "step \(step) (\($0.summary))" } ?? "before the first event"
        return "\(place): \(part): expected \(expected), the adapter gave \(actual)"
    }
}

/// A part of an adapter's step or state that the kit compares. Its description is the words
/// a failure prints (`chosen photos`, `tray counter`, `final mode`).
public indirect enum AdapterPart: Hashable, Sendable, CustomStringConvertible {
    /// A step itself: `apply` returned nil where a step was expected.
    case step
    case outcome
    case effects
    case announcements
    case mode
    /// The chosen photos, in grid order.
    case chosenPhotos
    /// The photos of the grid, in order.
    case grid
    /// The chosen photos in pick order (the tray), compared when a limit is set.
    case picks
    case sheet
    case title
    case toolbar
    case trayCounter
    /// The accessibility value of one photo.
    case accessibilityValue(PhotoID)
    /// The number of chosen photos, as a checked report keeps it.
    case count
    /// The number of photos in the grid, as a checked report keeps it.
    case photoCount
    /// The report itself: it is not the trace's (another number of steps).
    case report
    /// A part of the state after the last event, as a checked report keeps it.
    case final(AdapterPart)

    public var description: String {
        switch self {
        case .step: "step"
        case .outcome: "outcome"
        case .effects: "effects"
        case .announcements: "announcements"
        case .mode: "mode"
        case .chosenPhotos: "chosen photos"
        case .grid: "grid"
        case .picks: "tray"
        case .sheet: "sheet"
        case .title: "title"
        case .toolbar: "toolbar"
        case .trayCounter: "tray counter"
        case .accessibilityValue(let photo): "accessibility value of \(photo)"
        case .count: "count"
        case .photoCount: "photo count"
        case .report: "report"
        case .final(let part): "final \(part)"
        }
    }
}
