// The slot collections are part of the engine's public surface (snapshots, slot events,
// the grid diff), so importing SelectionCore brings them, as the `Collections` module of
// swift-collections brings its parts.
@_exported import SelectionSlots
