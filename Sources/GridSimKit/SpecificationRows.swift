@_spi(GridSimInternals) import SelectionTrace

/// Every row of SPEC.md's event tables (sections 2 and 6) as a short scripted trace whose last
/// event is the row's: the events before it (`given`) only reach the row's state.
///
/// The grid is `"1"` … `"5"` unless a row says otherwise. `outcome` is what the row gives the
/// last event; GridSim's tests hold the reference model to it, so a case cannot drift off its
/// row unnoticed. What the adapter is compared with is the reference model, on every step.
enum SpecificationRows {
    static var all: [ConformanceCase] { section2 + section6 }

    private static func row(
        _ name: String, section: Int = 2, photos: Int = 5, limit: Int? = nil, reduceMotion: Bool = false,
        given: [Event] = [], then event: Event, _ outcome: Outcome
    ) -> ConformanceCase {
        let header = TraceHeader(photos: .count(photos), limit: limit, reduceMotion: reduceMotion)
        let events = (given + [event]).map { TraceEvent($0) }
        return ConformanceCase(
            name: name, source: .specification(section: section), trace: Trace(header: header, events: events),
            rowOutcome: outcome)
    }

    private static func change(removed: [PhotoID] = [], inserted: [(PhotoID, Int)] = []) -> Event {
        .libraryChanged(removed: removed, inserted: inserted.map { Insertion(photo: $0.0, at: $0.1) })
    }

    private static let selecting: [Event] = [.longPress("1")]
    private static let covered: [Event] = [.longPress("1"), .share]

    /// `longPress` and `selectItem` share their row.
    private static func enteringRows(_ name: String, _ make: (PhotoID) -> Event) -> [ConformanceCase] {
        [
            row("\(name) while browsing: unknown photo", then: make("9"), .rejected(.unknownPhoto)),
            row("\(name) while browsing: enters the mode with the photo", then: make("3"), .applied),
            row(
                "\(name) while selecting: unknown photo", given: selecting, then: make("9"),
                .rejected(.unknownPhoto)),
            row("\(name) while selecting: covered", given: covered, then: make("2"), .rejected(.covered)),
            row("\(name) while selecting: ignored", given: selecting, then: make("2"), .ignored),
        ]
    }

    /// `delete`, `move`, `share` and `edit` share the shape of their row. The chosen photos are
    /// picked out of grid order, so that a list in pick order shows; with a limit, so that
    /// the tray is compared after the action.
    private static func actionRows(_ event: Event, _ applied: String) -> [ConformanceCase] {
        let name = event.name.rawValue
        let leavesTheMode = event == .delete || event == .move
        return [
            row(
                "\(name) while selecting: the photos listed in grid order", given: [.longPress("4"), .tap("2")],
                then: event, .applied),
            row(
                "\(name) with a limit: " + (leavesTheMode ? "the tray empties" : "the tray stays"), limit: 3,
                given: [.longPress("4"), .tap("2")], then: event, .applied),
            row("\(name) while browsing: ignored", then: event, .ignored),
            row(
                "\(name) while selecting: covered", given: [.longPress("2"), .edit], then: event,
                .rejected(.covered)),
            row(
                "\(name) while selecting: nothing chosen", given: [.select], then: event,
                .rejected(.nothingSelected)),
            row(
                "\(name) while selecting: \(applied)", given: [.longPress("2"), .tap("4")], then: event, .applied),
        ]
    }

    static var section2: [ConformanceCase] {
        enteringRows("longPress", Event.longPress) + enteringRows("selectItem", Event.selectItem) + [
            row("tap while browsing: unknown photo", then: .tap("9"), .rejected(.unknownPhoto)),
            row("tap while browsing: opens the photo", then: .tap("2"), .applied),
            row("tap while selecting: unknown photo", given: selecting, then: .tap("9"), .rejected(.unknownPhoto)),
            row("tap while selecting: covered", given: covered, then: .tap("2"), .rejected(.covered)),
            row(
                "tap while selecting: an unknown photo under a sheet is unknown first", given: covered,
                then: .tap("9"), .rejected(.unknownPhoto)),
            row(
                "tap while selecting: a limit below 1 is 1", limit: 0, given: selecting, then: .tap("2"),
                .rejected(.limitReached)),
            row(
                "tap while selecting with Reduce Motion: no animation", reduceMotion: true, given: selecting,
                then: .tap("2"), .applied),
            row(
                "tap while selecting: a chosen photo leaves the selection", given: [.longPress("1"), .tap("2")],
                then: .tap("1"), .applied),
            row(
                "tap while selecting: the last chosen photo leaves, the mode stays", given: selecting,
                then: .tap("1"),
                .applied),
            row(
                "tap while selecting: limit reached", limit: 2, given: [.longPress("1"), .tap("2")],
                then: .tap("3"),
                .rejected(.limitReached)),
            row(
                "tap while selecting: a photo joins the selection", limit: 3, given: [.longPress("4")],
                then: .tap("2"),
                .applied),

            row("select while browsing: enters the mode with nothing chosen", then: .select, .applied),
            row("select while selecting: covered", given: covered, then: .select, .rejected(.covered)),
            row("select while selecting: ignored", given: selecting, then: .select, .ignored),

            row("selectAll while browsing: ignored", then: .selectAll, .ignored),
            row("selectAll while selecting: covered", given: covered, then: .selectAll, .rejected(.covered)),
            row(
                "selectAll while selecting: all already chosen", given: [.longPress("1"), .selectAll],
                then: .selectAll,
                .ignored),
            row(
                "selectAll while selecting: a limit smaller than the photo count", limit: 3, given: selecting,
                then: .selectAll, .rejected(.limitReached)),
            row(
                "selectAll while selecting: everything chosen at the limit", photos: 2, limit: 2,
                given: [.longPress("1"), .tap("2")], then: .selectAll, .ignored),
            row(
                "selectAll while selecting: an empty grid is all chosen", photos: 0, given: [.select],
                then: .selectAll, .ignored),
            row(
                "selectAll while selecting: chooses every photo, new picks in grid order", limit: 5,
                given: [.longPress("4")], then: .selectAll, .applied),

            row("deselectAll while browsing: ignored", then: .deselectAll, .ignored),
            row("deselectAll while selecting: covered", given: covered, then: .deselectAll, .rejected(.covered)),
            row("deselectAll while selecting: nothing chosen", given: [.select], then: .deselectAll, .ignored),
            row(
                "deselectAll while selecting: chooses nothing, the mode stays",
                given: [.longPress("1"), .tap("3")],
                then: .deselectAll, .applied),

            row("done while browsing: ignored", then: .done, .ignored),
            row("done while selecting: covered", given: covered, then: .done, .rejected(.covered)),
            row(
                "done while selecting: leaves the mode, nothing chosen", given: [.longPress("1"), .tap("2")],
                then: .done, .applied),
            row("done while selecting: nothing chosen, no haptic", given: [.select], then: .done, .applied),

            row(
                "delete while selecting: covered even with nothing chosen",
                given: [.longPress("1"), .share, change(removed: ["1"])], then: .delete, .rejected(.covered)),

            row("back while browsing: navigates back", then: .back, .applied),
            row("back while selecting: covered, closes the sheet", given: covered, then: .back, .applied),
            row("back while selecting: like done", given: [.longPress("1"), .tap("2")], then: .back, .applied),
        ]
            + actionRows(.delete, "removes the chosen photos, leaves the mode")
            + actionRows(.move, "moves the chosen photos, leaves the mode")
            + actionRows(.share, "shows the share sheet, stays in the mode")
            + actionRows(.edit, "shows the edit sheet, stays in the mode") + [
                row("dismiss while browsing: ignored", then: .dismiss, .ignored),
                row("dismiss while selecting: no sheet", given: selecting, then: .dismiss, .ignored),
                row(
                    "dismiss while selecting: closes the sheet", given: [.longPress("1"), .edit], then: .dismiss,
                    .applied),
            ] + libraryChangedRows
    }

    private static var libraryChangedRows: [ConformanceCase] {
        [
            row(
                "libraryChanged: an inserted id already in the grid", given: selecting,
                then: change(inserted: [("2", 0)]), .rejected(.duplicatePhoto)),
            row(
                "libraryChanged: an id inserted twice", given: selecting,
                then: change(inserted: [("x", 0), ("x", 3)]),
                .rejected(.duplicatePhoto)),
            row(
                "libraryChanged: an id removed and inserted again is no duplicate", given: [.longPress("2")],
                then: change(removed: ["2"], inserted: [("2", 0)]), .applied),
            row(
                "libraryChanged: removed ids not in the grid are skipped, nothing changes", given: selecting,
                then: change(removed: ["9"]), .ignored),
            row(
                "libraryChanged: chosen photos that disappear leave the selection, picks keep their order",
                limit: 5, given: [.longPress("2"), .tap("4"), .tap("1")], then: change(removed: ["4", "9"]),
                .applied),
            row(
                "libraryChanged: insertions in the order listed, at clamped to 0...count",
                given: [.longPress("3")],
                then: change(inserted: [("x", -3), ("y", 99), ("z", 1)]), .applied),
            row(
                "libraryChanged: the mode stays when nothing stays chosen", given: [.longPress("2")],
                then: change(removed: ["2"]), .applied),
            row("libraryChanged while browsing", then: change(removed: ["1"], inserted: [("n", 2)]), .applied),
            row(
                "libraryChanged is never covered", given: [.longPress("1"), .tap("3"), .share],
                then: change(removed: ["1"]), .applied),
            row(
                "libraryChanged: every photo disappears", given: [.longPress("1"), .tap("5")],
                then: change(removed: ["1", "2", "3", "4", "5"]), .applied),
        ]
    }

    static var section6: [ConformanceCase] {
        let drag = [Event.longPress("1"), .dragBegan("2")]
        func row(
            _ name: String, limit: Int? = nil, given: [Event] = [], then event: Event, _ outcome: Outcome
        ) -> ConformanceCase {
            Self.row(name, section: 6, limit: limit, given: given, then: event, outcome)
        }
        return [
            row("removeFromTray without a limit: ignored", given: selecting, then: .removeFromTray("1"), .ignored),
            row(
                "removeFromTray without a limit: ignored even under a sheet", given: covered,
                then: .removeFromTray("1"), .ignored),
            row(
                "removeFromTray: covered", limit: 3, given: covered, then: .removeFromTray("1"),
                .rejected(.covered)),
            row(
                "removeFromTray: a photo not chosen", limit: 3, given: selecting, then: .removeFromTray("2"),
                .rejected(.notInTray)),
            row(
                "removeFromTray: an unknown photo", limit: 3, given: selecting, then: .removeFromTray("9"),
                .rejected(.notInTray)),
            row(
                "removeFromTray while browsing: nothing is chosen", limit: 3, then: .removeFromTray("1"),
                .rejected(.notInTray)),
            row(
                "removeFromTray: the photo leaves, the other picks keep their order", limit: 3,
                given: [.longPress("3"), .tap("1"), .tap("5")], then: .removeFromTray("1"), .applied),

            row("dragBegan while browsing: unknown photo", then: .dragBegan("9"), .rejected(.unknownPhoto)),
            row("dragBegan while browsing: ignored, a drag scrolls", then: .dragBegan("2"), .ignored),
            row(
                "dragBegan while selecting: unknown photo", given: selecting, then: .dragBegan("9"),
                .rejected(.unknownPhoto)),
            row("dragBegan while selecting: covered", given: covered, then: .dragBegan("2"), .rejected(.covered)),
            row(
                "dragBegan while selecting: limit reached", limit: 1, given: selecting, then: .dragBegan("2"),
                .rejected(.limitReached)),
            row(
                "dragBegan while selecting: begins choosing at a photo not chosen", given: selecting,
                then: .dragBegan("3"), .applied),
            row(
                "dragBegan while selecting: begins unchoosing at a chosen photo",
                given: [.longPress("1"), .tap("3")],
                then: .dragBegan("3"), .applied),
            row(
                "dragBegan while selecting: at the limit, a chosen anchor unchooses", limit: 1, given: selecting,
                then: .dragBegan("1"), .applied),
            row(
                "dragBegan during a drag: ends it and begins another", given: drag + [.dragMoved("3")],
                then: .dragBegan("5"), .applied),

            row("dragMoved while browsing: ignored", then: .dragMoved("2"), .ignored),
            row(
                "dragMoved while selecting: no drag in progress", given: selecting, then: .dragMoved("2"), .ignored
            ),
            row(
                "dragMoved while selecting: unknown photo", given: drag, then: .dragMoved("9"),
                .rejected(.unknownPhoto)),
            row(
                "dragMoved over an unknown photo: the drag goes on", given: drag + [.dragMoved("9")],
                then: .dragMoved("4"), .applied),
            row(
                "dragMoved across the anchor: the count stays, no announcement",
                given: [.select, .dragBegan("3"), .dragMoved("4")], then: .dragMoved("2"), .applied),
            row("dragMoved: choosing sweeps anchor … p", given: drag, then: .dragMoved("4"), .applied),
            row(
                "dragMoved: sliding back gives the swept photos their state back", given: drag + [.dragMoved("5")],
                then: .dragMoved("3"), .applied),
            row(
                "dragMoved: towards the start of the grid, picks in walking order", limit: 5,
                given: [.longPress("5"), .dragBegan("4")], then: .dragMoved("2"), .applied),
            row(
                "dragMoved: unchoosing sweeps anchor … p", given: [.longPress("1"), .selectAll, .dragBegan("2")],
                then: .dragMoved("4"), .applied),
            row(
                "dragMoved: the limit keeps photos of the range out", limit: 3, given: drag, then: .dragMoved("5"),
                .applied),
            row(
                "dragMoved: nothing changes because of the limit", limit: 3, given: drag + [.dragMoved("5")],
                then: .dragMoved("4"), .rejected(.limitReached)),
            row("dragMoved: nothing changes", given: drag, then: .dragMoved("2"), .ignored),
            row(
                "dragMoved after another event ended the drag", given: drag + [.share], then: .dragMoved("3"),
                .ignored),
            row(
                "dragMoved after a library change ended the drag", given: drag + [change(removed: ["5"])],
                then: .dragMoved("4"), .ignored),

            row(
                "dragMoved after dragEnded: ignored, the drag is over", given: drag + [.dragMoved("3"), .dragEnded],
                then: .dragMoved("4"), .ignored),
            row(
                "dragEnded after dragEnded: ignored", given: drag + [.dragMoved("3"), .dragEnded], then: .dragEnded,
                .ignored),

            row("dragEnded while browsing: ignored", then: .dragEnded, .ignored),
            row("dragEnded while selecting: no drag in progress", given: selecting, then: .dragEnded, .ignored),
            row(
                "dragEnded under a sheet: ignored, the sheet ended the drag", given: drag + [.share],
                then: .dragEnded, .ignored),
            row(
                "dragEnded: the drag ends, its result stays", given: drag + [.dragMoved("3")], then: .dragEnded,
                .applied),
        ] + dragEndingRows
    }

    /// "Any other event while a drag is in progress first ends the drag" (SPEC.md section 6),
    /// for every event kind but the drag's own (`dragBegan`, the share sheet and a library
    /// change have rows above): after the event, and what brings the selection mode back
    /// without a sheet, a move is ignored. A drag that went on would sweep the anchor … 4.
    private static var dragEndingRows: [ConformanceCase] {
        let interruptions: [(event: Event, then: [Event])] = [
            (.longPress("5"), []), (.selectItem("5"), []), (.tap("5"), []), (.tap("9"), []), (.select, []),
            (.selectAll, []), (.deselectAll, []), (.done, [.select]), (.back, [.select]), (.delete, [.select]),
            (.move, [.select]), (.edit, [.dismiss]), (.dismiss, []), (.removeFromTray("3"), []),
        ]
        return interruptions.map { interruption in
            row(
                "\(interruption.event.summary) during a drag ends the drag first", section: 6, limit: 5,
                given: [.longPress("1"), .dragBegan("2"), .dragMoved("3"), interruption.event] + interruption.then,
                then: .dragMoved("4"), .ignored)
        }
    }
}
