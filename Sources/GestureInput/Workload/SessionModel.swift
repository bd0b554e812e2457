import SelectionCore
import SelectionTrace

/// The synthetic user: a Markov chain over gestures whose state is the app's (browsing or
/// selecting, what is chosen, what is on screen), with a seeded, configurable mix.
///
/// Each gesture is drawn from the mix whatever the state; when the state does not allow it,
/// the model first makes the transition a person would (a long press or the Select button
/// to enter the mode; Done to leave it; a tap to choose something before Delete). On an empty
/// grid, gestures that need photos are replaced by a library sync that brings some. Library
/// syncs pull the photo count back towards its start, so a session of any length keeps a grid
/// of about the size it began with.
///
/// Targets are photos on screen (the model tracks layout, viewport and scroll), so the pointer
/// layer can always reach them. Time is modelled in milliseconds with human gaps.
///
/// One `FastEngine` runs alongside to know the mode, the selection and the grid order, fed
/// slot events (no step is turned back into ids). What the session never looks at is not
/// asked of it: Share, Edit and Move would have it list the chosen photos in grid order
/// (O(N) after Select all), so an open sheet is kept here (`sheet`) and Move leaves the mode
/// as Done does; the engine's grid, selection and mode stay exactly those of a replay.
///
/// `next()` costs O(1) plus the engine's cost for the event (Delete: O(chosen photos));
/// memory is the engine's, bounded whatever the session's length (photos the library brings
/// reuse a bounded pool of ids).
public struct SessionModel {
    public let layout: GridLayout
    public let mix: WorkloadMix
    /// The grid, the selection and the mode so far; an open sheet is `sheet`, not the engine's.
    public private(set) var engine: FastEngine
    /// The sheet open over the selection (Share or Edit), if any.
    public private(set) var sheet: Sheet?
    public private(set) var viewport: GridViewport
    /// When the last step ended, in milliseconds.
    public private(set) var clock: Int = 0

    private var random: SessionRandom
    private let initialPhotoCount: Int
    private let minimumPressDuration: Int
    private var plan: [Planned] = []
    private var nextInsertedPhoto = 1
    private var insertedIDPool: Int
    private var lastRemovedPhoto: (id: PhotoID, slot: PhotoSlot)?
    /// The engine's slot of pool id `s(n + 1)` at `n`, once interned (`unusedPoolSlot` before):
    /// whether a pool id is in the grid is then a bit test, not a string hashed.
    private var poolSlots: [UInt32] = []
    private static let unusedPoolSlot = UInt32.max
    /// The slot event of the step being resolved: the engine is fed slots, never ids.
    private var slotEvent: SlotEvent = .done
    private var lastTarget: Int?

    /// A step decided but not yet resolved against the state it will meet.
    private enum Planned {
        case tap(TapChoice, gap: ClosedRange<Int>)
        case longPress
        case button(Event, gap: ClosedRange<Int>)
        case sync(first: Bool)
        case scroll
        case rotate
        case settleScroll
    }

    private enum TapChoice {
        case any, near, unchosen
    }

    public init(
        configuration: GridConfiguration, setup: PointerSetup, mix: WorkloadMix, seed: UInt64
    ) {
        layout = setup.layout
        viewport = setup.viewport
        minimumPressDuration = setup.gestures.minimumPressDuration
        self.mix = mix
        engine = FastEngine(configuration: configuration)
        initialPhotoCount = configuration.photos.count
        insertedIDPool = max(1024, 2 * configuration.photos.count)
        random = SessionRandom(seed: seed)
    }

    /// The next step. Never ends: the caller decides how long a session is.
    public mutating func next() -> SessionStep {
        var attempts = 0
        while true {
            if plan.isEmpty { planGesture() }
            let item = plan.removeFirst()
            if let step = resolve(item) { return step }
            attempts += 1
            // A step that cannot happen (nothing to scroll, nothing on screen) is dropped; a mix
            // whose every gesture is impossible here still moves the session on.
            if attempts > 64 { plan.insert(.sync(first: true), at: 0) }
        }
    }

    // MARK: - Planning (the Markov chain's transitions)

    private mutating func planGesture() {
        var gesture = mix.draw(using: &random)
        if gesture.needsPhotos && engine.photoCount == 0 { gesture = .sync }
        let selecting = engine.mode == .selecting
        switch gesture {
        case .open:
            if selecting { plan.append(.button(.done, gap: 300...1200)) }
            plan.append(.tap(.any, gap: 300...1500))
            if random.chance(0.75) { plan.append(.button(.back, gap: 800...4000)) }
        case .press:
            if selecting { plan.append(.button(.done, gap: 300...1200)) }
            plan.append(.longPress)
        case .select:
            if selecting { plan.append(.button(.done, gap: 300...1200)) }
            plan.append(.button(.select, gap: 300...1200))
        case .burst:
            enterSelectionIfNeeded()
            for _ in 0..<random.int(in: 1...8) { plan.append(.tap(.near, gap: 200...700)) }
        case .selectAll:
            enterSelectionIfNeeded()
            plan.append(.button(.selectAll, gap: 300...1200))
        case .deselectAll:
            enterSelectionIfNeeded()
            plan.append(.button(.deselectAll, gap: 300...1200))
        case .done:
            enterSelectionIfNeeded()
            plan.append(.button(random.chance(0.75) ? .done : .back, gap: 300...1500))
        case .delete, .move, .share:
            let choosesOne = enterSelectionIfNeeded()
            if !choosesOne && engine.selectedCount == 0 { plan.append(.tap(.unchosen, gap: 200...700)) }
            switch gesture {
            case .delete: plan.append(.button(.delete, gap: 300...1200))
            case .move: plan.append(.button(.move, gap: 300...1200))
            default:
                plan.append(.button(random.chance(0.7) ? .share : .edit, gap: 300...1200))
                plan.append(.button(random.chance(0.7) ? .dismiss : .back, gap: 1000...5000))
            }
        case .sync:
            plan.append(.sync(first: true))
            for _ in 0..<random.int(in: 0...19) { plan.append(.sync(first: false)) }
        case .scroll:
            plan.append(.scroll)
        case .rotate:
            plan.append(.rotate)
        }
    }

    /// Plans the way into the selection mode when browsing: a long press (which chooses a
    /// photo) four times in five, else the Select button. Returns whether a photo gets chosen.
    @discardableResult
    private mutating func enterSelectionIfNeeded() -> Bool {
        guard engine.mode == .browsing else { return false }
        if engine.photoCount > 0 && random.chance(0.8) {
            plan.append(.longPress)
            return true
        }
        plan.append(.button(.select, gap: 300...1200))
        return false
    }

    // MARK: - Resolving against the current state

    private mutating func resolve(_ item: Planned) -> SessionStep? {
        let windowStart = clock
        switch item {
        case .tap(let choice, let gap):
            guard let index = target(choice) else { return nil }
            let t = clock + random.int(in: gap)
            clock = t
            lastTarget = index
            let slot = engine.grid.slot(at: index)
            slotEvent = .tap(slot)
            return perform(
                .gridGesture(
                    TraceEvent(t: t, .tap(engine.slots.id(for: slot))), index: index, windowStart: windowStart,
                    liftTime: nil))

        case .longPress:
            guard let index = target(.any) else { return nil }
            // The finger goes down after the previous step and stays past the minimum duration.
            let t = clock + minimumPressDuration + random.int(in: 250...1100)
            let lift = t + random.int(in: 80...450)
            clock = lift
            lastTarget = index
            let slot = engine.grid.slot(at: index)
            slotEvent = .longPress(slot)
            return perform(
                .gridGesture(
                    TraceEvent(t: t, .longPress(engine.slots.id(for: slot))), index: index,
                    windowStart: windowStart, liftTime: lift))

        case .button(let event, let gap):
            let t = clock + random.int(in: gap)
            clock = t
            slotEvent = event.mapPhotos { _ in PhotoSlot(0) }  // buttons name no photo
            return perform(.appEvent(TraceEvent(t: t, event), windowStart: windowStart))

        case .sync(let first):
            let t = clock + (first ? random.int(in: 300...2000) : random.int(in: 5...60))
            clock = t
            return perform(.appEvent(TraceEvent(t: t, libraryChange()), windowStart: windowStart))

        case .scroll:
            let maximum = viewport.maximumScrollOffset(layout: layout, photoCount: engine.photoCount)
            guard maximum > 0 else { return nil }
            let from = viewport.scrollOffset
            var to: Double
            if random.chance(0.7) {
                // A fling: half a screen to three screens, up or down.
                let distance = viewport.size.height * random.double(0.5, 3)
                to = from + (random.chance(0.6) ? distance : -distance)
            } else {
                // A jump, as with the scroll indicator: anywhere.
                to = random.double(0, maximum)
            }
            to = (min(max(0, to), maximum) * 2).rounded() / 2
            guard to != from else { return nil }
            let start = clock + random.int(in: 150...600)
            let end = start + random.int(in: 150...600)
            clock = end
            viewport.scrollOffset = to
            return .scroll(from: from, to: to, start: start, end: end)

        case .rotate:
            let t = clock + random.int(in: 500...1500)
            clock = t
            viewport.size = ViewportSize(width: viewport.size.height, height: viewport.size.width)
            viewport.scrollOffset = min(
                viewport.scrollOffset, viewport.maximumScrollOffset(layout: layout, photoCount: engine.photoCount))
            return .viewport(viewport.size, scrollOffset: viewport.scrollOffset, time: t)

        case .settleScroll:
            let maximum = viewport.maximumScrollOffset(layout: layout, photoCount: engine.photoCount)
            guard viewport.scrollOffset > maximum else { return nil }
            let from = viewport.scrollOffset
            viewport.scrollOffset = maximum
            return .scroll(from: from, to: maximum, start: clock, end: clock)
        }
    }

    /// Applies a step's event to the engine; when the grid shrank below the scroll position,
    /// the scroll view's own adjustment comes next.
    private mutating func perform(_ step: SessionStep) -> SessionStep {
        if step.event != nil {
            let before = engine.photoCount
            apply(slotEvent)
            if engine.photoCount < before { plan.insert(.settleScroll, at: 0) }
        }
        return step
    }

    /// Brings the state to what it is after `event` (SPEC.md section 2), as `FastEngine.apply`
    /// would, without the step's report. O(1) for every event but Delete (O(chosen photos)),
    /// Select all (O(N / 64)) and library changes (see `FastEngine`).
    private mutating func apply(_ event: SlotEvent) {
        if sheet != nil {
            // A sheet covers the grid: only Back and Dismiss (which close it) and library
            // changes (which do not look at it) change anything; the rest are refused.
            switch event {
            case .back, .dismiss: sheet = nil
            case .libraryChanged: _ = engine.apply(event)
            default: break
            }
            return
        }
        let actsOnSelection = engine.mode == .selecting && engine.selectedCount > 0
        switch event {
        case .share, .edit:
            // Presents the chosen photos; only that a sheet is open matters here.
            if actsOnSelection { sheet = event == .share ? .share : .edit }
        case .move:
            // Moves the chosen photos elsewhere and leaves the mode: to the state, what Done does.
            if actsOnSelection { _ = engine.apply(SlotEvent.done) }
        case .delete:
            // The chosen photos leave the grid, then the mode: a library change that removes
            // them, then Done. The slots come from the bitmap (O(chosen)), where the engine's
            // Delete would list them in grid order by scanning the grid.
            if actsOnSelection {
                _ = engine.apply(SlotEvent.libraryChanged(removed: Array(engine.selection), inserted: []))
                _ = engine.apply(SlotEvent.done)
            }
        default:
            _ = engine.apply(event)
        }
    }

    /// A photo on screen to press: near the last one for bursts, one not yet chosen before an
    /// action that needs a choice. Nil when nothing is on screen.
    private mutating func target(_ choice: TapChoice) -> Int? {
        let count = engine.photoCount
        guard count > 0 else { return nil }
        let metrics = layout.metrics(forWidth: viewport.size.width)
        let rows = pressableRows(metrics, photoCount: count)
        guard !rows.isEmpty else { return nil }
        let columns = metrics.columns

        func isPressable(_ index: Int) -> Bool {
            index >= 0 && index < count && rows.contains(index / columns)
        }
        switch choice {
        case .near:
            if let last = lastTarget, random.chance(0.7) {
                let neighbours = [last - 1, last + 1, last - columns, last + columns].filter(isPressable)
                if !neighbours.isEmpty { return neighbours[random.int(below: neighbours.count)] }
            }
        case .unchosen:
            let onScreen = rows.lowerBound * columns..<min(count, rows.upperBound * columns)
            let unchosen = onScreen.filter { !engine.selection.contains(engine.grid.slot(at: $0)) }
            if !unchosen.isEmpty { return unchosen[random.int(below: unchosen.count)] }
        case .any:
            break
        }
        let row = rows.lowerBound + random.int(below: rows.count)
        let inRow = min(columns, count - row * columns)
        return row * columns + random.int(below: inRow)
    }

    /// The rows on screen with enough showing to press without landing outside: at least a
    /// quarter of a cell (or of the viewport, if it is shorter). O(rows on screen).
    private func pressableRows(_ metrics: GridMetrics, photoCount: Int) -> Range<Int> {
        let rowCount = metrics.rowCount(photoCount: photoCount)
        guard rowCount > 0, metrics.cellSide > 0 else { return 0..<0 }
        let top = viewport.scrollOffset
        let bottom = top + viewport.size.height
        let needed = min(metrics.cellSide, viewport.size.height) / 4
        let firstCandidate = max(0, Int(max(0, (top - metrics.padding) / metrics.pitch)))
        var first: Int?
        var last = -1
        var row = firstCandidate
        while row < rowCount {
            let rowTop = metrics.padding + Double(row) * metrics.pitch
            if rowTop >= bottom { break }
            let visible = min(rowTop + metrics.cellSide, bottom) - max(rowTop, top)
            if visible >= needed {
                if first == nil { first = row }
                last = row
            }
            row += 1
        }
        guard let first else { return 0..<0 }
        return first..<(last + 1)
    }

    /// One library change: a few photos gone (sometimes one already gone), a few new ones;
    /// more new ones when the grid has shrunk below its start, more gone when it has grown.
    private mutating func libraryChange() -> Event {
        let count = engine.photoCount
        var removals = random.int(in: 0...3)
        var insertions = random.int(in: 0...3)
        // Below its starting size the library refills, faster the further below it is (a
        // restore or a burst of uploads), so that even Select all + Delete is recovered from.
        let deficit = initialPhotoCount - count
        if deficit > 0 { insertions += 1 + random.int(in: 0...min(deficit / 8, 32)) }
        if count > initialPhotoCount + initialPhotoCount / 10 + 10 { removals += 1 }
        if count == 0 { insertions = max(insertions, 1) }
        var removed: [PhotoID] = []
        var removedSlots: [PhotoSlot] = []
        for _ in 0..<min(removals, count) {
            // Drawn by slot, not by grid index: no compacted order is needed between syncs.
            let slot = engine.grid.slot(at: random.int(below: count))
            if !removedSlots.contains(slot) {
                removedSlots.append(slot)
                removed.append(engine.slots.id(for: slot))
            }
        }
        // The photos left after the removals: where insertions can go.
        let remaining = count - removed.count
        if let gone = lastRemovedPhoto, random.chance(0.05) {
            removed.append(gone.id)
            removedSlots.append(gone.slot)
        }
        if let last = removed.last { lastRemovedPhoto = (last, removedSlots[removedSlots.count - 1]) }
        var inserted: [Insertion] = []
        var insertedSlots: [SlotInsertion] = []
        for _ in 0..<insertions {
            let (photo, slot) = nextInsertedID(avoiding: insertedSlots)
            let at = random.chance(0.6) ? 0 : random.int(in: 0...(remaining + inserted.count))
            inserted.append(Insertion(photo: photo, at: at))
            insertedSlots.append(SlotInsertion(slot: slot, at: at))
        }
        slotEvent = .libraryChanged(removed: removedSlots, inserted: insertedSlots)
        return .libraryChanged(removed: removed, inserted: inserted)
    }

    /// The id of a photo the library brings: `s1`, `s2`, … cycling through a pool twice the
    /// starting grid (photos that come back, as after a re-sync), skipping ids in the grid or
    /// already in this change. Reusing ids keeps the engine's id table, and so the session's
    /// memory, bounded however long the session runs. O(1) amortised.
    /// `"s\(number)"`, written digit by digit into a small string rather than through
    /// interpolation, which is most of the cost of naming a photo a library change brings.
    static func insertedID(_ number: Int) -> PhotoID {
        precondition(number >= 0, "pool numbers are positive")
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 21) { buffer in
            var rest = number
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(truncatingIfNeeded: 48 + rest % 10)
                rest /= 10
            } while rest > 0
            start -= 1
            buffer[start] = UInt8(ascii: "s")
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[start...]), as: UTF8.self)
        }
    }

    private mutating func nextInsertedID(avoiding pending: [SlotInsertion]) -> (PhotoID, PhotoSlot) {
        var skipped = 0
        while true {
            let number = nextInsertedPhoto
            nextInsertedPhoto = nextInsertedPhoto % insertedIDPool + 1
            if number > poolSlots.count {
                poolSlots.append(contentsOf: repeatElement(Self.unusedPoolSlot, count: number - poolSlots.count))
            }
            let known = poolSlots[number - 1]
            if known == Self.unusedPoolSlot {
                // Never in the grid, nor in this change (it would have its slot by now).
                let id = Self.insertedID(number)
                let slot = engine.intern(id)
                poolSlots[number - 1] = slot.rawValue
                return (id, slot)
            }
            let slot = PhotoSlot(rawValue: known)
            if !engine.grid.contains(slot) && !pending.contains(where: { $0.slot == slot }) {
                return (engine.slots.id(for: slot), slot)
            }
            skipped += 1
            // Every id of the pool is in the grid: the grid outgrew it, so the pool grows.
            if skipped > insertedIDPool { insertedIDPool *= 2 }
        }
    }
}
