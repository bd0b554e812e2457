import GestureInput
import SelectionCore
import SelectionTrace

/// The view page's data, built one event at a time: `add` replays an event with the fast
/// engine and records what the page needs of it, `finish` writes the JSON object the page
/// reads (docs/view-page.md describes it).
///
/// Photos are named by slot throughout: each event's ids are interned once, as the engine's
/// own `apply(_: Event)` would, and ids are written only by `finish`. `add` costs what the
/// event changed: the grid positions of the photos it touches come from the engine's grid
/// (O(log B) each), and the page's copy of the order (`ViewGridOrder`) moves a block per
/// photo placed or removed. `finish` is O(N + data).
struct ViewTimelineBuilder {
    /// One number per step each, in step order.
    private struct StepColumns {
        var kinds = ViewVLQ()
        var photos = ViewVLQ()
        var times = ViewVLQ()
        var outcomes = ViewVLQ()
        var states = ViewVLQ()
        var counts = ViewVLQ()
        var announcements = ViewVLQ()
        var flags = ViewVLQ()
        var focus = ViewVLQ()
    }

    /// Values numbered from 0 in the order they first come, and their texts in that order.
    private struct Numbering<Value: Hashable> {
        private(set) var texts: [String] = []
        private var numbers: [Value: Int] = [:]

        mutating func number(of value: Value, text: (Value) -> String) -> Int {
            if let number = numbers[value] { return number }
            texts.append(text(value))
            numbers[value] = texts.count - 1
            return texts.count - 1
        }
    }

    /// A stream of entries for some steps: each entry starts with its step's distance from
    /// the previous entry's.
    private struct SparseStream {
        var vlq = ViewVLQ()
        private var lastStep = 0

        mutating func startEntry(at step: Int) {
            vlq.append(step - lastStep)
            lastStep = step
        }
    }

    /// What the diffs need from before an event. Not a copy of the whole engine: that would
    /// make the next new id copy the id table.
    private struct Before {
        var selection: SelectionBefore
        var picks: [PhotoSlot]
        /// The photos the event would remove (a library change's, or the chosen ones of a
        /// Delete) that are in the grid: positions before it, ascending.
        var removed: [(position: Int, slot: UInt32)]
    }

    /// The selection before an event, as much of it as the event can change.
    private enum SelectionBefore {
        /// A copy, diffed after the event (`changes(since:)`). The engine's next write to a
        /// chunk the copy shares copies the chunk, so it is taken only when needed.
        case copy(SelectionBitmap)
        /// An event that names a photo (a tap, long press, select or tray removal) changes at
        /// most that photo: whether it was chosen, and the count.
        case photo(PhotoSlot, wasChosen: Bool, count: Int)
    }

    private let header: TraceHeader
    private var engine: FastEngine
    /// The grid order as the page keeps it, checked against the engine's.
    private var order: ViewGridOrder
    private var columns = StepColumns()
    private var eventNames = Numbering<EventName>()
    private var announcementTexts = Numbering<Announcement>()
    private var selectionDiffs = SparseStream()
    private var gridDiffs = SparseStream()
    private var pickDiffs = ViewStepTable()
    private var actions = ViewStepTable()
    private var libraryChanges = ViewStepTable()
    private var lastT = 0
    /// The steps added so far.
    private(set) var step = 0

    init(header: TraceHeader) {
        self.header = header
        engine = FastEngine(configuration: header.configuration)
        order = ViewGridOrder(count: header.photos.count)
    }

    /// `event` with its ids interned by the engine, new ids getting the next slots, as the
    /// engine's `apply(_: Event)` does: for traces read by id. Amortised O(photos).
    mutating func interned(_ event: Event) -> SlotEvent {
        event.mapPhotos { engine.intern($0) }
    }

    /// Replays `event` (at `t`, when it has one) and records its step.
    mutating func add(_ event: SlotEvent, t: Int?) throws {
        step += 1
        columns.kinds.append(eventNames.number(of: event.name) { $0.rawValue })
        let t = t ?? lastT
        columns.times.append(t - lastT)
        lastT = t
        let before = capture(before: event)
        let result = engine.apply(event)
        columns.photos.appendSigned(event.photo.map { Int($0.rawValue) } ?? -1)
        if case .libraryChanged(let removed, let inserted) = event {
            libraryChanges.startEntry(at: step)
            libraryChanges.json.integers([removed.count, inserted.count])
        }
        recordOutcome(result)
        columns.focus.appendSigned(try recordChanges(of: event, result: result, before: before))
    }

    private func capture(before event: SlotEvent) -> Before {
        var removed: [(position: Int, slot: UInt32)] = []
        switch event {
        case .libraryChanged(let slots, _):
            var seen = Set<PhotoSlot>()
            for slot in slots where seen.insert(slot).inserted {
                if let position = engine.grid.position(of: slot) { removed.append((position, slot.rawValue)) }
            }
            removed.sort { $0.position < $1.position }
        case .delete:
            removed = Self.placements(of: engine.selection, in: engine.grid)
        default:
            break
        }
        let namedPhoto: PhotoSlot? =
            switch event {
            case .tap(let slot), .longPress(let slot), .selectItem(let slot), .removeFromTray(let slot): slot
            default: nil
            }
        let selection: SelectionBefore
        if let slot = namedPhoto, !engine.isDragging {
            selection = .photo(slot, wasChosen: engine.selection.contains(slot), count: engine.selectedCount)
        } else {
            selection = .copy(engine.selection)
        }
        return Before(selection: selection, picks: engine.limit == nil ? [] : engine.pickOrder, removed: removed)
    }

    /// What the event changed in the selection.
    private func selectionChanges(since before: SelectionBefore) throws -> SelectionChanges {
        switch before {
        case .copy(let old):
            return engine.selection.changes(since: old)
        case .photo(let slot, let wasChosen, let count):
            let isChosen = engine.selection.contains(slot)
            let flip = isChosen == wasChosen ? 0 : isChosen ? 1 : -1
            guard engine.selectedCount == count + flip else {
                throw ViewBuildError(description: "step \(step) changed more chosen photos than the one it names")
            }
            if flip == 0 { return SelectionChanges() }
            return isChosen ? SelectionChanges(added: [slot]) : SelectionChanges(removed: [slot])
        }
    }

    /// The photos of `set` in `grid` with their positions, ascending. O(k log B + k × block)
    /// for k photos through the engine's slot-to-position map; O(N), one pass over the order,
    /// once they are more than a sixteenth of the grid.
    private static func placements(of set: SelectionBitmap, in grid: LiveSlots) -> [(position: Int, slot: UInt32)] {
        guard set.count * 16 > grid.count else {
            return grid.slots(of: set).map { (grid.position(of: $0)!, $0.rawValue) }
        }
        var placements: [(position: Int, slot: UInt32)] = []
        placements.reserveCapacity(set.count)
        for (position, slot) in grid.order.enumerated() where set.contains(slot) {
            placements.append((position, slot.rawValue))
        }
        return placements
    }

    /// Outcome, mode and sheet, count, announcement and effects: what every step has.
    private mutating func recordOutcome(_ result: SlotStep) {
        switch result.outcome {
        case .applied: columns.outcomes.append(0)
        case .ignored: columns.outcomes.append(1)
        case .rejected(let reason): columns.outcomes.append(2 + RejectionReason.allCases.firstIndex(of: reason)!)
        }
        let sheetCode = engine.sheet.map { $0 == .share ? 1 : 2 } ?? 0
        columns.states.append((engine.mode == .selecting ? 1 : 0) + 2 * sheetCode)
        columns.counts.append(engine.selectedCount)
        columns.announcements.append(result.announcement.map { announcementTexts.number(of: $0) { $0.text } + 1 } ?? 0)
        let snappy = result.animation == .snappy ? 2 : 0
        let still = result.animation == AnimationStyle.none ? 4 : 0
        columns.flags.append((result.haptic ? 1 : 0) + snappy + still)
    }

    /// The diffs of an applied event; returns the grid position the step touches, -1 for none.
    private mutating func recordChanges(of event: SlotEvent, result: SlotStep, before: Before) throws -> Int {
        guard case .applied = result.outcome else { return position(ofPhotoIn: event) }
        if let action = result.action {
            actions.startEntry(at: step)
            Self.write(action, to: &actions.json)
        }
        let selection = try selectionChanges(since: before.selection)
        if !selection.isEmpty {
            selectionDiffs.startEntry(at: step)
            Self.writeRuns(selection.added, to: &selectionDiffs.vlq)
            Self.writeRuns(selection.removed, to: &selectionDiffs.vlq)
        }
        var focus = -1
        let grid = try gridChange(event, before: before)
        if let grid {
            gridDiffs.startEntry(at: step)
            Self.writePositionRuns(grid.deleted, to: &gridDiffs.vlq)
            Self.writePlacementRuns(grid.inserted, to: &gridDiffs.vlq)
            let afterDeletion = grid.deleted.first.map { min($0.position, max(order.count - 1, 0)) }
            focus = grid.inserted.first?.position ?? afterDeletion ?? -1
        }
        if engine.limit != nil, engine.pickOrder != before.picks {
            pickDiffs.startEntry(at: step)
            Self.writePickChange(from: before.picks, to: engine.pickOrder, to: &pickDiffs.json)
        }
        guard focus < 0, grid == nil else { return focus }
        focus = position(ofPhotoIn: event)
        if focus < 0, let slot = selection.added.first ?? selection.removed.first {
            focus = engine.grid.position(of: slot) ?? -1
        }
        return focus
    }

    /// The grid position of the photo the event names, -1 when it names none in the grid.
    private func position(ofPhotoIn event: SlotEvent) -> Int {
        event.photo.flatMap { engine.grid.position(of: $0) } ?? -1
    }

    private struct GridChange {
        var deleted: [(position: Int, slot: UInt32)]
        var inserted: [(position: Int, slot: UInt32)]
    }

    /// The grid positions an applied event removed (in the grid before it) and inserted (in the
    /// grid after it), applied to `order` as the page will apply them, and its count checked
    /// against the engine's.
    private mutating func gridChange(_ event: SlotEvent, before: Before) throws -> GridChange? {
        let change: GridChange
        switch event {
        case .delete:
            change = GridChange(deleted: before.removed, inserted: [])
        case .libraryChanged(_, let insertions):
            var inserted = insertions.compactMap { insertion in
                engine.grid.position(of: insertion.photo).map { (position: $0, slot: insertion.photo.rawValue) }
            }
            inserted.sort { $0.position < $1.position }
            change = GridChange(deleted: before.removed, inserted: inserted)
        default:
            return nil
        }
        if change.deleted.count * 16 > order.count {
            order.remove(ascending: change.deleted.map(\.position))
        } else {
            for placement in change.deleted.reversed() { order.remove(at: placement.position) }
        }
        for placement in change.inserted { order.insert(placement.slot, at: placement.position) }
        guard order.count == engine.photoCount else { throw ViewBuildError.gridDrift(order.count, engine.photoCount) }
        return change.deleted.isEmpty && change.inserted.isEmpty ? nil : change
    }

    // MARK: - The JSON object

    /// The data of every step added: the JSON object the page reads. O(N + data): the grid
    /// order is compared with the engine's once, whole, and every photo named.
    func finish(options: ViewTimeline.Options, names: SlotNames?) throws -> ViewPageJSON {
        // Each step checked the photos it placed; once at the end, the whole order.
        guard order.order == engine.grid.order.map(\.rawValue) else {
            throw ViewBuildError(description: "the page's grid order differs from the engine's after the last step")
        }
        var out = ViewPageJSON(reservingCapacity: 1 << 20)
        out.raw("{")
        out.key("name"); out.string(options.name)
        out.raw(","); out.key("steps"); out.integer(step)
        out.raw(","); out.key("breakCount"); out.raw(options.breakCount ? "true" : "false")
        out.raw(","); out.key("at"); out.integer(min(max(options.initialStep, 0), step))
        writePhotoNames(names, to: &out)
        out.raw(","); out.key("limit")
        if let limit = engine.limit { out.integer(limit) } else { out.raw("null") }
        out.raw(","); out.key("reduceMotion"); out.raw(engine.reduceMotion ? "true" : "false")
        out.raw(","); out.key("columns"); out.integer(GridLayout.seed.metrics(forWidth: options.width).columns)
        out.raw(","); out.key("width"); out.integer(Int(options.width.rounded()))
        out.raw(","); out.key("eventNames"); out.strings(eventNames.texts)
        out.raw(","); out.key("reasons"); out.strings(RejectionReason.allCases.map(\.rawValue))
        out.raw(","); out.key("announcementTexts"); out.strings(announcementTexts.texts)
        writeStreams(to: &out)
        out.raw(","); out.key("pointer")
        if let pointer = options.pointer { pointer.write(to: &out) } else { out.raw("null") }
        out.raw("}")
        return out
    }

    /// The slots' names: the header's (a count names slot i "i+1"), then the ids the
    /// library brought, in slot order. The header's ids are read as bytes from its table, the
    /// others from `names` (a binary trace's, read by slot) or else the engine's table.
    private func writePhotoNames(_ names: SlotNames?, to out: inout ViewPageJSON) {
        let initialCount = header.photos.count
        out.raw(","); out.key("photos"); out.integer(initialCount)
        out.raw(","); out.key("counted")
        if case .count = header.photos { out.raw("true") } else { out.raw("false") }
        out.raw(","); out.key("ids")
        switch header.photos {
        case .count: out.raw("[]")
        case .ids(let table) where !table.hasDuplicates:
            Self.writeIDRuns(count: initialCount, to: &out) { index, body in table.withBytes(at: index, body) }
        case .ids:
            Self.writeIDRuns(count: initialCount, to: &out) { index, body in writeID(of: index, names, body) }
        }
        out.raw(","); out.key("added")
        Self.writeIDRuns(count: (names?.count ?? engine.slots.count) - initialCount, to: &out) { index, body in
            writeID(of: initialCount + index, names, body)
        }
        out.raw(","); out.key("unknown"); out.raw("[]")
    }

    private func writeID(of slot: Int, _ names: SlotNames?, _ body: (UnsafeRawBufferPointer) -> Void) {
        // A binary trace read strictly names every slot it defines.
        var id = names.map { $0.id(for: PhotoSlot(slot)) ?? "" } ?? engine.slots.id(for: PhotoSlot(slot))
        id.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }

    /// The per-step columns, the sparse streams and the tables by step.
    private func writeStreams(to out: inout ViewPageJSON) {
        let streams: [(StaticString, ViewVLQ)] = [
            ("e", columns.kinds), ("p", columns.photos), ("t", columns.times), ("o", columns.outcomes),
            ("m", columns.states), ("c", columns.counts), ("a", columns.announcements), ("f", columns.flags),
            ("x", columns.focus), ("s", selectionDiffs.vlq), ("g", gridDiffs.vlq),
        ]
        for (key, stream) in streams {
            out.raw(","); out.key(key)
            out.byte(UInt8(ascii: "\""))
            out.appendBytes(stream.bytes)
            out.byte(UInt8(ascii: "\""))
        }
        for (key, table) in [("k", pickDiffs), ("fx", actions), ("lc", libraryChanges)] as [(StaticString, ViewStepTable)] {
            out.raw(","); out.key(key)
            table.write(to: &out)
        }
    }
}

/// A JSON object with an entry for some steps, keyed by step: `{"7":…,"12":…}`.
struct ViewStepTable {
    var json = ViewPageJSON()

    /// Opens the object, or separates its entries: `{"7":` or `,"7":`.
    mutating func startEntry(at step: Int) {
        json.byte(json.bytes.isEmpty ? UInt8(ascii: "{") : UInt8(ascii: ","))
        json.byte(UInt8(ascii: "\""))
        json.integer(step)
        json.raw("\":")
    }

    /// The object, `{}` when it has no entry.
    func write(to out: inout ViewPageJSON) {
        if json.bytes.isEmpty {
            out.raw("{}")
        } else {
            out.appendBytes(json.bytes)
            out.raw("}")
        }
    }
}
