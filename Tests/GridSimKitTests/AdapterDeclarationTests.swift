import Foundation
@testable import GridSimKit
import SeedGrid
import SeedGridRelease1
import Testing
import TestSupport

/// What an adapter declares it exposes is what the kit compares: the compiler holds a new
/// adapter to it, and an adapter written to GridSimKit 1.0 keeps its meaning.
@Suite("Adapter declarations")
struct AdapterDeclarationTests {
    /// Type-checks fixtures of Tests/Fixtures/AdapterDeclarations together against the modules
    /// this test build made: the compiler's exit status and its messages.
    static func typecheck(_ fixtures: String...) throws -> (status: Int32, messages: String) {
        let build = PackageRoot.appending(".build/debug")
        let files = fixtures.map { PackageRoot.appending("Tests/Fixtures/AdapterDeclarations/\($0)").path }
        let command = ([
            "swiftc", "-typecheck", "-I", build.appendingPathComponent("Modules").path,
            "-Xcc", "-fmodule-map-file=" + build.appendingPathComponent("CCRC32C.build/module.modulemap").path,
        ] + files).map(GridSimCheckout.shellQuoted).joined(separator: " ")
        let output = try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", command + " 2>&1"])
        return (output.status, output.text)
    }

    @Test("an adapter that claims the screen without implementing all of it does not compile, naming what is missing")
    func halfWrittenScreenDoesNotCompile() throws {
        let whole = try Self.typecheck("HalfWrittenScreen.swift", "TheRestOfTheScreen.swift")
        #expect(whole.status == 0, "\(whole.messages)")
        let half = try Self.typecheck("HalfWrittenScreen.swift")
        #expect(half.status != 0)
        #expect(half.messages.contains("error: type 'HalfWrittenScreen' does not conform to protocol 'ScreenExposing'"))
        for missing in ["property 'toolbar'", "property 'trayCounter'", "function 'accessibilityValue(for:)'"] {
            #expect(half.messages.contains("protocol requires \(missing)"), "\(half.messages)")
        }
    }

    @Test("the parts compared are the protocols conformed to")
    func partsFollowConformances() {
        #expect(ReferenceAdapter.exposedParts == [.outcome, .effects, .announcements, .sheet, .screen])
        #expect(StateOnlyAdapter.exposedParts == [])
        #expect(NoDragAdapter.exposedParts == [.outcome, .effects, .announcements, .sheet])
        #expect(AnnouncesTwiceAdapter.exposedParts == [.outcome, .effects, .announcements])
    }
}

/// GridSimKit 1.0's adapters, through the deprecated entry points: the same meaning. (A
/// test cannot be deprecated, so each calls a deprecated check: one warning a test, on purpose.)
@Suite("Adapters written to GridSimKit 1.0")
struct ReleaseOneAdapterTests {
    @Test("SeedGrid's adapter as tagged v1.0.0 passes every case it ran then, and a property run")
    func seedGridAsReleased() throws { try ReleaseOneChecks.seedGridAsReleased() }

    @Test("an adapter that lists .screen in exposes and leaves the screen to defaults fails every check, saying so")
    func screenLeftToDefaultsIsADeclarationFault() throws { try ReleaseOneChecks.screenLeftToDefaults() }
}

@available(*, deprecated, message: "checks the deprecated SelectionAdapter on purpose")
enum ReleaseOneChecks {
    static func seedGridAsReleased() throws {
        let cases = ConformanceCase.all(for: SeedGridRelease1.SeedGridAdapter.self)
        #expect(cases.count == 93)
        #expect(ConformanceCase.leftOut(for: SeedGridRelease1.SeedGridAdapter.self).count == 45)
        for conformanceCase in cases {
            #expect(throws: Never.self, "\(conformanceCase)") { try conformanceCase.check(SeedGridRelease1.SeedGridAdapter.self) }
        }
        let report = try PropertyRun(cases: 100, environment: [:]).check(SeedGridRelease1.SeedGridAdapter.self)
        // What 1.0 compared: the state and the sheet, named as 1.0 named them.
        #expect(report.notCompared.first == "outcome and reason")
        #expect(!report.notCompared.contains("sheet"))
        #expect(report.notCompared.contains { $0.hasPrefix("what the screen shows") })
        let note = UncomparedNote.text(for: LegacyAdapter<SeedGridRelease1.SeedGridAdapter>.self)
        #expect(note.contains("(not in SeedGridAdapter.exposes)"), "\(note)")
    }

    static func screenLeftToDefaults() throws {
        let row = try #require(ConformanceCase.specificationRows.first)
        let failure = try #require(throws: ConformanceFailure.self) { try row.check(EverythingButTheScreenAdapter.self) }
        guard case .adapterDeclaration(let why) = failure.reason else {
            Issue.record("expected a declaration fault, got \(failure.reason)")
            return
        }
        #expect(why.hasPrefix("EverythingButTheScreenAdapter lists .screen in its exposes but does not implement title, toolbar, trayCounter, accessibilityValue(for:)"))
        #expect(why.contains("conform to ScreenExposing"))
        let setup = try #require(throws: PropertyRunSetupError.self) {
            try PropertyRun(cases: 1, environment: [:]).check(EverythingButTheScreenAdapter.self)
        }
        #expect(setup.message == why)
        // Listing what it implements passes.
        #expect(throws: Never.self) { try row.check(EverythingButTheScreenListedAdapter.self) }
    }
}

/// The reference adapter written to GridSimKit 1.0, as a team wrote theirs: the state and the
/// sheet, no screen members; each adapter below says what it lists in `exposes`.
@available(*, deprecated, message: "the deprecated SelectionAdapter on purpose")
protocol ReleaseOneReferenceWrapper: SelectionAdapter {
    var inner: ReferenceAdapter { get set }
    init(inner: ReferenceAdapter)
}

@available(*, deprecated, message: "the deprecated SelectionAdapter on purpose")
extension ReleaseOneReferenceWrapper {
    init(photos: [PhotoID], limit: Int?, reduceMotion: Bool) {
        self.init(inner: ReferenceAdapter(photos: photos, limit: limit, reduceMotion: reduceMotion))
    }
    mutating func apply(_ event: Event) -> Step? { inner.apply(event) }
    var mode: Mode { inner.mode }
    var chosenPhotos: [PhotoID] { inner.chosenPhotos }
    var photos: [PhotoID] { inner.photos }
    var tray: [PhotoID] { inner.picks }
    var sheet: Sheet? { inner.sheet }
}

/// `.everything`, with the screen left to the protocol's defaults.
@available(*, deprecated, message: "the deprecated SelectionAdapter on purpose")
struct EverythingButTheScreenAdapter: ReleaseOneReferenceWrapper {
    var inner: ReferenceAdapter
    static var exposes: AdapterExposure { .everything }
}

/// The same listing only what it implements.
@available(*, deprecated, message: "the deprecated SelectionAdapter on purpose")
struct EverythingButTheScreenListedAdapter: ReleaseOneReferenceWrapper {
    var inner: ReferenceAdapter
    static var exposes: AdapterExposure { [.outcome, .effects, .announcements, .sheet] }
}
