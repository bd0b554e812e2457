import SelectionCore

/// A `FastEngine` whose photos can be looked up by grid index in O(1), amortised: the engine
/// that recorders, replayers and synthetic users run alongside the pointer layer.
///
/// `FastEngine` removes photos in O(removed) by leaving gaps in its stored order, compacted
/// later; while gaps remain, its compacted order costs O(N) to build. This wrapper reads the
/// stored order directly when it has no gaps, and otherwise builds the compacted order once, at
/// the first lookup after a change to the grid, and reuses it until the grid changes again. A
/// 10M-photo grid under a storm of library changes thus pays for one copy per change that is
/// followed by a press, not one per press.
public struct OrderedFastEngine: GridPhotoOrder {
    public private(set) var engine: FastEngine
    private var compacted = CompactedOrder()

    /// A lazily filled copy of the compacted order. Replaced (never mutated in place after
    /// being filled) whenever the grid may have changed, so copies of the wrapper that share a
    /// box always share a grid.
    private final class CompactedOrder {
        var slots: [PhotoSlot]?
    }

    public init(configuration: GridConfiguration) {
        engine = FastEngine(configuration: configuration)
    }

    /// Applies one event; see `FastEngine.apply(_:)`.
    @discardableResult
    public mutating func apply(_ event: Event) -> Step {
        let step = engine.apply(event)
        switch event {
        case .delete, .libraryChanged: compacted = CompactedOrder()
        default: break
        }
        return step
    }

    public var photoCount: Int { engine.photoCount }

    /// A photo of the grid chosen uniformly at random, or nil for an empty grid.
    ///
    /// O(1) expected whatever the gaps: a random position of the stored order is drawn again
    /// while it falls on a gap, and the engine keeps gaps under an eighth of the order.
    public func randomPhoto(using random: inout SessionRandom) -> PhotoID? {
        let grid = engine.grid
        guard grid.count > 0 else { return nil }
        while true {
            let slot = grid.orderWithGaps[random.int(below: grid.orderWithGaps.count)]
            if grid.contains(slot) { return engine.slots.id(for: slot) }
        }
    }

    /// O(1), after an O(N) copy at the first lookup following a change that left gaps.
    public func photo(atGridIndex index: Int) -> PhotoID {
        let grid = engine.grid
        guard grid.gapCount > 0 else { return engine.slots.id(for: grid.orderWithGaps[index]) }
        if compacted.slots == nil { compacted.slots = grid.order }
        return engine.slots.id(for: compacted.slots![index])
    }
}
