/// A bug planted in a copy of the fast engine, to show that the property tests catch it and
/// that `gridsim check` and `gridsim shrink` work on a failing trace. Never used otherwise:
/// the command line plants one only when `GRIDSIM_PLANTED_BUG` names it.
public protocol PlantedBug {
    /// The name `GRIDSIM_PLANTED_BUG` uses.
    static var name: String { get }
    /// Applies `event` the buggy way, or returns nil to apply it correctly.
    static func apply(_ event: Event, to engine: inout FastEngine) -> Step?
}

/// Select all chooses every photo even when a limit forbids it.
public enum SelectAllIgnoresLimit: PlantedBug {
    public static let name = "select-all-ignores-limit"

    public static func apply(_ event: Event, to engine: inout FastEngine) -> Step? {
        guard event == .selectAll, engine.mode == .selecting, engine.sheet == nil, let limit = engine.limit,
            limit < engine.photoCount, engine.selectedCount < engine.photoCount
        else { return nil }
        for slot in engine.grid where !engine.selection.contains(slot) {
            engine.pickOrder.append(slot)
        }
        engine.selection.selectAll(liveSlots: engine.grid.live)
        return Step(outcome: .applied, haptic: true, animation: .snappy, announcement: .countChanged(engine.selectedCount))
    }
}

/// A library change that both removes and inserts photos forgets to prune the selection.
public enum PruningSkippedWhenInserting: PlantedBug {
    public static let name = "pruning-skipped-when-inserting"

    public static func apply(_ event: Event, to engine: inout FastEngine) -> Step? {
        guard case .libraryChanged(let removed, let inserted) = event, !removed.isEmpty, !inserted.isEmpty else { return nil }
        let selection = engine.selection
        let picks = engine.pickOrder
        var step = engine.apply(event)
        guard step.outcome == .applied else { return step }
        engine.selection = selection
        engine.pickOrder = picks
        step.haptic = false
        step.animation = nil
        step.announcement = nil
        return step
    }
}

/// The fast engine with `Bug` planted.
public struct Mutant<Bug: PlantedBug>: SelectionEngine, Sendable {
    var engine: FastEngine

    public init(configuration: GridConfiguration) { engine = FastEngine(configuration: configuration) }

    public mutating func apply(_ event: Event) -> Step { Bug.apply(event, to: &engine) ?? engine.apply(event) }

    public var mode: Mode { engine.mode }
    public var sheet: Sheet? { engine.sheet }
    public var limit: Int? { engine.limit }
    public var reduceMotion: Bool { engine.reduceMotion }
    public var photoCount: Int { engine.photoCount }
    public var selectedCount: Int { engine.selectedCount }
    public func contains(_ photo: PhotoID) -> Bool { engine.contains(photo) }
    public func isSelected(_ photo: PhotoID) -> Bool { engine.isSelected(photo) }
    public var photos: [PhotoID] { engine.photos }
    public var selectedPhotos: [PhotoID] { engine.selectedPhotos }
    public var picks: [PhotoID] { engine.picks }
}
