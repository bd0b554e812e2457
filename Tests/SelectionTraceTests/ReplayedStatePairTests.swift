import Foundation
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace
import TestSupport
import Testing
@_spi(GridSimInternals) import TraceReplay

/// `ReplayedStatePair` takes the states an `EventStore` of the whole trace restores, from
/// every kind of source, and still reads the whole trace.
@Suite("Replayed state pair")
struct ReplayedStatePairTests {
    @Test(arguments: 0..<3)
    func bothStatesAreTheStatesAnEventStoreRestores(_ index: Int) throws {
        let trace = StreamedReplayTests.sessions[index]
        var store = EventStore(configuration: trace.header.configuration)
        for event in trace.events { _ = store.apply(event.event) }
        let sources = try StreamedReplayTests.files(trace).map { try ReplaySource(path: $0) } + [ReplaySource(trace)]
        for source in sources {
            for (earlier, later) in [(0, 0), (0, 1), (3, 3), (57, 200), (199, 400), (0, 400)] as [(Int, Int?)] + [(57, nil), (400, nil)] {
                let pair = try ReplayedStatePair.after(earlier, and: later, of: source)
                let name = "\(source.path ?? "memory") \(earlier)...\(later.map(String.init) ?? "end")"
                #expect(pair.eventCount == 400, "\(name)")
                let first = try #require(pair.earlier, "\(name)")
                let last = try #require(pair.later, "\(name)")
                let expectedFirst = store.state(at: earlier)
                let expectedLast = store.state(at: later ?? 400)
                #expect(ReplayFinal(first) == ReplayFinal(expectedFirst), "\(name)")
                #expect(ReplayFinal(last) == ReplayFinal(expectedLast), "\(name)")
                #expect(SnapshotDiff(from: first, to: last) == SnapshotDiff(from: expectedFirst, to: expectedLast), "\(name)")
                let rendered = last.slots.ids(for: SnapshotDiff(from: first, to: last).selection.added)
                #expect(rendered == store.engine.slots.ids(for: SnapshotDiff(from: expectedFirst, to: expectedLast).selection.added))
            }
        }
    }

    @Test func stepsBeyondTheTraceAreNotReachedButTheTraceIsCounted() throws {
        let source = ReplaySource(StreamedReplayTests.sessions[0])
        let beyond = try ReplayedStatePair.after(10, and: 401, of: source)
        #expect(beyond.earlier != nil && beyond.later == nil && beyond.eventCount == 400)
        let both = try ReplayedStatePair.after(500, and: nil, of: source)
        #expect(both.earlier == nil && both.later != nil && both.eventCount == 400)
        let negative = try ReplayedStatePair.after(-1, and: 5, of: source)
        #expect(negative.earlier == nil && negative.later != nil)
    }

    @Test func aMalformedLineAfterTheLaterStepIsStillAnError() throws {
        let text = StreamedReplayTests.sessions[1].text + "{\"event\":\"tap\"}\n"
        let path = try ScratchDirectory.make("pair").appendingPathComponent("bad.jsonl").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let error = try #require(throws: TraceError.self) {
            try ReplayedStatePair.after(1, and: 3, of: try ReplaySource(path: path))
        }
        #expect(error.location == .line(402))
    }
}
