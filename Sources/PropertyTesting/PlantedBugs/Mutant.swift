@_spi(GridSimInternals) import SelectionCore

/// The fast engine with `Bug` planted: every event the bug does not take goes to the engine
/// as it is. Each step costs what the engine's or the bug's does.
package struct Mutant<Bug: PlantedBug>: CheckableEngine, Sendable {
    /// The fast engine inside, bug and all: a check reads from it what each step changed.
    package private(set) var fastEngine: FastEngine
    /// The bug, with whatever it remembers of the session.
    private var bug = Bug()

    package init(configuration: GridConfiguration) { fastEngine = FastEngine(configuration: configuration) }

    package mutating func apply(_ event: Event) -> Step { bug.apply(event, to: &fastEngine) ?? fastEngine.apply(event) }

    package var mode: Mode { fastEngine.mode }
    package var sheet: Sheet? { fastEngine.sheet }
    package var limit: Int? { fastEngine.limit }
    package var reduceMotion: Bool { fastEngine.reduceMotion }
    package var photoCount: Int { fastEngine.photoCount }
    package var chosenCount: Int { fastEngine.chosenCount }
    package func contains(_ photo: PhotoID) -> Bool { fastEngine.contains(photo) }
    package func isChosen(_ photo: PhotoID) -> Bool { fastEngine.isChosen(photo) }
    package var photos: [PhotoID] { fastEngine.photos }
    package var chosenPhotos: [PhotoID] { fastEngine.chosenPhotos }
    package var picks: [PhotoID] { fastEngine.picks }
    package var isDragging: Bool { fastEngine.isDragging }
}
