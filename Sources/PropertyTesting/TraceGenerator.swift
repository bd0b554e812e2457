import SeededRandom
@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
@_spi(GridSimInternals) import SelectionTrace

/// Generates grids and gesture streams for property tests, biased toward the cases where
/// selection code breaks: a long press on a chosen photo, taps on unknown photos and on photos
/// that just left the grid, library changes that remove chosen photos or insert duplicates,
/// gestures under an open sheet, limits at the edge; the tray's remove button on chosen,
/// unchosen and unknown photos; drags in bursts (a `dragBegan`, moves back and forth past the
/// anchor, usually a `dragEnded`) with other events landing in the middle of them.
///
/// A few percent of the events are strays that SPEC.md ignores or refuses in the state at
/// hand, aimed where a bug would act on them: a `dragMoved` or a second `dragEnded` just after
/// a drag ended (a late touch sample), drag events with no drag at all, the tray's remove
/// button on a photo not in the tray, gestures under a sheet, taps on photos just deleted.
package struct TraceGenerator: Sendable {
    /// The largest grid generated; most grids are far smaller.
    package var maximumPhotos: Int
    /// The most events in one trace.
    package var maximumEvents: Int
    /// Events never generated: those an engine under test does not handle (drag to select,
    /// say). A trace then has none of them; the events the generator would have made in their
    /// place are drawn again.
    package var excludedEvents: Set<EventName>

    package init(maximumPhotos: Int = 10_000, maximumEvents: Int = 60, excluding excludedEvents: Set<EventName> = []) {
        self.maximumPhotos = maximumPhotos
        self.maximumEvents = maximumEvents
        self.excludedEvents = excludedEvents
    }

    /// The trace of one seed: a grid from one stream, events from another.
    package func trace(seed: UInt64) -> Trace {
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
        // aim at chosen photos, open sheets, the limit and the drag in progress.
        var model = ReferenceModel(configuration: header.configuration)
        let length = Int.random(in: 0...maximumEvents, using: &random)
        var events: [TraceEvent] = []
        var context = GenerationContext()
        var time = 0
        for _ in 0..<length {
            guard let event = nextAllowedEvent(model: model, context: &context, using: &random) else { continue }
            context.noteBefore(event, model: model)
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

    /// The next event whose name is not excluded: a few draws, then none (the step is left
    /// out), so that a generator that excludes nearly everything still ends.
    private func nextAllowedEvent(
        model: ReferenceModel, context: inout GenerationContext, using random: inout Xoshiro256
    ) -> Event? {
        for _ in 0..<16 {
            let event = nextEvent(model: model, context: &context, using: &random)
            if !excludedEvents.contains(event.name) { return event }
            // A drag the excluded events cannot make goes no further.
            if event.name == .dragBegan || event.name == .dragMoved { context.burst = nil }
        }
        return nil
    }

    private func knownPhoto(_ model: ReferenceModel, using random: inout Xoshiro256) -> PhotoID? {
        model.photoCount == 0 ? nil : model.photo(at: Int.random(in: 0..<model.photoCount, using: &random))
    }

    private func chosenPhoto(_ model: ReferenceModel, using random: inout Xoshiro256) -> PhotoID? {
        let chosen = model.picks
        return chosen.isEmpty ? nil : chosen[Int.random(in: 0..<chosen.count, using: &random)]
    }

    /// A photo that is not in the grid: one that left it lately (a layout not updated yet
    /// still shows it), or one it never had.
    private func unknownPhoto(_ context: GenerationContext, using random: inout Xoshiro256) -> PhotoID {
        if !context.recentlyGone.isEmpty && random.standardChance(0.5) {
            return context.recentlyGone[Int.random(in: 0..<context.recentlyGone.count, using: &random)]
        }
        return "unknown-\(Int.random(in: 0..<3, using: &random))"
    }

    /// A photo for a gesture: usually in the grid, sometimes chosen, sometimes unknown.
    private func gesturePhoto(_ model: ReferenceModel, _ context: GenerationContext, using random: inout Xoshiro256)
        -> PhotoID
    {
        photo(chosen: 3, known: 6, outOf: 10, model, context, using: &random)
    }

    /// A chosen photo with odds `chosen` in `total`, else one of the grid with odds `known`,
    /// else (or when there is none to give) an unknown one.
    private func photo(
        chosen: Int, known: Int, outOf total: Int, _ model: ReferenceModel, _ context: GenerationContext,
        using random: inout Xoshiro256
    ) -> PhotoID {
        let roll = Int.random(in: 0..<total, using: &random)
        if roll < chosen, let photo = chosenPhoto(model, using: &random) { return photo }
        if roll < chosen + known, let photo = knownPhoto(model, using: &random) { return photo }
        return unknownPhoto(context, using: &random)
    }

    private func nextEvent(model: ReferenceModel, context: inout GenerationContext, using random: inout Xoshiro256)
        -> Event
    {
        if !context.justDeleted.isEmpty && random.standardChance(0.35) {
            // A gesture right after Delete, on the spot where a deleted photo was.
            let stale = context.justDeleted[Int.random(in: 0..<context.justDeleted.count, using: &random)]
            return random.standardChance(0.5) ? .longPress(stale) : .tap(stale)
        }
        if let ended = context.endedDrag {
            context.endedDrag = nil
            // A late touch sample after the finger lifted: a move next to where the drag ended,
            // or the lift again. SPEC.md ignores both; a drag that goes on would act on them.
            if random.standardChance(0.3), model.photoCount > 0 {
                guard random.standardChance(0.75) else { return .dragEnded }
                let step = Int.random(in: 1...3, using: &random) * (random.standardChance(0.5) ? 1 : -1)
                let position = min(max(ended.position + step, 0), model.photoCount - 1)
                return .dragMoved(model.photo(at: position))
            }
        }
        if context.burst != nil { return nextDragEvent(model: model, context: &context, using: &random) }
        let canDrag = model.mode == .selecting && model.sheet == nil
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<(canDrag ? 14 : 2):
            // A drag begins (while browsing, or on an unknown photo, it is a scroll or refused).
            return beginDrag(model: model, context: &context, using: &random)
        case 14..<20:
            return .removeFromTray(trayPhoto(model, context, using: &random))
        case 20..<22:
            // Drag events with no drag in progress.
            return random.standardChance(0.5) ? .dragEnded : .dragMoved(gesturePhoto(model, context, using: &random))
        default:
            return ordinaryEvent(model: model, context: &context, using: &random)
        }
    }

    /// The events of SPEC.md sections 2 and 3, with the odds they have always had.
    private func ordinaryEvent(model: ReferenceModel, context: inout GenerationContext, using random: inout Xoshiro256)
        -> Event
    {
        let roll = Int.random(in: 0..<100, using: &random)
        switch roll {
        case 0..<12: return .longPress(gesturePhoto(model, context, using: &random))
        case 12..<16: return .selectItem(gesturePhoto(model, context, using: &random))
        case 16..<46: return .tap(gesturePhoto(model, context, using: &random))
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
        default: return libraryChange(model: model, context: &context, using: &random)
        }
    }

    /// The photo of a tray's remove button: mostly a chosen one, sometimes one that is not
    /// chosen, sometimes one the grid does not have.
    private func trayPhoto(_ model: ReferenceModel, _ context: GenerationContext, using random: inout Xoshiro256)
        -> PhotoID
    {
        photo(chosen: 13, known: 5, outOf: 20, model, context, using: &random)
    }

    // MARK: Drags

    /// A drag in the making: where it began and where the finger is, as grid positions, and
    /// how many more events it has.
    struct DragBurst {
        var anchor: Int
        var position: Int
        var remaining: Int
    }

    /// A `dragBegan`, mostly on a photo of the grid (often a chosen one, so that the drag
    /// unchooses; sometimes the first or last), sometimes on an unknown photo. Starts a burst.
    private func beginDrag(model: ReferenceModel, context: inout GenerationContext, using random: inout Xoshiro256)
        -> Event
    {
        let count = model.photoCount
        guard count > 0, !random.standardChance(0.05) else {
            context.burst = nil
            return .dragBegan(unknownPhoto(context, using: &random))
        }
        var anchor = Int.random(in: 0..<count, using: &random)
        let roll = Int.random(in: 0..<10, using: &random)
        if roll < 3, let chosen = chosenPhoto(model, using: &random), let position = model.photos.firstIndex(of: chosen) {
            anchor = position
        } else if roll == 3 {
            anchor = random.standardChance(0.5) ? 0 : count - 1
        }
        // Mostly a few moves; sometimes a long sweep.
        let moves = random.standardChance(0.8) ? Int.random(in: 1...8, using: &random) : Int.random(in: 9...30, using: &random)
        context.burst = DragBurst(anchor: anchor, position: anchor, remaining: moves)
        return .dragBegan(model.photo(at: anchor))
    }

    /// The next event of the burst in progress: mostly a move (small steps and jumps, past the
    /// anchor both ways, now and then onto an unknown photo), sometimes another event in the
    /// middle of the drag (a tap, Delete, Done, a library change, a second `dragBegan` ...),
    /// after which the moves go on as the finger would; usually a `dragEnded` at the end.
    private func nextDragEvent(model: ReferenceModel, context: inout GenerationContext, using random: inout Xoshiro256)
        -> Event
    {
        var burst = context.burst!
        guard burst.remaining > 0 else {
            context.burst = nil
            guard random.standardChance(0.8) else { return ordinaryEvent(model: model, context: &context, using: &random) }
            context.endedDrag = burst
            return .dragEnded
        }
        burst.remaining -= 1
        context.burst = burst
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<4:
            return beginDrag(model: model, context: &context, using: &random)
        case 4..<14:
            let event = random.standardChance(0.2)
                ? .removeFromTray(trayPhoto(model, context, using: &random))
                : ordinaryEvent(model: model, context: &context, using: &random)
            return event
        case 14..<17:
            context.burst = nil
            context.endedDrag = burst
            return .dragEnded
        default:
            break
        }
        let count = model.photoCount
        guard count > 0, !random.standardChance(0.06) else { return .dragMoved(unknownPhoto(context, using: &random)) }
        var position = burst.position
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<6: position += Int.random(in: -2...2, using: &random)  // a photo or two at a time
        case 6: position = Int.random(in: 0..<count, using: &random)  // a jump
        case 7: position = 2 * burst.anchor - burst.position  // across the anchor
        case 8: position = burst.anchor  // back to where it began
        default: position += random.standardChance(0.5) ? count / 3 : -count / 3  // a long sweep
        }
        position = min(max(position, 0), count - 1)
        burst.position = position
        context.burst!.position = position
        return .dragMoved(model.photo(at: position))
    }

    private func libraryChange(model: ReferenceModel, context: inout GenerationContext, using random: inout Xoshiro256)
        -> Event
    {
        var removed: [PhotoID] = []
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5: if let chosen = chosenPhoto(model, using: &random) { removed.append(chosen) }
            case 5..<9: if let known = knownPhoto(model, using: &random) { removed.append(known) }
            default: removed.append("gone-\(Int.random(in: 0..<3, using: &random))")
            }
        }
        if random.standardChance(0.05), model.photoCount > 0, model.photoCount <= 50 {
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
                context.freshIndex += 1
                inserted.append(Insertion(photo: "new-\(context.freshIndex)", at: at))
            }
        }
        return .libraryChanged(removed: removed, inserted: inserted)
    }
}

/// What the generator remembers between events besides the model: the drag it is making,
/// the photos that just left the grid, and the count of new photos named so far.
struct GenerationContext {
    var burst: TraceGenerator.DragBurst?
    /// The drag whose `dragEnded` was the last event, while the next event is generated.
    var endedDrag: TraceGenerator.DragBurst?
    /// The photos the last Delete removed, while the next event is generated; then empty.
    var justDeleted: [PhotoID] = []
    /// The last few photos that left the grid.
    var recentlyGone: [PhotoID] = []
    var freshIndex = 0

    /// Takes note of what `event` is about to do to `model`. O(chosen) for a Delete.
    mutating func noteBefore(_ event: Event, model: ReferenceModel) {
        justDeleted = []
        switch event {
        case .delete where model.mode == .selecting && model.sheet == nil:
            justDeleted = Array(model.picks.prefix(8))
            remember(gone: justDeleted)
        case .libraryChanged(let removed, _):
            remember(gone: removed.filter(model.contains))
        default:
            break
        }
    }

    private mutating func remember(gone: [PhotoID]) {
        recentlyGone = Array((recentlyGone + gone).suffix(8))
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
