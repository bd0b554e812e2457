@_spi(GridSimInternals) import SelectionCore
import Testing

/// Every row and every outcome of SPEC.md section 2's event table and of section 6's, in the order
/// their checks run.
/// Written against the engine protocol so that every engine runs the same table.
struct EventTableTests<Engine: SelectionEngine> {
    typealias Session = EngineSession<Engine>
    let snappy = Effect.animation(.snappy)

    /// `longPress(p)` and `selectItem(p)` share a row.
    func enterWithPhoto(_ makeEvent: (PhotoID) -> Event) {
        var session = Session()
        session.send(makeEvent("9"), .rejected(.unknownPhoto))
        session.send(
            makeEvent("3"), .applied, effects: [.haptic, snappy], announcements: [.modeEntered(count: 1)]
        ) {
            $0.mode = .selecting
            $0.selection = ["3"]
            $0.picks = ["3"]
        }
        session.send(makeEvent("9"), .rejected(.unknownPhoto))
        session.send(makeEvent("4"), .ignored)
        session.send(makeEvent("3"), .ignored)
        session.given(.share)
        session.send(makeEvent("9"), .rejected(.unknownPhoto))
        session.send(makeEvent("4"), .rejected(.covered))
    }

    func tap() {
        var session = Session(limit: 2)
        session.send(.tap("9"), .rejected(.unknownPhoto))
        session.send(.tap("2"), .applied, effects: [.open("2")])
        session.given(.select)
        session.send(.tap("9"), .rejected(.unknownPhoto))
        session.send(.tap("4"), .applied, effects: [.haptic, snappy], announcements: [.countChanged(1)]) {
            $0.selection = ["4"]
            $0.picks = ["4"]
        }
        session.send(.tap("1"), .applied, effects: [.haptic, snappy], announcements: [.countChanged(2)]) {
            $0.selection = ["1", "4"]
            $0.picks = ["4", "1"]
        }
        session.send(.tap("5"), .rejected(.limitReached))
        session.send(.tap("4"), .applied, effects: [.haptic, snappy], announcements: [.countChanged(1)]) {
            $0.selection = ["1"]
            $0.picks = ["1"]
        }
        // Deselecting the last photo keeps the mode.
        session.send(.tap("1"), .applied, effects: [.haptic, snappy], announcements: [.countChanged(0)]) {
            $0.selection = []
            $0.picks = []
        }
        #expect(session.engine.mode == .selecting)
        session.given(.tap("2"), .edit)
        session.send(.tap("9"), .rejected(.unknownPhoto))
        session.send(.tap("3"), .rejected(.covered))
        session.send(.tap("2"), .rejected(.covered))
    }

    func selectButton() {
        var session = Session()
        session.send(.select, .applied, effects: [snappy], announcements: [.modeEntered(count: 0)]) {
            $0.mode = .selecting
        }
        session.send(.select, .ignored)
        session.given(.tap("1"), .share)
        session.send(.select, .rejected(.covered))
    }

    func selectAll() {
        var session = Session(limit: 5)
        session.send(.selectAll, .ignored)
        session.given(.longPress("4"))
        session.send(.selectAll, .applied, effects: [.haptic, snappy], announcements: [.countChanged(5)]) {
            $0.selection = ["1", "2", "3", "4", "5"]
            // New picks are appended in grid order.
            $0.picks = ["4", "1", "2", "3", "5"]
        }
        session.send(.selectAll, .ignored)
        session.given(.share)
        session.send(.selectAll, .rejected(.covered))

        var limited = Session(limit: 4)
        limited.given(.select)
        limited.send(.selectAll, .rejected(.limitReached))

        // All already chosen is checked before the limit.
        var single = Session(.count(1), limit: 1)
        single.given(.longPress("1"))
        single.send(.selectAll, .ignored)

        var empty = Session(.count(0))
        empty.given(.select)
        empty.send(.selectAll, .ignored)
    }

    func deselectAll() {
        var session = Session()
        session.send(.deselectAll, .ignored)
        session.given(.select)
        session.send(.deselectAll, .ignored)
        session.given(.tap("2"), .tap("5"))
        session.send(.deselectAll, .applied, effects: [.haptic, snappy], announcements: [.countChanged(0)]) {
            $0.selection = []
            $0.picks = []
        }
        #expect(session.engine.mode == .selecting)
        session.given(.tap("2"), .share)
        session.send(.deselectAll, .rejected(.covered))
    }

    func done() {
        var session = Session()
        session.send(.done, .ignored)
        session.given(.longPress("2"), .tap("3"), .share)
        session.send(.done, .rejected(.covered))
        session.given(.dismiss)
        session.send(.done, .applied, effects: [.haptic, snappy], announcements: [.modeExited]) {
            $0.mode = .browsing
            $0.selection = []
            $0.picks = []
        }
        // Leaving with nothing chosen changes no selection: no haptic.
        session.given(.select)
        session.send(.done, .applied, effects: [snappy], announcements: [.modeExited]) {
            $0.mode = .browsing
        }
    }

    func back() {
        var session = Session()
        session.send(.back, .applied, effects: [.navigateBack])
        session.given(.longPress("5"), .edit)
        session.send(.back, .applied) { $0.sheet = nil }
        session.send(.back, .applied, effects: [.haptic, snappy], announcements: [.modeExited]) {
            $0.mode = .browsing
            $0.selection = []
            $0.picks = []
        }
    }

    func delete() {
        var session = Session()
        session.send(.delete, .ignored)
        session.given(.select)
        session.send(.delete, .rejected(.nothingSelected))
        session.given(.tap("4"), .tap("2"), .share)
        session.send(.delete, .rejected(.covered))
        session.given(.dismiss)
        session.send(
            .delete, .applied, effects: [.deleted(["2", "4"]), .haptic, snappy], announcements: [.modeExited]
        ) {
            $0.mode = .browsing
            $0.photos = ["1", "3", "5"]
            $0.selection = []
            $0.picks = []
        }
    }

    func move() {
        var session = Session()
        session.send(.move, .ignored)
        session.given(.select)
        session.send(.move, .rejected(.nothingSelected))
        session.given(.tap("5"), .tap("1"), .edit)
        session.send(.move, .rejected(.covered))
        session.given(.back)
        session.send(.move, .applied, effects: [.moved(["1", "5"]), .haptic, snappy], announcements: [.modeExited]) {
            $0.mode = .browsing
            $0.selection = []
            $0.picks = []
        }
    }

    func shareAndEdit() {
        for sheet in Sheet.allCases {
            let event: Event = sheet == .share ? .share : .edit
            var session = Session()
            session.send(event, .ignored)
            session.given(.select)
            session.send(event, .rejected(.nothingSelected))
            session.given(.tap("3"), .tap("1"))
            session.send(event, .applied, effects: [.present(sheet, ["1", "3"])]) { $0.sheet = sheet }
            session.send(.share, .rejected(.covered))
            session.send(.edit, .rejected(.covered))
            #expect(session.engine.mode == .selecting)
        }
    }

    func dismiss() {
        var session = Session()
        session.send(.dismiss, .ignored)
        session.given(.longPress("1"))
        session.send(.dismiss, .ignored)
        session.given(.share)
        session.send(.dismiss, .applied) { $0.sheet = nil }
    }

    func libraryChanged() {
        var session = Session(.ids(["a", "b", "c", "d"]), limit: 10)
        // While browsing: the grid changes, nothing else.
        session.send(.libraryChanged(removed: ["b"], inserted: []), .applied) { $0.photos = ["a", "c", "d"] }
        session.send(.libraryChanged(removed: ["zz"], inserted: []), .ignored)
        session.send(.libraryChanged(removed: [], inserted: []), .ignored)
        // An insertion already in the grid, or twice among the insertions: the whole event is refused.
        session.send(
            .libraryChanged(removed: ["a"], inserted: [.init(photo: "c", at: 0)]), .rejected(.duplicatePhoto))
        session.send(
            .libraryChanged(removed: [], inserted: [.init(photo: "x", at: 0), .init(photo: "x", at: 1)]),
            .rejected(.duplicatePhoto))
        // A removed id may come back in the same event; `at` is clamped; insertions apply in order.
        session.send(
            .libraryChanged(
                removed: ["a"],
                inserted: [.init(photo: "a", at: 99), .init(photo: "y", at: -3), .init(photo: "z", at: 1)]),
            .applied
        ) { $0.photos = ["y", "z", "c", "d", "a"] }

        // While selecting, under a sheet: never covered; chosen photos that disappear leave the
        // selection, picks keep their order, and the count is announced.
        session.given(.longPress("d"), .tap("y"), .tap("c"), .share)
        session.send(
            .libraryChanged(removed: ["y", "q"], inserted: [.init(photo: "w", at: 2)]), .applied,
            effects: [.haptic, snappy], announcements: [.countChanged(2)]
        ) {
            $0.photos = ["z", "c", "w", "d", "a"]
            $0.selection = ["c", "d"]
            $0.picks = ["d", "c"]
        }
        // A change that keeps every chosen photo emits nothing.
        session.send(.libraryChanged(removed: ["a"], inserted: []), .applied) { $0.photos = ["z", "c", "w", "d"] }
        // Nothing left chosen: the mode stays.
        session.send(
            .libraryChanged(removed: ["c", "d"], inserted: []), .applied, effects: [.haptic, snappy],
            announcements: [.countChanged(0)]
        ) {
            $0.photos = ["z", "w"]
            $0.selection = []
            $0.picks = []
        }
        #expect(session.engine.mode == .selecting)
        #expect(session.engine.sheet == .share)

        // A chosen photo removed and inserted again in the same event is still in the grid after
        // the insertions, so it stays chosen; the grid changed, so the event is applied.
        var again = Session(.ids(["a", "b", "c"]), limit: 10)
        again.given(.longPress("b"), .tap("c"))
        again.send(.libraryChanged(removed: ["b"], inserted: [.init(photo: "b", at: 1)]), .applied)
        again.send(
            .libraryChanged(removed: ["b", "c"], inserted: [.init(photo: "b", at: 0)]), .applied,
            effects: [.haptic, snappy], announcements: [.countChanged(1)]
        ) {
            $0.photos = ["b", "a"]
            $0.selection = ["b"]
            $0.picks = ["b"]
        }
    }

    func reduceMotion() {
        var session = Session(reduceMotion: true)
        session.send(
            .longPress("1"), .applied, effects: [.haptic, .animation(.none)], announcements: [.modeEntered(count: 1)]
        ) {
            $0.mode = .selecting
            $0.selection = ["1"]
            $0.picks = ["1"]
        }
        session.send(.tap("1"), .applied, effects: [.haptic, .animation(.none)], announcements: [.countChanged(0)]) {
            $0.selection = []
            $0.picks = []
        }
    }
}

// MARK: - SPEC.md section 6

extension EventTableTests {
    /// `removeFromTray(p)` steps and changes the state exactly as `tap(p)` would: SPEC.md says
    /// its effects and announcements are a tap's that unchooses p.
    func expectSameAsTap(_ session: Session, _ photo: PhotoID, sourceLocation: SourceLocation = #_sourceLocation) {
        var byTap = session.engine
        var byRemove = session.engine
        #expect(byRemove.apply(.removeFromTray(photo)) == byTap.apply(.tap(photo)), sourceLocation: sourceLocation)
        #expect(byRemove.state == byTap.state, sourceLocation: sourceLocation)
    }

    func removeFromTray() {
        // No limit: no tray is shown, so the button does not exist; checked before anything else.
        var untrayed = Session()
        untrayed.send(.removeFromTray("1"), .ignored)
        untrayed.send(.removeFromTray("9"), .ignored)
        untrayed.given(.longPress("2"))
        untrayed.send(.removeFromTray("2"), .ignored)
        untrayed.given(.share)
        untrayed.send(.removeFromTray("2"), .ignored)

        var session = Session(limit: 3)
        // Browsing with a limit: the tray is empty, so no photo is in it.
        session.send(.removeFromTray("1"), .rejected(.notInTray))
        session.send(.removeFromTray("9"), .rejected(.notInTray))
        session.given(.longPress("4"), .tap("2"), .tap("5"))
        // Unknown, or known and not chosen.
        session.send(.removeFromTray("9"), .rejected(.notInTray))
        session.send(.removeFromTray("1"), .rejected(.notInTray))
        // p leaves the selection and the tray; the other picks keep their order.
        expectSameAsTap(session, "2")
        session.send(.removeFromTray("2"), .applied, effects: [.haptic, snappy], announcements: [.countChanged(2)]) {
            $0.selection = ["4", "5"]
            $0.picks = ["4", "5"]
        }
        session.given(.tap("1"))
        expectSameAsTap(session, "4")
        session.send(.removeFromTray("4"), .applied, effects: [.haptic, snappy], announcements: [.countChanged(2)]) {
            $0.selection = ["1", "5"]
            $0.picks = ["5", "1"]
        }
        // Covered is checked before whether p is in the tray.
        session.given(.edit)
        session.send(.removeFromTray("5"), .rejected(.covered))
        session.send(.removeFromTray("9"), .rejected(.covered))
        session.send(.removeFromTray("3"), .rejected(.covered))
        session.given(.dismiss)
        // Emptying the tray keeps the mode, as a tap that unchooses the last photo does.
        session.send(.removeFromTray("5"), .applied, effects: [.haptic, snappy], announcements: [.countChanged(1)]) {
            $0.selection = ["1"]
            $0.picks = ["1"]
        }
        session.send(.removeFromTray("1"), .applied, effects: [.haptic, snappy], announcements: [.countChanged(0)]) {
            $0.selection = []
            $0.picks = []
        }
        #expect(session.engine.mode == .selecting)
        session.send(.removeFromTray("1"), .rejected(.notInTray))

        var reduced = Session(limit: 2, reduceMotion: true)
        reduced.given(.longPress("3"), .tap("1"))
        expectSameAsTap(reduced, "3")
        reduced.send(
            .removeFromTray("3"), .applied, effects: [.haptic, .animation(.none)], announcements: [.countChanged(1)]
        ) {
            $0.selection = ["1"]
            $0.picks = ["1"]
        }
    }

    func dragBegan() {
        var session = Session(.count(9), limit: 3)
        // Browsing: a drag scrolls; only an unknown photo is refused.
        session.send(.dragBegan("99"), .rejected(.unknownPhoto))
        session.send(.dragBegan("2"), .ignored)
        session.given(.select)
        session.send(.dragBegan("99"), .rejected(.unknownPhoto))
        // A drag begins, and its anchor flips: chosen from nothing chosen...
        session.send(.dragBegan("2"), .applied, effects: [.haptic, snappy], announcements: [.countChanged(1)]) {
            $0.selection = ["2"]
            $0.picks = ["2"]
            $0.dragging = true
        }
        session.send(.dragEnded, .applied) { $0.dragging = false }
        // ... and unchosen when it was chosen, even the last chosen photo (the mode stays).
        session.send(.dragBegan("2"), .applied, effects: [.haptic, snappy], announcements: [.countChanged(0)]) {
            $0.selection = []
            $0.picks = []
            $0.dragging = true
        }
        session.given(.dragEnded, .tap("4"), .tap("6"), .tap("8"))
        // At the limit: a photo that is not chosen cannot begin a drag that chooses...
        session.send(.dragBegan("5"), .rejected(.limitReached))
        // ... but a chosen one begins one that unchooses.
        session.send(.dragBegan("6"), .applied, effects: [.haptic, snappy], announcements: [.countChanged(2)]) {
            $0.selection = ["4", "8"]
            $0.picks = ["4", "8"]
            $0.dragging = true
        }
        // Under a sheet: unknown first, then covered, before the limit.
        session.given(.dragEnded, .tap("6"), .share)
        session.send(.dragBegan("99"), .rejected(.unknownPhoto))
        session.send(.dragBegan("5"), .rejected(.covered))
        session.send(.dragBegan("4"), .rejected(.covered))

        var reduced = Session(reduceMotion: true)
        reduced.given(.select)
        reduced.send(.dragBegan("1"), .applied, effects: [.haptic, .animation(.none)], announcements: [.countChanged(1)]) {
            $0.selection = ["1"]
            $0.picks = ["1"]
            $0.dragging = true
        }
    }

    func dragMoved() {
        var session = Session(.count(9), limit: 9)
        // Browsing: ignored, whatever the photo.
        session.send(.dragMoved("3"), .ignored)
        session.send(.dragMoved("99"), .ignored)
        // Selecting with no drag in progress: ignored, checked before the photo.
        session.given(.select)
        session.send(.dragMoved("3"), .ignored)
        session.send(.dragMoved("99"), .ignored)
        session.given(.dragBegan("3"))
        // An unknown photo is refused, and the drag goes on.
        session.send(.dragMoved("99"), .rejected(.unknownPhoto))
        #expect(session.engine.isDragging)
        // The range becomes anchor … p, walked from the anchor.
        session.send(.dragMoved("5"), .applied, effects: [.haptic, snappy], announcements: [.countChanged(3)]) {
            $0.selection = ["3", "4", "5"]
            $0.picks = ["3", "4", "5"]
        }
        // The same range again changes nothing.
        session.send(.dragMoved("5"), .ignored)
        // Sliding back gives the photos that leave the range their base state back.
        session.send(.dragMoved("4"), .applied, effects: [.haptic, snappy], announcements: [.countChanged(2)]) {
            $0.selection = ["3", "4"]
            $0.picks = ["3", "4"]
        }
        session.send(.dragMoved("3"), .applied, effects: [.haptic, snappy], announcements: [.countChanged(1)]) {
            $0.selection = ["3"]
            $0.picks = ["3"]
        }
        // Towards the start of the grid, picks follow the walking order from the anchor.
        session.send(.dragMoved("1"), .applied, effects: [.haptic, snappy], announcements: [.countChanged(3)]) {
            $0.selection = ["1", "2", "3"]
            $0.picks = ["3", "2", "1"]
        }
        // Across the anchor in one move: a new selection of the same size is no new count.
        session.send(.dragMoved("5"), .applied, effects: [.haptic, snappy]) {
            $0.selection = ["3", "4", "5"]
            $0.picks = ["3", "4", "5"]
        }
        session.send(.dragEnded, .applied) { $0.dragging = false }
        session.send(.dragMoved("9"), .ignored)
    }

    /// A drag that chooses keeps the photos chosen before it, and adds the others after the
    /// base picks, in walking order.
    func dragChoosingOverABase() {
        var session = Session(.count(9), limit: 9)
        session.given(.select, .tap("6"), .tap("2"))
        session.send(.dragBegan("4"), .applied, effects: [.haptic, snappy], announcements: [.countChanged(3)]) {
            $0.selection = ["2", "4", "6"]
            $0.picks = ["6", "2", "4"]
            $0.dragging = true
        }
        session.send(.dragMoved("7"), .applied, effects: [.haptic, snappy], announcements: [.countChanged(5)]) {
            $0.selection = ["2", "4", "5", "6", "7"]
            $0.picks = ["6", "2", "4", "5", "7"]
        }
        session.send(.dragMoved("1"), .applied, effects: [.haptic, snappy]) {
            $0.selection = ["1", "2", "3", "4", "6"]
            $0.picks = ["6", "2", "4", "3", "1"]
        }
        // Back at the anchor: the base and the anchor.
        session.send(.dragMoved("4"), .applied, effects: [.haptic, snappy], announcements: [.countChanged(3)]) {
            $0.selection = ["2", "4", "6"]
            $0.picks = ["6", "2", "4"]
        }
    }

    /// A drag that unchooses takes the range out of the base; photos it sweeps that were not
    /// chosen stay so, and sliding back puts picks back in their places in the tray.
    func dragUnchoosing() {
        var session = Session(.count(9), limit: 9)
        session.given(.select, .tap("5"), .tap("2"), .tap("4"), .tap("3"), .tap("6"))
        session.send(.dragBegan("3"), .applied, effects: [.haptic, snappy], announcements: [.countChanged(4)]) {
            $0.selection = ["2", "4", "5", "6"]
            $0.picks = ["5", "2", "4", "6"]
            $0.dragging = true
        }
        session.send(.dragMoved("5"), .applied, effects: [.haptic, snappy], announcements: [.countChanged(2)]) {
            $0.selection = ["2", "6"]
            $0.picks = ["2", "6"]
        }
        session.send(.dragMoved("8"), .applied, effects: [.haptic, snappy], announcements: [.countChanged(1)]) {
            $0.selection = ["2"]
            $0.picks = ["2"]
        }
        // 7 and 8 were not chosen: sweeping them changes nothing.
        session.send(.dragMoved("7"), .ignored)
        session.send(.dragMoved("3"), .applied, effects: [.haptic, snappy], announcements: [.countChanged(4)]) {
            $0.selection = ["2", "4", "5", "6"]
            $0.picks = ["5", "2", "4", "6"]
        }
        session.send(.dragMoved("1"), .applied, effects: [.haptic, snappy], announcements: [.countChanged(3)]) {
            $0.selection = ["4", "5", "6"]
            $0.picks = ["5", "4", "6"]
        }
    }

    /// The limit keeps photos of the range out; a move that changes nothing because of it is
    /// refused `limitReached`, one that changes nothing for another reason is ignored.
    func dragAtTheLimit() {
        var session = Session(.count(9), limit: 4)
        session.given(.select, .tap("1"))
        session.send(.dragBegan("3"), .applied, effects: [.haptic, snappy], announcements: [.countChanged(2)]) {
            $0.selection = ["1", "3"]
            $0.picks = ["1", "3"]
            $0.dragging = true
        }
        // Walking 3, 4, 5, 6: 4 and 5 fill the tray, 6 is kept out.
        session.send(.dragMoved("6"), .applied, effects: [.haptic, snappy], announcements: [.countChanged(4)]) {
            $0.selection = ["1", "3", "4", "5"]
            $0.picks = ["1", "3", "4", "5"]
        }
        session.send(.dragMoved("7"), .rejected(.limitReached))
        // 3, 4, 5 are all in: nothing kept out, nothing changed.
        session.send(.dragMoved("5"), .ignored)
        session.send(.dragMoved("4"), .applied, effects: [.haptic, snappy], announcements: [.countChanged(3)]) {
            $0.selection = ["1", "3", "4"]
            $0.picks = ["1", "3", "4"]
        }
        // Walking 3, 2, 1 the other way: 1 was chosen before the drag.
        session.send(.dragMoved("1"), .applied, effects: [.haptic, snappy]) {
            $0.selection = ["1", "2", "3"]
            $0.picks = ["1", "3", "2"]
        }
        // A drag that fills the tray with its anchor keeps every other photo out.
        var full = Session(.count(9), limit: 2)
        full.given(.select, .tap("9"), .dragBegan("4"))
        full.send(.dragMoved("5"), .rejected(.limitReached))
        full.send(.dragMoved("2"), .rejected(.limitReached))
        full.send(.dragMoved("4"), .ignored)
    }

    func dragEnded() {
        var session = Session()
        session.send(.dragEnded, .ignored)
        session.given(.select)
        session.send(.dragEnded, .ignored)
        session.given(.dragBegan("2"), .dragMoved("4"))
        // Its result stays; nothing is emitted.
        session.send(.dragEnded, .applied) { $0.dragging = false }
        session.send(.dragEnded, .ignored)
        session.send(.dragMoved("5"), .ignored)
        #expect(session.engine.chosenPhotos == ["2", "3", "4"])
    }

    /// SPEC.md does not say whether a move that changes only the picks vibrates: it never
    /// happens, since a range adds photos on one side of its anchor, in grid order. Every
    /// base, anchor and pair of moves over six photos, at three limits: whenever the picks
    /// change, the selection does, and the haptic goes with the selection.
    func dragPicksNeverChangeAlone() {
        let ids = (1...6).map(String.init)
        for limit in [2, 4, 6] {
            for base in 0..<64 where base.nonzeroBitCount <= limit {
                for anchor in ids {
                    var session = Session(.count(6), limit: limit)
                    session.given(.select)
                    for (index, photo) in ids.enumerated() where base & (1 << index) != 0 { session.given(.tap(photo)) }
                    session.given(.dragBegan(anchor))
                    for first in ids {
                        for second in ids {
                            var engine = session.engine
                            _ = engine.apply(.dragMoved(first))
                            let before = engine.state
                            let step = engine.apply(.dragMoved(second))
                            let selectionChanged = engine.state.selection != before.selection
                            #expect(selectionChanged || engine.state.picks == before.picks, "\(base) \(anchor) \(first) \(second)")
                            #expect(step.haptic == selectionChanged, "\(base) \(anchor) \(first) \(second)")
                        }
                    }
                }
            }
        }
    }

    /// A drag in progress over photos 2 … 4, with 8 chosen before it: selection 2, 3, 4, 8,
    /// picks 8, 2, 3, 4.
    func sessionDragging() -> Session {
        var session = Session(.count(9), limit: 9)
        session.given(.select, .tap("8"), .dragBegan("2"), .dragMoved("4"))
        #expect(session.engine.isDragging)
        return session
    }

    /// Any other event ends a drag first, as `dragEnded` would, without a step of its own, even
    /// when it is then ignored or refused: only the drag flag changes.
    func ignoredAndRefusedEventsEndADrag() {
        let refusals: [(Event, Outcome)] = [
            (.select, .ignored), (.dismiss, .ignored), (.longPress("5"), .ignored), (.selectItem("99"), .rejected(.unknownPhoto)),
            (.tap("99"), .rejected(.unknownPhoto)), (.removeFromTray("6"), .rejected(.notInTray)),
            (.dragBegan("99"), .rejected(.unknownPhoto)), (.libraryChanged(removed: ["zz"], inserted: []), .ignored),
            (.libraryChanged(removed: [], inserted: [.init(photo: "2", at: 0)]), .rejected(.duplicatePhoto)),
        ]
        for (event, outcome) in refusals {
            var session = sessionDragging()
            session.send(event, outcome) { $0.dragging = false }
            // The drag is over: a move means nothing, and the drag's result stays.
            session.send(.dragMoved("6"), .ignored)
            session.send(.dragEnded, .ignored)
            #expect(session.engine.chosenPhotos == ["2", "3", "4", "8"], "after \(event)")
        }
    }

    /// A second `dragBegan` ends the first drag and begins one whose base is its result.
    func secondDragBegan() {
        var session = sessionDragging()
        session.send(.dragBegan("6"), .applied, effects: [.haptic, snappy], announcements: [.countChanged(5)]) {
            $0.selection = ["2", "3", "4", "6", "8"]
            $0.picks = ["8", "2", "3", "4", "6"]
        }
        session.send(.dragMoved("4"), .applied, effects: [.haptic, snappy], announcements: [.countChanged(6)]) {
            $0.selection = ["2", "3", "4", "5", "6", "8"]
            $0.picks = ["8", "2", "3", "4", "6", "5"]
        }
        // On a photo the first drag chose: the second one unchooses, from the new base.
        var unchoosing = sessionDragging()
        unchoosing.send(.dragBegan("3"), .applied, effects: [.haptic, snappy], announcements: [.countChanged(3)]) {
            $0.selection = ["2", "4", "8"]
            $0.picks = ["8", "2", "4"]
        }
        unchoosing.send(.dragMoved("1"), .applied, effects: [.haptic, snappy], announcements: [.countChanged(2)]) {
            $0.selection = ["4", "8"]
            $0.picks = ["8", "4"]
        }
        // Sliding back to the anchor gives 2 back, in its place in the tray.
        unchoosing.send(.dragMoved("3"), .applied, effects: [.haptic, snappy], announcements: [.countChanged(3)]) {
            $0.selection = ["2", "4", "8"]
            $0.picks = ["8", "2", "4"]
        }
    }

    /// Applied events after a drag ends: each applies as usual, to the drag's result, and the
    /// drag is over.
    func appliedEventsEndADrag() {
        var tap = sessionDragging()
        tap.send(.tap("6"), .applied, effects: [.haptic, snappy], announcements: [.countChanged(5)]) {
            $0.selection = ["2", "3", "4", "6", "8"]
            $0.picks = ["8", "2", "3", "4", "6"]
            $0.dragging = false
        }
        tap.send(.dragMoved("7"), .ignored)

        // A library change that takes the drag's anchor.
        var anchorGone = sessionDragging()
        anchorGone.send(
            .libraryChanged(removed: ["2"], inserted: []), .applied, effects: [.haptic, snappy],
            announcements: [.countChanged(3)]
        ) {
            $0.photos = ["1", "3", "4", "5", "6", "7", "8", "9"]
            $0.selection = ["3", "4", "8"]
            $0.picks = ["8", "3", "4"]
            $0.dragging = false
        }
        anchorGone.send(.dragMoved("5"), .ignored)
        // One that changes the grid and no chosen photo.
        var library = sessionDragging()
        library.send(.libraryChanged(removed: ["9"], inserted: [.init(photo: "n", at: 3)]), .applied) {
            $0.photos = ["1", "2", "3", "n", "4", "5", "6", "7", "8"]
            $0.dragging = false
        }
        library.send(.dragMoved("6"), .ignored)

        // The tray's button, on a photo the drag chose.
        var tray = sessionDragging()
        tray.send(.removeFromTray("3"), .applied, effects: [.haptic, snappy], announcements: [.countChanged(3)]) {
            $0.selection = ["2", "4", "8"]
            $0.picks = ["8", "2", "4"]
            $0.dragging = false
        }
        tray.send(.dragMoved("6"), .ignored)

        // A sheet: no drag goes on under one.
        var share = sessionDragging()
        share.send(.share, .applied, effects: [.present(.share, ["2", "3", "4", "8"])]) {
            $0.sheet = .share
            $0.dragging = false
        }
        share.send(.dragMoved("6"), .ignored)
        share.send(.dragEnded, .ignored)

        var selectAll = sessionDragging()
        selectAll.send(.selectAll, .applied, effects: [.haptic, snappy], announcements: [.countChanged(9)]) {
            $0.selection = ["1", "2", "3", "4", "5", "6", "7", "8", "9"]
            $0.picks = ["8", "2", "3", "4", "1", "5", "6", "7", "9"]
            $0.dragging = false
        }
        var deselectAll = sessionDragging()
        deselectAll.send(.deselectAll, .applied, effects: [.haptic, snappy], announcements: [.countChanged(0)]) {
            $0.selection = []
            $0.picks = []
            $0.dragging = false
        }
        deselectAll.send(.dragMoved("2"), .ignored)

        for leaving in [Event.done, .back] {
            var session = sessionDragging()
            session.send(leaving, .applied, effects: [.haptic, snappy], announcements: [.modeExited]) {
                $0.mode = .browsing
                $0.selection = []
                $0.picks = []
                $0.dragging = false
            }
            session.send(.dragMoved("6"), .ignored)
        }
        var delete = sessionDragging()
        delete.send(.delete, .applied, effects: [.deleted(["2", "3", "4", "8"]), .haptic, snappy], announcements: [.modeExited]) {
            $0.mode = .browsing
            $0.photos = ["1", "5", "6", "7", "9"]
            $0.selection = []
            $0.picks = []
            $0.dragging = false
        }
    }
}

/// The engines every row of the table runs on.
enum EngineUnderTest: String, CaseIterable, Sendable {
    case reference, fast
}

/// The rows of the event table, one test case per row and engine.
enum EventTableRow: String, CaseIterable, Sendable {
    case longPress, selectItem, tap, selectButton, selectAll, deselectAll, done, back, delete, move
    case shareAndEdit, dismiss, libraryChanged, reduceMotion
    /// SPEC.md section 6.
    case removeFromTray, dragBegan, dragMoved, dragChoosingOverABase, dragUnchoosing, dragAtTheLimit, dragEnded
    case dragPicksNeverChangeAlone, ignoredAndRefusedEventsEndADrag, secondDragBegan, appliedEventsEndADrag

    func run<Engine: SelectionEngine>(on engine: Engine.Type) {
        let table = EventTableTests<Engine>()
        switch self {
        case .longPress: table.enterWithPhoto(Event.longPress)
        case .selectItem: table.enterWithPhoto(Event.selectItem)
        case .tap: table.tap()
        case .selectButton: table.selectButton()
        case .selectAll: table.selectAll()
        case .deselectAll: table.deselectAll()
        case .done: table.done()
        case .back: table.back()
        case .delete: table.delete()
        case .move: table.move()
        case .shareAndEdit: table.shareAndEdit()
        case .dismiss: table.dismiss()
        case .libraryChanged: table.libraryChanged()
        case .reduceMotion: table.reduceMotion()
        case .removeFromTray: table.removeFromTray()
        case .dragBegan: table.dragBegan()
        case .dragMoved: table.dragMoved()
        case .dragChoosingOverABase: table.dragChoosingOverABase()
        case .dragUnchoosing: table.dragUnchoosing()
        case .dragAtTheLimit: table.dragAtTheLimit()
        case .dragEnded: table.dragEnded()
        case .dragPicksNeverChangeAlone: table.dragPicksNeverChangeAlone()
        case .ignoredAndRefusedEventsEndADrag: table.ignoredAndRefusedEventsEndADrag()
        case .secondDragBegan: table.secondDragBegan()
        case .appliedEventsEndADrag: table.appliedEventsEndADrag()
        }
    }
}

@Suite("Event table")
struct EventTableSuite {
    @Test(arguments: EngineUnderTest.allCases, EventTableRow.allCases)
    func row(_ engine: EngineUnderTest, _ row: EventTableRow) {
        switch engine {
        case .reference: row.run(on: ReferenceModel.self)
        case .fast: row.run(on: FastEngine.self)
        }
    }
}
