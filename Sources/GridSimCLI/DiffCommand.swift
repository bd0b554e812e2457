import CommandLineKit
@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
@_spi(GridSimInternals) import SelectionTrace
@_spi(GridSimInternals) import TraceReplay

/// `gridsim diff TRACE --from I --to J`: what changed between two steps of a trace.
enum DiffCommand: SubcommandDefinition {
    static let from = Option.integer("--from", "step", help: "The earlier step (0 is the start).", default: 0)
    static let to = Option<Int?>.integer("--to", "step", help: "The later step.", shownDefault: "the last")
    static let json = Option.flag("--json", help: "Print the diff as JSON.")

    static let syntax = CommandSyntax(
        name: "diff",
        abstract: "Show what changed between two steps of a trace: chosen photos and the grid.",
        positionals: [
            .init(name: "trace", help: "A trace: text (.jsonl, SPEC.md section 4) or binary (.gstrace).")
        ],
        options: [from, to, json],
        discussion: """
            Photos chosen and unchosen are listed in the order their ids were first seen (for a
            grid given by count, numeric order). Grid changes are listed as a collection view
            applies them: deletions at their index in the earlier grid, insertions at their index
            in the later grid, and moves from one to the other. The grid diff is checked by
            applying it to the earlier grid before it is printed.

            The trace is streamed: the events up to the later step are applied without a report
            and the earlier state is kept on the way; the rest of the trace is read only to check
            it (a binary trace by framing and checksums), so a malformed trace is an error wherever
            it is. Memory is bounded by the grid, not by the number of events (a trace read from a
            pipe is read into memory). Long runs show their progress on stderr.

            EXIT CODES:
              0   printed
              64  bad flags, or a step outside the trace
              65  the trace is malformed, before or after the steps: FILE:LINE: what is wrong
                  (binary: FILE: byte N (record R): what is wrong), on stderr; nothing is printed
              66  the trace file is missing or cannot be opened
              70  the grid diff did not rebuild the later grid (a bug: please report it)

            EXAMPLE:
              gridsim diff Traces/grid-photos-disappear.jsonl --from 4 --to 9
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let path = arguments.positionals[0]
        let source = try TraceLoading.source(path) { console.err($0 + "\n") }
        // Steps that are not numbers are refused once the trace has been read, as steps
        // outside it are: a malformed trace is reported first.
        let wantedFrom = arguments.wantedStep(from, fallback: 0)
        let wantedTo = arguments.isGiven(to) ? arguments.wantedStep(to, fallback: 0) ?? 0 : nil
        let earlier = wantedTo.map { min(wantedFrom, $0) } ?? wantedFrom
        let later = wantedTo.map { max(wantedFrom, $0) }
        var progress = ProgressLine("diff", console: console)
        let replayed = try TraceLoading.mapErrors(path) {
            try ReplayedStatePair.after(earlier, and: later, of: source) {
                progress.update(events: $0.events, total: $0.total, bytes: $0.bytes)
            }
        }
        for damage in replayed.damage { console.err("warning: \(path): \(damage)\n") }
        let from = try arguments.step(Self.from, eventCount: replayed.eventCount)
        let to = try arguments.step(Self.to, absent: replayed.eventCount, eventCount: replayed.eventCount)
        guard let first = replayed.earlier, let last = replayed.later else {
            preconditionFailure("steps \(from) and \(to) are in the trace but were not reached")
        }
        let (old, new) = from <= to ? (first, last) : (last, first)
        let diff = SnapshotDiff(from: old, to: new)
        guard diff.grid.apply(to: old.grid.order) == new.grid.order else {
            console.err("gridsim: internal error: the grid diff from step \(from) to \(to) does not rebuild the grid\n")
            return .software
        }
        // The table only grows, so the later engine's names every slot of both.
        let rendering = DiffRendering(diff: diff, table: last.slots, from: from, to: to)
        console.out(arguments.value(json) ? rendering.json : rendering.text)
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
