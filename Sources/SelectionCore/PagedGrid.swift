/// The reference model's grid: photo numbers in grid order, held in pages of at most
/// `pageCapacity` numbers, with the page of every number.
///
/// Why pages: a library change on one array of a million numbers rebuilds the array (4 MB
/// moved for a photo or two), and finding a photo in it is a scan of the grid; a check of a
/// million events makes a hundred thousand such changes. In pages, a removal or an insertion
/// moves the numbers of one page, and a photo's position is its page's place, summed from
/// the page counts, plus its place in the page. Nothing else is indexed: a page is a plain
/// array, searched by a scan, and the pages are listed in grid order in another.
///
/// Numbers are the model's dense names for ids (0, 1, 2, … in the order it met them), so the
/// page of every number is an array indexed by number.
///
/// Complexity, for N numbers in P pages (about N / 1,024): `position(of:)` and
/// `subscript(_:)` O(P + page); `remove(_:)` O(P + page); `insert(_:at:)` O(P + page), and
/// O(page) more to split a full page; iteration O(N). Memory: 4 bytes per number in pages
/// (up to 8 for a page left half full by a split), plus 4 per number ever met for its page.
struct PagedGrid: Sequence, Sendable {
    typealias Number = UInt32

    /// A page splits in two when it would hold more.
    static let pageCapacity = 2048
    /// How full pages are laid out: half, so that insertions fill a page for a long time
    /// before it must split.
    static let pageFill = 1024

    /// The pages by id; an emptied page keeps its id for the next split (`freePages`).
    private var pages: [[Number]]
    /// The page ids in grid order; never empty (an empty grid has one empty page).
    private var order: [Int32]
    /// The count of every page, by id: what a walk along `order` sums, kept apart so that the
    /// walk reads one small array rather than every page's header.
    private var pageCounts: [Int32]
    /// The page of every number, or -1 when the number is not in the grid.
    private var pageOfNumber: [Int32]
    /// Pages emptied and taken out of `order`, whose ids a split reuses.
    private var freePages: [Int32] = []
    /// The numbers in the grid.
    private(set) var count: Int

    /// The grid `0 ..< count`, in that order. O(N).
    init(numbersBelow count: Int) {
        self.count = count
        pages = stride(from: 0, to: Swift.max(count, 1), by: Self.pageFill).map { start in
            (Number(start)..<Number(Swift.min(start + Self.pageFill, count))).map { $0 }
        }
        order = pages.indices.map(Int32.init)
        pageCounts = pages.map { Int32($0.count) }
        pageOfNumber = (0..<count).map { Int32($0 / Self.pageFill) }
    }

    /// Whether `number` is in the grid. O(1).
    func contains(_ number: Number) -> Bool {
        Int(number) < pageOfNumber.count && pageOfNumber[Int(number)] >= 0
    }

    /// The grid position of `number`, which must be in the grid. O(P + page).
    func position(of number: Number) -> Int {
        let page = pageOfNumber[Int(number)]
        precondition(page >= 0, "PagedGrid: \(number) is not in the grid")
        var before = 0
        for id in order {
            if id == page { break }
            before += Int(pageCounts[Int(id)])
        }
        return before + pages[Int(page)].firstIndex(of: number)!
    }

    /// The number at `position`, for `0 ..< count`. O(P).
    subscript(position: Int) -> Number {
        precondition(position >= 0 && position < count, "PagedGrid: position \(position) out of 0..<\(count)")
        let (place, offset) = locate(position)
        return pages[Int(order[place])][offset]
    }

    /// The numbers at positions `first ... last` (ascending, both in the grid), appended to
    /// `numbers` a page's run at a time. O(P + last - first).
    func append(from first: Int, through last: Int, to numbers: inout [Number]) {
        guard first <= last else { return }
        precondition(first >= 0 && last < count, "PagedGrid: positions \(first)...\(last) out of 0..<\(count)")
        var (place, offset) = locate(first)
        var remaining = last - first + 1
        while remaining > 0 {
            let page = pages[Int(order[place])]
            let run = Swift.min(remaining, page.count - offset)
            numbers.append(contentsOf: page[offset..<offset + run])
            remaining -= run
            place += 1
            offset = 0
        }
    }

    /// Takes `number` out of the grid. O(P + page).
    ///
    /// - Precondition: `number` is in the grid.
    mutating func remove(_ number: Number) {
        let page = Int(pageOfNumber[Int(number)])
        precondition(page >= 0, "PagedGrid: \(number) is not in the grid")
        pages[page].remove(at: pages[page].firstIndex(of: number)!)
        pageCounts[page] -= 1
        pageOfNumber[Int(number)] = -1
        count -= 1
        if pages[page].isEmpty && order.count > 1 {
            order.remove(at: order.firstIndex(of: Int32(page))!)
            freePages.append(Int32(page))
        }
    }

    /// Puts `number`, not in the grid, at `position` (`0 ... count`). O(P + page), plus
    /// O(page) to split the page when it is full.
    mutating func insert(_ number: Number, at position: Int) {
        precondition(!contains(number), "PagedGrid: \(number) is in the grid already")
        precondition(position >= 0 && position <= count, "PagedGrid: position \(position) out of 0...\(count)")
        if Int(number) >= pageOfNumber.count {
            pageOfNumber.append(contentsOf: repeatElement(-1, count: Int(number) + 1 - pageOfNumber.count))
        }
        let (place, offset) = locate(position)
        let page = Int(order[place])
        pages[page].insert(number, at: offset)
        pageCounts[page] += 1
        pageOfNumber[Int(number)] = Int32(page)
        count += 1
        if pages[page].count > Self.pageCapacity { split(atPlace: place) }
    }

    /// The page place and the offset in it of `position` (`0 ... count`); `count` is the end
    /// of the last page. O(P).
    private func locate(_ position: Int) -> (place: Int, offset: Int) {
        var offset = position
        for (place, id) in order.enumerated() {
            let pageCount = Int(pageCounts[Int(id)])
            if offset < pageCount { return (place, offset) }
            offset -= pageCount
        }
        precondition(offset == 0, "PagedGrid: position \(position) past the end")
        let last = order.count - 1
        return (last, Int(pageCounts[Int(order[last])]))
    }

    /// Moves the second half of the page at `place` into a page of its own, placed after it.
    /// O(page + P).
    private mutating func split(atPlace place: Int) {
        let page = Int(order[place])
        let half = pages[page].count / 2
        let moved = Array(pages[page][half...])
        pages[page].removeSubrange(half...)
        pageCounts[page] = Int32(half)
        let newPage: Int
        if let free = freePages.popLast() {
            newPage = Int(free)
            pages[newPage] = moved
            pageCounts[newPage] = Int32(moved.count)
        } else {
            newPage = pages.count
            pages.append(moved)
            pageCounts.append(Int32(moved.count))
        }
        for number in moved { pageOfNumber[Int(number)] = Int32(newPage) }
        order.insert(Int32(newPage), at: place + 1)
    }

    // MARK: - Sequence

    /// The numbers in grid order. O(N) for the whole walk.
    struct Iterator: IteratorProtocol {
        fileprivate let grid: PagedGrid
        fileprivate var place = 0
        /// The page being read, held so that each number costs no reference count.
        fileprivate var page: [Number] = []
        fileprivate var offset = 0

        mutating func next() -> Number? {
            while offset == page.count {
                guard place < grid.order.count else { return nil }
                page = grid.pages[Int(grid.order[place])]
                place += 1
                offset = 0
            }
            defer { offset += 1 }
            return page[offset]
        }
    }

    func makeIterator() -> Iterator { Iterator(grid: self) }

    var underestimatedCount: Int { count }
}
