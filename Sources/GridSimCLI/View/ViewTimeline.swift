import GestureInput
import SelectionCore
import SelectionTrace

/// What the view page embeds: the trace's events and, for every step, its outcome and the
/// engine's diffs (photos chosen and unchosen, the grid's deletions and insertions, the tray's
/// changes), never a whole state per step. The page rebuilds each state by applying them.
///
/// Built in one streamed pass with the fast engine. O(events + what changed), plus O(N) for
/// each Delete (its photos are found in one scan of the grid) and for a block split of the
/// grid order; the JSON holds O(events + changes) numbers, runs of consecutive slots as one.
struct ViewTimeline {
    struct Options {
        /// The viewport width the grid is laid out for, in points.
        var width: Double = 393
        /// The step the page opens at when its URL names none.
        var initialStep: Int = 0
        /// The file name shown in the page's heading.
        var name: String = "trace"
        /// The raw pointer layer of a two-layer trace (nil for a trace without one).
        var pointer: ViewPointerLayer?
        /// For the browser test's own test: the page shows every count one too high.
        var breakCount = false
    }

    /// Most photo ids of a Delete, Move or Share that a step's row lists; the rest are counted.
    static let listedEffectPhotos = 8

    /// The JSON object the page reads.
    private(set) var json = ViewPageJSON(reservingCapacity: 1 << 20)
    private(set) var eventCount = 0
    private(set) var damage: [TraceDamage] = []

    init(source: ReplaySource, options: Options, progress: (Int, Int) -> Void = { _, _ in }) throws {
        var events = try source.events()
        let header = events.header
        var engine = FastEngine(configuration: header.configuration)
        let initialCount = header.photos.count
        var order = ViewGridOrder(count: initialCount)

        var eventNames: [String] = []
        var eventIndex: [String: Int] = [:]
        var announcementTexts: [String] = []
        var announcementIndex: [String: Int] = [:]
        var unknownPhotos: [String] = []
        var kinds = ViewVLQ()
        var photos = ViewVLQ()
        var times = ViewVLQ()
        var outcomes = ViewVLQ()
        var states = ViewVLQ()
        var counts = ViewVLQ()
        var announcements = ViewVLQ()
        var flags = ViewVLQ()
        var focus = ViewVLQ()
        var selectionDiffs = ViewVLQ()
        var gridDiffs = ViewVLQ()
        var lastSelectionStep = 0
        var lastGridStep = 0
        var pickDiffs = ViewPageJSON()
        var actions = ViewPageJSON()
        var libraryChanges = ViewPageJSON()
        var lastT = 0
        var step = 0


        while let traceEvent = try events.next() {
            step += 1
            let event = traceEvent.event
            let name = event.name.rawValue
            if let kind = eventIndex[name] {
                kinds.append(kind)
            } else {
                eventNames.append(name)
                eventIndex[name] = eventNames.count - 1
                kinds.append(eventNames.count - 1)
            }
            let t = traceEvent.t ?? lastT
            times.append(t - lastT)
            lastT = t

            // Only what the diffs need is kept from before the event: a copy of the whole engine
            // would make the next new id copy the id table.
            let selectionBefore = engine.selection
            let picksBefore = engine.limit == nil ? [] : engine.pickOrder
            let removedBefore: [(position: Int, slot: UInt32)]
            switch event {
            case .libraryChanged(let removed, _):
                // Positions in the grid before the event, of the removed photos it holds.
                var seen = Set<UInt32>()
                var list: [(position: Int, slot: UInt32)] = []
                for id in removed {
                    guard let slot = engine.slots.slot(for: id), engine.grid.contains(slot),
                        seen.insert(slot.rawValue).inserted
                    else { continue }
                    list.append((order.position(of: slot.rawValue), slot.rawValue))
                }
                removedBefore = list.sorted { $0.position < $1.position }
            default:
                removedBefore = []
            }

            let result = engine.apply(event)

            // The photo the event names: its slot, or its id when the grid never had it.
            if let photo = event.photo {
                if let slot = engine.slots.slot(for: photo) {
                    photos.appendSigned(Int(slot.rawValue))
                } else {
                    unknownPhotos.append(photo)
                    photos.appendSigned(-1 - unknownPhotos.count)
                }
            } else {
                photos.appendSigned(-1)
            }
            if case .libraryChanged(let removed, let inserted) = event {
                Self.separator(&libraryChanges, step)
                libraryChanges.integers([removed.count, inserted.count])
            }

            switch result.outcome {
            case .applied: outcomes.append(0)
            case .ignored: outcomes.append(1)
            case .rejected(let reason): outcomes.append(2 + RejectionReason.allCases.firstIndex(of: reason)!)
            }
            let sheetCode = engine.sheet.map { $0 == .share ? 1 : 2 } ?? 0
            states.append((engine.mode == .selecting ? 1 : 0) + 2 * sheetCode)
            counts.append(engine.selectedCount)
            if let text = result.announcement?.text {
                if let index = announcementIndex[text] {
                    announcements.append(index + 1)
                } else {
                    announcementTexts.append(text)
                    announcementIndex[text] = announcementTexts.count - 1
                    announcements.append(announcementTexts.count)
                }
            } else {
                announcements.append(0)
            }
            flags.append(
                (result.haptic ? 1 : 0) + (result.animation == .snappy ? 2 : 0) + (result.animation == AnimationStyle.none ? 4 : 0))

            var focusIndex = -1
            if case .applied = result.outcome {
                if let action = result.action {
                    Self.separator(&actions, step)
                    Self.write(action, slots: engine.slots, to: &actions)
                }
                let selection = engine.selection.changes(since: selectionBefore)
                if !selection.isEmpty {
                    selectionDiffs.append(step - lastSelectionStep)
                    lastSelectionStep = step
                    Self.writeRuns(selection.added, to: &selectionDiffs)
                    Self.writeRuns(selection.removed, to: &selectionDiffs)
                }
                let grid = try Self.gridChange(
                    event, selectionBefore: selectionBefore, after: engine, removed: removedBefore, order: &order)
                if let grid {
                    gridDiffs.append(step - lastGridStep)
                    lastGridStep = step
                    Self.writePositionRuns(grid.deleted, to: &gridDiffs)
                    Self.writePlacementRuns(grid.inserted, to: &gridDiffs)
                    focusIndex = grid.inserted.first?.position ?? grid.deleted.first.map { min($0.position, max(order.count - 1, 0)) } ?? -1
                }
                if engine.limit != nil, engine.pickOrder != picksBefore {
                    Self.separator(&pickDiffs, step)
                    Self.writePickChange(from: picksBefore, to: engine.pickOrder, to: &pickDiffs)
                }
                if focusIndex < 0, grid == nil {
                    if let photo = event.photo, let slot = engine.slots.slot(for: photo), engine.grid.contains(slot) {
                        focusIndex = order.position(of: slot.rawValue)
                    } else if let slot = selection.added.first ?? selection.removed.first, engine.grid.contains(slot) {
                        focusIndex = order.position(of: slot.rawValue)
                    }
                }
            } else if let photo = event.photo, let slot = engine.slots.slot(for: photo), engine.grid.contains(slot) {
                focusIndex = order.position(of: slot.rawValue)
            }
            focus.appendSigned(focusIndex)
            progress(step, events.bytesRead)
        }
        eventCount = step
        damage = events.damage
        // Each step checked the photos it placed; once at the end, the whole order. O(N).
        guard order.order == engine.grid.order.map(\.rawValue) else {
            throw ViewBuildError(description: "the page's grid order differs from the engine's after the last step")
        }

        // The slots' names: the header's (a count names slot i "i+1"), then the ids the
        // library brought, in slot order.
        let slotCount = engine.slots.count
        var addedIDs: [String] = []
        addedIDs.reserveCapacity(slotCount - initialCount)
        for slot in initialCount..<slotCount { addedIDs.append(engine.slots.id(for: PhotoSlot(slot))) }

        let metrics = GridLayout.seed.metrics(forWidth: options.width)
        var out = ViewPageJSON(reservingCapacity: 1 << 20)
        out.raw("{")
        out.key("name"); out.string(options.name)
        out.raw(","); out.key("steps"); out.integer(step)
        out.raw(","); out.key("breakCount"); out.raw(options.breakCount ? "true" : "false")
        out.raw(","); out.key("at"); out.integer(min(max(options.initialStep, 0), step))
        out.raw(","); out.key("photos"); out.integer(initialCount)
        out.raw(","); out.key("counted")
        if case .count = header.photos { out.raw("true") } else { out.raw("false") }
        out.raw(","); out.key("ids")
        if case .ids = header.photos {
            Self.writeIDRuns((0..<initialCount).map { engine.slots.id(for: PhotoSlot($0)) }, to: &out)
        } else {
            out.raw("[]")
        }
        out.raw(","); out.key("added"); Self.writeIDRuns(addedIDs, to: &out)
        out.raw(","); out.key("unknown"); out.strings(unknownPhotos)
        out.raw(","); out.key("limit")
        if let limit = engine.limit { out.integer(limit) } else { out.raw("null") }
        out.raw(","); out.key("reduceMotion"); out.raw(engine.reduceMotion ? "true" : "false")
        out.raw(","); out.key("columns"); out.integer(metrics.columns)
        out.raw(","); out.key("width"); out.integer(Int(options.width.rounded()))
        out.raw(","); out.key("eventNames"); out.strings(eventNames)
        out.raw(","); out.key("reasons"); out.strings(RejectionReason.allCases.map(\.rawValue))
        out.raw(","); out.key("announcementTexts"); out.strings(announcementTexts)
        for (key, stream) in [
            ("e", kinds), ("p", photos), ("t", times), ("o", outcomes), ("m", states), ("c", counts),
            ("a", announcements), ("f", flags), ("x", focus), ("s", selectionDiffs), ("g", gridDiffs),
        ] {
            out.raw(",\"")
            for byte in key.utf8 { out.byte(byte) }
            out.raw("\":\"")
            out.appendBytes(stream.bytes)
            out.byte(UInt8(ascii: "\""))
        }
        for (key, buffer) in [("k", pickDiffs), ("fx", actions), ("lc", libraryChanges)] {
            out.raw(",\"")
            for byte in key.utf8 { out.byte(byte) }
            out.raw("\":")
            if buffer.bytes.isEmpty { out.raw("{}") } else {
                out.append(buffer)
                out.raw("}")
            }
        }
        out.raw(","); out.key("pointer")
        if let pointer = options.pointer { pointer.write(to: &out) } else { out.raw("null") }
        out.raw("}")
        json = out
    }

    /// Opens the object of a sparse per-step table, or separates its entries: `{"7":` or `,"7":`.
    static func separator(_ buffer: inout ViewPageJSON, _ step: Int) {
        buffer.byte(buffer.bytes.isEmpty ? UInt8(ascii: "{") : UInt8(ascii: ","))
        buffer.byte(UInt8(ascii: "\""))
        buffer.integer(step)
        buffer.raw("\":")
    }

    /// Photo slots, ascending, as runs: their number, then for each run the gap from the end
    /// of the previous one (from slot 0 for the first) and its length. A Select all over a
    /// million photos is a run per gap the library left.
    static func writeRuns(_ slots: [PhotoSlot], to vlq: inout ViewVLQ) {
        var runs: [(start: Int, length: Int)] = []
        var index = 0
        while index < slots.count {
            let start = Int(slots[index].rawValue)
            var length = 1
            while index + length < slots.count && Int(slots[index + length].rawValue) == start + length { length += 1 }
            runs.append((start, length))
            index += length
        }
        vlq.append(runs.count)
        var end = 0
        for run in runs {
            vlq.append(run.start - end)
            vlq.append(run.length)
            end = run.start + run.length
        }
    }

    /// Grid positions, ascending, as runs of consecutive positions: gap and length, as
    /// `writeRuns`. The page reads the slots there from its own grid, and keeps them to put
    /// them back when it steps backwards.
    static func writePositionRuns(_ placements: [(position: Int, slot: UInt32)], to vlq: inout ViewVLQ) {
        writeRuns(placements.map { PhotoSlot($0.position) }, to: &vlq)
    }

    /// Grid placements, ascending by position: their number of runs, then per run of
    /// consecutive positions holding consecutive slots (ascending or descending), the gap
    /// from the previous run's end, the first slot's difference from the previous run's
    /// last (signed), and the length (signed: negative when the slots descend).
    static func writePlacementRuns(_ placements: [(position: Int, slot: UInt32)], to vlq: inout ViewVLQ) {
        var runs: [(position: Int, slot: Int, length: Int)] = []
        var index = 0
        while index < placements.count {
            let start = placements[index]
            var length = 1
            var step = 0
            while index + length < placements.count && placements[index + length].position == start.position + length {
                let delta = Int(placements[index + length].slot) - Int(placements[index + length - 1].slot)
                if length == 1 && (delta == 1 || delta == -1) { step = delta }
                guard step != 0 && delta == step else { break }
                length += 1
            }
            runs.append((start.position, Int(start.slot), step < 0 ? -length : length))
            index += length
        }
        vlq.append(runs.count)
        var end = 0
        var lastSlot = 0
        for run in runs {
            vlq.append(run.position - end)
            vlq.appendSigned(run.slot - lastSlot)
            vlq.appendSigned(run.length)
            end = run.position + abs(run.length)
            lastSlot = run.slot + (run.length < 0 ? run.length + 1 : run.length - 1)
        }
    }

    /// Ids as a list whose items are either an id or `[prefix, first, count]`: the ids
    /// prefix+first … prefix+(first+count-1) (the `s1`, `s2`, … a library brings).
    static func writeIDRuns(_ ids: [String], to json: inout ViewPageJSON) {
        json.byte(UInt8(ascii: "["))
        var index = 0
        var first = true
        func split(_ id: String) -> (prefix: Substring, number: Int)? {
            let digits = id.reversed().prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count < 16, digits.last != "0" || digits.count == 1 else { return nil }
            return (id.dropLast(digits.count), Int(String(digits.reversed()))!)
        }
        while index < ids.count {
            if !first { json.byte(UInt8(ascii: ",")) }
            first = false
            guard let (prefix, number) = split(ids[index]) else {
                json.string(ids[index])
                index += 1
                continue
            }
            var count = 1
            while index + count < ids.count, let next = split(ids[index + count]), next.prefix == prefix,
                next.number == number + count
            {
                count += 1
            }
            if count == 1 {
                json.string(ids[index])
            } else {
                json.byte(UInt8(ascii: "["))
                json.string(String(prefix))
                json.byte(UInt8(ascii: ","))
                json.integer(number)
                json.byte(UInt8(ascii: ","))
                json.integer(count)
                json.byte(UInt8(ascii: "]"))
            }
            index += count
        }
        json.byte(UInt8(ascii: "]"))
    }

    /// How the tray changed: `[[position, slot, …], [slot, …]]`, the picks that left (at their
    /// positions in the old tray) and those appended. Most events keep the surviving picks in
    /// order and append new ones; a change of another shape is written whole as `{"all":[…]}`:
    /// a drag that unchooses and slides back puts picks back in their places in the tray.
    static func writePickChange(from old: [PhotoSlot], to new: [PhotoSlot], to json: inout ViewPageJSON) {
        let kept = Set(new)
        var removed: [Int] = []
        var survivors: [PhotoSlot] = []
        for (position, slot) in old.enumerated() {
            if kept.contains(slot) { survivors.append(slot) } else { removed += [position, Int(slot.rawValue)] }
        }
        guard new.count >= survivors.count, Array(new[..<survivors.count]) == survivors else {
            json.raw("{\"all\":")
            json.integers(new.map { Int($0.rawValue) })
            json.raw("}")
            return
        }
        json.byte(UInt8(ascii: "["))
        json.integers(removed)
        json.byte(UInt8(ascii: ","))
        json.integers(new[survivors.count...].map { Int($0.rawValue) })
        json.byte(UInt8(ascii: "]"))
    }

    /// An action effect: `["open",slot]`, `["navigateBack"]`, `["deleted",count,[slots]]`,
    /// `["moved",…]`, `["present",count,[slots],"share"]`; photos past the first few counted.
    static func write(_ action: Effect, slots: SlotTable, to json: inout ViewPageJSON) {
        func photos(_ kind: StaticString, _ ids: [PhotoID], sheet: Sheet? = nil) {
            json.raw("[\""); json.raw(kind); json.raw("\",")
            json.integer(ids.count)
            json.byte(UInt8(ascii: ","))
            json.integers(ids.prefix(listedEffectPhotos).map { id in Int(slots.slot(for: id)?.rawValue ?? 0) })
            if let sheet {
                json.byte(UInt8(ascii: ","))
                json.string(sheet.rawValue)
            }
            json.byte(UInt8(ascii: "]"))
        }
        switch action {
        case .open(let id):
            json.raw("[\"open\",")
            json.integer(Int(slots.slot(for: id)?.rawValue ?? 0))
            json.byte(UInt8(ascii: "]"))
        case .navigateBack: json.raw("[\"navigateBack\"]")
        case .deleted(let ids): photos("deleted", ids)
        case .moved(let ids): photos("moved", ids)
        case .present(let sheet, let ids): photos("present", ids, sheet: sheet)
        case .haptic, .animation: json.raw("null")
        }
    }

    struct GridChange {
        var deleted: [(position: Int, slot: UInt32)]
        var inserted: [(position: Int, slot: UInt32)]
    }

    /// The grid positions an applied event removed (in the grid before it) and inserted (in the
    /// grid after it), applied to `order` and checked against the engine's grid.
    static func gridChange(
        _ event: Event, selectionBefore: SelectionBitmap, after: FastEngine, removed: [(position: Int, slot: UInt32)],
        order: inout ViewGridOrder
    ) throws -> GridChange? {
        switch event {
        case .delete:
            let deleted = order.removeAll { selectionBefore.contains(PhotoSlot(rawValue: $0)) }
            guard order.count == after.photoCount else { throw ViewBuildError.gridDrift(order.count, after.photoCount) }
            return deleted.isEmpty ? nil : GridChange(deleted: deleted, inserted: [])
        case .libraryChanged(_, let insertions):
            for placement in removed.reversed() { order.remove(at: placement.position) }
            var insertedSlots: [UInt32] = []
            for insertion in insertions {
                guard let slot = after.slots.slot(for: insertion.photo) else { continue }
                order.insert(slot.rawValue, at: min(max(insertion.at, 0), order.count))
                insertedSlots.append(slot.rawValue)
            }
            var inserted = insertedSlots.map { (position: order.position(of: $0), slot: $0) }
            inserted.sort { $0.position < $1.position }
            guard order.count == after.photoCount else { throw ViewBuildError.gridDrift(order.count, after.photoCount) }
            for placement in inserted where !order.matches(after.grid, at: placement.position, slot: placement.slot) {
                throw ViewBuildError.gridDrift(placement.position, Int(placement.slot))
            }
            if removed.isEmpty && inserted.isEmpty { return nil }
            return GridChange(deleted: removed, inserted: inserted)
        default:
            return nil
        }
    }
}

/// The page's copy of the grid order disagreed with the engine's: a bug in GridSim.
struct ViewBuildError: Error, CustomStringConvertible {
    var description: String
    static func gridDrift(_ a: Int, _ b: Int) -> ViewBuildError {
        ViewBuildError(description: "the page's grid order drifted from the engine's (\(a), \(b))")
    }
}

extension ViewPageJSON {
    mutating func append(_ other: ViewPageJSON) { appendBytes(other.bytes) }
}
