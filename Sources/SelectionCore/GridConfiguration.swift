/// How a session starts: the grid, the limit and the Reduce Motion setting (a trace's header).
public struct GridConfiguration: Hashable, Sendable {
    /// The photos of the grid, in grid order, without duplicates.
    public var photos: PhotoList
    /// The most photos that may be chosen, as given; `effectiveLimit` clamps it.
    public var limit: Int?
    public var reduceMotion: Bool

    public init(photos: PhotoList, limit: Int? = nil, reduceMotion: Bool = false) {
        self.photos = photos
        self.limit = limit
        self.reduceMotion = reduceMotion
    }

    /// The limit clamped to at least 1, as SPEC.md section 1 says.
    public var effectiveLimit: Int? {
        limit.map { max(1, $0) }
    }

    public var animationStyle: AnimationStyle {
        reduceMotion ? .none : .snappy
    }
}
