/// A grid's photos: either `"1"` … `"N"` or an explicit list of ids.
///
/// An explicit list is a `PhotoIDTable`: the ids' bytes stored once, indexed, so that the
/// table a reader built while checking a header for repeats is the one the engine uses.
/// `.ids(["a", "b"])` and `.ids(someStrings)` build one; `case .ids(let ids)` binds it (a
/// random-access collection of id strings).
public enum PhotoList: Hashable, Sendable {
    case count(Int)
    case ids(PhotoIDTable)

    /// An explicit list of `ids`, in order, repeats kept. O(total length): each id hashed once.
    public static func ids(_ ids: [String]) -> PhotoList {
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
    public var ids: [String] {
        switch self {
        case .count(let n): n <= 0 ? [] : (1...n).map { String($0) }
        case .ids(let ids): Array(ids)
        }
    }
}

extension PhotoList {
    /// Whether `id` is one of the list's photos: for `.count(N)`, a decimal `1` … `N` without
    /// leading zeros. O(id length), one lookup for an explicit list.
    public func containsID(_ id: String) -> Bool {
        switch self {
        case .count(let n):
            guard let first = id.utf8.first, first != UInt8(ascii: "0"), let value = Int(id) else { return false }
            return value >= 1 && value <= n && id.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        case .ids(let ids):
            return ids.position(of: id) != nil
        }
    }
}
