import GridSimRecorder
import SeedGrid
import SeedGridConformance

/// A person using the grid for a long while, seeded: long presses, taps near where they look,
/// Select all and Deselect all, Done and Back, Share and Edit with their dismissal, Delete
/// and Move, the tray's remove buttons when a limit is set, and the library changing under
/// them now and then (new photos arriving, most at the top, and photos going). Over PhotoKit-style
/// ids ("UUID/L0/001"). The same seed gives the same events, whichever model records them.
struct SessionGenerator {
    /// The grid as the person sees it: the seed's real model, fed every event made, so that
    /// the next gesture makes sense (tap while selecting, dismiss a sheet).
    private var view: PhotoGridModel
    private var random: SplitMix64
    /// The grid position the person is looking at; taps and long presses land near it.
    private var cursor = 0
    /// The grid's size the library keeps to, about.
    private let photoCount: Int
    /// Milliseconds since the session began.
    private var t = 0

    init(photos: Int, limit: Int?, seed: UInt64) {
        random = SplitMix64(seed: seed)
        photoCount = photos
        var ids: [String] = []
        for _ in 0..<photos { ids.append(Self.photoKitID(&random)) }
        view = PhotoGridModel(photos: ids, limit: limit)
    }

    /// The grid before the first event.
    var photos: [String] { view.photos }

    /// The next gesture and its time in milliseconds.
    mutating func next() -> (event: Event, t: Int) {
        t += random.int(in: 120...900)
        if random.int(in: 0...9) == 0 { cursor += random.int(in: -60...60) }
        cursor = min(max(cursor, 0), max(view.photos.count - 1, 0))
        let event =
            view.photos.isEmpty ? libraryChange()
            : view.sheet != nil ? onSheet()
            : view.isSelecting ? whileSelecting(roll: random.int(in: 0...99)) : whileBrowsing()
        view.handle(event)
        return (event, t)
    }

    private mutating func whileBrowsing() -> Event {
        switch random.int(in: 0...99) {
        case 0..<72: .longPress(nearby())
        case 72..<80: .select
        case 80..<98: .tap(nearby())
        default: libraryChange()
        }
    }

    private mutating func whileSelecting(roll: Int) -> Event {
        switch roll {
        case 0..<60: return .tap(nearby())
        case 60..<65 where !view.picks.isEmpty:
            return .removeFromTray(view.picks[random.int(in: 0...(view.picks.count - 1))])
        case 65: return .selectAll
        case 66..<70: return .deselectAll
        case 70..<77: return .done
        case 77..<81: return .back
        case 81..<86: return .share
        case 86..<88: return .edit
        // Delete takes what is chosen out of the grid: only a few photos at a time.
        case 88..<92: return view.selection.count <= 30 ? .delete : .deselectAll
        case 92..<94: return .move
        case 94..<97: return libraryChange()
        default: return .tap(nearby())
        }
    }

    private mutating func onSheet() -> Event {
        switch random.int(in: 0...19) {
        case 0..<11: .dismiss
        case 11..<18: .back
        default: libraryChange()
        }
    }

    /// A photo near the one the person looks at.
    private mutating func nearby() -> String {
        view.photos[min(max(cursor + random.int(in: -8...8), 0), view.photos.count - 1)]
    }

    /// The library changing under the person, now and then: a new photo or two, almost always
    /// at the top (just taken), now and then lower down (synced); a photo or two gone, mostly
    /// among the newest (deleted on another device), more of them while the grid is larger
    /// than it began. So the grid keeps about its size, and the photos the library brought in
    /// (which take room in the window file's checkpoints) grow slowly.
    private mutating func libraryChange() -> Event {
        let count = view.photos.count
        var removed: [String] = []
        for _ in 0..<(random.int(in: 0...1) + (count > photoCount ? 1 : 0)) where count > 0 {
            let last = random.int(in: 0...2) == 0 ? count - 1 : min(count - 1, 100)
            let photo = view.photos[random.int(in: 0...last)]
            if !removed.contains(photo) { removed.append(photo) }
        }
        var inserted: [Insertion] = []
        for _ in 0..<(random.int(in: 0...4) == 0 ? 2 : 1) {
            let at = random.int(in: 0...19) == 0 ? random.int(in: 0...count) : 0
            inserted.append(Insertion(photo: Self.photoKitID(&random), at: at))
        }
        return .libraryChanged(removed: removed, inserted: inserted)
    }

    /// A PhotoKit-style local identifier: a UUID, then "/L0/001".
    static func photoKitID(_ random: inout SplitMix64) -> String {
        let high = random.next()
        let low = random.next()
        func hex(_ value: UInt64, _ digits: Int) -> String {
            let text = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: digits - text.count) + text
        }
        return hex(high >> 32, 8) + "-" + hex((high >> 16) & 0xFFFF, 4) + "-" + hex(high & 0xFFFF, 4) + "-"
            + hex(low >> 48, 4) + "-" + hex(low & 0xFFFF_FFFF_FFFF, 12) + "/L0/001"
    }
}

/// SplitMix64: a small seeded generator, the same numbers on every platform.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `range` (the modulo's bias is negligible for these small ranges).
    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }
}
