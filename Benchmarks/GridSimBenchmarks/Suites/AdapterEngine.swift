import BenchmarkKit
import GridSimKit
@_spi(GridSimInternals) import SelectionCore

/// An adapter seen as a `SelectionEngine`, which is what GridSim's benchmark suites drive:
/// the kit's step path, which every adopter's benchmark pays on each event (GridSim's own
/// exact gate counts it with `TrivialAdapter`).
///
/// `apply` costs what the adapter's does (a step it does not report is `ignored`, which
/// allocates nothing). The reads the suites make only to check results, untimed (the counts,
/// `contains`, `isChosen`), read the adapter's whole lists: O(photos).
package struct AdapterEngine<Adapter: PhotoGridAdapter>: SelectionEngine {
    private var adapter: Adapter
    package let limit: Int?
    package let reduceMotion: Bool
    /// Under the test-only `kit-step-work`: each step calls `InjectedWork.kitStep()`.
    private let injectsWork: Bool

    package init(configuration: GridConfiguration) {
        adapter = Adapter(
            photos: configuration.photos.ids, limit: configuration.limit, reduceMotion: configuration.reduceMotion)
        limit = configuration.effectiveLimit
        reduceMotion = configuration.reduceMotion
        injectsWork = Injection.process.kitStepWork
    }

    @inline(__always)
    package mutating func apply(_ event: Event) -> Step {
        let step = adapter.apply(event) ?? .ignored
        if injectsWork { InjectedWork.kitStep() }
        return step
    }

    package var mode: Mode { adapter.mode }
    package var sheet: Sheet? { Adapter.exposedParts.contains(.sheet) ? adapter.exposedSheet : nil }
    package var photoCount: Int { adapter.photos.count }
    package var chosenCount: Int { adapter.chosenPhotos.count }
    package func contains(_ photo: PhotoID) -> Bool { adapter.photos.contains(photo) }
    package func isChosen(_ photo: PhotoID) -> Bool { adapter.chosenPhotos.contains(photo) }
    package var photos: [PhotoID] { adapter.photos }
    package var chosenPhotos: [PhotoID] { adapter.chosenPhotos }
    package var picks: [PhotoID] { limit == nil ? adapter.chosenPhotos : adapter.picks }
    /// Adapters do not expose it; no suite reads it.
    package var isDragging: Bool { false }
}
