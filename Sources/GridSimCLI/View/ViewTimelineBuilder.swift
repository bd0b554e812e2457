import GestureInput
import SelectionCore
import SelectionTrace

/// The view page's data, built one event at a time: `add` replays an event with the fast
/// engine and records what the page needs of it, `finish` writes the JSON object the page
/// reads (docs/view-page.md describes it).
///
/// `add` costs what the event changed, plus O(N) for a Delete (its photos are found in one
/// scan of the grid) and for a block split of the grid order; `finish` O(N + data).
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

    /// Strings numbered from 0 in the order they first come.
    private struct Numbering {
        private(set) var strings: [String] = []
        private var numbers: [String: Int] = [:]

        mutating func number(of string: String) -> Int {
            if let number = numbers[string] { return number }
            strings.append(string)
            numbers[string] = strings.count - 1
            return strings.count - 1
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
        var selection: SelectionBitmap
        var picks: [PhotoSlot]
        /// A library change's removed photos in the grid: positions before it, ascending.
        var removed: [(position: Int, slot: UInt32)]
    }

    private let header: TraceHeader
    private var engine: FastEngine
    /// The grid order as the page keeps it, checked against the engine's.
    private var order: ViewGridOrder
    private var columns = StepColumns()
    private var eventNames = Numbering()
    private var announcementTexts = Numbering()
    private var unknownPhotos: [String] = []
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

    /// Replays `traceEvent` and records its step.
    mutating func add(_ traceEvent: TraceEvent) throws {
        step += 1
        let event = traceEvent.event
        columns.kinds.append(eventNames.number(of: event.name.rawValue))
        let t = traceEvent.t ?? lastT
        columns.times.append(t - lastT)
        lastT = t
        let before = capture(before: event)
        let result = engine.apply(event)
        recordPhoto(of: event)
        if case .libraryChanged(let removed, let inserted) = event {
            libraryChanges.startEntry(at: step)
            libraryChanges.json.integers([removed.count, inserted.count])
        }
        recordOutcome(result)
        columns.focus.appendSigned(try recordChanges(of: event, result: result, before: before))
    }

    private func capture(before event: Event) -> Before {
        var removed: [(position: Int, slot: UInt32)] = []
        if case .libraryChanged(let removedIDs, _) = event {
            var seen = Set<UInt32>()
            for id in removedIDs {
                guard let slot = engine.slots.slot(for: id), engine.grid.contains(slot), seen.insert(slot.rawValue).inserted
                else { continue }
                removed.append((order.position(of: slot.rawValue), slot.rawValue))
            }
            removed.sort { $0.position < $1.position }
        }
        return Before(selection: engine.selection, picks: engine.limit == nil ? [] : engine.pickOrder, removed: removed)
    }

    /// The photo the event names: its slot, or its id when the grid never had it.
    private mutating func recordPhoto(of event: Event) {
        guard let photo = event.photo else {
            columns.photos.appendSigned(-1)
            return
        }
        if let slot = engine.slots.slot(for: photo) {
            columns.photos.appendSigned(Int(slot.rawValue))
        } else {
            unknownPhotos.append(photo)
            columns.photos.appendSigned(-1 - unknownPhotos.count)
        }
    }

    /// Outcome, mode and sheet, count, announcement and effects: what every step has.
    private mutating func recordOutcome(_ result: Step) {
        switch result.outcome {
        case .applied: columns.outcomes.append(0)
        case .ignored: columns.outcomes.append(1)
        case .rejected(let reason): columns.outcomes.append(2 + RejectionReason.allCases.firstIndex(of: reason)!)
        }
        let sheetCode = engine.sheet.map { $0 == .share ? 1 : 2 } ?? 0
        columns.states.append((engine.mode == .selecting ? 1 : 0) + 2 * sheetCode)
        columns.counts.append(engine.selectedCount)
        columns.announcements.append(result.announcement.map { announcementTexts.number(of: $0.text) + 1 } ?? 0)
        let snappy = result.animation == .snappy ? 2 : 0
        let still = result.animation == AnimationStyle.none ? 4 : 0
        columns.flags.append((result.haptic ? 1 : 0) + snappy + still)
    }

    /// The diffs of an applied event; returns the grid position the step touches, -1 for none.
    private mutating func recordChanges(of event: Event, result: Step, before: Before) throws -> Int {
        guard case .applied = result.outcome else { return position(ofPhotoIn: event) }
        if let action = result.action {
            actions.startEntry(at: step)
            Self.write(action, slots: engine.slots, to: &actions.json)
        }
        let selection = engine.selection.changes(since: before.selection)
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
        if focus < 0, let slot = selection.added.first ?? selection.removed.first, engine.grid.contains(slot) {
            focus = order.position(of: slot.rawValue)
        }
        return focus
    }

    /// The grid position of the photo the event names, -1 when it names none in the grid.
    private func position(ofPhotoIn event: Event) -> Int {
        guard let photo = event.photo, let slot = engine.slots.slot(for: photo), engine.grid.contains(slot) else { return -1 }
        return order.position(of: slot.rawValue)
    }

    private struct GridChange {
        var deleted: [(position: Int, slot: UInt32)]
        var inserted: [(position: Int, slot: UInt32)]
    }

    /// The grid positions an applied event removed (in the grid before it) and inserted (in the
    /// grid after it), applied to `order` and checked against the engine's grid.
    private mutating func gridChange(_ event: Event, before: Before) throws -> GridChange? {
        switch event {
        case .delete:
            let deleted = order.removeAll { before.selection.contains(PhotoSlot(rawValue: $0)) }
            guard order.count == engine.photoCount else { throw ViewBuildError.gridDrift(order.count, engine.photoCount) }
            return deleted.isEmpty ? nil : GridChange(deleted: deleted, inserted: [])
        case .libraryChanged(_, let insertions):
            for placement in before.removed.reversed() { order.remove(at: placement.position) }
            var insertedSlots: [UInt32] = []
            for insertion in insertions {
                guard let slot = engine.slots.slot(for: insertion.photo) else { continue }
                order.insert(slot.rawValue, at: min(max(insertion.at, 0), order.count))
                insertedSlots.append(slot.rawValue)
            }
            var inserted = insertedSlots.map { (position: order.position(of: $0), slot: $0) }
            inserted.sort { $0.position < $1.position }
            guard order.count == engine.photoCount else { throw ViewBuildError.gridDrift(order.count, engine.photoCount) }
            for placement in inserted where !order.matches(engine.grid, at: placement.position, slot: placement.slot) {
                throw ViewBuildError.gridDrift(placement.position, Int(placement.slot))
            }
            if before.removed.isEmpty && inserted.isEmpty { return nil }
            return GridChange(deleted: before.removed, inserted: inserted)
        default:
            return nil
        }
    }

    // MARK: - The JSON object

    /// The data of every step added: the JSON object the page reads. O(N + data): the grid
    /// order is compared with the engine's once, whole, and every photo named.
    func finish(options: ViewTimeline.Options) throws -> ViewPageJSON {
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
        writePhotoNames(to: &out)
        out.raw(","); out.key("limit")
        if let limit = engine.limit { out.integer(limit) } else { out.raw("null") }
        out.raw(","); out.key("reduceMotion"); out.raw(engine.reduceMotion ? "true" : "false")
        out.raw(","); out.key("columns"); out.integer(GridLayout.seed.metrics(forWidth: options.width).columns)
        out.raw(","); out.key("width"); out.integer(Int(options.width.rounded()))
        out.raw(","); out.key("eventNames"); out.strings(eventNames.strings)
        out.raw(","); out.key("reasons"); out.strings(RejectionReason.allCases.map(\.rawValue))
        out.raw(","); out.key("announcementTexts"); out.strings(announcementTexts.strings)
        writeStreams(to: &out)
        out.raw(","); out.key("pointer")
        if let pointer = options.pointer { pointer.write(to: &out) } else { out.raw("null") }
        out.raw("}")
        return out
    }

    /// The slots' names: the header's (a count names slot i "i+1"), then the ids the
    /// library brought, in slot order, and the ids events named that no slot has.
    private func writePhotoNames(to out: inout ViewPageJSON) {
        let initialCount = header.photos.count
        out.raw(","); out.key("photos"); out.integer(initialCount)
        out.raw(","); out.key("counted")
        if case .count = header.photos { out.raw("true") } else { out.raw("false") }
        out.raw(","); out.key("ids")
        if case .ids = header.photos {
            Self.writeIDRuns((0..<initialCount).map { engine.slots.id(for: PhotoSlot($0)) }, to: &out)
        } else {
            out.raw("[]")
        }
        let addedIDs = (initialCount..<engine.slots.count).map { engine.slots.id(for: PhotoSlot($0)) }
        out.raw(","); out.key("added"); Self.writeIDRuns(addedIDs, to: &out)
        out.raw(","); out.key("unknown"); out.strings(unknownPhotos)
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
