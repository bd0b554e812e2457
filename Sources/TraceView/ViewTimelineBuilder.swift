import GestureInput
@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
@_spi(GridSimInternals) import SelectionTrace

/// The view page's data, built one event at a time: `add` replays an event with the fast
/// engine and records what the page needs of it, `finish` writes the JSON object the page
/// reads (docs/view-page.md describes it).
///
/// Photos are named by slot throughout (a binary trace's own slots, or each event's ids
/// interned once, as the engine's `apply(_: Event)` would), and ids are written only by
/// `finish`. `add` costs what the event changed: the grid positions of the photos a Delete or
/// a library change removes and inserts come from the engine's grid (O(log B) each).
/// `finish` is O(N + data).
struct ViewTimelineBuilder {
    /// One number per step each, in step order.
    private struct StepColumns {
        var kinds = ViewVLQ()
        var photos = ViewVLQ()
        var outcomes = ViewVLQ()
        var states = ViewVLQ()
        var counts = ViewVLQ()
        var announcements = ViewVLQ()
        var flags = ViewVLQ()
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
        /// A copy: diffed after the event (`changes(since:)`), or written whole
        /// (`wholeSetChange`), as the grid's photos then (`grid`, nil when the event may change
        /// the grid and the copy would not pay) but a few, or as its own. The engine's next
        /// write to a chunk a copy shares copies the chunk, so a copy is taken only when needed.
        case copy(SelectionBitmap, grid: SelectionBitmap?)
        /// An event that names a photo (a tap, long press, select or tray removal) changes at
        /// most that photo: whether it was chosen, and the count.
        case photo(PhotoSlot, wasChosen: Bool, count: Int)
    }

    private let header: TraceHeader
    private var engine: FastEngine
    private var columns = StepColumns()
    private var eventNames = Numbering<EventName>()
    private var announcementTexts = Numbering<Announcement>()
    private var selectionDiffs = SparseStream()
    private var gridDiffs = SparseStream()
    private var pickDiffs = ViewStepTable()
    private var actions = ViewStepTable()
    private var libraryChanges = ViewStepTable()
    /// The grid's photos after the last step, as its diffs count them.
    private var gridCount: Int
    /// The steps added so far.
    private(set) var step = 0
    /// Each step whose event carried `seen`: the app's parts beside SPEC.md's (SPEC.md section 7).
    fileprivate var appRows: [(step: Int, comparisons: [SeenComparison])] = []

    init(header: TraceHeader) {
        self.header = header
        engine = FastEngine(configuration: header.configuration)
        // A Share of a million chosen photos would list them all in grid order; the page shows
        // the first few and the count, which `photos(of:before:)` finds from the state before.
        engine.listsActionPhotos = false
        gridCount = engine.photoCount
    }

    /// `event` with its ids interned by the engine, new ids getting the next slots, as the
    /// engine's `apply(_: Event)` does: for traces read by id. Amortised O(photos).
    mutating func interned(_ event: Event) -> SlotEvent {
        event.mapPhotos { engine.intern($0) }
    }

    /// Replays `event` and records its step.
    mutating func add(_ event: SlotEvent) throws {
        step += 1
        columns.kinds.append(eventNames.number(of: event.name) { $0.rawValue })
        let before = capture(before: event)
        let result = engine.apply(event)
        columns.photos.append(event.photo.map { Int($0.rawValue) + 1 } ?? 0)
        if case .libraryChanged(let removed, let inserted) = event {
            libraryChanges.startEntry(at: step)
            libraryChanges.json.integers([removed.count, inserted.count])
        }
        recordOutcome(result)
        if case .applied = result.outcome { try recordChanges(of: event, result: result, before: before) }
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
            selection = .photo(slot, wasChosen: engine.selection.contains(slot), count: engine.chosenCount)
        } else {
            selection = .copy(engine.selection, grid: gridForWholeSelection(before: event))
        }
        return Before(selection: selection, picks: engine.limit == nil ? [] : engine.pickSlots, removed: removed)
    }

    /// The grid's photos before `event`, for its selection written whole as the grid's photos
    /// but a few: that form is taken only by a selection of more than half the grid, and a
    /// copy of a grid the event changes would make the engine copy what it writes.
    private func gridForWholeSelection(before event: SlotEvent) -> SelectionBitmap? {
        switch event {
        case .delete, .libraryChanged: engine.chosenCount * 2 > engine.photoCount ? engine.grid.live : nil
        default: engine.grid.live
        }
    }

    /// What the event changed in the selection.
    private func selectionChanges(since before: SelectionBefore) throws -> SelectionChanges {
        switch before {
        case .copy(let old, _):
            return engine.selection.changes(since: old)
        case .photo(let slot, let wasChosen, let count):
            let isChosen = engine.selection.contains(slot)
            let flip = isChosen == wasChosen ? 0 : isChosen ? 1 : -1
            guard engine.chosenCount == count + flip else {
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
        columns.counts.append(engine.chosenCount)
        columns.announcements.append(result.announcement.map { announcementTexts.number(of: Announcement($0)) { $0.text } + 1 } ?? 0)
        let snappy = result.animation == .snappy ? 2 : 0
        let still = result.animation == AnimationStyle.none ? 4 : 0
        columns.flags.append((result.haptic ? 1 : 0) + snappy + still)
    }

    /// The diffs of an applied event.
    private mutating func recordChanges(of event: SlotEvent, result: SlotStep, before: Before) throws {
        if let action = result.action {
            actions.startEntry(at: step)
            Self.write(action, photos: photos(of: action, before: before), to: &actions.json)
        }
        try recordSelectionChange(since: before.selection)
        if let grid = try gridChange(event, before: before) {
            gridDiffs.startEntry(at: step)
            Self.writePositionRuns(grid.deleted, to: &gridDiffs.vlq)
            Self.writePlacementRuns(grid.inserted, to: &gridDiffs.vlq)
        }
        if engine.limit != nil, engine.pickSlots != before.picks {
            pickDiffs.startEntry(at: step)
            Self.writePickChange(from: before.picks, to: engine.pickSlots, to: &pickDiffs.json)
        }
    }

    /// The photos a Delete, Move, Share or Edit acts on, the chosen ones before it: how many,
    /// and the first `listedEffectPhotos` in grid order (O(k log k) for k chosen photos fewer
    /// than a sixteenth of the grid, else a walk from the grid's start until they are found).
    private func photos(of action: SlotAction, before: Before) -> (count: Int, first: [PhotoSlot]) {
        switch action {
        case .deleted:
            // Its photos, in grid order, are the ones it removed.
            return (before.removed.count, before.removed.prefix(Self.listedEffectPhotos).map { PhotoSlot(rawValue: $0.slot) })
        case .moved, .present:
            break
        case .open, .navigateBack:
            return (0, [])
        }
        guard case .copy(let chosen, _) = before.selection else { return (0, []) }
        let grid = engine.grid
        if chosen.count * 16 < grid.count { return (chosen.count, Array(grid.slots(of: chosen).prefix(Self.listedEffectPhotos))) }
        var first: [PhotoSlot] = []
        var position = 0
        while first.count < Self.listedEffectPhotos && position < grid.count {
            let end = min(grid.count, position + 1024)
            grid.forEachSlotRun(inPositions: position..<end) { start, length in
                for offset in 0..<length where first.count < Self.listedEffectPhotos {
                    let slot = PhotoSlot(rawValue: start.rawValue + UInt32(offset))
                    if chosen.contains(slot) { first.append(slot) }
                }
            }
            position = end
        }
        return (chosen.count, first)
    }

    /// A change of the count by more than this writes the selection before and after whole,
    /// each as its photos or as the grid's photos but these, whichever is shorter, instead of
    /// the photos chosen and unchosen: a Select all over a million photos, or the Done after
    /// it, is then a few numbers rather than a run per gap in the slots, and nothing of the
    /// grid's size is listed.
    static let wholeSetChange = 4096

    /// The selection's change: the photos chosen and unchosen (form 0), or the selection
    /// before and after (form 1), when the count moved by more than `wholeSetChange`.
    private mutating func recordSelectionChange(since before: SelectionBefore) throws {
        if case .copy(let old, let oldGrid) = before, abs(engine.chosenCount - old.count) > Self.wholeSetChange {
            selectionDiffs.startEntry(at: step)
            selectionDiffs.vlq.append(1)
            Self.writeSet(old, in: oldGrid, to: &selectionDiffs.vlq)
            Self.writeSet(engine.selection, in: engine.grid.live, to: &selectionDiffs.vlq)
            return
        }
        let selection = try selectionChanges(since: before)
        guard !selection.isEmpty else { return }
        selectionDiffs.startEntry(at: step)
        selectionDiffs.vlq.append(0)
        Self.writeRuns(selection.added, to: &selectionDiffs.vlq)
        Self.writeRuns(selection.removed, to: &selectionDiffs.vlq)
    }

    private struct GridChange {
        var deleted: [(position: Int, slot: UInt32)]
        var inserted: [(position: Int, slot: UInt32)]
    }

    /// The grid positions an applied event removed (in the grid before it) and inserted (in the
    /// grid after it), checked to account for the engine's new count.
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
        let counted = gridCount - change.deleted.count + change.inserted.count
        guard counted == engine.photoCount else {
            throw ViewBuildError(description: "step \(step) leaves \(counted) photos by its diff, \(engine.photoCount) by the engine")
        }
        gridCount = counted
        return change.deleted.isEmpty && change.inserted.isEmpty ? nil : change
    }

    // MARK: - The JSON object

    /// The data of every step added: the JSON object the page reads (docs/view-page.md).
    /// O(N + data): every photo is named.
    func finish(options: ViewTimeline.Options, names: (table: SlotNames, count: Int)?) -> ViewPageJSON {
        var out = ViewPageJSON(reservingCapacity: 1 << 20)
        out.raw("{")
        out.key("name"); out.string(options.name)
        out.raw(","); out.key("steps"); out.integer(step)
        out.raw(","); out.key("openAt"); out.integer(min(max(options.initialStep, 0), step))
        if options.breakCount { out.raw(","); out.key("breakCount"); out.raw("true") }
        out.raw(","); out.key("limit")
        if let limit = engine.limit { out.integer(limit) } else { out.raw("null") }
        out.raw(","); out.key("reduceMotion"); out.raw(engine.reduceMotion ? "true" : "false")
        out.raw(","); out.key("columns"); out.integer(GridLayout.seed.metrics(forWidth: options.width).columns)
        out.raw(","); out.key("width"); out.integer(Int(options.width.rounded()))
        out.raw(","); out.key("photos"); out.raw("{"); out.key("initial"); out.integer(header.photos.count)
        out.raw(","); out.key("names"); out = writePhotoNames(names, after: out); out.raw("}")
        out.raw(","); out.key("eventNames"); out.strings(eventNames.texts)
        out.raw(","); out.key("rejectionReasons"); out.strings(RejectionReason.allCases.map(\.rawValue))
        out.raw(","); out.key("announcements"); out.strings(announcementTexts.texts)
        writeStreams(to: &out)
        out.raw(","); out.key("pointer")
        if let pointer = options.pointer { pointer.write(to: &out) } else { out.raw("null") }
        if let comparison = options.comparison {
            out.raw(","); out.key("comparison")
            comparison.write(to: &out)
        }
        if !header.start.isBrowsing { writeStart(to: &out) }
        if !appRows.isEmpty { writeApp(to: &out) }
        out.raw("}")
        return out
    }

    /// The names of every slot the steps name, in slot order: the header's (read as bytes from
    /// its table), then the ids defined after it, from `names` (a binary trace's, read by slot:
    /// its first `count`) or else the engine's table.
    private func writePhotoNames(_ names: (table: SlotNames, count: Int)?, after json: ViewPageJSON) -> ViewPageJSON {
        var photoNames = ViewPhotoNames(appendingTo: json)
        var listed = 0
        if case .ids(let table) = header.photos, !table.hasDuplicates {
            for index in table.indices { table.withBytes(at: index) { photoNames.append($0) } }
            listed = table.count
        }
        for slot in listed..<(names?.count ?? engine.slots.count) {
            // A binary trace read strictly names every slot it defines.
            var id = names.map { $0.table.id(for: PhotoSlot(slot)) ?? "" } ?? engine.slots.id(for: PhotoSlot(slot))
            id.withUTF8 { photoNames.append(UnsafeRawBufferPointer($0)) }
        }
        return photoNames.finish()
    }

    /// The per-step columns, the sparse streams and the tables by step.
    private func writeStreams(to out: inout ViewPageJSON) {
        let stepColumns: [(StaticString, ViewVLQ)] = [
            ("kind", columns.kinds), ("photo", columns.photos), ("outcome", columns.outcomes),
            ("state", columns.states), ("count", columns.counts), ("announcement", columns.announcements),
            ("effects", columns.flags),
        ]
        out.raw(","); out.key("events"); out.raw("{")
        for (index, (key, column)) in stepColumns.enumerated() {
            if index > 0 { out.raw(",") }
            out.key(key)
            out.vlq(column)
        }
        out.raw("}")
        out.raw(","); out.key("selectionChanges"); out.vlq(selectionDiffs.vlq)
        out.raw(","); out.key("gridChanges"); out.vlq(gridDiffs.vlq)
        let tables: [(StaticString, ViewStepTable)] = [
            ("trayChanges", pickDiffs), ("actions", actions), ("libraryChanges", libraryChanges),
        ]
        for (key, table) in tables {
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

// MARK: - What the app showed

extension ViewTimelineBuilder {
    /// Compares the app's `seen` for the step just added with the engine's state after it.
    /// O(1) without `seen`; else `SelectionEngine.comparisons(with:)`'s cost.
    ///
    /// - Precondition: the engine names its slots (it interned every id the trace named).
    mutating func compareApp(_ seen: SeenState?) {
        guard let seen else { return }
        appRows.append((step, engine.comparisons(with: seen)))
    }

    /// `compareApp(_:)` for an engine whose slots `names` names (a binary trace read by slot).
    mutating func compareApp(_ seen: SeenState?, names: SlotNames?) {
        guard let seen, let names else { return }
        let engine = self.engine
        func ids(_ slots: [PhotoSlot]) -> [PhotoID] { slots.map { names.id(for: $0) ?? "" } }
        let chosen = { ids(engine.selection.slots(inGridOrder: engine.grid)) }
        appRows.append(
            (step, SeenComparing.comparisons(
                with: seen, mode: engine.mode, chosenCount: engine.chosenCount, hasLimit: engine.limit != nil,
                picks: { engine.limit == nil ? chosen() : ids(engine.pickSlots) }, chosen: chosen)))
    }

    /// The first step where the app departs from SPEC.md, if any.
    var firstAppDeparture: Int? {
        appRows.first { $0.comparisons.contains { !$0.agrees } }?.step
    }

    /// `"start":{"state":S,"picks":[slots]}`: the start state (SPEC.md section 7) as the page
    /// reads step 0, `state` packed as the steps' are (bit 0 selecting, the sheet above).
    func writeStart(to out: inout ViewPageJSON) {
        let start = header.start
        let sheetCode = switch start.sheet {
        case nil: 0
        case .share: 1
        case .edit: 2
        }
        let initial = FastEngine(configuration: header.configuration)
        out.raw(","); out.key("start"); out.raw("{"); out.key("state")
        out.integer((start.mode == .selecting ? 1 : 0) | sheetCode << 1)
        out.raw(","); out.key("picks")
        out.integers(start.picks.compactMap { initial.slots.slot(for: $0).map { Int($0.rawValue) } })
        out.raw("}")
    }

    /// `"app":{"firstDeparture":K|null,"stepsWithSeen":N,"rows":[[step,[[field,app,spec,agrees]…]]…]}`.
    func writeApp(to out: inout ViewPageJSON) {
        out.raw(","); out.key("app"); out.raw("{"); out.key("firstDeparture")
        if let first = firstAppDeparture { out.integer(first) } else { out.raw("null") }
        out.raw(","); out.key("stepsWithSeen"); out.integer(appRows.count)
        out.raw(","); out.key("rows"); out.raw("[")
        for (index, row) in appRows.enumerated() {
            if index > 0 { out.raw(",") }
            out.raw("["); out.integer(row.step); out.raw(",[")
            for (number, comparison) in row.comparisons.enumerated() {
                if number > 0 { out.raw(",") }
                out.raw("[")
                out.string(comparison.field.rawValue); out.raw(",")
                out.string(comparison.appSaw); out.raw(",")
                out.string(comparison.specGives); out.raw(",")
                out.raw(comparison.agrees ? "true" : "false")
                out.raw("]")
            }
            out.raw("]]")
        }
        out.raw("]}")
    }
}
