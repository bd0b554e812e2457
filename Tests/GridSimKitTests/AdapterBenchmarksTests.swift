import GridSimKit
import Testing

@testable import GridSimKitBenchmarks

/// A bug the toggle suite's result check sees: a tap on a chosen photo does not unchoose it.
struct TapNeverUnchoosesAdapter: ReferenceWrapper {
    var inner: ReferenceAdapter
    mutating func apply(_ event: Event) -> Step? {
        if case .tap(let photo) = event, inner.mode == .selecting, inner.chosenPhotos.contains(photo) {
            return nil
        }
        return inner.apply(event)
    }
}

/// A code base without drag to select: the reference, with the drag events declared unhandled.
struct NoDragAdapter: ReferenceWrapper, OutcomeReporting, EffectReporting, AnnouncementReporting, SheetExposing {
    var inner: ReferenceAdapter
    static var unhandledEvents: Set<EventName> { [.dragBegan, .dragMoved, .dragEnded] }
    mutating func apply(_ event: Event) -> Step? { inner.apply(event) }
    var sheet: Sheet? { inner.sheet }
}

@Suite("Adapter benchmarks")
struct AdapterBenchmarksTests {
    private func run(_ arguments: [String], _ subjects: [AdapterSubject]) -> (code: Int32, output: String) {
        var output = ""
        let code = AdapterBenchmarks.run(
            arguments: arguments, subjects: subjects, environment: [:], standardOutput: { output += $0 })
        return (code, output)
    }

    @Test func anAdapterIsASubjectOfTheSuitesThatTakeOne() {
        let (code, output) = run(
            ["--list", "--quick"],
            [
                AdapterSubject(ReferenceAdapter.self, name: "Mine"),
                AdapterSubject(StateOnlyAdapter.self, name: "Plain"),
            ])
        #expect(code == 0)
        let suites = output.split(separator: "\n").filter { !$0.hasPrefix(" ") && $0.contains(": ") }.map {
            $0.prefix { $0 != ":" }
        }
        #expect(suites == ["toggle", "pruning", "replay", "drag"])
        #expect(output.components(separatedBy: "    Mine (engine)").count - 1 == 4)
        // The replay's result counts outcomes, which a state-only adapter does not report.
        #expect(output.contains("skips Plain: it reports no outcomes, which a replay's result counts"))
        #expect(!output.contains("skips Mine"))
    }

    @Test func anAdapterWithoutDragSitsOutTheDragSuite() {
        // Alone, it leaves the suite out of the run.
        let alone = run(["--list", "--quick"], [AdapterSubject(NoDragAdapter.self, name: "Seedlike")])
        #expect(alone.code == 0)
        #expect(alone.output.contains("replay: "))
        #expect(!alone.output.contains("drag: "))
        // Beside one that drags, it is listed as skipped in each drag case, saying why.
        let (code, output) = run(
            ["--list", "--quick", "--filter", "drag"],
            [
                AdapterSubject(ReferenceAdapter.self, name: "Mine"),
                AdapterSubject(NoDragAdapter.self, name: "Seedlike"),
            ])
        #expect(code == 0)
        #expect(output.contains("drag: "))
        #expect(output.components(separatedBy: "skips Seedlike: it does not handle drag to select").count - 1 == 2)
        #expect(!output.contains("skips Mine"))
    }

    @Test func aSizeCapIsListedAsASkip() {
        let (_, output) = run(
            ["--list", "--sizes", "1K,10K", "--filter", "toggle"],
            [AdapterSubject(ReferenceAdapter.self, name: "Mine", maximumPhotos: 1_000)])
        #expect(output.contains("skips Mine: capped at 1K photos by its benchmark"))
        #expect(output.components(separatedBy: "skips Mine").count - 1 == 2)  // toggle/10K and its nearby variant
    }

    /// A subject whose selection differs from the others' fails the run, as in gridsim-bench.
    @Test func anAdapterThatComputesAnotherSelectionFailsTheRun() {
        let arguments = [
            "--allow-debug", "--quick", "--quiet", "--sizes", "1K", "--filter", "toggle/1K/nearby",
            "--case-seconds", "0.2",
        ]
        #expect(run(arguments, [AdapterSubject(ReferenceAdapter.self, name: "Mine")]).code == 0)
        #expect(run(arguments, [AdapterSubject(TapNeverUnchoosesAdapter.self, name: "Mine")]).code == 1)
    }
}
