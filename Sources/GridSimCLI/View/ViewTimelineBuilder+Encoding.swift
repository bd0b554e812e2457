import SelectionCore

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
}
