/// One photo that appears in the library, at a position in the grid.
public struct PhotoInsertion<Photo: Hashable & Sendable>: Hashable, Sendable {
    public var photo: Photo
    /// The grid position; clamped to `0...count` when applied.
    public var at: Int

    @inlinable
    public init(photo: Photo, at: Int) {
        self.photo = photo
        self.at = at
    }
}
