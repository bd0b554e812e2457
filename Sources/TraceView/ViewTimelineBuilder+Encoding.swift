@_spi(GridSimInternals) import SelectionCore
import SelectionSlots

/// How the builder writes runs of slots and positions, ids, the tray's changes and action
/// effects into the page's data.
extension ViewTimelineBuilder {
    /// Most photo ids of a Delete, Move or Share that a step's row lists; the rest are counted.
    static let listedEffectPhotos = 8

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

    /// A set of the grid's photos: 0 and the runs of its slots, or 1 and the runs of the grid's
    /// slots it lacks, whichever list is shorter (the first without the grid). O(N / 64 + the
    /// slots listed).
    static func writeSet(_ set: SelectionBitmap, in grid: SelectionBitmap?, to vlq: inout ViewVLQ) {
        guard let grid, set.count * 2 > grid.count else {
            vlq.append(0)
            writeRuns(Array(set), to: &vlq)
            return
        }
        vlq.append(1)
        writeRuns(Array(grid.subtracting(set)), to: &vlq)
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
    /// `["moved",…]`, `["present",count,[slots],"share"]`, with `photos` the count and the first
    /// photos of the last three (the engine lists none: `FastEngine.listsActionPhotos`).
    static func write(_ action: SlotAction, photos: (count: Int, first: [PhotoSlot]), to json: inout ViewPageJSON) {
        func listed(_ kind: StaticString, sheet: Sheet? = nil) {
            json.raw("[\""); json.raw(kind); json.raw("\",")
            json.integer(photos.count)
            json.byte(UInt8(ascii: ","))
            json.integers(photos.first.map { Int($0.rawValue) })
            if let sheet {
                json.byte(UInt8(ascii: ","))
                json.string(sheet.rawValue)
            }
            json.byte(UInt8(ascii: "]"))
        }
        switch action {
        case .open(let slot):
            json.raw("[\"open\",")
            json.integer(Int(slot.rawValue))
            json.byte(UInt8(ascii: "]"))
        case .navigateBack: json.raw("[\"navigateBack\"]")
        case .deleted: listed("deleted")
        case .moved: listed("moved")
        case .present(let sheet, _): listed("present", sheet: sheet)
        }
    }
}
