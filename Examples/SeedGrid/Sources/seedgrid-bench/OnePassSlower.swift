import GridSimKit

/// An adapter that does what `Base` does plus one more pass over the grid per event: the
/// slow-down `SEEDGRID_BENCH_INJECT=extra-pass` plants, which a baseline comparison must
/// catch. O(photos) more per event.
struct OnePassSlower<Base: SelectionAdapter>: SelectionAdapter {
    var base: Base
    /// Where the pass's result goes, so that the optimiser keeps the pass.
    private(set) var checksum = 0

    init(photos: [PhotoID], limit: Int?, reduceMotion: Bool) {
        base = Base(photos: photos, limit: limit, reduceMotion: reduceMotion)
    }

    mutating func apply(_ event: Event) -> Step? {
        let step = base.apply(event)
        for id in base.photos { checksum &+= id.utf8.count }
        return step
    }

    var mode: Mode { base.mode }
    var chosenPhotos: [PhotoID] { base.chosenPhotos }
    var photos: [PhotoID] { base.photos }
    var tray: [PhotoID] { base.tray }
    var sheet: Sheet? { base.sheet }
    static var exposes: AdapterExposure { Base.exposes }
    static var unhandledEvents: Set<EventName> { Base.unhandledEvents }
}
