import BenchmarkKit
import Foundation
@_spi(GridSimInternals) import SelectionCore

/// An engine from outside GridSim (a team's own selection code behind an adapter), measured
/// beside GridSim's subjects in the suites that take one: toggle, pruning, replay and drag.
///
/// It runs with the role `engine`, so the gate judges it as it judges GridSim's fast engine:
/// allocations per operation (exact) and its time ratio to the case's anchor. Its results are
/// checked against every other subject's, as theirs are. Package-wide: the kit's benchmark
/// module (GridSimKitBenchmarks) hands adapters in through it; no product exports it.
package struct OutsideEngine: Sendable {
    /// The subject's name in reports and baselines.
    package let name: String
    let engine: any (SelectionEngine & SendableMetatype).Type
    /// The largest grid it runs on; larger cases list it as skipped, saying why.
    package let maximumPhotos: Int?
    /// Why it sits out the replay suite (whose result counts outcomes), or nil when it runs there.
    package let replaySkipReason: String?
    /// Why it sits out the drag suite (its code has no drag to select), or nil when it runs there.
    package let dragSkipReason: String?

    /// `engine` as the subject `name`, on grids of at most `maximumPhotos` photos (nil: every
    /// size). `replaySkipReason` and `dragSkipReason`: why it sits out the replay or the drag
    /// suite, or nil to run it there.
    package init<Engine: SelectionEngine & SendableMetatype>(
        _ engine: Engine.Type, name: String, maximumPhotos: Int? = nil, replaySkipReason: String? = nil,
        dragSkipReason: String? = nil
    ) {
        self.engine = engine
        self.name = name
        self.maximumPhotos = maximumPhotos
        self.replaySkipReason = replaySkipReason
        self.dragSkipReason = dragSkipReason
    }

    /// The outside engines of the run in progress; empty for `gridsim-bench` itself.
    @TaskLocal static var current: [OutsideEngine] = []

    /// The suites that take outside engines: a run with any runs only these (the replay suite
    /// only if one of them replays, the drag suite only if one of them drags).
    static var suites: [any BenchmarkSuite.Type] {
        let replays = current.contains { $0.replaySkipReason == nil }
        let drags = current.contains { $0.dragSkipReason == nil }
        return [ToggleSuite.self, PruningSuite.self] + (replays ? [ReplaySuite.self] : [])
            + (drags ? [DragSuite.self] : [])
    }

    func skipReason(_ parameters: CaseParameters) -> String? {
        guard let maximumPhotos, parameters.size > maximumPhotos else { return nil }
        return "capped at \(GridSizeFormat.label(maximumPhotos)) photos by its benchmark"
    }

    func toggleSubject() -> Subject<ToggleSuite.Fixture> {
        ToggleSuite.engineTaps(engine, name: name, role: .engine, skipReason: skipReason)
    }

    func pruningSubject() -> Subject<PruningSuite.Fixture> {
        PruningSuite.engineLibraryChange(engine, name: name, role: .engine, skipReason: skipReason)
    }

    /// An update is the engine's `apply(.dragMoved(photo))`, after Select and a `dragBegan`.
    func dragSubject() -> Subject<DragSuite.Fixture> {
        DragSuite.engineDrag(engine, name: name, role: .engine) { parameters in
            dragSkipReason ?? skipReason(parameters)
        }
    }

    /// Its loops in the exact gate, over the inputs GridSim counts its own on: a tap at 10K
    /// photos, the library change of the pruning case (1 % of 10K removed), and where it
    /// handles them a replay of the 2,000-event session and a drag update a row at a time.
    /// None where its size cap is below 10K.
    var countedEntries: [CountedEntry] {
        guard (maximumPhotos ?? .max) >= 10_000 else { return [] }
        var entries = [
            CountedEntry(caseID: "toggle/10K", size: 10_000, subject: name, operations: 1_024),
            CountedEntry(caseID: "pruning/10K/1%", size: 10_000, subject: name, operations: 2),
        ]
        if replaySkipReason == nil {
            entries.append(CountedEntry(caseID: "replay/10K", size: 10_000, subject: name, operations: 1))
        }
        if dragSkipReason == nil {
            entries.append(CountedEntry(caseID: "drag/10K/row", size: 10_000, subject: name, operations: 256))
        }
        return entries
    }

    func replaySubject() -> Subject<SyntheticTrace> {
        ReplaySuite.engineReplay(engine, name: name, role: .engine) { parameters in
            replaySkipReason ?? skipReason(parameters)
        }
    }
}

extension BenchCommand {
    /// Runs the benchmark command with `engines` as subjects beside GridSim's own, in the
    /// suites that take them (toggle, pruning, replay) and only those: the same flags,
    /// baselines, gate and exit codes as `gridsim-bench`. Baselines are looked for under the
    /// nearest directory upwards holding a `Package.swift` (yours), as `gridsim-bench` does.
    /// `environment`, `standardOutput` and `countAllocationsOnCallingThreadOnly` are as for
    /// `run(arguments:environment:standardOutput:countAllocationsOnCallingThreadOnly:)`.
    package static func run(
        arguments: [String], outsideEngines engines: [OutsideEngine],
        environment: [String: String] = ProcessInfo.processInfo.environment,
        standardOutput: @escaping (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) },
        countAllocationsOnCallingThreadOnly: Bool = false
    ) -> Int32 {
        OutsideEngine.$current.withValue(engines) {
            run(
                arguments: arguments, environment: environment, standardOutput: standardOutput,
                countAllocationsOnCallingThreadOnly: countAllocationsOnCallingThreadOnly)
        }
    }
}
