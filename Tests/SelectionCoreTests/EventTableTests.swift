import SelectionCore
import Testing

/// Every row and every outcome of SPEC.md section 2's event table, in the order its checks run.
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

/// The engines every row of the table runs on.
enum EngineUnderTest: String, CaseIterable, Sendable {
    case reference, fast
}

/// The rows of the event table, one test case per row and engine.
enum EventTableRow: String, CaseIterable, Sendable {
    case longPress, selectItem, tap, selectButton, selectAll, deselectAll, done, back, delete, move
    case shareAndEdit, dismiss, libraryChanged, reduceMotion

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
