import SelectionCore
import SelectionTrace

/// `gridsim diff TRACE --from I --to J`: what changed between two steps of a trace.
enum DiffCommand {
    static let syntax = CommandSyntax(
        name: "diff",
        abstract: "Show what changed between two steps of a trace: chosen photos and the grid.",
        positionals: [.init(name: "trace", help: "A text trace (JSON Lines, SPEC.md section 4).")],
        options: [
            .value("--from", "step", help: "The earlier step (0 is the start).", default: "0"),
            .value("--to", "step", help: "The later step.", default: "the last"),
            .flag("--json", help: "Print the diff as JSON."),
        ],
        discussion: """
            Photos chosen and unchosen are listed in the order their ids were first seen (for a
            grid given by count, numeric order). Grid changes are listed as a collection view
            applies them: deletions at their index in the earlier grid, insertions at their index
            in the later grid, and moves from one to the other. The grid diff is checked by
            applying it to the earlier grid before it is printed.

            EXIT CODES:
              0   printed
              64  bad flags, or a step outside the trace
              65  the trace is malformed
              66  the trace file is missing or cannot be opened
              70  the grid diff did not rebuild the later grid (a bug: please report it)

            EXAMPLE:
              gridsim diff Traces/grid-photos-disappear.jsonl --from 4 --to 9
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let trace = try TraceLoading.load(arguments.positionals[0])
        let from = try arguments.step("--from", default: 0, of: trace)
        let to = try arguments.step("--to", default: trace.events.count, of: trace)

        let store = EngineKind.eventStore(for: trace)
        let old = store.state(at: from)
        let new = store.state(at: to)
        let diff = SnapshotDiff(from: old, to: new)
        guard diff.grid.apply(to: old.grid.order) == new.grid.order else {
            console.err("gridsim: internal error: the grid diff from step \(from) to \(to) does not rebuild the grid\n")
            return .software
        }
        let table = store.engine.slots
        let rendering = DiffRendering(diff: diff, table: table, from: from, to: to)
        console.out(arguments.flag("--json") ? rendering.json : rendering.text)
        return .success
    }
}

/// A `SnapshotDiff` with its slots named by id.
struct DiffRendering {
    var diff: SnapshotDiff
    var table: SlotTable
    var from: Int
    var to: Int

    private func ids(_ slots: [PhotoSlot]) -> [PhotoID] { table.ids(for: slots) }

    var text: String {
        let selection = diff.selection
        let grid = diff.grid
        var text = "from step \(from) to step \(to)\n"
        text += "selection: \(selection.added.count) chosen, \(selection.removed.count) unchosen\n"
        if !selection.added.isEmpty { text += "  chosen:   \(ids(selection.added).joined(separator: ", "))\n" }
        if !selection.removed.isEmpty { text += "  unchosen: \(ids(selection.removed).joined(separator: ", "))\n" }
        text += "grid: \(grid.oldCount) -> \(grid.newCount) photos; \(grid.deletions.count) deleted, "
        text += "\(grid.insertions.count) inserted, \(grid.moves.count) moved\n"
        if !grid.deletions.isEmpty {
            text += "  deleted:  " + grid.deletions.map { "\(table.id(for: $0.slot)) (at \($0.oldIndex))" }.joined(separator: ", ") + "\n"
        }
        if !grid.insertions.isEmpty {
            text += "  inserted: " + grid.insertions.map { "\(table.id(for: $0.slot)) (at \($0.newIndex))" }.joined(separator: ", ") + "\n"
        }
        if !grid.moves.isEmpty {
            text += "  moved:    " + grid.moves.map { "\(table.id(for: $0.slot)) (\($0.oldIndex) -> \($0.newIndex))" }.joined(separator: ", ") + "\n"
        }
        return text
    }

    var json: String {
        var json = JSONWriter()
        json.beginObject()
        json.key("from")
        json.integer(from)
        json.key("to")
        json.integer(to)
        json.key("chosen")
        json.strings(ids(diff.selection.added))
        json.key("unchosen")
        json.strings(ids(diff.selection.removed))
        let grid = diff.grid
        writePlacements("deleted", grid.deletions.map { ($0.slot, [("at", $0.oldIndex)]) }, to: &json)
        writePlacements("inserted", grid.insertions.map { ($0.slot, [("at", $0.newIndex)]) }, to: &json)
        writePlacements("moved", grid.moves.map { ($0.slot, [("from", $0.oldIndex), ("to", $0.newIndex)]) }, to: &json)
        json.endObject()
        return json.text + "\n"
    }

    /// `"key":[{"photo":"…","at":3}, …]`: each photo with its grid positions.
    private func writePlacements(_ key: String, _ placements: [(PhotoSlot, [(String, Int)])], to json: inout JSONWriter) {
        json.key(key)
        json.beginArray()
        for (slot, positions) in placements {
            json.beginObject()
            json.key("photo")
            json.string(table.id(for: slot))
            for (name, index) in positions {
                json.key(name)
                json.integer(index)
            }
            json.endObject()
        }
        json.endArray()
    }
}
