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

/// A grid's photos: either `"1"` … `"N"` or an explicit list of ids.
///
/// An explicit list is a `PhotoIDTable`: the ids' bytes stored once, indexed, so that the
/// table a reader built while checking a header for repeats is the one the engine uses.
/// `.ids(["a", "b"])` and `.ids(someStrings)` build one; `case .ids(let ids)` binds it (a
/// random-access collection of `PhotoID`).
public enum PhotoList: Hashable, Sendable {
    case count(Int)
    case ids(PhotoIDTable)

    /// An explicit list of `ids`, in order, repeats kept. O(total length): each id hashed once.
    public static func ids(_ ids: [PhotoID]) -> PhotoList {
        .ids(PhotoIDTable(ids))
    }

    public var count: Int {
        switch self {
        case .count(let n): n
        case .ids(let ids): ids.count
        }
    }

    /// The ids in grid order. For `.count(N)` this builds N strings, for `.ids` one string
    /// per id: fine for the reference model, not for a fast engine.
    public var ids: [PhotoID] {
        switch self {
        case .count(let n): n <= 0 ? [] : (1...n).map { String($0) }
        case .ids(let ids): Array(ids)
        }
    }
}
