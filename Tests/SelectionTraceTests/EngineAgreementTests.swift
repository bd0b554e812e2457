@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace
import Testing
@_spi(GridSimInternals) import TraceReplay

/// The fast engine against the reference model on every trace in Traces/, step by step:
/// state, outcome, reason, announcements and effects.
@Suite("Fast engine agrees with the reference")
struct EngineAgreementTests {
    @Test(arguments: try Fixtures.scenarioTraces)
    func everyStepAgrees(_ name: String) throws {
        let trace = try Trace(contentsOfFile: Fixtures.path(ofTrace: name))
        var reference = ReferenceModel(configuration: trace.header.configuration)
        var fast = FastEngine(configuration: trace.header.configuration)
        #expect(fast.state == reference.state)
        for (index, traceEvent) in trace.events.enumerated() {
            let expected = reference.apply(traceEvent.event)
            let actual = fast.apply(traceEvent.event)
            #expect(actual == expected, "\(name) step \(index + 1): \(traceEvent.event)")
            #expect(fast.state == reference.state, "\(name) state after step \(index + 1)")
            #expect(fast.title == reference.title)
            #expect(fast.toolbar == reference.toolbar)
            #expect(fast.tray == reference.tray)
            for photo in reference.photos {
                #expect(fast.accessibilityValue(for: photo) == reference.accessibilityValue(for: photo))
            }
        }
    }

    @Test(arguments: try Fixtures.scenarioTraces)
    func reportsAreIdentical(_ name: String) throws {
        let trace = try Trace(contentsOfFile: Fixtures.path(ofTrace: name))
        #expect(Replayer.replay(trace, engine: FastEngine.self).json == Replayer.replay(trace, engine: ReferenceModel.self).json)
    }

    /// A grid given by ids: in the listed order, numeric-looking ids included; a hand-made
    /// list with repeats keeps each id where it first appears.
    @Test(arguments: [["b", "a", "c"], ["3", "1", "20", "x"], ["b", "a", "b", "c", "a"]])
    func anExplicitGridKeepsItsOrder(_ ids: [PhotoID]) {
        var fast = FastEngine(configuration: GridConfiguration(photos: .ids(ids)))
        var firstOccurrences: [PhotoID] = []
        for id in ids where !firstOccurrences.contains(id) { firstOccurrences.append(id) }
        #expect(fast.photos == firstOccurrences)
        #expect(firstOccurrences.allSatisfy(fast.contains) && !fast.contains("1000"))
        _ = fast.apply(.longPress(firstOccurrences[1]))
        _ = fast.apply(.tap(firstOccurrences[0]))
        #expect(fast.chosenPhotos == Array(firstOccurrences.prefix(2)))
    }

    @Test(arguments: PruningStrategy.allCases)
    func everyPruningStrategyAgrees(_ strategy: PruningStrategy) throws {
        let trace = try Trace(contentsOfFile: Fixtures.path(ofTrace: "grid-photos-disappear.jsonl"))
        var reference = ReferenceModel(configuration: trace.header.configuration)
        var fast = FastEngine(configuration: trace.header.configuration)
        fast.pruning = strategy
        for traceEvent in trace.events {
            #expect(fast.apply(traceEvent.event) == reference.apply(traceEvent.event))
            #expect(fast.state == reference.state)
        }
    }
}
