@_spi(GridSimInternals) import SelectionCore
import SelectionSlots

/// `grid-diff`: the grid diff between two snapshots, applied to the earlier order, gives the
/// later one.
///
/// A diff is linear in the grids, so this samples: at each checkpoint n, the pairs (n-1, n),
/// (n-7, n) and (previous checkpoint, n), both ways; the start, whose grid may be much larger
/// than later ones, pairs with the first checkpoint and the last step only. O(N) per pair,
/// each order built once per checkpoint.
struct GridDiffCheck {
    static let name = "grid-diff"
    /// Where the property sits in the list the check was given.
    let position: Int

    func checkpoint(fresh: FreshReplay, isLast: Bool) -> PropertyFailure? {
        var froms: Set = [max(0, fresh.step - 1), max(0, fresh.step - 7), fresh.checkpoint.step]
        if isLast || fresh.checkpoint.step == 0 { froms.insert(0) }
        return check(fresh, from: froms)
    }

    /// The start against the current step: for a last step that was already a checkpoint.
    func startPair(fresh: FreshReplay) -> PropertyFailure? {
        check(fresh, from: [0])
    }

    private func check(_ fresh: FreshReplay, from froms: Set<Int>) -> PropertyFailure? {
        let to = fresh.step
        guard let new = fresh.state(at: to) else { return nil }
        let newOrder = new.grid.order
        for from in froms {
            guard let old = fresh.state(at: from) else { continue }
            let oldOrder = old.grid.order
            if let failure = Self.rebuild(oldOrder, newOrder, from: from, to: to)
                ?? Self.rebuild(newOrder, oldOrder, from: to, to: from)
            {
                return failure
            }
        }
        return nil
    }

    private static func rebuild(_ old: [PhotoSlot], _ new: [PhotoSlot], from: Int, to: Int) -> PropertyFailure? {
        // States that share one order buffer have the same grid: nothing to diff.
        if from != 0 && to != 0 && old.sharesStorage(with: new) { return nil }
        let diff = GridDiff(from: old, to: new)
        guard diff.apply(to: old) != new else { return nil }
        return PropertyFailure(
            property: name, step: to, message: "the diff from step \(from) does not rebuild the grid of step \(to)")
    }
}

extension Array {
    /// Whether both arrays are copies of one buffer (so equal, without comparing elements).
    fileprivate func sharesStorage(with other: [Element]) -> Bool {
        withUnsafeBufferPointer { mine in other.withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress } }
    }
}
