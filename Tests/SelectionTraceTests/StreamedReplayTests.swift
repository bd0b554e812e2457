import Foundation
import SeededRandom
@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
@_spi(GridSimInternals) import SelectionTrace
import TestSupport
import Testing
@_spi(GridSimInternals) import TraceReplay

/// The streamed report is the in-memory report, byte for byte, from every kind of source;
/// `ReplayedState` is the state a full replay reaches; skipping and state-only replay change
/// no state.
@Suite("Streamed replay")
struct StreamedReplayTests {
    /// A seeded session of every event kind, actions on the selection included (Delete,
    /// Move, Share, Edit), over a grid given by count or by ids, with or without a limit.
    static func session(seed: UInt64, events: Int = 400, photos: Int = 40) -> Trace {
        var random = SplitMix64(seed: seed)
        let byIDs = Bool.random(using: &random)
        let list: PhotoList = byIDs ? .ids((0..<photos).map { "p\($0)" }) : .count(photos)
        let ids = list.ids
        var fresh = 0
        func anyPhoto() -> PhotoID {
            Int.random(in: 0..<15, using: &random) == 0 ? "gone-\(fresh)" : ids[Int.random(in: 0..<ids.count, using: &random)]
        }
        var trace: [TraceEvent] = []
        for index in 0..<events {
            let event: Event
            switch Int.random(in: 0..<20, using: &random) {
            case 0..<3: event = .longPress(anyPhoto())
            case 3..<10: event = .tap(anyPhoto())
            case 10:
                fresh += 1
                event = .libraryChanged(
                    removed: [anyPhoto(), anyPhoto()], inserted: [.init(photo: "new-\(index)", at: Int.random(in: -2...photos, using: &random))])
            default:
                event = [.selectAll, .deselectAll, .done, .back, .delete, .move, .share, .edit, .dismiss, .select][
                    Int.random(in: 0..<10, using: &random)]
            }
            trace.append(TraceEvent(t: index * 7, event))
        }
        return Trace(header: TraceHeader(photos: list, limit: Bool.random(using: &random) ? 6 : nil), events: trace)
    }

    static let sessions = (1...6).map { session(seed: $0) }

    /// Writes `trace` to a scratch file as text and as binary; returns both paths.
    static func files(_ trace: Trace) throws -> [String] {
        let directory = try ScratchDirectory.make("streamed")
        let text = directory.appendingPathComponent("trace.jsonl").path
        let binary = directory.appendingPathComponent("trace.gstrace").path
        try trace.text.write(toFile: text, atomically: true, encoding: .utf8)
        try Data(trace.binaryEncoded(salt: 0x1234_5678, syncInterval: 16)).write(to: URL(fileURLWithPath: binary))
        return [text, binary]
    }

    /// The report streamed through blocks of `blockSize` bytes, and the blocks' sizes.
    static func streamed<Engine: SelectionEngine>(
        _ source: ReplaySource, _ engine: Engine.Type, _ format: ReplayReportFormat, blockSize: Int = 64
    ) throws -> (text: String, blocks: [Int]) {
        var bytes: [UInt8] = []
        var blocks: [Int] = []
        var output = ReportOutput(blockSize: blockSize) { block in
            bytes.append(contentsOf: block)
            blocks.append(block.count)
        }
        try StreamedReplay.writeReport(of: source, engine: engine, format: format, to: &output)
        return (String(decoding: bytes, as: UTF8.self), blocks)
    }

    @Test(arguments: try Fixtures.scenarioTraces)
    func streamedReportOfAScenarioIsItsCheckedReport(_ name: String) throws {
        let expected = try String(contentsOfFile: Fixtures.reportPath(ofTrace: name), encoding: .utf8)
        let source = try ReplaySource(path: Fixtures.path(ofTrace: name))
        #expect(try Self.streamed(source, FastEngine.self, .json).text == expected)
        #expect(try Self.streamed(source, ReferenceModel.self, .json).text == expected)
        let trace = try Trace(contentsOfFile: Fixtures.path(ofTrace: name))
        #expect(try Self.streamed(source, FastEngine.self, .table).text == Replayer.replay(trace, engine: FastEngine.self).table)
    }

    @Test func theSessionsDeleteMoveAndShareChosenPhotos() {
        let actions = Self.sessions.flatMap { Replayer.replay($0, engine: FastEngine.self).steps.compactMap(\.step.action) }
        #expect(actions.contains { if case .deleted(let photos) = $0 { !photos.isEmpty } else { false } })
        #expect(actions.contains { if case .moved(let photos) = $0 { !photos.isEmpty } else { false } })
        #expect(actions.contains { if case .present(_, let photos) = $0 { !photos.isEmpty } else { false } })
    }

    @Test(arguments: 0..<6)
    func streamedReportIsTheInMemoryReportFromEverySource(_ index: Int) throws {
        let trace = Self.sessions[index]
        let report = Replayer.replay(trace, engine: ReferenceModel.self)
        let sources = try Self.files(trace).map { try ReplaySource(path: $0) } + [ReplaySource(trace)]
        for source in sources {
            for format in [ReplayReportFormat.json, .table] {
                let expected = format == .json ? report.json : report.table
                #expect(try Self.streamed(source, FastEngine.self, format).text == expected, "\(source.path ?? "memory") \(format)")
                #expect(try Self.streamed(source, ReferenceModel.self, format).text == expected)
            }
        }
    }

    @Test func blocksAreHandedOverWholeStepsAtATime() throws {
        let trace = Self.sessions[0]
        let (text, blocks) = try Self.streamed(ReplaySource(trace), FastEngine.self, .json, blockSize: 256)
        #expect(blocks.count > 10)
        // Every block but the last holds at least a block; none splits a line.
        #expect(blocks.dropLast().allSatisfy { $0 >= 256 })
        var offset = 0
        let utf8 = Array(text.utf8)
        for size in blocks.dropLast() {
            offset += size
            #expect(utf8[offset - 1] == UInt8(ascii: "}") || utf8[offset - 1] == UInt8(ascii: "\n") || utf8[offset - 1] == UInt8(ascii: "["))
        }
    }

    @Test func aMalformedTraceFailsBeforeAnythingIsWritten() throws {
        let text = Self.sessions[1].text + "{\"event\":\"tap\"}\n" + "{\"event\":\"done\"}\n"
        let path = try ScratchDirectory.make("streamed").appendingPathComponent("bad.jsonl").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        var written = 0
        var output = ReportOutput(blockSize: 1) { written += $0.count }
        #expect(throws: TraceError.self) {
            try StreamedReplay.writeReport(of: try ReplaySource(path: path), engine: FastEngine.self, format: .json, to: &output)
        }
        #expect(written == 0)
        let error = try #require(throws: TraceError.self) { try ReplayedState.after(3, of: try ReplaySource(path: path)) }
        #expect(error.kind == .malformed(#"event "tap" needs field "photo""#))
        #expect(error.location == .line(402))
    }

    @Test func aTraceThatChangesBetweenThePassesIsAnError() throws {
        let directory = try ScratchDirectory.make("streamed")
        let path = directory.appendingPathComponent("changing.jsonl").path
        try Self.sessions[2].text.write(toFile: path, atomically: true, encoding: .utf8)
        let replay = try StreamedReplay(try ReplaySource(path: path), engine: FastEngine.self, format: .json)
        try Trace(header: Self.sessions[2].header, events: Array(Self.sessions[2].events.prefix(10))).text
            .write(toFile: path, atomically: true, encoding: .utf8)
        var output = ReportOutput { _ in }
        #expect(throws: TraceError(.changedWhileReading(firstPassEvents: 400, secondPassEvents: 10))) { try replay.write(to: &output) }
    }

    @Test(arguments: 0..<3)
    func stateAfterAStepIsTheStateAFullReplayReaches(_ index: Int) throws {
        let trace = Self.sessions[index]
        let sources = try Self.files(trace).map { try ReplaySource(path: $0) } + [ReplaySource(trace)]
        var reference = ReferenceModel(configuration: trace.header.configuration)
        var expected = [ReplayFinal(reference)]
        for event in trace.events {
            _ = reference.apply(event.event)
            expected.append(ReplayFinal(reference))
        }
        for source in sources {
            for step in [0, 1, 2, 57, 200, 399, 400] {
                let fast = try ReplayedState.after(step, of: source)
                #expect(fast.state == expected[step], "\(source.path ?? "memory") at \(step)")
                #expect(fast.eventCount == 400)
                let model = try ReplayedState.after(step, of: source, engine: ReferenceModel.self)
                #expect(model.state == expected[step])
            }
            for step in [-1, 401] {
                let beyond = try ReplayedState.after(step, of: source)
                #expect(beyond.state == nil && beyond.eventCount == 400)
            }
        }
    }

    @Test(arguments: 0..<6)
    func anEngineThatListsNoActionPhotosReachesTheSameStates(_ index: Int) {
        let trace = Self.sessions[index]
        var listing = FastEngine(configuration: trace.header.configuration)
        var statesOnly = FastEngine(configuration: trace.header.configuration)
        statesOnly.listsActionPhotos = false
        for (seq, event) in trace.events.enumerated() {
            let full = listing.apply(event.event)
            let bare = statesOnly.apply(event.event)
            #expect(full.outcome == bare.outcome && full.announcement == bare.announcement, "step \(seq + 1)")
            #expect(listing.state == statesOnly.state, "step \(seq + 1)")
            #expect(listing.photos == statesOnly.photos)
            if case .deleted(let photos) = full.action, !photos.isEmpty {
                #expect(bare.action == .deleted([]))
            }
        }
    }

    @Test func skippingTheRestOfABinaryTraceCountsItsEventsAndChecksItsRecords() throws {
        let trace = Self.sessions[3]
        let bytes = trace.binaryEncoded(salt: 7, syncInterval: 16)
        var reader = try BinaryTraceReader(bytes: bytes)
        for _ in 0..<100 { _ = try reader.nextSlotEvent() }
        #expect(try reader.skipToEnd() == 300)
        #expect(reader.eventCount == 400 && reader.isAtEnd && reader.statistics.hasEndRecord)

        var damaged = bytes
        damaged[bytes.count * 3 / 4] ^= 0x40
        var damagedReader = try BinaryTraceReader(bytes: damaged)
        for _ in 0..<100 { _ = try damagedReader.nextSlotEvent() }
        let error = try #require(throws: TraceError.self) { try damagedReader.skipToEnd() }
        #expect(error.byteOffset != nil && !error.message.isEmpty)

        var torn = try BinaryTraceReader(bytes: bytes.dropLast(3))
        #expect(try torn.skipToEnd() == 400)
        #expect(torn.tornTail != nil)
    }
}

@Suite("Report output")
struct ReportOutputTests {
    static func written(_ body: (inout ReportOutput) -> Void) -> String {
        let collector = ReportOutput.Collector()
        var output = ReportOutput(sink: collector.sink)
        body(&output)
        try! output.flush()
        return collector.text
    }

    @Test(arguments: [0, 7, 10, 99, 1_000_000, -1, -10, Int.max, Int.min])
    func integersAreWrittenAsStringWritesThem(_ value: Int) {
        #expect(Self.written { $0.write(integer: value) } == String(value))
    }

    @Test(arguments: ["", "plain", "quote \" and \\ backslash", "tab\tnew\nline\rcr", "\u{1}\u{1f}\u{7f}", "ünïcode 🎞️", "\u{0}"])
    func stringsAreQuotedAsJSONWriterQuotesThem(_ value: String) {
        var json = JSONWriter()
        json.string(value)
        #expect(Self.written { $0.write(quoted: value) } == json.text)
    }
}
