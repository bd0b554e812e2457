import GestureInput
import SeededRandom
@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
@_spi(GridSimInternals) import SelectionTrace

/// The synthetic user: a Markov chain over gestures whose state is the app's (browsing or
/// selecting, what is chosen, what is on screen), with a seeded, configurable mix.
///
/// Each gesture is drawn from the mix whatever the state; when the state does not allow it,
/// the model first makes the transition a person would (a long press or the Select button
/// to enter the mode; Done to leave it; a tap to choose something before Delete). On an empty
/// grid, gestures that need photos are replaced by a library sync that brings some.
///
/// A session keeps its library, as a real one keeps its size through a day: Delete takes the
/// handful a person chose (`deleteHandful`; with more chosen, the person deselects all and
/// chooses a few first), Select all is followed by what people do with everything chosen
/// (share or move an album, deselect or leave a library; delete only a grid of a handful),
/// and library syncs remove
/// about as many photos as they bring, pulling the photo count back towards its start. A
/// share of the syncs that meet a selection (`WorkloadMix.pruningShare`) remove one to three
/// chosen photos, as a photo deleted on another device does; `pruning` counts them. Over
/// N ≥ 1,000 photos, every preset keeps the grid within 0.9 N … 1.1 N for the whole session;
/// only the `deleteAll` gesture, which no preset has, empties it.
///
/// Targets are photos on screen (the model tracks layout, viewport and scroll), so the pointer
/// layer can always reach them. Time is modelled in milliseconds with human gaps. With a limit
/// (the picker's tray), a full tray is made room in before another photo is chosen: the tray's
/// remove button on the oldest pick; Select all, which could not fit, is not pressed.
///
/// One `FastEngine` runs alongside to know the mode, the selection and the grid order, fed
/// slot events (no step is turned back into ids). What the session never looks at is not
/// asked of it: Share, Edit and Move would have it list the chosen photos in grid order
/// (O(N) after Select all), so an open sheet is kept here (`sheet`) and Move leaves the mode
/// as Done does; a drag to select is fed to it as taps on the photos whose state the drag
/// changes (its own drag copies the grid's order when it begins). The engine's grid, selection
/// and mode stay exactly those of a replay.
///
/// The photos the library brings are named by the model, not interned: pool id `s(n + 1)`
/// is slot `poolBase + n` for good, so knowing whether it is in the grid is a bit test and
/// naming it is writing its number; the engine's id table only knows the grid's first photos.
/// Steps are resolved with their photos as slots, and ids are made only when asked: `next()`
/// builds the step's strings, `nextEvent()` leaves naming to a writer (`writeLine`).
///
/// `next()` costs O(1) plus the engine's cost for the event (Delete: O(chosen photos); a sync
/// that prunes once the photos chosen last are gone: the selection's empty chunks before its
/// first chosen photo, N / 4,096 checks at most);
/// memory is the engine's, bounded whatever the session's length (photos the library brings
/// reuse a bounded pool of ids).
package struct SessionModel {
    package let layout: GridLayout
    package let mix: WorkloadMix
    /// The grid, the selection and the mode so far; an open sheet is `sheet`, not the engine's.
    /// Its id table does not know the pool's ids: names come from `id(for:)`.
    private var engine: FastEngine
    /// The sheet open over the selection (Share or Edit), if any.
    package private(set) var sheet: Sheet?
    package private(set) var viewport: GridViewport
    /// When the last step ended, in milliseconds.
    package private(set) var clock: Int = 0

    private var random: Xoshiro256
    private let initialPhotoCount: Int
    private let minimumPressDuration: Int
    /// How far a press may wander before it slides: a drag's first slide goes past it.
    private let slop: Double
    private var plan: [Planned] = []
    private var nextInsertedPhoto = 1
    /// How many pool ids the session cycles through; it only grows.
    private var insertedIDPool: Int
    private static let smallestPool = 1024
    /// Pool ids tried for the library change being made.
    private var triedInChange = 0
    /// The most photos a person deletes at once: a handful, fewer on a small grid.
    private let deleteHandful: Int
    private var lastRemovedPhoto: PhotoSlot?
    /// The last photos the session chose: where a sync that prunes finds chosen photos.
    private var recentlyChosen = RecentSlots()
    /// The session's library changes so far and the chosen photos they removed.
    package private(set) var pruning = SelectionPruning()
    /// Slots below it are the grid's first photos, named by the engine's table; pool id
    /// `s(n + 1)` is slot `poolBase + n`.
    let poolBase: Int
    /// The grid's ids as listed (slot `i` at position `i`), when the grid came as a list
    /// without repeats: a writer copies their bytes instead of building strings.
    private let listedIDs: PhotoIDTable?
    /// Pool numbers whose id the grid already lists (`"s7"` among a list's ids), with that
    /// photo's slot: the same id must be the same photo. Empty for generated grids.
    private let listedPoolNumbers: [Int: PhotoSlot]
    /// The most bytes an id of the session takes, or more (before escaping).
    let longestIDByteCount: Int
    /// Slots below it are counted photos, `"1"` … (the engine's table's counted prefix).
    private let countedPrefix: Int
    /// The slot event of the step being resolved: the engine is fed slots, never ids.
    private var slotEvent: SlotEvent = .done
    private var lastTarget: Int?
    /// The drag to select in progress, if any.
    private var drag: SessionDrag?
    /// What `screen(photoCount:)` last worked out, and for which viewport and photo count:
    /// working it out at every step was a twentieth of the model's time.
    private var lastScreen: (viewport: GridViewport, photoCount: Int, metrics: GridMetrics, rows: Range<Int>)?

    /// What a drag remembers, by grid index: nothing changes the grid while it lasts (its
    /// moments are planned one after another).
    private struct SessionDrag {
        var anchor: Int
        var current: Int
        /// The anchor was chosen: the drag unchooses what it sweeps.
        var unchoosing: Bool
        /// Whether each photo the range has reached was chosen when the drag began.
        var baseChosen: [Int: Bool]
    }

    /// A step decided but not yet resolved against the state it will meet.
    private enum Planned {
        case tap(TapChoice, gap: ClosedRange<Int>)
        /// A tap on the photo at a grid index decided already (after the tray made room).
        case tapAt(Int, gap: ClosedRange<Int>)
        case longPress
        /// An app-bar button, Back or Dismiss: an event that names no photo.
        case button(SlotEvent, gap: ClosedRange<Int>)
        /// Delete: of a handful of chosen photos, or of whatever is chosen (`everything`, after
        /// the `deleteAll` gesture's Select all). Dropped when nothing is chosen.
        case delete(everything: Bool)
        /// What follows Select all, decided once it has happened.
        case afterSelectAll
        /// A library change; one that `prunes` removes chosen photos whatever the mix's share.
        case sync(first: Bool, prunes: Bool = false)
        case scroll
        case rotate
        case settleScroll
        /// A drag to select begins on a photo on screen; its path is planned then, as
        /// `dragMove` items and a `dragEnd`.
        case dragBegin
        case dragMove(to: Int)
        case dragEnd
    }

    private enum TapChoice {
        case any, near, unchosen
    }

    /// A step resolved against the state; its event, if it has one, is `slotEvent`.
    private enum Resolved {
        case gridGesture(t: Int, index: Int, windowStart: Int, liftTime: Int?)
        case drag(t: Int, index: Int, windowStart: Int)
        case appEvent(t: Int, windowStart: Int)
        case scroll(from: Double, to: Double, start: Int, end: Int)
        case viewport(ViewportSize, scrollOffset: Double, time: Int)
    }

    package init(
        configuration: GridConfiguration, setup: PointerSetup, mix: WorkloadMix, seed: UInt64
    ) {
        layout = setup.layout
        viewport = setup.viewport
        minimumPressDuration = setup.gestures.minimumPressDuration
        slop = setup.gestures.slop
        self.mix = mix
        engine = FastEngine(configuration: configuration)
        initialPhotoCount = configuration.photos.count
        deleteHandful = Self.deleteHandful(photoCount: configuration.photos.count)
        insertedIDPool = max(Self.smallestPool, 2 * configuration.photos.count)
        random = Xoshiro256(seed: seed)
        poolBase = engine.slots.count
        countedPrefix = engine.slots.countedPrefix
        var listedPoolNumbers: [Int: PhotoSlot] = [:]
        var longestListed = 0
        if case .ids(let ids) = configuration.photos {
            listedIDs = ids.hasDuplicates ? nil : ids
            for position in ids.indices {
                let (length, number) = ids.withBytes(at: position) { ($0.count, Self.poolNumber(of: $0)) }
                longestListed = max(longestListed, length)
                if let number { listedPoolNumbers[number] = engine.slots.slot(for: ids[position]) }
            }
        } else {
            listedIDs = nil
        }
        self.listedPoolNumbers = listedPoolNumbers
        // Digits of a 64-bit number and a prefix, or the longest listed id.
        longestIDByteCount = max(24, longestListed)
    }

    // MARK: - The state, as a replay reports it

    package var mode: Mode { engine.mode }
    package var photoCount: Int { engine.photoCount }
    package var chosenCount: Int { engine.chosenCount }
    /// The grid in order. O(N) strings: for tests and reports.
    package var photos: [PhotoID] { engine.grid.order.map(id(for:)) }
    /// The chosen photos in grid order. O(N) strings: for tests and reports.
    package var chosenPhotos: [PhotoID] { engine.grid.slots(of: engine.selection).map(id(for:)) }

    // MARK: - Steps

    /// The next step. Never ends: the caller decides how long a session is. O(1) plus
    /// `nextResolved()`, and a string per photo the event names.
    package mutating func next() -> SessionStep {
        switch nextResolved() {
        case .gridGesture(let t, let index, let windowStart, let liftTime):
            return .gridGesture(
                TraceEvent(t: t, slotEvent.mapPhotos(id(for:))), index: index, windowStart: windowStart,
                liftTime: liftTime)
        case .drag(let t, let index, let windowStart):
            return .drag(TraceEvent(t: t, slotEvent.mapPhotos(id(for:))), index: index, windowStart: windowStart)
        case .appEvent(let t, let windowStart):
            return .appEvent(TraceEvent(t: t, slotEvent.mapPhotos(id(for:))), windowStart: windowStart)
        case .scroll(let from, let to, let start, let end):
            return .scroll(from: from, to: to, start: start, end: end)
        case .viewport(let size, let scrollOffset, let time):
            return .viewport(size, scrollOffset: scrollOffset, time: time)
        }
    }

    /// The next step that has an event (scrolls and rotations pass by): its time and event,
    /// photos as slots, to be named with `writeID(of:to:)` or `id(for:)`. The same events, in
    /// the same order, as `next()` gives, without building a string. O(1) plus the engine's cost.
    package mutating func nextEvent() -> (t: Int, event: SlotEvent) {
        while true {
            switch nextResolved() {
            case .gridGesture(let t, _, _, _), .drag(let t, _, _), .appEvent(let t, _): return (t, slotEvent)
            case .scroll, .viewport: continue
            }
        }
    }

    private mutating func nextResolved() -> Resolved {
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

    // MARK: - Naming photos

    /// The id of a slot the session's events name. O(1) plus building the string.
    package func id(for slot: PhotoSlot) -> PhotoID {
        slot.index < poolBase ? engine.slots.id(for: slot) : Self.insertedID(slot.index - poolBase + 1)
    }

    /// Writes the id of `slot` as a JSON string, as `TextTraceEncoding` writes it: digits for
    /// a counted photo or a pool one, the listed bytes for a grid given by ids. At most
    /// `2 + 6 * longestIDByteCount` bytes. O(length of the id); no string is built but for a
    /// list with repeats.
    func writeID(of slot: PhotoSlot, to line: inout LineCursor) {
        let index = slot.index
        if index < countedPrefix {
            line.write(UInt8(ascii: "\""))
            line.writeDecimal(index + 1)
            line.write(UInt8(ascii: "\""))
        } else if index >= poolBase {
            line.write("\"s")
            line.writeDecimal(index - poolBase + 1)
            line.write(UInt8(ascii: "\""))
        } else if let listedIDs {
            listedIDs.withBytes(at: index - countedPrefix) { line.writeQuoted($0) }
        } else {
            var id = id(for: slot)
            id.withUTF8 { line.writeQuoted(UnsafeRawBufferPointer($0)) }
        }
    }

    /// The number `n` of an id spelled `s<n>` as the pool spells it, else nil.
    private static func poolNumber(of bytes: UnsafeRawBufferPointer) -> Int? {
        guard bytes.count >= 2, bytes.count <= 19, bytes[0] == UInt8(ascii: "s"), bytes[1] != UInt8(ascii: "0") else {
            return nil
        }
        var value = 0
        for byte in bytes.dropFirst() {
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// The slot of pool id `s<number>`.
    @inline(__always)
    private func poolSlot(_ number: Int) -> PhotoSlot {
        if !listedPoolNumbers.isEmpty, let listed = listedPoolNumbers[number] { return listed }
        return PhotoSlot(poolBase + number - 1)
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
            plan.append(.afterSelectAll)
        case .deleteAll:
            enterSelectionIfNeeded()
            plan.append(.button(.selectAll, gap: 300...1200))
            plan.append(.delete(everything: true))
        case .deselectAll:
            enterSelectionIfNeeded()
            plan.append(.button(.deselectAll, gap: 300...1200))
        case .done:
            enterSelectionIfNeeded()
            plan.append(.button(random.chance(0.75) ? .done : .back, gap: 300...1500))
        case .delete, .move, .share:
            let choosesOne = enterSelectionIfNeeded()
            if gesture == .delete && engine.mode == .selecting && engine.chosenCount > deleteHandful {
                // More chosen than a person deletes at once: start over and choose the few.
                plan.append(.button(.deselectAll, gap: 300...1200))
                for _ in 0..<random.int(in: 1...min(3, deleteHandful)) {
                    plan.append(.tap(.unchosen, gap: 200...700))
                }
            } else if !choosesOne && engine.chosenCount == 0 {
                plan.append(.tap(.unchosen, gap: 200...700))
            }
            switch gesture {
            case .delete: plan.append(.delete(everything: false))
            case .move: plan.append(.button(.move, gap: 300...1200))
            default:
                plan.append(.button(random.chance(0.7) ? .share : .edit, gap: 300...1200))
                plan.append(.button(random.chance(0.7) ? .dismiss : .back, gap: 1000...5000))
            }
        case .sync:
            plan.append(.sync(first: true))
            for _ in 0..<random.int(in: 0...19) { plan.append(.sync(first: false)) }
        case .pruningSync:
            // Something chosen first, as `delete` does, for the change to take.
            if engine.chosenCount == 0 && !enterSelectionIfNeeded() { plan.append(.tap(.unchosen, gap: 200...700)) }
            plan.append(.sync(first: true, prunes: true))
        case .scroll:
            plan.append(.scroll)
        case .rotate:
            plan.append(.rotate)
        case .drag:
            enterSelectionIfNeeded()
            plan.append(.dragBegin)
        }
    }

    /// What a person does with everything chosen. Everything is an album's worth
    /// (`bulkActionLimit` photos at most): share or edit it (three times in ten), move it (two),
    /// deselect it (three), or leave the mode (two); delete it, half of the time, when it is a
    /// handful. Everything is a whole library: deselect it (six times in ten) or leave the
    /// mode, as a person who pressed Select all on a hundred thousand photos does; nobody
    /// shares or moves a library at once.
    private mutating func followingSelectAll() -> [Planned] {
        let chosen = engine.chosenCount
        if chosen <= deleteHandful && random.chance(0.5) { return [.delete(everything: false)] }
        let roll = random.int(below: 10)
        switch roll {
        case 0..<3 where chosen <= Self.bulkActionLimit:
            return [
                .button(random.chance(0.7) ? .share : .edit, gap: 600...2000),
                .button(random.chance(0.7) ? .dismiss : .back, gap: 1000...5000),
            ]
        case 3..<5 where chosen <= Self.bulkActionLimit: return [.button(.move, gap: 600...2000)]
        case 5..<8, 0..<3: return [.button(.deselectAll, gap: 400...1500)]
        default: return [.button(random.chance(0.75) ? .done : .back, gap: 400...1500)]
        }
    }

    /// The most photos a person shares, edits or moves at once after Select all: an album.
    package static let bulkActionLimit = 200

    /// The most photos a person deletes at once from a grid of `photoCount`: 24, or a
    /// hundredth of a smaller grid (at least 1), so that the deletes between two syncs take a
    /// small share of any grid.
    package static func deleteHandful(photoCount: Int) -> Int { max(1, min(24, photoCount / 100)) }

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

    private mutating func resolve(_ item: Planned) -> Resolved? {
        let windowStart = clock
        switch item {
        case .tap(let choice, let gap):
            guard let index = target(choice) else { return nil }
            if makesRoomInTheTray(before: index) {
                // The tap comes next, as planned: the person made room for it first.
                plan.insert(.tapAt(index, gap: gap), at: 0)
                return perform(.appEvent(t: clock, windowStart: windowStart))
            }
            return tap(at: index, gap: gap, windowStart: windowStart)
        case .tapAt(let index, let gap):
            guard index < engine.photoCount else { return nil }
            return tap(at: index, gap: gap, windowStart: windowStart)
        case .longPress:
            return longPress(windowStart: windowStart)
        case .button(let event, let gap):
            // Select all is refused when the tray could not hold every photo: a person sees the
            // button disabled and does something else.
            // A pattern, not `==`: comparing events looks their generic type's metadata up.
            if case .selectAll = event, let limit = engine.limit, limit < engine.photoCount { return nil }
            return appEvent(event, gap: gap, windowStart: windowStart)
        case .delete(let everything):
            guard engine.mode == .selecting, sheet == nil, engine.chosenCount > 0,
                everything || engine.chosenCount <= deleteHandful
            else { return nil }
            return appEvent(.delete, gap: 300...1200, windowStart: windowStart)
        case .afterSelectAll:
            // Nothing happens here; the next steps are planned now that the state is known.
            guard engine.mode == .selecting, sheet == nil, engine.chosenCount > 0 else { return nil }
            plan.insert(contentsOf: followingSelectAll(), at: 0)
            return nil
        case .sync(let first, let prunes):
            let t = clock + (first ? random.int(in: 300...2000) : random.int(in: 5...60))
            clock = t
            libraryChange(prunes: prunes)
            return perform(.appEvent(t: t, windowStart: windowStart))
        case .scroll:
            return scroll()
        case .rotate:
            return rotate()
        case .settleScroll:
            return settleScroll()
        case .dragBegin:
            return beginDrag(windowStart: windowStart)
        case .dragMove(let index):
            guard drag != nil else { return nil }
            return dragMoment(at: index, ends: false, gap: 40...160, windowStart: windowStart)
        case .dragEnd:
            guard let current = drag?.current else { return nil }
            return dragMoment(at: current, ends: true, gap: 40...250, windowStart: windowStart)
        }
    }

    /// A tap on the photo at `index`, `gap` after the last step.
    private mutating func tap(at index: Int, gap: ClosedRange<Int>, windowStart: Int) -> Resolved {
        let t = clock + random.int(in: gap)
        clock = t
        lastTarget = index
        let slot = engine.grid.slot(at: index)
        slotEvent = .tap(slot)
        // Unchosen slots are remembered too: a sync that prunes checks each against the
        // selection, which is cheaper than asking here after the tap.
        recentlyChosen.remember(slot)
        return perform(.gridGesture(t: t, index: index, windowStart: windowStart, liftTime: nil))
    }

    /// A long press on a photo on screen; nil when none is.
    private mutating func longPress(windowStart: Int) -> Resolved? {
        guard let index = target(.any) else { return nil }
        // The finger goes down after the previous step and stays past the minimum duration.
        let t = clock + minimumPressDuration + random.int(in: 250...1100)
        let lift = t + random.int(in: 80...450)
        clock = lift
        lastTarget = index
        let slot = engine.grid.slot(at: index)
        slotEvent = .longPress(slot)
        recentlyChosen.remember(slot)
        return perform(.gridGesture(t: t, index: index, windowStart: windowStart, liftTime: lift))
    }

    /// An app-bar button, Back or Dismiss, `gap` after the last step.
    private mutating func appEvent(_ event: SlotEvent, gap: ClosedRange<Int>, windowStart: Int) -> Resolved {
        let t = clock + random.int(in: gap)
        clock = t
        slotEvent = event
        return perform(.appEvent(t: t, windowStart: windowStart))
    }

    // MARK: - Scrolling and rotating

    /// A fling or a jump to another part of the grid; nil when there is nowhere to go.
    private mutating func scroll() -> Resolved? {
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
    }

    /// The device turns: width and height swap, and the scroll view keeps within the content.
    private mutating func rotate() -> Resolved {
        let t = clock + random.int(in: 500...1500)
        clock = t
        viewport.size = ViewportSize(width: viewport.size.height, height: viewport.size.width)
        viewport.scrollOffset = min(
            viewport.scrollOffset, viewport.maximumScrollOffset(layout: layout, photoCount: engine.photoCount))
        return .viewport(viewport.size, scrollOffset: viewport.scrollOffset, time: t)
    }

    /// The scroll view's own adjustment after the content shrank below the scroll position;
    /// nil when it did not.
    private mutating func settleScroll() -> Resolved? {
        let maximum = viewport.maximumScrollOffset(layout: layout, photoCount: engine.photoCount)
        guard viewport.scrollOffset > maximum else { return nil }
        let from = viewport.scrollOffset
        viewport.scrollOffset = maximum
        return .scroll(from: from, to: maximum, start: clock, end: clock)
    }

    // MARK: - Drags

    /// A drag to select begins on a photo on screen, its path planned as the moments that
    /// follow; nil when not selecting, under a sheet, or when no drag fits on screen.
    private mutating func beginDrag(windowStart: Int) -> Resolved? {
        guard engine.mode == .selecting, sheet == nil, let anchor = target(.any), let path = dragPath(from: anchor)
        else { return nil }
        if makesRoomInTheTray(before: anchor) {
            plan.insert(.dragBegin, at: 0)
            return perform(.appEvent(t: clock, windowStart: windowStart))
        }
        let t = clock + random.int(in: 300...1200)
        clock = t
        let slot = engine.grid.slot(at: anchor)
        let chosen = engine.selection.contains(slot)
        drag = SessionDrag(anchor: anchor, current: anchor, unchoosing: chosen, baseChosen: [anchor: chosen])
        setChosen(anchor, !chosen)
        lastTarget = anchor
        slotEvent = .dragBegan(slot)
        plan.insert(contentsOf: path.map { .dragMove(to: $0) } + [.dragEnd], at: 0)
        return .drag(t: t, index: anchor, windowStart: windowStart)
    }

    /// The drag in progress slides onto the photo at `index` (`dragMoved`), or lifts over it
    /// when it `ends` (`dragEnded`), `gap` after the last moment.
    private mutating func dragMoment(at index: Int, ends: Bool, gap: ClosedRange<Int>, windowStart: Int) -> Resolved {
        let t = clock + random.int(in: gap)
        clock = t
        if ends {
            drag = nil
            slotEvent = .dragEnded
        } else {
            moveDrag(to: index)
            lastTarget = index
            slotEvent = .dragMoved(engine.grid.slot(at: index))
        }
        return .drag(t: t, index: index, windowStart: windowStart)
    }

    /// The photos a drag from `anchor` slides onto, in order, one cell at a time (each a
    /// `dragMoved`), all on screen: along the anchor's row to a photo of it and, three times in
    /// five, back to another (past the anchor, sometimes); or, when two rows or more are on
    /// screen, sideways into the next cell and then down (or up) one to three rows, and half
    /// the time part of the way back. Nil when the cells are too narrow for the slide that
    /// begins a drag to stay on its photo. O(length of the path).
    private mutating func dragPath(from anchor: Int) -> [Int]? {
        let count = engine.photoCount
        let (metrics, rows) = screen(photoCount: count)
        guard metrics.cellSide >= 4 * (slop + 8) else { return nil }
        let columns = metrics.columns
        let row = anchor / columns
        let rowStart = row * columns
        let rowEnd = min(count, rowStart + columns) - 1
        var path: [Int] = []
        var current = anchor
        func walk(to index: Int, by step: Int) {
            while current != index {
                current += step
                path.append(current)
            }
        }
        if rows.count < 2 || random.chance(0.6) {
            guard rowEnd > rowStart else { return path }  // one photo in the row: the anchor alone
            var far = random.int(in: rowStart...rowEnd)
            if far == anchor { far = anchor == rowStart ? rowEnd : rowStart }
            walk(to: far, by: far > current ? 1 : -1)
            if random.chance(0.6) {
                let back = random.int(in: rowStart...rowEnd)
                walk(to: back, by: back > current ? 1 : -1)
            }
        } else {
            if rowEnd > rowStart {
                let sideways = anchor < rowEnd ? 1 : -1
                walk(to: anchor + sideways, by: sideways)
            }
            let down = row == rows.lowerBound || (row < rows.upperBound - 1 && random.chance(0.7))
            let step = down ? columns : -columns
            let reach = random.int(in: 1...3)
            var moved = 0
            while moved < reach {
                let next = current + step
                guard next >= 0, next < count, rows.contains(next / columns) else { break }
                walk(to: next, by: step)
                moved += 1
            }
            if moved > 0 && random.chance(0.5) {
                for _ in 0..<random.int(in: 1...moved) { walk(to: current - step, by: -step) }
            }
        }
        return path
    }

    /// Brings the selection to what `dragMoved` onto the photo at `index` leaves (SPEC.md
    /// section 6): photos that leave the range get their state from when the drag began,
    /// photos that enter it take the drag's, in walking order, while the limit allows (a tap
    /// the limit refuses keeps a photo out, as the drag does). The engine is fed a tap per
    /// photo that changes, so it never copies the grid's order as a drag of its own would.
    /// Pick order may differ from a replay's after an unchoosing drag with a limit (photos
    /// given back are picked last here); the session never looks at it but to name a photo in
    /// the tray. O(photos entering or leaving the range).
    private mutating func moveDrag(to index: Int) {
        guard var drag else { return }
        let old = min(drag.anchor, drag.current)...max(drag.anchor, drag.current)
        let new = min(drag.anchor, index)...max(drag.anchor, index)
        for position in old where !new.contains(position) { setChosen(position, drag.baseChosen[position]!) }
        // In walking order, from the anchor outwards: with a limit, the nearest are chosen first.
        let outwards = index >= drag.anchor ? 1 : -1
        for position in stride(from: drag.anchor, through: index, by: outwards) where !old.contains(position) {
            drag.baseChosen[position] = engine.selection.contains(engine.grid.slot(at: position))
            setChosen(position, !drag.unchoosing)
        }
        drag.current = index
        self.drag = drag
    }

    /// With a limit reached and the photo at `index` not chosen, the tray's remove button on
    /// the oldest pick, as `slotEvent`, applied: a person makes room before choosing another
    /// photo. Returns whether it did. O(limit).
    private mutating func makesRoomInTheTray(before index: Int) -> Bool {
        guard let limit = engine.limit, engine.mode == .selecting, engine.chosenCount >= limit,
            let oldest = engine.pickSlots.first, !engine.selection.contains(engine.grid.slot(at: index))
        else { return false }
        clock += random.int(in: 300...900)
        slotEvent = .removeFromTray(oldest)
        return true
    }

    /// Chooses or unchooses the photo at `index` with a tap, if it is not so already.
    private mutating func setChosen(_ index: Int, _ chosen: Bool) {
        let slot = engine.grid.slot(at: index)
        if engine.selection.contains(slot) != chosen {
            _ = engine.apply(SlotEvent.tap(slot))
            if chosen { recentlyChosen.remember(slot) }
        }
    }

    /// Applies the step's event (`slotEvent`) to the engine; when the grid shrank below the
    /// scroll position, the scroll view's own adjustment comes next.
    private mutating func perform(_ step: Resolved) -> Resolved {
        let before = engine.photoCount
        apply(slotEvent)
        if engine.photoCount < before { plan.insert(.settleScroll, at: 0) }
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
            case .libraryChanged(let removed, let inserted): applyLibraryChange(removed: removed, inserted: inserted)
            default: break
            }
            return
        }
        let actsOnSelection = engine.mode == .selecting && engine.chosenCount > 0
        switch event {
        case .share, .edit:
            // Presents the chosen photos; only that a sheet is open matters here.
            if actsOnSelection {
                if case .share = event { sheet = .share } else { sheet = .edit }
            }
        case .move:
            // Moves the chosen photos elsewhere and leaves the mode: to the state, what Done does.
            if actsOnSelection { _ = engine.apply(SlotEvent.done) }
        case .delete:
            // The chosen photos leave the grid, then the mode: a library change that removes
            // them, then Done. The slots come from the bitmap (O(chosen)), where the engine's
            // Delete would list them in grid order by scanning the grid.
            if actsOnSelection {
                // Everything chosen (Select all): the grid's order is a copy of its blocks,
                // where reading the bitmap costs a few steps a photo.
                let chosen = engine.chosenCount == engine.photoCount ? engine.grid.order : chosenSlots()
                _ = engine.apply(SlotEvent.libraryChanged(removed: chosen, inserted: []))
                _ = engine.apply(SlotEvent.done)
            }
        case .libraryChanged(let removed, let inserted):
            applyLibraryChange(removed: removed, inserted: inserted)
        default:
            _ = engine.apply(event)
        }
    }

    /// Applies a library change of the session's own making in pieces of at most eight
    /// insertions, the removals with the first: the state it leaves is the whole change's.
    /// Insertions are listed to be made one after another, each position taken at its turn, so
    /// pieces in order place them alike; and removals prune the selection in the first piece as
    /// the whole change would, since no photo removed is inserted again (`nextInsertedSlot`
    /// takes photos not in the grid, and the one gone before is not chosen). Why: its photos are
    /// new and distinct by construction, and the engine checks that with hash sets past eight.
    /// O(removed + inserted) plus the engine's cost of placing them.
    private mutating func applyLibraryChange(removed: [PhotoSlot], inserted: [SlotInsertion]) {
        let chosenBefore = engine.chosenCount
        defer { pruning.recordLibraryChange(chosenBefore: chosenBefore, chosenAfter: engine.chosenCount) }
        guard inserted.count > Self.insertionsPerPiece else {
            _ = engine.apply(SlotEvent.libraryChanged(removed: removed, inserted: inserted))
            return
        }
        var start = 0
        var removals = removed
        while start < inserted.count {
            let end = min(start + Self.insertionsPerPiece, inserted.count)
            _ = engine.apply(SlotEvent.libraryChanged(removed: removals, inserted: Array(inserted[start..<end])))
            removals = []
            start = end
        }
    }

    /// The engine checks up to eight insertions against each other without hashing.
    private static let insertionsPerPiece = 8

    /// The chosen slots, in slot order. O(chosen + chunks).
    private func chosenSlots() -> [PhotoSlot] {
        let selection = engine.selection
        return [PhotoSlot](unsafeUninitializedCapacity: selection.count) { buffer, initialized in
            for slot in selection {
                buffer[initialized] = slot
                initialized += 1
            }
        }
    }

    /// A photo on screen to press: near the last one for bursts, one not yet chosen before an
    /// action that needs a choice. Nil when nothing is on screen.
    private mutating func target(_ choice: TapChoice) -> Int? {
        let count = engine.photoCount
        guard count > 0 else { return nil }
        let (metrics, rows) = screen(photoCount: count)
        guard !rows.isEmpty else { return nil }
        let columns = metrics.columns

        func isPressable(_ index: Int) -> Bool {
            index >= 0 && index < count && rows.contains(index / columns)
        }
        switch choice {
        case .near:
            if let last = lastTarget, random.chance(0.7) {
                // The pressable ones of left, right, above and below, in that order, without
                // an array made per tap.
                let around = (last - 1, last + 1, last - columns, last + columns)
                let pressable = (
                    isPressable(around.0), isPressable(around.1), isPressable(around.2), isPressable(around.3)
                )
                let count =
                    (pressable.0 ? 1 : 0) + (pressable.1 ? 1 : 0) + (pressable.2 ? 1 : 0) + (pressable.3 ? 1 : 0)
                if count > 0 {
                    var pick = random.int(below: count)
                    if pressable.0 { if pick == 0 { return around.0 } else { pick -= 1 } }
                    if pressable.1 { if pick == 0 { return around.1 } else { pick -= 1 } }
                    if pressable.2 { if pick == 0 { return around.2 } else { pick -= 1 } }
                    return around.3
                }
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

    /// The grid's metrics at the viewport's width and its pressable rows (`pressableRows`).
    /// O(1) when neither the viewport nor the photo count changed since the last call (a
    /// burst of taps does not scroll), else O(rows on screen).
    private mutating func screen(photoCount: Int) -> (metrics: GridMetrics, rows: Range<Int>) {
        if let memo = lastScreen, memo.viewport == viewport, memo.photoCount == photoCount {
            return (memo.metrics, memo.rows)
        }
        let metrics = layout.metrics(forWidth: viewport.size.width)
        let rows = pressableRows(metrics, photoCount: photoCount)
        lastScreen = (viewport, photoCount, metrics, rows)
        return (metrics, rows)
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

    /// One library change, as `slotEvent`: a few photos gone (sometimes one already gone), a
    /// few new ones, as many of each on average; more new ones when the grid has shrunk below
    /// its start, more gone when it has grown, in proportion to the gap (up to 49 a change),
    /// so that syncs hold the grid near its starting size against the deletes. With photos
    /// chosen, `mix.pruningShare` of the changes (all, when it `prunes`) take one to three of
    /// them in place of as many of the photos drawn from the whole grid, which keeps the
    /// balance.
    private mutating func libraryChange(prunes: Bool) {
        let count = engine.photoCount
        var removals = random.int(in: 0...3)
        var insertions = random.int(in: 0...3)
        var removedSlots: [PhotoSlot] = []
        if engine.chosenCount > 0 && (prunes || random.chance(mix.pruningShare)) {
            removedSlots = chosenSlotsToRemove(random.int(in: 1...3))
            removals = max(0, removals - removedSlots.count)
        }
        // Below its starting size the library refills, faster the further below it is (a
        // restore or a burst of uploads), so that even Select all + Delete is recovered from;
        // above it, the library loses photos the same way.
        let deficit = initialPhotoCount - count
        if deficit > 0 { insertions += 1 + random.int(in: 0...min(deficit / 4, 48)) }
        if deficit < 0 { removals += 1 + random.int(in: 0...min(-deficit / 4, 48)) }
        if count == 0 { insertions = max(insertions, 1) }
        removedSlots.reserveCapacity(removedSlots.count + min(removals, count) + 1)
        for _ in 0..<min(removals, count - removedSlots.count) {
            // Drawn by slot, not by grid index: no compacted order is needed between syncs.
            let slot = engine.grid.slot(at: random.int(below: count))
            if !removedSlots.contains(slot) { removedSlots.append(slot) }
        }
        // The photos left after the removals: where insertions can go.
        let remaining = count - removedSlots.count
        if let gone = lastRemovedPhoto, random.chance(0.05) { removedSlots.append(gone) }
        if let last = removedSlots.last { lastRemovedPhoto = last }
        var insertedSlots: [SlotInsertion] = []
        insertedSlots.reserveCapacity(insertions)
        triedInChange = 0
        for _ in 0..<insertions {
            let slot = nextInsertedSlot(avoiding: insertedSlots)
            let at = random.chance(0.6) ? 0 : random.int(in: 0...(remaining + insertedSlots.count))
            insertedSlots.append(SlotInsertion(slot: slot, at: at))
        }
        slotEvent = .libraryChanged(removed: removedSlots, inserted: insertedSlots)
    }

    /// Up to `wanted` distinct chosen photos for a library change to remove: drawn from the
    /// tray's picks with a limit, else from the photos the session chose last that are still
    /// chosen, else the chosen photos of lowest slot (after a storm of syncs has taken the
    /// recent ones, or after Select all). Fewer only when fewer are chosen. O(limit) with a
    /// limit; else O(1) while recent choices remain, and otherwise the selection's empty
    /// chunks before its first chosen photo (a check each: 245 at 1M photos).
    private mutating func chosenSlotsToRemove(_ wanted: Int) -> [PhotoSlot] {
        let selection = engine.selection
        var candidates = engine.limit == nil ? recentlyChosen.slots.filter { selection.contains($0) } : engine.pickSlots
        var chosen: [PhotoSlot] = []
        while chosen.count < wanted && !candidates.isEmpty {
            let slot = candidates.remove(at: random.int(below: candidates.count))
            if !chosen.contains(slot) { chosen.append(slot) }
        }
        guard chosen.count < wanted else { return chosen }
        for slot in selection where !chosen.contains(slot) {
            chosen.append(slot)
            if chosen.count == wanted { break }
        }
        return chosen
    }

    /// The id of pool photo `number`, `"s\(number)"`, written digit by digit into a small
    /// string rather than through interpolation (which cost most of naming such a photo).
    /// O(digits).
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

    /// The slot of the photo the library brings next: `s1`, `s2`, … cycling through a pool
    /// twice the starting grid (photos that come back, as after a re-sync), skipping ids in
    /// the grid or already in this change (`pending`). Reusing ids keeps the session's memory
    /// bounded however long it runs. A bit test per id tried, no string made. O(1) amortised.
    private mutating func nextInsertedSlot(avoiding pending: [SlotInsertion]) -> PhotoSlot {
        var skipped = 0
        while true {
            let number = nextInsertedPhoto
            nextInsertedPhoto = nextInsertedPhoto % insertedIDPool + 1
            let slot = poolSlot(number)
            // The pool is walked in a cycle of at least `smallestPool` numbers: no number comes
            // back within one change until that many were tried, so only then is the change's
            // own list searched (which for each of tens of insertions would cost their square).
            triedInChange += 1
            if !engine.grid.contains(slot)
                && (triedInChange <= Self.smallestPool || !pending.contains(where: { $0.slot == slot }))
            {
                return slot
            }
            skipped += 1
            // Every id of the pool is in the grid: the grid outgrew it, so the pool grows.
            if skipped > insertedIDPool { insertedIDPool *= 2 }
        }
    }
}
