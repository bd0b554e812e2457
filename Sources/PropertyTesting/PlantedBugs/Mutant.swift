import SelectionCore

/// The fast engine with `Bug` planted: every event the bug does not take goes to the engine
/// as it is. Each step costs what the engine's or the bug's does.
public struct Mutant<Bug: PlantedBug>: CheckableEngine, Sendable {
    /// The fast engine inside, bug and all: a check reads from it what each step changed.
    public private(set) var fastEngine: FastEngine
    /// The bug, with whatever it remembers of the session.
    private var bug = Bug()

    public init(configuration: GridConfiguration) { fastEngine = FastEngine(configuration: configuration) }

    public mutating func apply(_ event: Event) -> Step { bug.apply(event, to: &fastEngine) ?? fastEngine.apply(event) }

    public var mode: Mode { fastEngine.mode }
    public var sheet: Sheet? { fastEngine.sheet }
    public var limit: Int? { fastEngine.limit }
    public var reduceMotion: Bool { fastEngine.reduceMotion }
    public var photoCount: Int { fastEngine.photoCount }
    public var selectedCount: Int { fastEngine.selectedCount }
    public func contains(_ photo: PhotoID) -> Bool { fastEngine.contains(photo) }
    public func isSelected(_ photo: PhotoID) -> Bool { fastEngine.isSelected(photo) }
    public var photos: [PhotoID] { fastEngine.photos }
    public var selectedPhotos: [PhotoID] { fastEngine.selectedPhotos }
    public var picks: [PhotoID] { fastEngine.picks }
    public var isDragging: Bool { bug.isDragging ?? fastEngine.isDragging }
}
