import SelectionSlots

/// Drag to select (SPEC.md section 6), incrementally.
///
/// The range is the grid positions from the anchor to the end. When the end moves, only the
/// positions that join or leave the range are written: those that join get the drag's
/// operation, those that leave get their state back from the base (the selection when the
/// drag began, kept as a copy that shares its chunks). So a finger moving one photo changes
/// one photo, whatever the range holds, and a jump over a million photos of a grid given by
/// count is word fills and word copies of the bitmap (`SelectionBitmap+Ranges.swift`):
/// positions map to slots through the grid's blocks (`LiveSlots.forEachSlotRun`), a run of
/// consecutive slots being one bitmap write, other photos one bit each. The grid cannot
/// change while a drag lasts (any other event ends it first), so positions stay valid.
///
/// With a limit, while choosing, the photos added are a prefix, in walking order from the
/// anchor, of the range's photos not in the base, and they are picks: they are walked one by
/// one, at most `limit` of them (the base holds fewer than `limit` photos, so the walk to the
/// limit passes fewer than `limit` photos that it does not add).
///
/// Costs: finding the end is `LiveSlots.position(of:)`, O(log B) plus O(1) in a block that is a
/// run; the rest is O(change) as above. No allocation once the chunks written are the
/// selection's own, except with a limit while unchoosing, where the picks are rebuilt from the
/// base's in place, O(base picks).
extension FastEngine {
    /// What a drag remembers when it begins, and where it is; its moves write the engine's
    /// selection and picks, which the engine hands over for the call (only `FastEngine.swift`
    /// writes them otherwise).
    struct SlotDrag: Sendable {
        /// Grid positions: the grid cannot change while a drag lasts (any other event ends it).
        var anchorPosition: Int
        /// The position the range reaches now, on the anchor's side the finger is on.
        var endPosition: Int
        var unchoosing: Bool
        /// The selection and picks when the drag began: photos leaving the range get their
        /// state back from here. Copies share their storage, so keeping them is O(1).
        var baseSelection: SelectionBitmap
        var basePicks: [PhotoSlot]
        /// Choosing with a limit: how far from the anchor, towards the end, the photos of the
        /// range have been walked (every one not in the base was added while the count was
        /// below the limit; the walk stops at the limit).
        var walked = 0

        /// A drag anchored at grid position `anchor`, the selection and picks being `base`
        /// and `basePicks` when it begins. O(1).
        init(anchor: Int, unchoosing: Bool, base: SelectionBitmap, basePicks: [PhotoSlot]) {
            anchorPosition = anchor
            endPosition = anchor
            self.unchoosing = unchoosing
            baseSelection = base
            self.basePicks = basePicks
        }

        /// Moves the end to grid position `end`, writing `selection` and, with a limit,
        /// `picks`. Returns the photos that changed and whether the limit keeps a photo of
        /// the range out. O(change), plus O(log B) per photo walked with a limit (see above).
        mutating func move(
            to end: Int, in grid: LiveSlots, limit: Int?,
            selection: inout SelectionBitmap, picks: inout [PhotoSlot]
        ) -> (flips: Int, keptOut: Bool) {
            var flips: Int
            var keptOut = false
            if let limit, !unchoosing {
                (flips, keptOut) = moveLimitedChoosing(
                    to: end, in: grid, limit: limit, selection: &selection, picks: &picks)
            } else {
                flips = moveRange(to: end, in: grid, selection: &selection)
                if flips > 0 && limit != nil {
                    keepBasePicksStillChosen(in: selection, picks: &picks)
                }
            }
            endPosition = end
            return (flips, keptOut)
        }

        /// Forgets the base for a planted bug (`FastEngine.rebaseDrag()`): the next move sweeps
        /// from the anchor over `selection` and `picks` as they are now. O(1).
        mutating func rebase(on selection: SelectionBitmap, picks: [PhotoSlot]) {
            baseSelection = selection
            basePicks = picks
            endPosition = anchorPosition
            walked = 0
        }

        /// `move` with the walk of a choosing drag under a limit turned around, for a planted
        /// bug (`DragBend.walksFromFarEnd`): from the base, the range is walked from `end`
        /// towards the anchor, anchor included, each photo the base lacks added until the limit.
        /// Without a limit, or unchoosing, it is `move`. O(range) plus O(base picks).
        mutating func moveWalkingFromFarEnd(
            to end: Int, in grid: LiveSlots, limit: Int?,
            selection: inout SelectionBitmap, picks: inout [PhotoSlot]
        ) -> (flips: Int, keptOut: Bool) {
            guard let limit, !unchoosing else {
                return move(to: end, in: grid, limit: limit, selection: &selection, picks: &picks)
            }
            let before = selection
            selection = baseSelection
            picks = basePicks
            // Anchored one step past the finger, on the side away from the anchor, the walk
            // passes the finger's photo first and the anchor last; that position is never read.
            let towardsAnchor = end > anchorPosition ? -1 : 1
            var turnedAround = SlotDrag(
                anchor: end - towardsAnchor, unchoosing: false, base: baseSelection, basePicks: basePicks)
            let (_, keptOut) = turnedAround.moveLimitedChoosing(
                to: anchorPosition, in: grid, limit: limit, selection: &selection, picks: &picks)
            endPosition = end
            return (selection == before ? 0 : 1, keptOut)
        }

        /// Moves the range to end at `end` when every photo of it gets the operation (no limit,
        /// or unchoosing): the positions that leave get the base's state back, those that join
        /// get the operation. Returns the number of photos that changed.
        ///
        /// Both ranges hold the anchor, so each difference is at most one interval on each side.
        private func moveRange(to end: Int, in grid: LiveSlots, selection: inout SelectionBitmap) -> Int {
            let anchor = anchorPosition
            let (oldLow, oldHigh) = (Swift.min(anchor, endPosition), Swift.max(anchor, endPosition))
            let (newLow, newHigh) = (Swift.min(anchor, end), Swift.max(anchor, end))
            let base = baseSelection
            // One interval below the anchor and one above for each; the four are disjoint.
            var flips = 0
            if newLow > oldLow {
                flips &+= Self.write(oldLow ..< newLow, in: grid, selection: &selection, restoringFrom: base, unchoosing: unchoosing)
            }
            if oldHigh > newHigh {
                flips &+= Self.write(newHigh + 1 ..< oldHigh + 1, in: grid, selection: &selection, restoringFrom: base, unchoosing: unchoosing)
            }
            if oldLow > newLow {
                flips &+= Self.write(newLow ..< oldLow, in: grid, selection: &selection, restoringFrom: nil, unchoosing: unchoosing)
            }
            if newHigh > oldHigh {
                flips &+= Self.write(oldHigh + 1 ..< newHigh + 1, in: grid, selection: &selection, restoringFrom: nil, unchoosing: unchoosing)
            }
            return flips
        }

        /// Gives the photos at `positions` their state in `base`, or, without a base, the drag's
        /// operation, run by run. Returns the number of photos that changed.
        private static func write(
            _ positions: Range<Int>, in grid: LiveSlots, selection: inout SelectionBitmap,
            restoringFrom base: SelectionBitmap?, unchoosing: Bool
        ) -> Int {
            var flips = 0
            grid.forEachSlotRun(inPositions: positions) { first, length in
                if let base {
                    flips &+= restore(first, length, of: &selection, from: base)
                } else {
                    flips &+= sweep(first, length, unchoosing: unchoosing, selection: &selection)
                }
            }
            return flips
        }

        /// Gives the slots `first ..< first + length` their state in `base`; one bit for a lone
        /// slot, word copies for a run.
        @inline(__always)
        private static func restore(
            _ first: PhotoSlot, _ length: Int, of selection: inout SelectionBitmap, from base: SelectionBitmap
        ) -> Int {
            guard length > 1 else {
                return base.contains(first) ? (selection.insert(first) ? 1 : 0) : (selection.remove(first) ? 1 : 0)
            }
            return selection.copySlots(from: first, count: length, of: base)
        }

        /// The drag's operation on the slots `first ..< first + length`.
        @inline(__always)
        private static func sweep(
            _ first: PhotoSlot, _ length: Int, unchoosing: Bool, selection: inout SelectionBitmap
        ) -> Int {
            guard length > 1 else {
                return (unchoosing ? selection.remove(first) : selection.insert(first)) ? 1 : 0
            }
            return unchoosing
                ? selection.remove(slotsFrom: first, count: length) : selection.insert(slotsFrom: first, count: length)
        }

        /// Picks = the base's picks still chosen, in their order: an unchoosing drag with a limit.
        /// O(base picks), in place.
        private func keepBasePicksStillChosen(in selection: SelectionBitmap, picks: inout [PhotoSlot]) {
            picks.removeAll(keepingCapacity: true)
            for slot in basePicks where selection.contains(slot) { picks.append(slot) }
        }

        /// Moves a choosing drag with a limit to end at `end`: photos are walked from the anchor
        /// towards the end, each not in the base added until the count reaches the limit; the walk
        /// is unwound from its far end when the end comes back. Returns the photos that changed and
        /// whether the limit keeps a photo of the range out.
        ///
        /// O(change + log B per photo walked); the walk never passes more than `limit` photos.
        private mutating func moveLimitedChoosing(
            to end: Int, in grid: LiveSlots, limit: Int,
            selection: inout SelectionBitmap, picks: inout [PhotoSlot]
        ) -> (Int, Bool) {
            let anchor = anchorPosition
            let base = baseSelection
            let room = limit - base.count
            let oldSide = (endPosition - anchor).signum()
            let side = (end - anchor).signum()
            let distance = abs(end - anchor)
            var walked = self.walked
            var flips = 0
            // Unwinds to `target` photos from the anchor on `side`; the farthest added is the last pick.
            func unwind(to target: Int, side: Int) {
                while walked > target {
                    let slot = grid.slot(at: anchor + side * walked)
                    if !base.contains(slot) {
                        selection.remove(slot)
                        picks.removeLast()
                        flips &+= 1
                    }
                    walked -= 1
                }
            }
            if oldSide != side { unwind(to: 0, side: oldSide) } else { unwind(to: distance, side: side) }
            var added = picks.count - basePicks.count
            while walked < distance && added < room {
                walked += 1
                let slot = grid.slot(at: anchor + side * walked)
                if !base.contains(slot) {
                    selection.insert(slot)
                    picks.append(slot)
                    added += 1
                    flips &+= 1
                }
            }
            self.walked = walked
            guard walked < distance else { return (flips, false) }
            // The limit stopped the walk: a photo beyond it not in the base is kept out. Fewer
            // than `limit` photos of the range are in the base, so this search is short.
            for further in (walked + 1) ... distance where !base.contains(grid.slot(at: anchor + side * further)) {
                return (flips, true)
            }
            return (flips, false)
        }
    }
}
