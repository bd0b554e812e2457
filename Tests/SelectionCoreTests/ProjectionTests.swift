@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
import Testing

/// SPEC.md section 3: what a person sees and hears.
@Suite("Projections")
struct ProjectionTests {
    func engine(_ photos: PhotoList = .count(4), limit: Int? = nil, _ events: Event...) -> ReferenceModel {
        var engine = ReferenceModel(configuration: GridConfiguration(photos: photos, limit: limit))
        for event in events { _ = engine.apply(event) }
        return engine
    }

    @Test func title() {
        #expect(engine().title == "Long press a photo")
        #expect(engine(.count(4), .select).title == "Select items")
        #expect(engine(.count(4), .longPress("2")).title == "1 selected")
        #expect(engine(.count(4), .longPress("2"), .tap("3"), .tap("4")).title == "3 selected")
        #expect(engine(.count(4), .longPress("2"), .tap("2")).title == "Select items")
    }

    @Test func toolbar() {
        #expect(engine().toolbar == nil)
        let empty = engine(.count(4), .select).toolbar
        #expect(empty == Toolbar(actionsEnabled: false))
        #expect(empty?.selectAllShown == true)
        #expect(empty?.deleteEnabled == false && empty?.shareEnabled == false)
        let one = engine(.count(4), .longPress("1")).toolbar
        #expect(one?.shareEnabled == true && one?.editEnabled == true)
        #expect(one?.moveEnabled == true && one?.deleteEnabled == true)
    }

    @Test func tray() {
        #expect(engine(.count(4), .longPress("1")).tray == nil)
        let tray = engine(.count(4), limit: 3, .select, .tap("4"), .tap("1"))
        #expect(tray.tray?.photos == ["4", "1"])
        #expect(tray.tray?.counter == "2 of 3 photos")
        #expect(engine(.count(4), limit: 3).tray?.counter == "0 of 3 photos")
        // The limit is clamped to at least 1.
        #expect(engine(.count(4), limit: 0).tray?.counter == "0 of 1 photos")
        #expect(engine(.count(4), limit: -7, .select, .tap("1"), .tap("2")).chosenCount == 1)
    }

    @Test func accessibilityValue() {
        #expect(engine().accessibilityValue(for: "1") == "")
        let selecting = engine(.count(4), .longPress("2"))
        #expect(selecting.accessibilityValue(for: "2") == "Selected")
        #expect(selecting.accessibilityValue(for: "3") == "Not selected")
        #expect(engine(.count(4), .longPress("2"), .done).accessibilityValue(for: "2") == "")
    }

    @Test func announcementTexts() {
        #expect(Announcement.modeEntered(count: 1).text == "Selection mode, 1 selected")
        #expect(Announcement.modeEntered(count: 0).text == "Selection mode, 0 selected")
        #expect(Announcement.modeExited.text == "Selection mode off")
        #expect(Announcement.countChanged(0).text == "0 selected")
        #expect(Announcement.countChanged(12).text == "12 selected")
    }

    @Test func invariantCheckerCatchesBrokenStates() {
        let good = engine(.count(3), limit: 2, .longPress("1")).state
        #expect(good.invariantViolations().isEmpty)
        var broken = good
        broken.selection = ["1", "9"]
        broken.picks = ["1", "9"]
        #expect(broken.invariantViolations().contains("selection is not a subset of photos"))
        broken = good
        broken.mode = .browsing
        #expect(broken.invariantViolations().contains("browsing with a non-empty selection"))
        broken = good
        broken.picks = []
        #expect(broken.invariantViolations().contains("picks is not a permutation of selection"))
        broken = good
        broken.photos = ["1", "1", "2"]
        #expect(broken.invariantViolations().contains("photos has duplicates"))
        broken = good
        broken.selection = ["1", "2", "3"]
        broken.picks = ["1", "2", "3"]
        #expect(broken.invariantViolations().contains("selection of 3 exceeds the limit of 2"))
        broken = engine(.count(3)).state
        broken.sheet = .share
        #expect(broken.invariantViolations().contains("browsing with a sheet shown"))
    }
}
