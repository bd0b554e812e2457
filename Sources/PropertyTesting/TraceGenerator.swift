import SeededRandom
import SelectionCore
import SelectionTrace

/// Generates grids and gesture streams for property tests, biased toward the cases where
/// selection code breaks: a long press on a chosen photo, taps on unknown photos, library
/// changes that remove chosen photos or insert duplicates, gestures under an open sheet,
/// limits at the edge.
public struct TraceGenerator: Sendable {
    /// The largest grid generated; most grids are far smaller.
    public var maximumPhotos: Int
    /// The most events in one trace.
    public var maximumEvents: Int

    public init(maximumPhotos: Int = 10_000, maximumEvents: Int = 60) {
        self.maximumPhotos = maximumPhotos
        self.maximumEvents = maximumEvents
    }

    /// The trace of one seed: a grid from one stream, events from another.
    public func trace(seed: UInt64) -> Trace {
        var random = Xoshiro256(seed: seed)
        var gridRandom = random.split()
        var eventRandom = random.split()
        let header = self.header(using: &gridRandom)
        let events = self.events(for: header, using: &eventRandom)
        return Trace(header: header, events: events)
    }

    // MARK: Grids

    /// Sizes skewed small (where edge cases live), with an occasional large grid.
    func photoCount(using random: inout Xoshiro256) -> Int {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<5: 0
        case 5..<15: 1
        case 15..<70: Int.random(in: 2...max(2, min(12, maximumPhotos)), using: &random)
        case 70..<92: Int.random(in: 13...max(13, min(200, maximumPhotos)), using: &random)
        case 92..<96: Int.random(in: 201...max(201, maximumPhotos), using: &random)
        default: maximumPhotos
        }
    }

    func header(using random: inout Xoshiro256) -> TraceHeader {
        let count = photoCount(using: &random)
        let photos: PhotoList
        if random.standardChance(0.5) || count > 2_000 {
            photos = .count(count)
        } else {
            var ids: [PhotoID] = []
            var seen = Set<PhotoID>()
            while ids.count < count {
                let id = Self.photoID(ids.count, using: &random)
                if seen.insert(id).inserted { ids.append(id) }
            }
            photos = .ids(ids)
        }
        let limit: Int? =
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<6: nil
            case 6: Int.random(in: -2...1, using: &random)  // clamped to 1
            case 7: count  // exactly enough for Select all
            default: Int.random(in: 1...max(1, min(count + 1, 8)), using: &random)
            }
        return TraceHeader(photos: photos, limit: limit, reduceMotion: random.standardChance(0.2))
    }

    /// Ids of varied shapes: plain, numeric (some colliding with `count` grids' style),
    /// file-like, unicode, with spaces and quotes, and the empty string.
    static func photoID(_ index: Int, using random: inout Xoshiro256) -> PhotoID {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: String(index + 1)
        case 1: "0" + String(index)
        case 2: "IMG_\(1000 + index).HEIC"
        case 3: "фото-\(index)"
        case 4: "a \"quoted\" \\ id \(index)"
        case 5: index == 0 ? "" : "p\(index)"
        case 6: "😀\(index)"
        default: "p\(index)"
        }
    }

    // MARK: Events

    func events(for header: TraceHeader, using random: inout Xoshiro256) -> [TraceEvent] {
        // The reference model tells the generator what is chosen and shown now, so that it can
        // aim at chosen photos, open sheets and the limit.
        var model = ReferenceModel(configuration: header.configuration)
        let length = Int.random(in: 0...maximumEvents, using: &random)
        var events: [TraceEvent] = []
        var time = 0
        var freshIndex = 0
        for _ in 0..<length {
            let event = nextEvent(model: model, freshIndex: &freshIndex, using: &random)
            _ = model.apply(event)
            if random.standardChance(0.9) {
                time += Int.random(in: 0...800, using: &random)
                events.append(TraceEvent(t: time, event))
            } else {
                events.append(TraceEvent(event))
            }
        }
        return events
    }

    private func knownPhoto(_ model: ReferenceModel, using random: inout Xoshiro256) -> PhotoID? {
        model.photos.isEmpty ? nil : model.photos[Int.random(in: 0..<model.photos.count, using: &random)]
    }

    private func chosenPhoto(_ model: ReferenceModel, using random: inout Xoshiro256) -> PhotoID? {
        let chosen = model.picks
        return chosen.isEmpty ? nil : chosen[Int.random(in: 0..<chosen.count, using: &random)]
    }

    /// A photo for a gesture: usually in the grid, sometimes chosen, sometimes unknown.
    private func gesturePhoto(_ model: ReferenceModel, using random: inout Xoshiro256) -> PhotoID {
        let roll = Int.random(in: 0..<10, using: &random)
        if roll < 3, let chosen = chosenPhoto(model, using: &random) { return chosen }
        if roll < 9, let known = knownPhoto(model, using: &random) { return known }
        return "unknown-\(Int.random(in: 0..<3, using: &random))"
    }

    private func nextEvent(model: ReferenceModel, freshIndex: inout Int, using random: inout Xoshiro256) -> Event {
        let roll = Int.random(in: 0..<100, using: &random)
        switch roll {
        case 0..<12: return .longPress(gesturePhoto(model, using: &random))
        case 12..<16: return .selectItem(gesturePhoto(model, using: &random))
        case 16..<46: return .tap(gesturePhoto(model, using: &random))
        case 46..<50: return .select
        case 50..<54: return .selectAll
        case 54..<57: return .deselectAll
        case 57..<61: return .done
        case 61..<65: return .back
        case 65..<68: return .delete
        case 68..<70: return .move
        case 70..<74: return .share
        case 74..<76: return .edit
        case 76..<80: return .dismiss
        default: return libraryChange(model: model, freshIndex: &freshIndex, using: &random)
        }
    }

    private func libraryChange(model: ReferenceModel, freshIndex: inout Int, using random: inout Xoshiro256) -> Event {
        var removed: [PhotoID] = []
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5: if let chosen = chosenPhoto(model, using: &random) { removed.append(chosen) }
            case 5..<9: if let known = knownPhoto(model, using: &random) { removed.append(known) }
            default: removed.append("gone-\(Int.random(in: 0..<3, using: &random))")
            }
        }
        if random.standardChance(0.05), !model.photos.isEmpty, model.photos.count <= 50 {
            removed = model.photos  // everything disappears
        }
        var inserted: [Insertion] = []
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            let at = Int.random(in: -2...(model.photoCount + 2), using: &random)
            switch Int.random(in: 0..<10, using: &random) {
            case 0:  // already in the grid: a duplicate, unless it is also removed
                if let known = knownPhoto(model, using: &random) { inserted.append(Insertion(photo: known, at: at)) }
            case 1:  // listed twice
                if let last = inserted.last { inserted.append(Insertion(photo: last.photo, at: at)) }
            case 2:  // back in the same event
                if let gone = removed.first { inserted.append(Insertion(photo: gone, at: at)) }
            default:
                freshIndex += 1
                inserted.append(Insertion(photo: "new-\(freshIndex)", at: at))
            }
        }
        return .libraryChanged(removed: removed, inserted: inserted)
    }
}

extension Xoshiro256 {
    /// True with probability `p`, through the standard library's `Double.random(in:using:)`
    /// (which reads the low 53 bits of a draw, where `chance(_:)` reads the high ones): the
    /// draw every generated case has been made with, so that a seed keeps naming the same
    /// trace, and a reported failing seed keeps reproducing. O(1).
    @inline(__always)
    mutating func standardChance(_ p: Double) -> Bool {
        Double.random(in: 0..<1, using: &self) < p
    }
}
