@_spi(GridSimInternals) import SelectionCore
import SelectionSlots

/// `snapshot-diff`: the selection diff between two snapshots, applied to the earlier, gives
/// the later.
///
/// Every step n: the diffs from n-1 and from n-7 to n, which cost what changed between them
/// (the selection's change journal); each is applied to the earlier selection a run of
/// consecutive slots at a time, or, when long, as a bitmap built a word at a time
/// (`SelectionChanges.applied(to:)`): the diff of a Select all costs a step a slot and a
/// word operation a word, however many runs it makes. At checkpoints, also the other way (a
/// newer snapshot against an older one, where the journal is walked from the older end), and
/// the pairs (0, n) and (previous checkpoint, n) both ways, which cost what changed since then.
struct SnapshotDiffCheck {
    static let name = "snapshot-diff"
    /// Where the property sits in the list the check was given.
    let position: Int

    func afterStep(fresh: FreshReplay) -> PropertyFailure? {
        let now = fresh.step
        return check(fresh, to: now, from: [now - 1, max(0, now - 7)], bothWays: false)
    }

    func checkpoint(fresh: FreshReplay) -> PropertyFailure? {
        let now = fresh.step
        return check(fresh, to: now, from: [now - 1, max(0, now - 7), 0, fresh.checkpoint.step], bothWays: true)
    }

    private func check(_ fresh: FreshReplay, to: Int, from steps: Set<Int>, bothWays: Bool) -> PropertyFailure? {
        guard let new = fresh.state(at: to) else { return nil }
        for from in steps where from >= 0 {
            guard let old = fresh.state(at: from) else { continue }
            if let failure = Self.rebuild(old, new, from: from, to: to) { return failure }
            if bothWays, let failure = Self.rebuild(new, old, from: to, to: from) { return failure }
        }
        return nil
    }

    private static func rebuild(_ old: FastState, _ new: FastState, from: Int, to: Int) -> PropertyFailure? {
        let changes = new.selection.changes(since: old.selection)
        guard changes.applied(to: old.selection) != new.selection else { return nil }
        return PropertyFailure(
            property: name, step: to, message: "the diff from step \(from) does not rebuild the selection of step \(to)")
    }
}
