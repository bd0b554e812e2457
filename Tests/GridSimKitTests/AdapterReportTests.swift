import Foundation
import PropertyTesting
@_spi(GridSimInternals) import SelectionTrace
import TestSupport
import Testing

@testable import GridSimKit

/// What an adapter reports of its app: lists of any length, VoiceOver strings, the screen;
/// and what the kit says back: what it did not compare, how to replay a failure.
@Suite("Adapter reports")
struct AdapterReportTests {
    @Test func anAppThatAnnouncesTwiceFailsItsCaseNamingBothAnnouncements() throws {
        let row = try #require(
            ConformanceCase.specificationRows.first { $0.name == "tap while selecting: a photo joins the selection" })
        let failure = try #require(throws: ConformanceFailure.self) { try row.check(AnnouncesTwiceAdapter.self) }
        let mismatch = try #require(failure.difference)
        #expect(mismatch.part == .announcements)
        #expect(mismatch.expected == #"["2 selected"]"#)
        #expect(mismatch.actual == #"["2 selected", "2 selected"]"#)
    }

    @Test func aStepKeepsTheListsAnAppEmitted() {
        let twice = Step(outcome: .applied, effects: [.haptic, .haptic, .animation(.snappy)], announcements: [.modeExited])
        #expect(twice.effects == [.haptic, .haptic, .animation(.snappy)])
        #expect(twice != Step(outcome: .applied, effects: [.haptic, .animation(.snappy)], announcements: [.modeExited]))
        let twoActions = Step(outcome: .applied, effects: [.navigateBack, .open("1")])
        #expect(twoActions.effects == [.navigateBack, .open("1")] && twoActions.action == .navigateBack)
        // A step that fits one of each is the step the engines make, in their order.
        let regular = Step(outcome: .applied, effects: [.animation(.none), .haptic], announcements: [.countChanged(2)])
        #expect(regular == Step(outcome: .applied, haptic: true, animation: AnimationStyle.none, announcement: .countChanged(2)))
        #expect(regular.effects == [.haptic, .animation(.none)])
    }

    @Test(arguments: [
        ("Selection mode, 2 selected", Announcement.modeEntered(count: 2)), ("Selection mode off", .modeExited),
        ("0 selected", .countChanged(0)), ("12 selected", .countChanged(12)), ("Selection mode, 0 selected", .modeEntered(count: 0)),
        ("2 items selected", .other("2 items selected")), ("02 selected", .other("02 selected")),
        ("-1 selected", .other("-1 selected")), (" selected", .other(" selected")), ("", .other("")),
    ])
    func announcementsParseTheSentencesSpecGives(text: String, announcement: Announcement) {
        #expect(Announcement(text: text) == announcement)
        #expect(Announcement(text: announcement.text) == announcement)
        #expect(announcement.text == text)
    }

    @Test func anAdapterHandingOverItsVoiceOverStringsAndScreenPassesEveryCase() throws {
        for conformanceCase in ConformanceCase.all(for: VoiceOverStringsAdapter.self) {
            let report = try conformanceCase.check(VoiceOverStringsAdapter.self)
            #expect(report.notCompared == ["whether a drag is in progress (no adapter requirement reads it)"])
        }
        try PropertyRun(cases: 60, seed: 5, environment: [:]).check(VoiceOverStringsAdapter.self)
    }

    @Test func aWrongTitleIsCaughtWhenTheAdapterShowsItsScreen() throws {
        let row = try #require(
            ConformanceCase.specificationRows.first { $0.name == "longPress while browsing: enters the mode with the photo" })
        let failure = try #require(throws: ConformanceFailure.self) { try row.check(TitleOffByOneAdapter.self) }
        #expect(failure.difference?.part == .title)
        #expect(failure.difference?.actual == "\"2 selected\"")
    }

    @Test func whatWasNotComparedIsSaidWithTheReason() {
        let stateOnly = UncomparedNote.text(for: StateOnlyAdapter.self)
        #expect(stateOnly.hasPrefix("GridSimKit: for StateOnlyAdapter, not compared: outcome and reason, effects, announcements, sheet"))
        #expect(stateOnly.contains(
            "(StateOnlyAdapter does not conform to OutcomeReporting, EffectReporting, AnnouncementReporting, SheetExposing, ScreenExposing)"))
        #expect(stateOnly.contains("events never sent: dragBegan, dragEnded, dragMoved (StateOnlyAdapter.unhandledEvents)"))
        let everything = UncomparedNote.text(for: VoiceOverStringsAdapter.self)
        #expect(!everything.contains("exposes") && everything.contains("whether a drag is in progress"))
    }

    @Test func theSeedVariableTakesWhatTheCommandLineTakes() throws {
        #expect(PropertyRun(environment: ["GRIDSIM_KIT_SEED": "0x10"]).seed == 16)
        #expect(PropertyRun(environment: ["GRIDSIM_KIT_SEED": "42"]).seed == 42)
        #expect(PropertyRun(environment: [:]).seed == PropertyRun.defaultSeed)
        #expect(PropertyRun(seed: 7, environment: ["GRIDSIM_KIT_SEED": "bad"]).seed == 7)
        let error = try #require(throws: PropertyRunFailure.self) {
            try PropertyRun(cases: 1, environment: ["GRIDSIM_KIT_SEED": "0x1g"]).check(ReferenceAdapter.self)
        }
        guard case .badSeed(let why) = error else {
            Issue.record("expected .badSeed, got \(error)")
            return
        }
        #expect(why.contains("GRIDSIM_KIT_SEED='0x1g' is not a seed"))
    }

    @Test func aFailureSaysHowToReplayItFromADependentPackage() throws {
        let folder = try ScratchDirectory.make("kit-replay")
        let counterexample = try requireCounterexample {
            try PropertyRun(cases: 300, seed: 7, counterexamples: folder.path, environment: [:])
                .check(DeselectAllLeavesAdapter.self)
        }
        let line = try #require(counterexample.description.split(separator: "\n").first { $0.contains("replay it:") })
        let words = line.split(separator: " ")
        let packagePath = try #require(words.firstIndex(of: "--package-path").map { String(words[$0 + 1]) })
        #expect(FileManager.default.fileExists(atPath: packagePath + "/Package.swift"))
        #expect(FileManager.default.fileExists(atPath: packagePath + "/Sources/GridSimKit"))
        #expect(line.hasSuffix("gridsim replay \(try #require(counterexample.writtenTo))"))
        #expect(GridSimCheckout.shellQuoted("/a b/it's") == #"'/a b/it'\''s'"#)
    }
}

/// The kit's shrinker on adapter bugs: every counterexample is 1-minimal.
@Suite("Adapter counterexamples")
struct AdapterCounterexampleTests {
    /// The shrunk counterexample of `Adapter` under the default run, and that without any one
    /// event, or any one photo of its header, the adapter agrees with the reference model.
    static func expectOneMinimal<Adapter: PhotoGridAdapter>(_ adapter: Adapter.Type) throws -> Counterexample {
        let counterexample = try requireCounterexample {
            try PropertyRun(environment: [:]).check(adapter)
        }
        let shrunk = counterexample.shrunk
        #expect(PropertyRun.firstMismatch(shrunk, adapter) != nil)
        for index in shrunk.events.indices {
            var fewer = shrunk
            fewer.events.remove(at: index)
            #expect(PropertyRun.firstMismatch(fewer, adapter) == nil, "\(Adapter.self): event \(index + 1) can go\n\(shrunk.text)")
        }
        for index in 0..<shrunk.header.photos.count {
            var fewer = shrunk
            fewer.header.photos = Shrinker.photos(shrunk.header.photos, without: index)
            #expect(PropertyRun.firstMismatch(fewer, adapter) == nil, "\(Adapter.self): photo \(index + 1) can go\n\(shrunk.text)")
        }
        return counterexample
    }

    @Test func theSelectAllBugShrinksToTwoEvents() throws {
        let counterexample = try Self.expectOneMinimal(SelectAllSkipsFirstAdapter.self)
        #expect(counterexample.shrunk.events.map(\.event.name) == [.select, .selectAll], "\(counterexample.shrunk.text)")
    }

    @Test func aDragThatGoesOnAfterItsEndIsFoundByTheDefaultRun() throws {
        let counterexample = try Self.expectOneMinimal(DragGoesOnAfterEndAdapter.self)
        #expect(counterexample.shrunk.events.contains { $0.event == .dragEnded })
    }

    @Test func everyAdapterBugsCounterexampleIsOneMinimal() throws {
        _ = try Self.expectOneMinimal(DeselectAllLeavesAdapter.self)
        _ = try Self.expectOneMinimal(DeleteLeavesTrayAdapter.self)
        _ = try Self.expectOneMinimal(TapKeepsDragAdapter.self)
        _ = try Self.expectOneMinimal(AnnouncesTwiceAdapter.self)
        _ = try Self.expectOneMinimal(TitleOffByOneAdapter.self)
    }
}
