import SeededRandom
import SelectionCore

/// A seeded, endless stream of plausible gestures on a grid given by count: what
/// `gridsim record --from synthetic` records, for load traces of millions of events.
///
/// The same seed and grid always give the same events. Each event costs O(1) to make (no
/// model of the grid is kept, only whether the session is selecting), so the stream is as
/// long as asked. The mix follows a person using the multi-select mode:
///
/// - browsing: a long press that enters the mode (most), a tap that opens a photo, Select,
///   the accessibility Select action, Back;
/// - selecting: taps (about 93%, half of them a few photos after the previous one, as a
///   finger sweeping along a row), Done and Back (1% each, so a selection lasts about 50
///   gestures), Deselect all, a long press (ignored in the mode), and rarely the actions
///   that cost O(grid) in an engine (Select all, Share or Edit then Dismiss, Move, Delete, a
///   library change that removes and inserts a few photos), each about once in 200,000
///   events; Move and Delete never follow Select all, so the grid keeps its size;
/// - about one event in 10,000 taps an id the grid never had, and library changes insert new
///   ids, so the trace also defines ids as it goes.
///
/// Every event carries `t`, advancing 30 to 600 ms a gesture.
public struct SyntheticLoadSession: Sendable {
    public let photoCount: Int
    public let seed: UInt64
    /// One draw an event or two; ranges by one multiply-high (see `multiplyHigh(below:)`).
    private var random: SplitMix64
    private var time = 0
    private var selecting = false
    private var sheetShown = false
    /// After Select all, until the selection is cleared: Move and Delete would empty the grid.
    private var allChosen = false
    private var lastPhoto = 1
    private var freshIDs = 0

    public init(photoCount: Int, seed: UInt64) {
        precondition(photoCount >= 0, "a grid has at least 0 photos")
        self.photoCount = photoCount
        self.seed = seed
        random = SplitMix64(seed: seed)
    }

    /// The header of the session's trace: the grid by count, and how it was made.
    public var header: TraceHeader {
        TraceHeader(
            photos: .count(photoCount),
            meta: JSONObject([
                ("generator", .string("gridsim record --from synthetic")),
                ("seed", .string(String(seed))),
            ]))
    }

    /// The next event. O(1).
    public mutating func next() -> TraceEvent {
        time += 30 + random.multiplyHigh(below: 571)
        return TraceEvent(t: time, selecting ? selectingEvent() : browsingEvent())
    }

    private mutating func browsingEvent() -> Event {
        guard photoCount > 0 else { return random.multiplyHigh(below: 2) == 0 ? .select : .back }
        let roll = random.multiplyHigh(below: 100)
        switch roll {
        case 0..<55:
            selecting = true
            return .longPress(photo(randomly: true))
        case 55..<60:
            selecting = true
            return .selectItem(photo(randomly: true))
        case 60..<70:
            selecting = true
            return .select
        case 70..<92:
            return .tap(photo(randomly: true))
        default:
            return .back
        }
    }

    private mutating func selectingEvent() -> Event {
        if sheetShown {
            sheetShown = false
            return .dismiss
        }
        let roll = random.multiplyHigh(below: 1_000_000)
        switch roll {
        case 0..<930_000:
            return .tap(photo(randomly: random.multiplyHigh(below: 2) == 0))
        case 930_000..<940_000:
            leaveSelecting()
            return .done
        case 940_000..<950_000:
            leaveSelecting()
            return .back
        case 950_000..<955_000:
            allChosen = false
            return .deselectAll
        case 955_000..<955_005:
            allChosen = true
            return .selectAll
        case 955_005..<955_010:
            sheetShown = true
            return random.multiplyHigh(below: 2) == 0 ? .share : .edit
        case 955_010..<955_015:
            if allChosen { return .deselectAll }
            leaveSelecting()
            return .move
        case 955_015..<955_020:
            if allChosen { return .deselectAll }
            leaveSelecting()
            return .delete
        case 955_020..<955_025:
            return libraryChange()
        case 955_025..<955_125:
            freshIDs += 1
            return .tap("unknown-\(freshIDs)")
        default:
            return .longPress(photo(randomly: true))
        }
    }

    private mutating func leaveSelecting() {
        selecting = false
        allChosen = false
    }

    /// A few photos disappear (some of them maybe chosen) and as many new ones appear anywhere.
    private mutating func libraryChange() -> Event {
        var removed: [PhotoID] = []
        for _ in 0..<(1 + random.multiplyHigh(below: 3)) { removed.append(String(1 + random.multiplyHigh(below: max(1, photoCount)))) }
        var inserted: [Insertion] = []
        for _ in 0..<removed.count {
            freshIDs += 1
            inserted.append(Insertion(photo: "new-\(freshIDs)", at: random.multiplyHigh(below: photoCount + 1)))
        }
        return .libraryChanged(removed: removed, inserted: inserted)
    }

    /// A photo of the grid: anywhere, or a few photos from the last one.
    private mutating func photo(randomly: Bool) -> PhotoID {
        if randomly || photoCount < 8 {
            lastPhoto = 1 + random.multiplyHigh(below: max(1, photoCount))
        } else {
            let step = 1 + random.multiplyHigh(below: 4)
            lastPhoto = lastPhoto + step <= photoCount ? lastPhoto + step : 1 + random.multiplyHigh(below: photoCount)
        }
        return String(lastPhoto)
    }
}
