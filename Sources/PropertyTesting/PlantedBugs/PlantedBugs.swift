/// The bugs that can be planted, by name: the catalogue `gridsim mutants` hunts.
package enum PlantedBugs {
    /// The environment setting with which the command line plants a bug in the engine under
    /// test, so that a failing check can be seen from there.
    package static let variable = "GRIDSIM_PLANTED_BUG"

    /// Every planted bug with what the catalogue says of it, in the order the help and
    /// `gridsim mutants` list them: one table, so that a bug's words are written once and
    /// the whole list reads as `gridsim mutants --help` prints it.
    package static let catalogue: [PlantedBugEntry] = [
        PlantedBugEntry(
            SelectAllIgnoresLimit.self, name: "select-all-ignores-limit",
            summary: "Select all chooses every photo past the limit",
            reportedIn:
                "photo picker issue trackers: Select all picks more photos than the picker allows"),
        PlantedBugEntry(
            PruningSkippedWhenInserting.self, name: "pruning-skipped-when-inserting",
            summary: "a library change that also inserts leaves removed photos chosen",
            reportedIn:
                "photo app bug trackers: a photo deleted on another device stays selected while new photos sync in"),
        PlantedBugEntry(
            DragForgetsBase.self, name: "drag-forgets-base",
            summary: "sliding back over photos a drag swept leaves them chosen (or unchosen)",
            reportedIn:
                "photo app forums: drag-selecting back over photos does not deselect them"),
        PlantedBugEntry(
            DragWalksFromFarEnd.self, name: "drag-walks-from-far-end",
            summary: "a drag under a limit fills from the finger's end, keeping out the photos next to the anchor",
            reportedIn:
                "photo picker issue trackers: a drag past the selection limit picks the wrong photos"),
        PlantedBugEntry(
            DragIgnoresLimit.self, name: "drag-ignores-limit",
            summary: "a drag chooses every photo it sweeps past the limit",
            reportedIn:
                "photo picker issue trackers: swiping to select goes past the maximum number of photos"),
        PlantedBugEntry(
            DragSurvivesOtherEvents.self, name: "drag-survives-other-events",
            summary: "a drag goes on after another event, from its old base",
            reportedIn:
                "photo app bug trackers: the selection jumps back after a tap or a sync in the middle of a drag"),
        PlantedBugEntry(
            DragContinuesAfterEnd.self, name: "drag-continues-after-end",
            summary: "a drag goes on after the finger lifts: a later move sweeps from its anchor again",
            reportedIn:
                "photo app bug trackers: photos keep getting selected after lifting the finger from a drag"),
        PlantedBugEntry(
            RemoveFromTrayReordersPicks.self, name: "remove-from-tray-reorders-picks",
            summary: "removing a photo from the tray puts the other picks in grid order",
            reportedIn:
                "photo picker issue trackers: removing one thumbnail from the selection tray shuffles the others"),
        PlantedBugEntry(
            RemoveFromTrayAcceptsUnchosen.self, name: "remove-from-tray-accepts-unchosen",
            summary: "the tray's remove button chooses a photo that is not chosen",
            reportedIn:
                "photo picker issue trackers: a stale remove button in the tray adds the photo back instead of removing it"),
        PlantedBugEntry(
            SelectionKeptByPosition.self, name: "selection-kept-by-position",
            summary: "after photos are inserted, the selection stays on the same grid positions",
            reportedIn:
                "photo picker issue trackers: the selection shifts to other photos after a new photo syncs in"),
        PlantedBugEntry(
            TrayRepeatsOnLongPress.self, name: "tray-repeats-on-long-press",
            summary: "a long press on a chosen photo lists it in the tray a second time",
            reportedIn:
                "photo picker issue trackers: the tray shows the same photo twice after pressing it again"),
        PlantedBugEntry(
            LimitOffByOne.self, name: "limit-off-by-one",
            summary: "a tap when the limit is reached chooses one photo more",
            reportedIn:
                "photo picker issue trackers: a picker limited to N photos lets N + 1 be selected"),
        PlantedBugEntry(
            DeselectAllKeepsTray.self, name: "deselect-all-keeps-tray",
            summary: "Deselect all leaves the photos in the tray",
            reportedIn:
                "photo picker issue trackers: after Deselect all the tray still shows the photos"),
        PlantedBugEntry(
            DeleteRemovesFirstOnly.self, name: "delete-removes-first-only",
            summary: "Delete removes only the first chosen photo from the grid",
            reportedIn:
                "photo app bug trackers: deleting several selected photos deletes only one of them"),
        PlantedBugEntry(
            PruningKeepsTray.self, name: "pruning-keeps-tray",
            summary: "photos removed from the library stay in the tray",
            reportedIn:
                "photo picker issue trackers: a photo deleted elsewhere still shows in the tray as a blank thumbnail"),
        PlantedBugEntry(
            PruningAnnouncesNothing.self, name: "pruning-announces-nothing",
            summary: "a library change that unchooses photos announces no new count",
            reportedIn:
                "accessibility bug reports of photo apps: VoiceOver keeps the old selected count after photos disappear"),
        PlantedBugEntry(
            LongPressAfterDeleteNamesDeleted.self, name: "long-press-after-delete-names-deleted",
            summary: "a long press right after Delete chooses the deleted photo that was under the finger",
            reportedIn:
                "photo app bug trackers: long-pressing right after deleting selects the photo that was just deleted"),
        PlantedBugEntry(
            LastColumnHitsPrevious.self, name: "last-column-hits-previous",
            summary: "a tap on a photo of the last column toggles the photo before it",
            reportedIn:
                "photo app bug trackers: tapping photos in the rightmost column selects the wrong photo"),
    ]

    /// Every planted bug, in the catalogue's order.
    package static let all: [any PlantedBug.Type] = catalogue.map(\.bug)

    /// The bug called `name`; nil for none or an unknown name (the fast engine is then tested
    /// as it is). O(bugs).
    package static func named(_ name: String?) -> (any PlantedBug.Type)? {
        catalogue.first { $0.name == name }?.bug
    }
}
