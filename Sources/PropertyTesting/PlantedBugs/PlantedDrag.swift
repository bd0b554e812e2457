@_spi(Testing) import SelectionCore

/// Drag to select as SPEC.md section 6 defines it, run by a planted bug beside the fast
/// engine (from the state it exposes, writing the selection back with `restoreSelection`), with
/// one rule broken: `flaw`. With `flaw` nil it is the rule as written, which is how a test
/// shows that each drag bug differs from the engine in its flaw and in nothing else.
///
/// The engine itself then never sees a drag event, so it never has a drag of its own.
package struct PlantedDrag: Sendable {
    /// The rule a drag bug breaks.
    package enum Flaw: Sendable {
        /// Each move starts from the selection the last one left, not from the drag's base:
        /// sliding back does not give the photos their state back.
        case forgetsBase
        /// Choosing walks the range from the finger towards the anchor: with a limit, the
        /// photos far from the anchor get in and those next to it are kept out.
        case walksFromFarEnd
        /// Choosing adds every photo of the range, past the limit.
        case ignoresLimit
        /// Other events do not end the drag first: the next move goes on from the old base
        /// and the old grid order.
        case survivesOtherEvents
        /// `dragEnded` does not end the drag: a move after the finger lifted sweeps from the
        /// anchor again, and a second lift is applied.
        case continuesAfterEnd
    }

    let flaw: Flaw?
    private var drag: Drag?

    /// What a drag remembers when it begins.
    private struct Drag: Sendable {
        /// The grid in order when the drag began.
        var order: [PhotoSlot]
        var anchor: Int
        var unchoosing: Bool
        var baseSelection: SelectionBitmap
        var basePickOrder: [PhotoSlot]
    }

    init(flaw: Flaw?) { self.flaw = flaw }

    var isDragging: Bool { drag != nil }

    /// The drag events, and the end of a drag before any other event (returning nil: the
    /// engine applies that event). O(N) to begin a drag or find the photo under the finger,
    /// plus O(range + picks) to sweep; O(1) otherwise.
    mutating func apply(_ event: Event, to engine: inout FastEngine) -> Step? {
        switch event {
        case .dragBegan(let photo):
            if flaw != .survivesOtherEvents { drag = nil }
            return begin(at: photo, in: &engine)
        case .dragMoved(let photo):
            return move(to: photo, in: &engine)
        case .dragEnded:
            guard engine.mode == .selecting, drag != nil else { return .ignored }
            if flaw != .continuesAfterEnd { drag = nil }
            return Step(outcome: .applied)
        default:
            if flaw != .survivesOtherEvents { drag = nil }
            return nil
        }
    }

    private mutating func begin(at photo: PhotoID, in engine: inout FastEngine) -> Step {
        let slot = engine.intern(photo)
        guard engine.grid.contains(slot) else { return .rejected(.unknownPhoto) }
        guard engine.mode == .selecting else { return .ignored }
        if engine.sheet != nil { return .rejected(.covered) }
        let unchoosing = engine.selection.contains(slot)
        if !unchoosing, let limit = engine.limit, engine.selectedCount == limit { return .rejected(.limitReached) }
        let order = engine.grid.order
        let anchor = order.firstIndex(of: slot)!
        drag = Drag(
            order: order, anchor: anchor, unchoosing: unchoosing, baseSelection: engine.selection,
            basePickOrder: engine.pickOrder)
        _ = sweep(to: anchor, in: &engine)
        return Step(
            outcome: .applied, haptic: true, animation: engine.animationStyle,
            announcement: .countChanged(engine.selectedCount))
    }

    private mutating func move(to photo: PhotoID, in engine: inout FastEngine) -> Step {
        guard engine.mode == .selecting, let current = drag else { return .ignored }
        let slot = engine.intern(photo)
        guard engine.grid.contains(slot) else { return .rejected(.unknownPhoto) }
        // Only a drag that outlived a library change can miss a photo of the grid.
        guard let end = current.order.firstIndex(of: slot) else { return .ignored }
        let selectionBefore = engine.selection
        let picksBefore = engine.pickOrder
        let keptOut = sweep(to: end, in: &engine)
        let selectionChanged = engine.selection != selectionBefore
        guard selectionChanged || engine.pickOrder != picksBefore else {
            return keptOut ? .rejected(.limitReached) : .ignored
        }
        let count = engine.selectedCount
        return Step(
            outcome: .applied, haptic: selectionChanged, animation: engine.animationStyle,
            announcement: count != selectionBefore.count ? .countChanged(count) : nil)
    }

    /// Selection and picks from the drag's base (or, forgetting it, from the selection now)
    /// and the range from the anchor to `end`; returns whether the limit kept a photo out.
    /// O(range + picks).
    private func sweep(to end: Int, in engine: inout FastEngine) -> Bool {
        let drag = drag!
        let forgets = flaw == .forgetsBase
        var selection = forgets ? engine.selection : drag.baseSelection
        var pickOrder = forgets ? engine.pickOrder : drag.basePickOrder
        let range = stride(from: drag.anchor, through: end, by: end >= drag.anchor ? 1 : -1).map { drag.order[$0] }
        var keptOut = false
        if drag.unchoosing {
            for slot in range { selection.remove(slot) }
            if engine.limit != nil { pickOrder = pickOrder.filter(selection.contains) }
        } else {
            for slot in flaw == .walksFromFarEnd ? range.reversed() : range where !selection.contains(slot) {
                if flaw != .ignoresLimit, let limit = engine.limit, selection.count >= limit {
                    keptOut = true
                    break
                }
                selection.insert(slot)
                if engine.limit != nil { pickOrder.append(slot) }
            }
        }
        engine.restoreSelection(selection, pickOrder: pickOrder)
        return keptOut
    }
}
