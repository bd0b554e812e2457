import SelectionCore

/// The grid's current order: which photo sits at a grid index.
///
/// The pointer layer finds a grid index under the finger; only the engine knows which photo
/// that is, because Delete and library changes reorder the grid. Recorders and replayers
/// therefore run an engine alongside and read its order through this protocol.
public protocol GridPhotoOrder {
    var photoCount: Int { get }
    /// The photo at `index`, for `0 ..< photoCount`.
    func photo(atGridIndex index: Int) -> PhotoID
}

extension FastEngine: GridPhotoOrder {
    /// O(1) while the stored order has no gaps; O(N) after removals the engine has not yet
    /// compacted, since it then builds the compacted order. `OrderedFastEngine` keeps that
    /// copy between changes, for callers that look up often.
    public func photo(atGridIndex index: Int) -> PhotoID {
        grid.gapCount == 0 ? slots.id(for: grid.orderWithGaps[index]) : slots.id(for: grid.order[index])
    }
}

extension ReferenceModel: GridPhotoOrder {
    /// O(1).
    public func photo(atGridIndex index: Int) -> PhotoID {
        photos[index]
    }
}
