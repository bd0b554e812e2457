import Foundation

@testable import TraceView

/// The data of a view page read back in Swift as page.js reads it (docs/view-page.md): the
/// names of the slots, the per-step fields and the diffs of each step. For tests only.
struct ViewPageData {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let object: [String: Any]
    let steps: Int
    let initialPhotos: Int
    /// Every slot's name, in slot order.
    let names: [String]
    /// `events.<field>`, one number per step.
    let events: [String: [Int]]
    /// A selection written whole: the grid's photos but `slots`, or `slots`.
    struct SelectionSet {
        var allButSlots: Bool
        var slots: [Int]

        /// The slots chosen in a grid holding `grid`.
        func chosen(in grid: [Int]) -> Set<Int> { allButSlots ? Set(grid).subtracting(slots) : Set(slots) }
    }

    enum SelectionChange {
        case diff(chosen: [Int], unchosen: [Int])
        case whole(before: SelectionSet, after: SelectionSet)
    }

    /// By step: the slots chosen and unchosen, or the selection before and after whole.
    let selectionChanges: [Int: SelectionChange]
    /// By step: the positions deleted (in the grid before it) and the placements inserted
    /// (positions in the grid after it), both ascending.
    let gridChanges: [Int: (deleted: [Int], inserted: [(position: Int, slot: Int)])]

    /// The data in the page `html`.
    init(page html: [UInt8]) throws {
        let text = String(decoding: html, as: UTF8.self)
        let open = #"<script id="data" type="application/json">"#
        guard let start = text.range(of: open), let end = text.range(of: "</script>", range: start.upperBound..<text.endIndex)
        else { throw Failure(description: "the page has no data element") }
        try self.init(json: Array(text[start.upperBound..<end.lowerBound].utf8))
    }

    init(json: [UInt8]) throws {
        guard let object = try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any],
            let steps = object["steps"] as? Int, let photos = object["photos"] as? [String: Any],
            let initial = photos["initial"] as? Int, let runs = photos["names"] as? [[String: Any]],
            let fields = object["events"] as? [String: String], let selection = object["selectionChanges"] as? String,
            let grid = object["gridChanges"] as? String
        else { throw Failure(description: "the data lacks a field docs/view-page.md names") }
        self.object = object
        self.steps = steps
        initialPhotos = initial
        names = try Self.names(runs)
        events = fields.mapValues { ViewVLQ.decode(Array($0.utf8)) }
        selectionChanges = try Self.entries(ViewVLQ.decode(Array(selection.utf8))) { numbers, at in
            at += 1
            if numbers[at - 1] == 0 { return .diff(chosen: Self.runs(numbers, &at), unchosen: Self.runs(numbers, &at)) }
            func set() -> SelectionSet {
                at += 1
                return SelectionSet(allButSlots: numbers[at - 1] == 1, slots: Self.runs(numbers, &at))
            }
            let before = set()
            return .whole(before: before, after: set())
        }
        gridChanges = try Self.entries(ViewVLQ.decode(Array(grid.utf8))) { numbers, at in
            (Self.runs(numbers, &at), Self.placements(numbers, &at))
        }
    }

    /// The entries of a sparse stream by step: each the distance from the previous entry's
    /// step, then what `read` reads.
    private static func entries<Entry>(_ numbers: [Int], _ read: ([Int], inout Int) -> Entry) throws -> [Int: Entry] {
        var entries: [Int: Entry] = [:]
        var at = 0
        var step = 0
        while at < numbers.count {
            step += numbers[at]
            at += 1
            entries[step] = read(numbers, &at)
        }
        guard at == numbers.count else { throw Failure(description: "a stream ends inside an entry") }
        return entries
    }

    /// A count of runs, then each as the gap from the previous run's end and a length: the
    /// numbers of the runs, ascending.
    private static func runs(_ numbers: [Int], _ at: inout Int) -> [Int] {
        var values: [Int] = []
        var end = 0
        let count = numbers[at]
        at += 1
        for _ in 0..<count {
            let start = end + numbers[at]
            let length = numbers[at + 1]
            at += 2
            values += Array(start..<start + length)
            end = start + length
        }
        return values
    }

    private static func unzigzag(_ value: Int) -> Int { value % 2 == 0 ? value / 2 : -(value + 1) / 2 }

    /// A count of runs, then each as the gap in positions, the first slot's difference from
    /// the previous run's last (signed) and the length (signed: negative when slots descend).
    private static func placements(_ numbers: [Int], _ at: inout Int) -> [(position: Int, slot: Int)] {
        var values: [(position: Int, slot: Int)] = []
        var end = 0
        var last = 0
        let count = numbers[at]
        at += 1
        for _ in 0..<count {
            let position = end + numbers[at]
            let slot = last + unzigzag(numbers[at + 1])
            let length = unzigzag(numbers[at + 2])
            at += 3
            for index in 0..<abs(length) { values.append((position + index, length < 0 ? slot - index : slot + index)) }
            end = position + abs(length)
            last = slot + (length < 0 ? length + 1 : length - 1)
        }
        return values
    }

    /// The names of `photos.names`, slot by slot.
    static func names(_ runs: [[String: Any]]) throws -> [String] {
        var names: [String] = []
        for run in runs {
            guard let count = run["count"] as? Int else { throw Failure(description: "a run without a count") }
            switch run["kind"] as? String {
            case "numbered":
                guard let prefix = run["prefix"] as? String, let first = run["first"] as? Int else { throw Failure(description: "\(run)") }
                names += (first..<first + count).map { prefix + String($0) }
            case "list":
                guard let ids = run["ids"] as? [String], ids.count == count else { throw Failure(description: "\(run)") }
                names += ids
            case "uuid":
                guard let suffix = run["suffix"] as? String, let lowercase = run["lowercase"] as? Bool,
                    let data = run["data"] as? String, data.utf8.count == count * 20
                else { throw Failure(description: "\(run)") }
                let digits = Array(data.utf8)
                for index in 0..<count { names.append(uuid(digits[index * 20..<index * 20 + 20], lowercase: lowercase) + suffix) }
            default:
                throw Failure(description: "a run of no known kind: \(run)")
            }
        }
        return names
    }

    /// 20 base-85 digits as a UUID's text.
    private static func uuid(_ digits: ArraySlice<UInt8>, lowercase: Bool) -> String {
        var hex = ""
        for group in stride(from: digits.startIndex, to: digits.endIndex, by: 5) {
            let value = digits[group..<group + 5].reduce(0) { $0 * 85 + ViewPhotoNames.base85.firstIndex(of: $1)! }
            let text = String(value, radix: 16, uppercase: !lowercase)
            hex += String(repeating: "0", count: 8 - text.count) + text
        }
        let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
            String(hex.dropFirst(range.lowerBound).prefix(range.count))
        }
        return parts.joined(separator: "-")
    }
}
