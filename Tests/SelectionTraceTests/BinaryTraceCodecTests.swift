import Foundation
@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
@_spi(GridSimInternals) import SelectionTrace
import Testing
@_spi(GridSimInternals) import TraceReplay

@Suite("Binary trace codec")
struct BinaryTraceCodecTests {
    @Test(arguments: try Fixtures.scenarioTraces)
    func everyScenarioRoundTripsAndReplaysToItsCheckedReport(_ name: String) throws {
        let trace = try Trace(contentsOfFile: Fixtures.path(ofTrace: name))
        let decoded = try Trace(binary: trace.binaryEncoded())
        #expect(decoded == trace)
        let expected = try String(contentsOfFile: Fixtures.reportPath(ofTrace: name), encoding: .utf8)
        #expect(Replayer.replay(decoded, engine: FastEngine.self).json == expected)
        #expect(Replayer.replay(decoded, engine: ReferenceModel.self).json == expected)
    }

    @Test(arguments: [PhotoList.count(12), .count(0), .ids(["a", "b", "3", "ünï", ""]), .ids([])])
    func everyEventKindHeaderFieldAndIdShapeRoundTrips(_ photos: PhotoList) throws {
        for limit in [nil, 3, 0, -7] as [Int?] {
            let trace = BinaryTestTraces.everyFeature(photos: photos, limit: limit)
            #expect(try Trace(binary: trace.binaryEncoded()) == trace)
            // Through text and back as well: the two codecs agree.
            #expect(try Trace(binary: Trace(text: trace.text).binaryEncoded()) == trace)
        }
    }

    @Test(arguments: 0..<40)
    func randomTracesRoundTripWithAnySyncInterval(_ seed: Int) throws {
        let trace = BinaryTestTraces.random(seed: UInt64(seed), events: 200, photos: seed * 7)
        for interval in [1, 3, 4096] {
            #expect(try Trace(binary: trace.binaryEncoded(syncInterval: interval)) == trace, "seed \(seed) interval \(interval)")
        }
    }

    /// The slots the reader hands out are the slots a FastEngine interns, so replaying by
    /// slot gives the state that replaying by id does.
    @Test(arguments: 0..<20)
    func replayBySlotEqualsReplayById(_ seed: Int) throws {
        let trace = BinaryTestTraces.random(seed: UInt64(1000 + seed), events: 300, photos: 5 + seed * 3)
        var reader = try BinaryTraceReader(bytes: trace.binaryEncoded(syncInterval: 16))
        var slotSteps: [SlotStep] = []
        var engine = FastEngine(configuration: reader.header.configuration)
        try BinaryTraceReplay.replay(&reader, into: &engine) { _, step in slotSteps.append(step) }
        let byID = Replayer.replay(trace, engine: FastEngine.self)
        #expect(slotSteps.map { engine.slots.step(for: $0) } == byID.steps.map(\.step))
        #expect(ReplayFinal(engine) == byID.final)
    }

    @Test func slotEventsOfACountedGridNeedNoDefinitions() throws {
        let trace = Trace(
            header: TraceHeader(photos: .count(1_000_000)),
            events: [TraceEvent(t: 0, .longPress("999999")), TraceEvent(t: 5, .tap("1")), TraceEvent(t: 9, .tap("1000000"))])
        var reader = try BinaryTraceReader(bytes: trace.binaryEncoded())
        var events: [TimedSlotEvent] = []
        while let event = try reader.nextSlotEvent() { events.append(event) }
        #expect(events == [TimedSlotEvent(t: 0, .longPress(999_998)), TimedSlotEvent(t: 5, .tap(0)), TimedSlotEvent(t: 9, .tap(999_999))])
        #expect(reader.statistics.idDefinitionRecords == 0)
        #expect(reader.statistics.hasEndRecord)
    }

    @Test func aLargeExplicitGridAndLongRecordsStreamAcrossBufferBoundaries() throws {
        // 20,000 ids (several definition records), and a library change whose record is
        // larger than the reader's 1 MiB buffer.
        let ids = (0..<20_000).map { "IMG_\($0).HEIC" }
        var events = (0..<5_000).map { TraceEvent(t: $0, .tap(ids[$0 * 7 % ids.count])) }
        events.append(TraceEvent(t: 6_000, .libraryChanged(removed: Array(ids.prefix(15_000)) + ids, inserted: (0..<150_000).map { Insertion(photo: "n\($0)", at: $0) })))
        events += (0..<5_000).map { TraceEvent(t: 7_000 + $0, .tap("n\($0 * 13)")) }
        let trace = Trace(header: TraceHeader(photos: .ids(ids)), events: events)
        let directory = try BinaryTestTraces.temporaryDirectory()
        let path = directory.appendingPathComponent("large.gstrace").path
        let bytes = trace.binaryEncoded()
        #expect(bytes.count > 2 << 20)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        var reader = try BinaryTraceReader(path: path)
        #expect(reader.header == trace.header)
        #expect(try reader.readAll() == trace.events)
        #expect(reader.damage.isEmpty)
        #expect(reader.statistics.idsDefinedByEvents == 150_000)
    }

    @Test func syncPointsAreWrittenAtTheIntervalAndChecked() throws {
        let trace = BinaryTestTraces.random(seed: 9, events: 100, photos: 30)
        var reader = try BinaryTraceReader(bytes: trace.binaryEncoded(syncInterval: 10))
        _ = try reader.readAll()
        #expect(reader.statistics.syncRecords == 9)
    }

    @Test func theHeaderKeepsItsFieldsAndTheSaltIsRandomPerSession() throws {
        let trace = BinaryTestTraces.everyFeature()
        let first = try BinaryTraceReader(bytes: trace.binaryEncoded())
        let second = try BinaryTraceReader(bytes: trace.binaryEncoded())
        #expect(first.header == trace.header)
        // Without a start state, the version a file has always had.
        #expect(first.formatVersion == Int(BinaryTraceFormat.versionWithoutStartState))
        #expect(first.salt != second.salt)
        #expect(try BinaryTraceReader(bytes: trace.binaryEncoded(salt: 0xDEAD_BEEF)).salt == 0xDEAD_BEEF)
    }

    @Test func aTextTraceIsNotABinaryTrace() throws {
        let text = try String(contentsOfFile: Fixtures.path(ofTrace: "back-both-modes.jsonl"), encoding: .utf8)
        #expect {
            _ = try BinaryTraceReader(bytes: Array(text.utf8))
        } throws: { error in
            let error = error as? TraceError
            return error?.kind == .notBinaryTrace(looksLikeText: true) && error?.location == .byte(0, record: nil)
        }
    }
}
