import Foundation
import BenchmarkKit
@_spi(GridSimInternals) import SelectionCore

/// Replay throughput: events per second over a long synthetic trace (see `SyntheticTrace`),
/// each sample a whole replay from a fresh session (built untimed).
enum ReplaySuite: BenchmarkSuite {
    static let name = "replay"
    static let summary = "events per second replaying a long seeded gesture stream from a fresh session"

    /// Each subject's state for one replay, built fresh before every sample.
    struct ReplayRun<Session> {
        var session: Session
    }

    static func subjects(context: SuiteContext) -> [Subject<SyntheticTrace>] {
        [
            // About 1.5 % of the events are library changes, each O(n) in the reference model.
            engineReplay(ReferenceModel.self, name: "ReferenceModel", role: .reference) { parameters in
                Double(parameters.size) * Double(parameters.length) > 2e9
                    ? "each library change rebuilds its grid (O(n)); capped at photos × events ≤ 2·10⁹" : nil
            },
            engineReplay(FastEngine.self, name: "FastEngine", role: .engine),
            fastEngineFromBinary(),
            slotReplay(Set<Int>.self, name: "Set<Int>", role: .peer, injection: .none),
            slotReplay(RoaringBitmap.self, name: "CRoaring", role: .peer, injection: .none),
            slotReplay(PlainBitset.self, name: "bitset", role: .lowerBound, injection: context.injection),
        ] + OutsideEngine.current.map { $0.replaySubject() }
    }

    /// Replays the `Event` spelling through any `SelectionEngine`.
    static func engineReplay<Engine: SelectionEngine>(
        _ engine: Engine.Type, name: String, role: SubjectRole,
        skipReason: @escaping (CaseParameters) -> String? = { _ in nil }
    ) -> Subject<SyntheticTrace> {
        Subject(name: name, role: role, skipReason: skipReason) { trace, _ in
            let configuration = GridConfiguration(photos: .count(trace.photoCount))
            let events = trace.events
            let state = StateBox((engine: Engine(configuration: configuration), tally: OutcomeTally()))
            return PreparedOperation(
                perform: { count in
                    state.withValue { state in
                        for _ in 0..<count {
                            for event in events { state.tally.count(state.engine.apply(event).outcome) }
                        }
                    }
                },
                resetBeforeSample: { state.value = (Engine(configuration: configuration), OutcomeTally()) },
                result: {
                    replayResult(mode: state.value.engine.mode, photoCount: state.value.engine.photoCount,
                                 tally: state.value.tally, selected: EngineSetup.selectedSlots(state.value.engine))
                })
        }
    }

    /// Replays the interned `InternedEvent` spelling through `SlotReplayer<Storage>`.
    static func slotReplay<Storage: SlotSet>(
        _ storage: Storage.Type, name: String, role: SubjectRole, injection: Injection
    ) -> Subject<SyntheticTrace> {
        Subject(name: name, role: role) { trace, _ in
            let events = trace.internedEvents
            let photoCount = trace.photoCount
            let state = StateBox(SlotReplayer<Storage>(photoCount: photoCount))
            return PreparedOperation(
                perform: { count in
                    state.withValue { replayer in
                        for _ in 0..<count {
                            for event in events { replayer.apply(event) }
                            injection.afterOperation(rereading: events)
                        }
                    }
                },
                resetBeforeSample: { state.value = SlotReplayer<Storage>(photoCount: photoCount) },
                result: {
                    replayResult(mode: state.value.mode, photoCount: state.value.grid.count,
                                 tally: state.value.tally, selected: state.value.selection.sortedSlots)
                })
        }
    }

    static func cases(size: Int, context: SuiteContext, include: (String) -> Bool) -> [BenchmarkCase] {
        guard include(BenchmarkCase.id(suite: name, size: size)) else { return [] }
        let events = context.replayEvents
        let fixture = SharedFixture(users: 1) { SyntheticTrace(photoCount: size, length: events) }
        let sample = SyntheticTrace(photoCount: size, length: min(events, 20_000))
        let bytesPerEvent = Double(binaryTrace(sample).count) / Double(max(1, sample.events.count))
        return [
            BenchmarkCase(
                suite: name, size: size, parameters: CaseParameters(size: size, length: events),
                operationName: "replay of \(events) events", itemName: "events", itemsPerOperation: events,
                operationsPerSample: .fixed(1), allocationOperations: 1,
                anchor: "Set<Int>",
                notes: [
                    "a seeded stream of \(events) events: long presses, runs of nearby taps, Deselect all, Select all (1 session in 500), library changes, Done, Back",
                    "the peers replay slot-interned events through a minimal reducer (mode, grid, selection, outcome tally; no effects); ReferenceModel replays the string events and builds every Step",
                    "each sample replays the whole trace from a fresh session, built untimed",
                    "FastEngine from .gstrace reads the trace as a binary trace: \(String(format: "%.1f", bytesPerEvent)) bytes per event",
                ],
                fixture: fixture, subjects: subjects(context: context)),
        ]
    }
}

/// The result of a replay: mode, grid size, outcome tally and the selection, fingerprinted.
func replayResult(mode: Mode, photoCount: Int, tally: OutcomeTally, selected: [Int]) -> ResultFingerprint {
    let header = [mode == .selecting ? 1 : 0, photoCount, tally.applied, tally.ignored, tally.rejected]
    return ResultFingerprint(
        canonical: header + selected,
        summary: "\(mode.rawValue), \(photoCount) photos, \(selected.count) chosen; \(tally.applied) applied, \(tally.ignored) ignored, \(tally.rejected) rejected")
}
