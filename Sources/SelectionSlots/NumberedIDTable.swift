/// Photo ids in order, each once, as a `PhotoIDTable` holds them, but numbered ids (`s1`,
/// `p123`: see `NumberedID`) kept as numbers rather than bytes.
///
/// A trace that brings millions of photos named by a counter (`s1` … `s2000000`) would fill
/// a `PhotoIDTable` with their bytes and a hash index far bigger than the cache, every new id
/// a hash and a probe that misses it. Here such an id costs a parse and one entry of a dense
/// array indexed by its number (its position, for repeats), read and written in the order
/// the counter runs; positions are named through runs of consecutive numbers, one entry for
/// the whole counter. Other ids go to a `PhotoIDTable` as before; so do numbered ids whose
/// number is far from the others of their prefix (so that a sparse number cannot make the
/// array huge) and ids with a prefix past the first few. Lookups check the array first, then the table when
/// any numbered id went there.
///
/// Memory: 4 bytes a number in the span of a prefix's numbers (which may grow to twice the
/// numbered ids plus 64 K entries, then ids past it go to the table), and 16 bytes a run;
/// other ids as in `PhotoIDTable`.
public struct NumberedIDTable: Sendable {
    /// Consecutive positions from `first` holding consecutive numbers of one prefix from
    /// `start` (`prefix >= 0`), or consecutive positions of `table` from `start` (`prefix` -1).
    struct Run {
        var first: Int
        var start: UInt32
        var prefix: Int32
    }

    /// Ids that are not numbered (or not held by number), and places kept for lost ids.
    public private(set) var table: PhotoIDTable
    private var runs: [Run] = []
    /// The prefixes held by number; `positions[i]` is indexed by the numbers of `prefixes[i]`
    /// from `bases[i]` (the array covers only the span of numbers met, so that a counter
    /// starting at 10001 costs no 10,000 empty entries), holding `position + 1` of each, 0
    /// where none; except that the array of the prefix
    /// last inserted (`current`) is kept in `currentPositions` (and an empty one in its
    /// place), so that a counter's ids, one after another, write an array held directly
    /// rather than one inside another (two uniqueness checks each).
    private var prefixes: [UInt64] = []
    private var positions: [[UInt32]] = []
    private var bases: [Int] = []
    private var current = -1
    private var currentPositions: [UInt32] = []
    /// Numbered ids held by number.
    private var numberedCount = 0
    /// Whether some numbered id went to `table` (so that a lookup by number that misses must
    /// look there too).
    private var numberedInTable = false
    /// Positions held, in both.
    public private(set) var count = 0
    /// The bytes of every id held, numbered ones included (as text).
    public private(set) var byteCount = 0

    /// The most prefixes held by number; ids of others go to the table.
    static let maximumPrefixCount = 8
    /// How much wider than twice the numbered ids held the span of a prefix's numbers may
    /// grow and its ids still be held by number.
    static let numberSlack = 1 << 16

    public init(hasher: PhotoIDHasher = .process) {
        table = PhotoIDTable(hasher: hasher)
    }

    public var hasher: PhotoIDHasher { table.hasher }

    // MARK: - Reading

    /// The id at `position`. O(log runs).
    public subscript(position: Int) -> String {
        switch holding(at: position) {
        case .table(let position): table[position]
        case .numbered(let id): id.text
        }
    }

    /// Where the id at `position` is held: at a position of `table`, or as a number.
    public enum Holding {
        case table(Int)
        case numbered(NumberedID)
    }

    /// Where the id at `position` is held, for a reader of its bytes (`PhotoIDTable.withBytes`,
    /// `NumberedID.withBytes`), which then inlines its closure. O(log runs).
    public func holding(at position: Int) -> Holding {
        precondition(position >= 0 && position < count, "position \(position) out of range")
        let run = runs[runIndex(of: position)]
        let offset = UInt32(truncatingIfNeeded: position - run.first)
        if run.prefix < 0 { return .table(Int(run.start &+ offset)) }
        return .numbered(NumberedID(prefix: prefixes[Int(run.prefix)], number: run.start &+ offset))
    }

    /// The position of `id`, whose bytes are `bytes`, or nil. O(1) for a numbered id held by
    /// number; else a hash (`hash()`, called only then) and a probe of the table.
    @inline(__always)
    public func position(
        of bytes: UnsafeRawBufferPointer, numbered: NumberedID?, hash: () -> UInt64
    ) -> Int? {
        if let numbered {
            if let position = heldPosition(numbered) { return position }
            guard numberedInTable else { return nil }
        }
        guard table.count > 0, let inTable = table.position(of: bytes, hash: hash()) else { return nil }
        return position(ofTablePosition: inTable)
    }

    /// The position of `numbered` if it is held by number.
    @inline(__always)
    private func heldPosition(_ numbered: NumberedID) -> Int? {
        guard let prefix = prefixIndex(numbered.prefix) else { return nil }
        let index = Int(numbered.number) - bases[prefix]
        if prefix == current {
            return index >= 0 && index < currentPositions.count && currentPositions[index] != 0
                ? Int(currentPositions[index]) - 1 : nil
        }
        return Self.heldPosition(at: index, in: positions[prefix])
    }

    @inline(__always)
    private func prefixIndex(_ prefix: UInt64) -> Int? {
        if current >= 0 && prefixes[current] == prefix { return current }
        for index in prefixes.indices where prefixes[index] == prefix { return index }
        return nil
    }

    /// Makes `prefix`'s array the one held directly. O(1): arrays are swapped, not copied.
    private mutating func checkOut(_ prefix: Int) {
        if current >= 0 { swap(&currentPositions, &positions[current]) }
        swap(&currentPositions, &positions[prefix])
        current = prefix
    }

    /// The run holding `position`. O(log runs).
    private func runIndex(of position: Int) -> Int {
        var low = 0
        var high = runs.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if runs[middle].first <= position { low = middle } else { high = middle }
        }
        return low
    }

    /// The position of the table's `tablePosition`. O(runs): only for repeats, which end a
    /// reading (or skip a record).
    private func position(ofTablePosition tablePosition: Int) -> Int {
        for index in runs.indices.reversed() where runs[index].prefix < 0 && Int(runs[index].start) <= tablePosition {
            return runs[index].first + tablePosition - Int(runs[index].start)
        }
        preconditionFailure("table position \(tablePosition) is in no run")
    }

    // MARK: - Adding

    /// Appends `id` unless it is already there; returns its position and whether it is new.
    /// `numbered` is `NumberedID.parse(id)`; `hash()` is the id's hash by `hasher`, asked
    /// only for an id that goes to the table. O(1) for a numbered id, else as
    /// `PhotoIDTable.insert`.
    @inline(__always)
    public mutating func insert(
        _ id: UnsafeRawBufferPointer, numbered: NumberedID?, hash: () -> UInt64
    ) -> (position: Int, isNew: Bool) {
        if let numbered, let position = insertByNumber(numbered, byteCount: id.count) { return position }
        if numbered != nil {
            numberedInTable = true
        }
        let (tablePosition, isNew) = table.insert(id, hash: hash())
        guard isNew else { return (position(ofTablePosition: tablePosition), false) }
        appendPosition(prefix: -1, start: UInt32(tablePosition))
        byteCount += id.count
        return (count - 1, true)
    }

    /// Holds `numbered` by number if its prefix and number allow (nil if not): its position,
    /// and whether it is new.
    @inline(__always)
    private mutating func insertByNumber(_ numbered: NumberedID, byteCount idByteCount: Int) -> (position: Int, isNew: Bool)? {
        let number = Int(numbered.number)
        let prefix: Int
        if let known = prefixIndex(numbered.prefix) {
            prefix = known
        } else {
            guard prefixes.count < Self.maximumPrefixCount else { return nil }
            prefixes.append(numbered.prefix)
            positions.append([])
            bases.append(number)
            prefix = prefixes.count - 1
        }
        if prefix != current { checkOut(prefix) }
        var base = bases[prefix]
        if number < base || number - base >= currentPositions.count {
            // Grown by doubling towards the number, within the span allowed.
            let low = min(number, base)
            let high = max(number + 1, base + currentPositions.count)
            guard high - low <= 2 * numberedCount + Self.numberSlack else { return nil }
            if number < base {
                let newBase = max(0, min(number, base - max(currentPositions.count, 64)))
                currentPositions.insert(contentsOf: repeatElement(0, count: base - newBase), at: 0)
                base = newBase
                bases[prefix] = newBase
            } else {
                let grown = max(number - base + 1, 2 * currentPositions.count, 64)
                currentPositions.append(contentsOf: repeatElement(0, count: grown - currentPositions.count))
            }
        }
        let index = number - base
        let newPosition = count
        let held = Self.claim(index, for: newPosition, in: &currentPositions)
        if held != 0 { return (Int(held) - 1, false) }
        if numberedInTable, let inTable = table.position(of: numbered.text) {
            currentPositions[index] = 0
            return (position(ofTablePosition: inTable), false)
        }
        appendPosition(prefix: Int32(prefix), start: numbered.number)
        numberedCount += 1
        byteCount += idByteCount
        return (count - 1, true)
    }

    /// Inserts `count` ids that are not numbered, in order, as `insert` would one at a time,
    /// stopping at the first already there: its index in the batch and its position. The
    /// table's batch insert (`PhotoIDTable.insert(batchOf:hashes:)`), whose probes' cache
    /// misses overlap.
    ///
    /// - Precondition: no id of the batch is numbered (`NumberedID.parse` is nil for each).
    public mutating func insert(
        batchOf ids: UnsafeBufferPointer<UnsafeRawBufferPointer>, hashes: UnsafeBufferPointer<UInt64>
    ) -> (index: Int, position: Int)? {
        let tableStart = table.count
        let tableBytes = table.byteCount
        let repeated = table.insert(batchOf: ids, hashes: hashes)
        let inserted = table.count - tableStart
        if inserted > 0 {
            appendPosition(prefix: -1, start: UInt32(tableStart))
            self.count += inserted - 1
            byteCount += table.byteCount - tableBytes
        }
        return repeated.map { ($0.index, position(ofTablePosition: $0.position)) }
    }

    /// Appends positions that name nothing, as `PhotoIDTable.appendUnnamed` does. O(count).
    public mutating func appendUnnamed(_ unnamed: Int) {
        guard unnamed > 0 else { return }
        let tablePosition = table.count
        table.appendUnnamed(unnamed)
        appendPosition(prefix: -1, start: UInt32(tablePosition))
        count += unnamed - 1
    }

    /// Counts one more position, extending the last run when it continues it.
    @inline(__always)
    private mutating func appendPosition(prefix: Int32, start: UInt32) {
        if let last = runs.last, last.prefix == prefix,
            UInt64(last.start) + UInt64(count - last.first) == UInt64(start)
        {
            count += 1
            return
        }
        runs.append(Run(first: count, start: start, prefix: prefix))
        count += 1
    }

    // MARK: - Positions by number

    /// The position that `positions` (a prefix's array, `position + 1` per number, 0 for
    /// none) holds at `index`, nil when none or when `index` is outside it. O(1): the array
    /// is read as a buffer, its bounds checked once by the test here.
    @inline(__always)
    private static func heldPosition(at index: Int, in positions: [UInt32]) -> Int? {
        positions.withUnsafeBufferPointer { positions in
            index >= 0 && index < positions.count && positions[index] != 0 ? Int(positions[index]) - 1 : nil
        }
    }

    /// What `positions[index]` holds (`position + 1`, 0 for none), storing `position` there
    /// when it holds none: the read and the write of a new numbered id in one access, with
    /// no bounds or uniqueness check. O(1).
    ///
    /// - Precondition: `index` is in `positions.indices` (not checked).
    @inline(__always)
    private static func claim(_ index: Int, for position: Int, in positions: inout [UInt32]) -> UInt32 {
        positions.withUnsafeMutableBufferPointer { positions in
            let held = positions[index]
            if held == 0 { positions[index] = UInt32(truncatingIfNeeded: position + 1) }
            return held
        }
    }
}
