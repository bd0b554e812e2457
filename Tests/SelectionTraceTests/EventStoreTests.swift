@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace
import Testing

/// `EventStore.state(at:)` against a fresh replay of the prefix, and snapshot diffs against the
/// states they join.
@Suite("Event store")
struct EventStoreTests {
    static let intervals = [1, 2, 3, 1024]

    @Test(arguments: try Fixtures.scenarioTraces, intervals)
    func stateAtEveryStepEqualsAFreshReplay(_ name: String, interval: Int) throws {
        let trace = try Trace(contentsOfFile: Fixtures.path(ofTrace: name))
        var store = EventStore(configuration: trace.header.configuration, checkpointInterval: interval)
        for traceEvent in trace.events { _ = store.apply(traceEvent.event) }
        #expect(store.eventCount == trace.events.count)
        for step in 0...trace.events.count {
            var fresh = ReferenceModel(configuration: trace.header.configuration)
            for traceEvent in trace.events.prefix(step) { _ = fresh.apply(traceEvent.event) }
            #expect(store.state(at: step).state == fresh.state, "\(name) at \(step)")
        }
    }

    @Test(arguments: try Fixtures.scenarioTraces)
    func diffBetweenAnyTwoStepsRebuildsTheLaterState(_ name: String) throws {
        let trace = try Trace(contentsOfFile: Fixtures.path(ofTrace: name))
        var store = EventStore(configuration: trace.header.configuration, checkpointInterval: 4)
        for traceEvent in trace.events { _ = store.apply(traceEvent.event) }
        let states = (0...trace.events.count).map { store.state(at: $0) }
        for old in states.indices {
            for new in states.indices {
                let diff = SnapshotDiff(from: states[old], to: states[new])
                #expect(diff.grid.apply(to: states[old].grid.order) == states[new].grid.order)
                var chosen = Set(states[old].selection)
                chosen.subtract(diff.selection.removed)
                chosen.formUnion(diff.selection.added)
                #expect(chosen == Set(states[new].selection), "\(name) \(old) -> \(new)")
            }
        }
    }
}
