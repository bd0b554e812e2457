import SelectionCore

/// A library change that removes chosen photos changes the count without announcing it.
public struct PruningAnnouncesNothing: PlantedBug {
    public static let name = "pruning-announces-nothing"
    public static let summary = "a library change that unchooses photos announces no new count"
    public static let reportedIn =
        "accessibility bug reports of photo apps: VoiceOver keeps the old selected count after photos disappear"

    public init() {}

    /// The change's own cost; nil (no cost) for other events.
    public func apply(_ event: Event, to engine: inout FastEngine) -> Step? {
        guard case .libraryChanged = event else { return nil }
        var step = engine.apply(event)
        step.announcement = nil
        return step
    }
}
