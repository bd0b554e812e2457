import SelectionSlots

/// What changed between two states of a session: photos chosen and unchosen, and how the
/// grid order changed (deleted, inserted, moved).
@_spi(GridSimInternals) public struct SnapshotDiff: Hashable, Sendable {
    @_spi(GridSimInternals) public var selection: SelectionChanges
    @_spi(GridSimInternals) public var grid: GridDiff

    /// The diff that turns `old` into `new`, two states of one session (`new` usually later).
    ///
    /// The selection part costs what changed (see `SelectionBitmap.changes(since:)`); the grid
    /// part is linear in the grid (`GridDiff`), and O(1) when both share the same order.
    @_spi(GridSimInternals) public init(from old: FastEngine, to new: FastEngine) {
        selection = new.selection.changes(since: old.selection)
        grid = GridDiff(from: old.grid.order, to: new.grid.order)
    }
}
