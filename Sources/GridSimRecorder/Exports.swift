// An app records SelectionCore's events, and what it saw (`SeenState`, `ChosenDigest`), from a
// start state (`StartState`): they come with the recorder, so recording code imports it alone.
@_exported import SelectionCore
