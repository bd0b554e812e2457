import SeededRandom
@_spi(GridSimInternals) import SelectionCore

/// The grid's current order: which photo sits at a grid index, and the mode it is in.
///
/// The pointer layer finds a grid index under the finger; only the engine knows which photo
/// that is, because Delete and library changes reorder the grid. Recorders and replayers
/// therefore run an engine alongside and read its order through this protocol. The mode
/// decides what a sideways slide is: a drag to select while selecting, a scroll otherwise.
package protocol GridPhotoOrder {
    var photoCount: Int { get }
    /// The photo at `index`, for `0 ..< photoCount`.
    func photo(atGridIndex index: Int) -> PhotoID
    /// Browsing or selecting: a slide drags to select only while selecting.
    var mode: Mode { get }
}

extension FastEngine: GridPhotoOrder {
    /// O(log B) to find the block, plus O(block) when it holds gaps (see `LiveSlots`).
    package func photo(atGridIndex index: Int) -> PhotoID {
        slots.id(for: grid.slot(at: index))
    }
}

extension ReferenceModel: GridPhotoOrder {
    /// O(1).
    package func photo(atGridIndex index: Int) -> PhotoID {
        photo(at: index)
    }
}

extension FastEngine {
    /// A photo of the grid chosen uniformly at random, or nil for an empty grid. O(log B),
    /// plus O(block) when its block holds gaps.
    package func randomPhoto(using random: inout Xoshiro256) -> PhotoID? {
        guard photoCount > 0 else { return nil }
        return photo(atGridIndex: random.int(below: photoCount))
    }
}
