@testable import GridSimKitBenchmarks
import GridSimKit
import Testing

/// A bug the toggle suite's result check sees: a tap on a chosen photo does not unchoose it.
struct TapNeverUnchoosesAdapter: SelectionAdapter {
    var inner: ReferenceAdapter
    init(photos: [PhotoID], limit: Int?, reduceMotion: Bool) {
        inner = ReferenceAdapter(photos: photos, limit: limit, reduceMotion: reduceMotion)
    }
    mutating func apply(_ event: Event) -> Step? {
        if case .tap(let photo) = event, inner.mode == .selecting, inner.chosenPhotos.contains(photo) { return nil }
        return inner.apply(event)
    }
    var mode: Mode { inner.mode }
    var chosenPhotos: [PhotoID] { inner.chosenPhotos }
    var photos: [PhotoID] { inner.photos }
    var tray: [PhotoID] { inner.tray }
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
            [AdapterSubject(ReferenceAdapter.self, name: "Mine"), AdapterSubject(StateOnlyAdapter.self, name: "Plain")])
        #expect(code == 0)
        let suites = output.split(separator: "\n").filter { !$0.hasPrefix(" ") && $0.contains(": ") }.map {
            $0.prefix { $0 != ":" }
        }
        #expect(suites == ["toggle", "pruning", "replay"])
        #expect(output.components(separatedBy: "    Mine (engine)").count - 1 == 3)
        // The replay's result counts outcomes, which a state-only adapter does not report.
        #expect(output.contains("skips Plain: it reports no outcomes, which a replay's result counts"))
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
        let arguments = ["--allow-debug", "--quick", "--quiet", "--sizes", "1K", "--filter", "toggle/1K/nearby", "--case-seconds", "0.2"]
        #expect(run(arguments, [AdapterSubject(ReferenceAdapter.self, name: "Mine")]).code == 0)
        #expect(run(arguments, [AdapterSubject(TapNeverUnchoosesAdapter.self, name: "Mine")]).code == 1)
    }
}
