/// The photo ids of a grid given by count (SPEC.md: `"1"` … `"N"`) and the dense slots the
/// integer-based subjects use instead: slot `s` is photo `"s+1"`. Photos that appear later
/// (library changes) continue the numbering, so the mapping holds for them too.
enum PhotoNaming {
    /// O(digits).
    static func id(ofSlot slot: Int) -> String { String(slot + 1) }

    /// The slot of an id this naming produced. O(digits).
    static func slot(of id: String) -> Int {
        guard let number = Int(id) else { preconditionFailure("not a counted photo id: \(id)") }
        return number - 1
    }

    /// Ids of slots `0..<count`, in grid order. O(count).
    static func ids(count: Int) -> [String] {
        (0..<count).map(id(ofSlot:))
    }
}
