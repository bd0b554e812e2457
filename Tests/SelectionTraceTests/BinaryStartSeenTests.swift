import Foundation
@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
import TestSupport
import Testing

@_spi(GridSimInternals) @testable import SelectionTrace
@_spi(GridSimInternals) import TraceReplay

/// SPEC.md section 7 in binary traces (docs/binary-trace-format.md, version 3): a header's
/// start state is a start record after the header's id definitions, an event's `seen` a seen
/// record right before the event's own; both read back exactly on every read path, malformed
/// ones are refused saying where and why, and a trace without either is written byte for
/// byte as before.
@Suite("Binary start states and seen records")
struct BinaryStartSeenTests {
    static let salt: UInt32 = 0x1A2B_3C4D

    // MARK: Traces

    /// A few events over `photos` with `header`'s start, some with a seen.
    static func trace(_ photos: PhotoList, limit: Int? = nil, start: StartState, version: Int = 2) -> Trace {
        let ids = photos.ids
        let events = [
            TraceEvent(t: 10, .tap(ids[0]), seen: SeenState(mode: .selecting, count: 1)),
            TraceEvent(.tap(ids[ids.count - 1])),
            TraceEvent(t: 30, .dismiss, seen: SeenState(title: "whatever the app said")),
            TraceEvent(t: 40, .tap("new-photo"), seen: SeenState(chosen: ["new-photo"])),
            TraceEvent(t: 50, .done),
        ]
        return Trace(header: TraceHeader(version: version, photos: photos, limit: limit, start: start), events: events)
    }

    /// Start states of every shape, over grids given by count and by ids.
    static let startTraces: [Trace] = [
        trace(.count(15), start: StartState(mode: .selecting)),
        trace(.count(15), start: StartState(mode: .selecting, picks: ["3", "1", "15"], sheet: .share)),
        trace(.count(15), limit: 3, start: StartState(mode: .selecting, picks: ["9", "2", "14"])),
        trace(.count(200), limit: 0, start: StartState(mode: .selecting, picks: ["200"], sheet: .edit)),
        trace(.ids(["a", "ünï", "", "3", "z"]), start: StartState(mode: .selecting, picks: ["", "3", "ünï"], sheet: .edit)),
        trace(.ids(["a", "b", "c", "d"]), limit: 3, start: StartState(mode: .selecting, picks: ["c", "a"])),
        trace(.ids(["a", "b"]), start: StartState(mode: .selecting, sheet: .share)),
    ]

    /// Every combination of seen's six fields (bit i of the index: SPEC.md's i-th field), with
    /// ids in and out of the grid, empty and unicode strings, and a digest with its high bits set.
    static func seenOfEveryCombination(_ combination: Int) -> SeenState {
        var seen = SeenState()
        if combination & 1 != 0 { seen.mode = combination & 64 == 0 ? .selecting : .browsing }
        if combination & 2 != 0 { seen.count = combination * 1_000_003 }
        if combination & 4 != 0 { seen.title = combination % 3 == 0 ? "" : "\(combination) sélectionnées 📷" }
        if combination & 8 != 0 { seen.tray = ["2", "never-in-the-grid", "", "ünï \"q\""] }
        if combination & 16 != 0 { seen.chosen = combination % 5 == 0 ? [] : ["1", "2", "p\(combination)"] }
        if combination & 32 != 0 { seen.chosenDigest = ChosenDigest(value: 0xFEDC_BA98_7654_3210 &+ UInt64(combination)) }
        return seen
    }

    /// 64 events, each with one combination of seen's fields (the first with none: `{}`),
    /// between events without one; ids met first in an event that has a seen.
    static let seenTrace: Trace = {
        var events: [TraceEvent] = []
        for combination in 0..<64 {
            let event: Event = combination % 4 == 0 ? .tap("new-\(combination)") : combination % 4 == 1 ? .done : .longPress("2")
            events.append(TraceEvent(t: combination % 3 == 0 ? nil : combination * 10, event, seen: seenOfEveryCombination(combination)))
            if combination % 7 == 0 {
                events.append(TraceEvent(.libraryChanged(removed: ["1"], inserted: [Insertion(photo: "lib-\(combination)", at: 0)])))
            }
        }
        events.append(TraceEvent(t: 9_999, .select))
        return Trace(header: TraceHeader(photos: .count(12), limit: 4), events: events)
    }()

    /// `trace` followed by the first `count` events of `seenTrace`, their times after its own.
    static func withSeens(_ trace: Trace, _ count: Int) -> Trace {
        var trace = trace
        trace.events += seenTrace.events.prefix(count).map { event in
            var event = event
            event.t = event.t.map { $0 + 1_000 }
            return event
        }
        return trace
    }

    /// Reads `bytes` every way a reader reads: `next()`, `nextSlotEvent()` with `seen`,
    /// `nextKind()` with `seen`, salvaging; each must give `trace`'s events and seens.
    static func expectEveryReadPath(_ bytes: [UInt8], give trace: Trace) throws {
        #expect(try Trace(binary: bytes) == trace)
        #expect(try Trace(binary: bytes, options: .init(salvage: true)) == trace)
        var bySlot = try BinaryTraceReader(bytes: bytes)
        #expect(bySlot.header == trace.header)
        var index = 0
        while let timed = try bySlot.nextSlotEvent() {
            #expect(bySlot.event(for: timed.event) == trace.events[index].event)
            #expect(bySlot.seen == trace.events[index].seen, "event \(index + 1)")
            index += 1
        }
        #expect(index == trace.events.count)
        #expect(bySlot.damage.isEmpty)
        #expect(bySlot.seen == nil, "the end record is no event")
        var byKind = try BinaryTraceReader(bytes: bytes, options: .init(keepsIDs: false))
        index = 0
        while let (name, t) = try byKind.nextKind() {
            #expect(name == trace.events[index].event.name && t == trace.events[index].t)
            #expect(byKind.seen == trace.events[index].seen, "event \(index + 1)")
            index += 1
        }
        #expect(index == trace.events.count)
        #expect(bySlot.statistics.seenRecords == trace.events.filter { $0.seen != nil }.count)
    }

    // MARK: Round trips

    @Test(arguments: 0..<startTraces.count)
    func aStartStateRoundTripsAsVersion3(_ index: Int) throws {
        let trace = Self.startTraces[index]
        for syncInterval in [1, 2, 128] {
            let bytes = trace.binaryEncoded(salt: Self.salt, syncInterval: syncInterval)
            #expect(Array(bytes[8..<10]) == [3, 0], "format version 3")
            let reader = try BinaryTraceReader(bytes: bytes)
            #expect(reader.formatVersion == 3)
            #expect(reader.header.start == trace.header.start)
            try Self.expectEveryReadPath(bytes, give: trace)
        }
    }

    /// Replaying by slot starts the engine from the start state, as replaying by id does.
    @Test(arguments: 0..<startTraces.count)
    func aStartStateIsWhereReplayBySlotBegins(_ index: Int) throws {
        let trace = Self.startTraces[index]
        var reader = try BinaryTraceReader(bytes: trace.binaryEncoded())
        let engine = try BinaryTraceReplay.replay(&reader)
        let byID = Replayer.replay(trace, engine: FastEngine.self)
        #expect(ReplayFinal(engine) == byID.final)
        let model = Replayer.replay(trace, engine: ReferenceModel.self)
        #expect(model.final == byID.final)
        // Not where a trace without a start state ends.
        var withoutStart = trace
        withoutStart.header.start = .browsing
        #expect(Replayer.replay(withoutStart, engine: FastEngine.self).steps != byID.steps)
    }

    /// A header says the state every trace begins with by having none: no flag, no record,
    /// version 2, the bytes of a header without it.
    @Test func theDefaultStartStateIsNoStartState() throws {
        let trace = Self.trace(.count(15), start: StartState(mode: .browsing))
        let bytes = trace.binaryEncoded(salt: Self.salt)
        var plain = trace
        plain.header = TraceHeader(version: 2, photos: .count(15))
        #expect(bytes == plain.binaryEncoded(salt: Self.salt))
        #expect(Array(bytes[8..<10]) == [2, 0])
        #expect(try Trace(binary: bytes) == trace)
    }

    /// As in a text trace, a start state makes the trace version 2.
    @Test func aStartStateWritesTraceVersion2() throws {
        let trace = Self.trace(.count(15), start: StartState(mode: .selecting, picks: ["4"]), version: 1)
        let read = try Trace(binary: trace.binaryEncoded())
        #expect(read.header.version == 2)
        #expect(read == (try Trace(text: trace.text)))
    }

    @Test func everyCombinationOfSeenFieldsRoundTrips() throws {
        let trace = Self.seenTrace
        for syncInterval in [1, 3, 128] {
            let bytes = trace.binaryEncoded(salt: Self.salt, syncInterval: syncInterval)
            #expect(Array(bytes[8..<10]) == [2, 0], "no start state: version 2")
            try Self.expectEveryReadPath(bytes, give: trace)
        }
        // And with a start state, over a grid given by ids.
        var withStart = trace
        withStart.header = TraceHeader(
            version: 2, photos: .ids((1...12).map(String.init)), limit: 4,
            start: StartState(mode: .selecting, picks: ["7", "2"], sheet: .share))
        try Self.expectEveryReadPath(withStart.binaryEncoded(syncInterval: 5), give: withStart)
    }

    /// An empty `seen` (`{}`) is not a missing one.
    @Test func anEmptySeenIsKeptApartFromNone() throws {
        let trace = Trace(
            header: TraceHeader(photos: .count(3)), events: [TraceEvent(.select, seen: SeenState()), TraceEvent(.done)])
        let read = try Trace(binary: trace.binaryEncoded())
        #expect(read.events[0].seen == SeenState())
        #expect(read.events[1].seen == nil)
        #expect(read.text == trace.text)
        #expect(read.text.contains(#""seen":{}"#))
    }

    /// A replay by slot hears each event's seen, and skipping the rest of a trace steps over
    /// them.
    @Test func theSlotPathsHearOrStepOverSeen() throws {
        let trace = Self.seenTrace
        let bytes = trace.binaryEncoded(syncInterval: 8)
        var reader = try BinaryTraceReader(bytes: bytes)
        var engine = FastEngine(configuration: reader.header.configuration)
        var heard: [SeenState?] = []
        var departures = 0
        let applied = try reader.applyUnnamed(to: &engine, limit: 40, seeing: { _, _, engine, _, seen in
            heard.append(seen)
            // The engine's own names cover the header's photos: compare what needs no other.
            if let seen, engine.departure(from: SeenState(mode: seen.mode, count: seen.count)) != nil { departures += 1 }
        })
        #expect(applied == 40)
        #expect(heard == trace.events.prefix(40).map(\.seen))
        #expect(departures > 0, "the made-up seens do not agree with SPEC.md")
        #expect(try reader.skipToEnd() == trace.events.count - 40)
        #expect(reader.damage.isEmpty)
        #expect(reader.statistics.hasEndRecord)
        // A replay that hears nothing reaches the same state.
        var quiet = try BinaryTraceReader(bytes: bytes)
        var quietEngine = FastEngine(configuration: quiet.header.configuration)
        #expect(try quiet.applyUnnamed(to: &quietEngine, limit: 40) == 40)
        #expect(ReplayFinal(quietEngine, names: quiet.names) == ReplayFinal(engine, names: reader.names))
    }

    /// Replays and states after a step from binary files with start and seen are the text
    /// traces', through the two-pass streamed report (which reads a listed header once and
    /// the start state twice), by slot and by id.
    @Test(arguments: [0, 4, 5])
    func replaysFromBinaryAreReplaysFromText(_ index: Int) throws {
        let trace = Self.withSeens(Self.startTraces[index], 30)
        let files = try StreamedReplayTests.files(trace)
        let fromText = try ReplaySource(path: files[0])
        let fromBinary = try ReplaySource(path: files[1])
        #expect(fromBinary.header == trace.header)
        for format in [ReplayReportFormat.json, .table] {
            let expected = try StreamedReplayTests.streamed(fromText, FastEngine.self, format).text
            #expect(try StreamedReplayTests.streamed(fromBinary, FastEngine.self, format).text == expected)
            #expect(try StreamedReplayTests.streamed(fromBinary, ReferenceModel.self, format).text == expected)
        }
        for step in [0, 1, 7, trace.events.count] {
            let text = try ReplayedState.after(step, of: fromText)
            #expect(try ReplayedState.after(step, of: fromBinary).state == text.state)
            #expect(try ReplayedState.after(step, of: fromBinary).eventCount == trace.events.count)
        }
    }

    // MARK: Conversion

    /// A version 2 trace of SPEC.md section 7, as `TextTraceEncoding` writes it.
    static let section7Text = """
        {"trace":"photo-grid-selection","version":2,"photos":{"ids":["a","b","c","d"]},"limit":3,"start":{"mode":"selecting","picks":["c","a"]},"meta":{"app":"example"}}
        {"t":5120,"event":"tap","photo":"d","seen":{"mode":"selecting","count":3,"title":"3 selected","chosenDigest":"d5cfd5289861a8f5"}}
        {"t":5200,"event":"removeFromTray","photo":"c","seen":{"tray":["a","d"],"chosen":["a","d"]}}
        {"t":5300,"event":"tap","photo":"zz","seen":{"mode":"browsing","count":0,"title":"Long press a photo","tray":[],"chosen":["not \\"in\\" the grid","ünï"],"chosenDigest":"0000000000000000"}}
        {"t":5300,"event":"share"}
        {"event":"dismiss","seen":{}}
        {"t":6000,"event":"libraryChanged","removed":["b"],"inserted":[{"photo":"n","at":1}],"seen":{"count":2}}

        """

    @Test func textToBinaryToTextIsTheIdentity() throws {
        #expect(try Trace(text: Self.section7Text).text == Self.section7Text, "the text is what the text writer writes")
        let text = try TraceConversionTests.file("section7.jsonl", Array(Self.section7Text.utf8))
        let binary = try TraceConversionTests.convert(text, to: .binary)
        #expect(Array(binary[8..<10]) == [3, 0])
        #expect(binary == (try Trace(text: Self.section7Text)).binaryEncoded(salt: 0x1234, syncInterval: 8))
        let back = try TraceConversionTests.file("section7.gstrace", binary)
        #expect(try TraceConversionTests.convert(back, to: .text) == Array(Self.section7Text.utf8))
        #expect(try TraceConversionTests.convert(back, to: .binary) == binary)
        // A trace of seens without a start state: version 2 both ways.
        let seenOnly = Self.seenTrace
        let seenText = try TraceConversionTests.file("seen.jsonl", Array(seenOnly.text.utf8))
        let seenBinary = try TraceConversionTests.convert(seenText, to: .binary)
        #expect(Array(seenBinary[8..<10]) == [2, 0])
        let seenBack = try TraceConversionTests.file("seen.gstrace", seenBinary)
        #expect(try TraceConversionTests.convert(seenBack, to: .text) == Array(seenOnly.text.utf8))
    }

    // MARK: Files without start or seen are unchanged

    /// What the encoder of the commit before binary start states and seen records wrote for
    /// these traces (salt `0x5EED0001`): byte count, CRC-32C and FNV-1a 64 of the bytes.
    static let bytesBefore: [(file: String, syncInterval: Int, count: Int, crc: UInt32, fnv: UInt64)] = [
        ("Traces/back-both-modes.jsonl", 4, 363, 0x6f1b_9dbe, 0x3d48_21d4_e671_d503),
        ("Traces/back-both-modes.jsonl", 128, 321, 0xf5e4_8936, 0x9adb_10a9_20f8_d04f),
        ("Traces/contextual-walkthrough.jsonl", 4, 419, 0xf51a_06d2, 0xbd0a_ffb9_525e_afeb),
        ("Traces/contextual-walkthrough.jsonl", 128, 377, 0x24e4_08c9, 0x9521_c588_e411_9c47),
        ("Traces/drag-to-select-limit.jsonl", 4, 946, 0x5ea0_bf3e, 0xb1db_9fd8_ed73_ed57),
        ("Traces/drag-to-select-limit.jsonl", 128, 876, 0x9905_c6c1, 0x6bdf_1ce9_d116_5980),
        ("Traces/drag-to-select.jsonl", 4, 843, 0xa064_9149, 0x68d5_59e4_dbc1_de37),
        ("Traces/drag-to-select.jsonl", 128, 773, 0x8346_fc23, 0x9b52_e886_d7c1_efa8),
        ("Traces/grid-photos-disappear.jsonl", 4, 477, 0xb67c_a6fe, 0x3ef2_d06d_2102_8aa9),
        ("Traces/grid-photos-disappear.jsonl", 128, 435, 0xf3ad_8068, 0x6f18_ce77_cfff_67bc),
        ("Traces/picker-tray-limit.jsonl", 4, 456, 0xb896_9a54, 0x5715_4631_6e8b_02f1),
        ("Traces/picker-tray-limit.jsonl", 128, 414, 0x95d9_ab61, 0x049b_d36d_fa45_b332),
        ("Traces/picker-tray-remove.jsonl", 4, 533, 0xb42a_4325, 0xc9b5_25b0_33c1_4ae6),
        ("Traces/picker-tray-remove.jsonl", 128, 491, 0x2a74_bcce, 0x554a_1772_580d_5283),
        ("Traces/share-edit-keep-mode.jsonl", 4, 457, 0xcb35_0bd0, 0xe4bc_f580_9c18_10be),
        ("Traces/share-edit-keep-mode.jsonl", 128, 401, 0x6866_20a2, 0x2c25_d5ac_f290_d458),
        ("Traces/regressions/engines-agree-0xa3e9f06af3bc918.jsonl", 4, 367, 0xf1e3_e521, 0x1ae5_ab05_a594_4905),
        ("Traces/regressions/text-round-trip-section-6-events.jsonl", 4, 327, 0x9fdf_074c, 0xc7c1_ae54_6f83_6f85),
        ("Traces/regressions/text-round-trip-section-6-events.jsonl", 128, 314, 0xe87c_550f, 0x644a_8381_a560_29d8),
        ("Fuzz/seeds/section6-events.jsonl", 4, 459, 0x7973_540c, 0x0514_b4cc_e086_177d),
        ("Fuzz/seeds/section6-events.jsonl", 128, 392, 0xf26b_bbae, 0x58cd_3cf8_5b05_b721),
    ]

    static func fnv(_ bytes: [UInt8]) -> UInt64 {
        bytes.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }

    @Test(arguments: 0..<bytesBefore.count)
    func aTraceWithoutStartOrSeenIsWrittenAsBefore(_ index: Int) throws {
        let before = Self.bytesBefore[index]
        let path = PackageRoot.appending(before.file).path
        let bytes = try Trace(contentsOfFile: path).binaryEncoded(salt: 0x5EED_0001, syncInterval: before.syncInterval)
        #expect(bytes.count == before.count)
        #expect(CRC32C.checksum(bytes) == before.crc)
        #expect(Self.fnv(bytes) == before.fnv)
        // The streaming conversion writes the same bytes.
        var reader = try TraceFileReader(path: path)
        var sink = MemoryByteSink()
        _ = try TraceConversion.convert(&reader, to: .binary, into: &sink, salt: 0x5EED_0001, syncInterval: before.syncInterval)
        #expect(sink.bytes == bytes)
    }

    // MARK: Crafted files

    /// A record of this file's session: length, salt, kind, body, CRC-32C.
    static func record(_ kind: UInt8, _ body: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        Varint.append(1 + body.count, to: &bytes)
        withUnsafeBytes(of: salt.littleEndian) { bytes.append(contentsOf: $0) }
        bytes.append(kind)
        bytes += body
        withUnsafeBytes(of: CRC32C.checksum(bytes).littleEndian) { bytes.append(contentsOf: $0) }
        return bytes
    }

    static func zigzag(_ value: Int64) -> UInt8 { UInt8(Varint.zigzag(value)) }

    /// A tap on `slot` as the first event naming a photo (its delta from slot 0), without `t`.
    static func tap(_ slot: Int64) -> [UInt8] { record(0x12, [zigzag(slot)]) }

    static func end(_ events: UInt8) -> [UInt8] { record(BinaryRecordKind.end, [events]) }

    /// The file header alone, and its id definitions, of `header`: with a start state, its
    /// flag set but its record left out, for a test to put its own.
    static func fileHeader(_ header: TraceHeader) -> [UInt8] {
        var encoder = BinaryTraceEncoder(header: header, salt: salt)
        var bytes: [UInt8] = []
        encoder.encodeHeader(into: &bytes)
        guard !header.start.isBrowsing else { return bytes }
        return Array(bytes[..<startRecordOffset(bytes)])
    }

    /// Where the start record begins in `bytes` (a header with a start state, and its records).
    static func startRecordOffset(_ bytes: [UInt8]) -> Int {
        var offset = 20 + (Int(bytes[12]) | Int(bytes[13]) << 8 | Int(bytes[14]) << 16 | Int(bytes[15]) << 24)
        while true {
            var length = 0
            var shift = 0
            var position = offset
            while true {
                let byte = bytes[position]
                length |= Int(byte & 0x7F) << shift
                position += 1
                shift += 7
                if byte < 0x80 { break }
            }
            if bytes[position + 4] == BinaryRecordKind.start { return offset }
            offset = position + 4 + length + 4
        }
    }

    /// `bytes` with the header body's byte at `index` (0: the salt's first) set to `value`,
    /// and the header's CRC made good again.
    static func withHeaderBodyByte(_ index: Int, _ value: UInt8, _ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        bytes[20 + index] = value
        let bodyLength = Int(bytes[12]) | Int(bytes[13]) << 8
        let crc = CRC32C.checksum(Array(bytes[8..<16]) + bytes[20..<(20 + bodyLength)])
        for index in 0..<4 { bytes[16 + index] = UInt8(truncatingIfNeeded: crc >> (8 * index)) }
        return bytes
    }

    /// The error reading `bytes` gives, which must name a record and a byte offset.
    static func refusal(_ bytes: [UInt8], salvage: Bool = false) throws -> TraceError {
        let outcome = BinaryReadOutcome(bytes, options: .init(salvage: salvage))
        return try #require(outcome.error)
    }

    static let counted = TraceHeader(version: 2, photos: .count(15), limit: 3, start: StartState(mode: .selecting, picks: ["1"]))

    /// Start records that do not decode, or break an invariant: refused at the record, with
    /// the rule or the field named, salvaging or not.
    @Test(arguments: [
        ([1, 0, 2, 2, 0], "the start state breaks an invariant: start picks \"2\" twice (picks is a permutation of selection)"),
        ([1, 0, 4, 0, 2, 2, 2], "the start state breaks an invariant: start has 4 picks, above the limit of 3 (|selection| ≤ limit)"),
        ([0, 0, 1, 4], "the start state breaks an invariant: start is browsing with picks (browsing ⇒ selection = ∅)"),
        ([0, 2, 0], "the start state breaks an invariant: start is browsing with a sheet (browsing ⇒ sheet = none)"),
        ([1, 0, 2, 2, 36], "start pick slot 19 is not one of the grid's 15 photos (selection ⊆ photos)"),
        ([1, 0, 1, 1], "start pick slot -1 is not one of the grid's 15 photos (selection ⊆ photos)"),
        ([2, 0, 0], "bad mode byte 0x2 (0 browsing, 1 selecting)"),
        ([1, 3, 0], "bad sheet byte 0x3 (0 none, 1 share, 2 edit)"),
        ([1], "the record ends inside a field"),
        ([1, 0, 2, 2], "the pick count 2 is more than the 1 bytes left can hold"),
        ([1, 0, 0, 0], "1 unexpected bytes at the end of the record"),
        ([0, 0, 0], "the start record holds the default state (browsing, no picks, no sheet)"),
    ] as [([UInt8], String)])
    func aBadStartRecordIsRefusedNamingIt(_ body: [UInt8], _ message: String) throws {
        let header = Self.fileHeader(Self.counted)
        let bytes = header + Self.record(BinaryRecordKind.start, body) + Self.tap(0) + Self.end(1)
        for salvage in [false, true] {
            let error = try Self.refusal(bytes, salvage: salvage)
            #expect(error.byteOffset == header.count && error.record == 1, "\(error)")
            #expect(error.message.hasPrefix("start record: "), "\(error)")
            #expect(error.message.contains(message), "\(error)")
        }
    }

    @Test func aStartRecordOutOfPlaceIsRefused() throws {
        let flagged = Self.fileHeader(Self.counted)
        let start = Self.record(BinaryRecordKind.start, [1, 0, 1, 0])
        // The flag, and an event where the start record should be.
        var error = try Self.refusal(flagged + Self.tap(0) + Self.end(1))
        #expect(error.byteOffset == flagged.count && error.record == 1)
        #expect(error.message == "tap record: a tap record comes where the header's start state should be (after event 0)")
        // A second start record, after an event.
        error = try Self.refusal(flagged + start + Self.tap(0) + start + Self.end(1))
        #expect(error.byteOffset == flagged.count + start.count + Self.tap(0).count && error.record == 3)
        #expect(error.message.contains("start record: a second start record: the start state comes once, right after the header"))
        // A start record without the flag.
        let plain = Self.fileHeader(TraceHeader(photos: .count(15)))
        error = try Self.refusal(plain + start + Self.tap(0) + Self.end(1))
        #expect(error.byteOffset == plain.count && error.record == 1)
        #expect(error.message.contains("start record: a start record, but the header has no start-state flag"))
        // Salvaging skips such a record as damage: the trace says no start state.
        let salvaged = BinaryReadOutcome(plain + start + Self.tap(0) + Self.end(1), options: .init(salvage: true))
        #expect(salvaged.error == nil && salvaged.header?.start == .browsing)
        #expect(salvaged.damage.map(\.kind) == [.skipped])
        // The file ends before the start record.
        error = try Self.refusal(flagged)
        #expect(error.kind == .truncated("the file ends before the start state its header announces"))
        // A listed grid's start record comes after all its ids.
        let listed = Self.fileHeader(
            TraceHeader(version: 2, photos: .ids(["a", "b"]), start: StartState(mode: .selecting, picks: ["b"])))
        let headerOnly = try BinaryReadOutcome(listed + start + Self.end(0)).header
        #expect(headerOnly?.start == StartState(mode: .selecting, picks: ["a"]))
        let idsAfterStart = Array(listed[..<(listed.count - Self.record(BinaryRecordKind.idDefinitions, [0, 2, 1, 97, 1, 98]).count)])
        error = try Self.refusal(idsAfterStart + start + Self.end(0))
        #expect(error.message.contains("a start record comes before the header's 2 photo ids are all defined (0 so far)"), "\(error)")
    }

    /// A salvaging reader does not guess a start state: damage before it is an error.
    @Test func damageBeforeTheStartStateIsAnErrorEvenWhenSalvaging() throws {
        let flagged = Self.fileHeader(Self.counted)
        var damaged = Self.record(BinaryRecordKind.start, [1, 0, 1, 0])
        damaged[damaged.count - 1] ^= 0x55
        let bytes = flagged + damaged + Self.record(BinaryRecordKind.start, [1, 0, 1, 2]) + Self.tap(0) + Self.end(1)
        #expect(try Self.refusal(bytes).kind.caseName == "badChecksum")
        let error = try Self.refusal(bytes, salvage: true)
        #expect(error.message.contains("damage before the start state: the trace's start cannot be salvaged"), "\(error)")
    }

    /// The header's flag: only in format version 3, only with trace version 2.
    @Test func theStartFlagNeedsVersion3AndTraceVersion2() throws {
        let bytes = Self.counted.binaryEncodedHeaderAndEnd()
        #expect(try BinaryTraceReader(bytes: bytes).header.start == Self.counted.start)
        var error = try #require(BinaryReadOutcome(BinaryFormatVersionTests.withFormatVersion(2, bytes)).error)
        #expect(error.record == nil && error.byteOffset == 20 + 6, "the flags byte: \(error)")
        #expect(error.message == "the header's start-state flag needs format version 3, but the file is format version 2")
        // The trace version is the body's fifth byte.
        error = try #require(BinaryReadOutcome(Self.withHeaderBodyByte(4, 1, bytes)).error)
        #expect(error.record == nil)
        #expect(error.message == "a start state needs trace version 2 (SPEC.md section 7), found trace version 1")
        // An unknown flag is still refused.
        error = try #require(BinaryReadOutcome(Self.withHeaderBodyByte(5, 0x30, bytes)).error)
        #expect(error.message == "unknown header flags 0x20")
    }

    /// A second reader given the header the first read checks that the start state is the same.
    @Test func aSecondReaderChecksTheStartStateItWasGiven() throws {
        let trace = Self.startTraces[5]
        let path = try TraceConversionTests.file("known.gstrace", trace.binaryEncoded())
        let first = try BinaryTraceReader(path: path)
        var second = try BinaryTraceReader(path: path, knownHeader: first.header)
        #expect(try second.readAll() == trace.events)
        var changed = first.header
        changed.start.picks = ["a"]
        #expect {
            _ = try BinaryTraceReader(path: path, knownHeader: changed)
        } throws: { error in
            (error as? TraceError)?.message.contains("the trace changed since its header was read: its start state differs") == true
        }
    }

    /// Seen records that do not decode: refused at the record, naming it.
    @Test(arguments: [
        ([1, 2], "bad mode byte 0x2 (0 browsing, 1 selecting)"),
        ([0x40], "unknown seen field bits 0x40"),
        ([0x80 | 1, 1], "unknown seen field bits 0x80"),
        ([2], "the record ends inside a number"),
        ([2, 0x80], "the record ends inside a number"),
        ([4, 50, 97, 98], "the title's length 50 is more than the 2 bytes left can hold"),
        ([4, 2, 0xC3, 0x28], "the title is not valid UTF-8"),
        ([8, 1, 2, 0xC3, 0x28], "a photo id is not valid UTF-8"),
        ([8, 3, 1, 97], "the tray's id count 3 is more than the 2 bytes left can hold"),
        ([16, 1, 2, 97], "an id's length 2 is more than the 1 bytes left can hold"),
        ([32, 1, 2, 3, 4, 5, 6, 7], "the record ends inside a field"),
        ([0, 0], "1 unexpected bytes at the end of the record"),
        ([2, 1, 7], "1 unexpected bytes at the end of the record"),
    ] as [([UInt8], String)])
    func aBadSeenRecordIsRefusedNamingIt(_ body: [UInt8], _ message: String) throws {
        let header = Self.fileHeader(TraceHeader(photos: .count(15)))
        let tap = Self.tap(0)
        let bytes = header + tap + Self.record(BinaryRecordKind.seen, body) + Self.record(0x12, [0]) + Self.end(2)
        let error = try Self.refusal(bytes)
        #expect(error.byteOffset == header.count + tap.count && error.record == 2, "\(error)")
        #expect(error.message == "seen record: \(message) (after event 1)", "\(error)")
        // Salvaging skips it and keeps the event after it, without a seen: no event is lost.
        let salvaged = BinaryReadOutcome(bytes, options: .init(salvage: true))
        #expect(salvaged.error == nil)
        #expect(salvaged.damage.count == 1 && salvaged.damage.first?.kind == .skipped)
        #expect(salvaged.events == [TraceEvent(.tap("1")), TraceEvent(.tap("1"))])
        #expect(salvaged.lostEvents == 0)
    }

    /// Only an event may follow a seen record: anything else is refused where it stands.
    @Test(arguments: [
        (BinaryRecordKind.sync, [1, 0, 0] as [UInt8], "sync point"),
        (BinaryRecordKind.idDefinitions, [15, 1, 1, 120], "id definitions"),
        (BinaryRecordKind.seen, [2, 1], "seen"),
        (BinaryRecordKind.end, [1], "end"),
    ])
    func aSeenRecordNotRightBeforeAnEventIsRefused(_ kind: UInt8, _ body: [UInt8], _ name: String) throws {
        let header = Self.fileHeader(TraceHeader(photos: .count(15)))
        let prefix = header + Self.tap(0) + Self.record(BinaryRecordKind.seen, [2, 1])
        let bytes = prefix + Self.record(kind, body) + Self.record(0x12, [0]) + Self.end(2)
        let error = try Self.refusal(bytes)
        #expect(error.byteOffset == prefix.count && error.record == 3, "\(error)")
        #expect(
            error.message
                == "\(name) record: follows a seen record, which must come right before the record of the event it belongs to (after event 1)")
        // Skipping to the end after the first event finds it too.
        var reader = try BinaryTraceReader(bytes: bytes)
        _ = try reader.nextSlotEvent()
        #expect(throws: TraceError.self) { _ = try reader.skipToEnd() }
    }

    /// A trace cut right after a seen record ends before that seen's event: a torn tail, as a
    /// recorder killed between the two records leaves, on every read path.
    @Test func aTraceEndingAfterASeenRecordHasATornTail() throws {
        let header = Self.fileHeader(TraceHeader(photos: .count(15)))
        let prefix = header + Self.tap(0)
        let bytes = prefix + Self.record(BinaryRecordKind.seen, [2, 1])
        let outcome = BinaryReadOutcome(bytes)
        #expect(outcome.error == nil)
        #expect(outcome.events == [TraceEvent(.tap("1"))])
        let torn = try #require(outcome.damage.first)
        #expect(outcome.damage.count == 1)
        #expect(torn.kind == .tornTail && torn.byteOffset == prefix.count && torn.byteCount == bytes.count - prefix.count)
        #expect(torn.record == 2 && torn.eventsBefore == 1)
        #expect(torn.reason == "a seen record without the event it belongs to")
        var counting = try BinaryTraceReader(bytes: bytes, options: .init(keepsIDs: false))
        while try counting.nextKind() != nil {}
        #expect(counting.tornTail == torn)
        var skipping = try BinaryTraceReader(bytes: bytes)
        #expect(try skipping.skipToEnd() == 1)
        #expect(skipping.tornTail == torn)
        // Cut inside the event's record instead: the torn tail is the event's.
        let cut = BinaryReadOutcome(bytes + Array(Self.record(0x12, [2]).prefix(5)))
        #expect(cut.damage.map(\.kind) == [.tornTail] && cut.damage.first?.byteOffset == bytes.count)
    }

    /// No version 1 writer wrote a seen record.
    @Test func aSeenRecordInAVersion1FileIsRefused() throws {
        let trace = Trace(header: TraceHeader(photos: .count(3)), events: [TraceEvent(.select, seen: SeenState(count: 0))])
        let bytes = BinaryFormatVersionTests.withFormatVersion(1, trace.binaryEncoded())
        let error = try Self.refusal(bytes)
        #expect(error.message == "seen record: seen records need format version 2, but the file is format version 1 (after event 0)")
    }

    /// Every flipped bit and every cut of a trace with a start state and seens gives the
    /// events with their own seens, a prefix of them, or a clear error; salvaging, never a
    /// seen on an event it was not written with.
    @Test func damageNeverMovesASeenToAnotherEvent() throws {
        let trace = Self.withSeens(Self.startTraces[5], 12)
        let bytes = trace.binaryEncoded(salt: Self.salt, syncInterval: 3)
        func isSubsequence(_ events: [TraceEvent]) -> Bool {
            var rest = trace.events[...]
            for event in events {
                guard let index = rest.firstIndex(of: event) else { return false }
                rest = rest[(index + 1)...]
            }
            return true
        }
        for index in bytes.indices {
            for mask: UInt8 in [0x01, 0x80, 0xFF] {
                var damaged = bytes
                damaged[index] ^= mask
                let strict = BinaryReadOutcome(damaged)
                #expect(Array(trace.events.prefix(strict.events.count)) == strict.events, "byte \(index) ^ \(mask)")
                let salvaged = BinaryReadOutcome(damaged, options: .init(salvage: true))
                #expect(isSubsequence(salvaged.events), "byte \(index) ^ \(mask), salvaged")
            }
        }
        for length in 0..<bytes.count {
            let outcome = BinaryReadOutcome(Array(bytes.prefix(length)))
            #expect(Array(trace.events.prefix(outcome.events.count)) == outcome.events, "cut at \(length)")
        }
    }

    // MARK: The docs' example

    /// docs/binary-trace-format.md's example of a start state and a seen, byte for byte.
    static let docsExample: [UInt8] = BinaryFormatVersionTests.bytes(
        """
        89 47 53 54 52 0d 0a 1a 03 00 00 00 08 00 00 00 30 42 35 fe 4d 3c 2b 1a 02 16 06 04
        0b 4d 3c 2b 1a 01 00 04 01 61 01 62 01 63 01 64 a0 3e 55 90
        06 4d 3c 2b 1a 04 01 00 02 04 03 a7 e9 d1 b3
        0c 4d 3c 2b 1a 05 23 01 03 f5 a8 61 98 28 d5 cf d5 1e 06 9a ac
        04 4d 3c 2b 1a 92 80 28 06 6b 40 6e bf
        02 4d 3c 2b 1a 03 01 4e 89 04 6b
        """)

    @Test func theDocsExampleIsWhatTheWriterWrites() throws {
        let trace = try Trace(
            text: """
                {"trace":"photo-grid-selection","version":2,"photos":{"ids":["a","b","c","d"]},"limit":3,"start":{"mode":"selecting","picks":["c","a"]}}
                {"t":5120,"event":"tap","photo":"d","seen":{"mode":"selecting","count":3,"chosenDigest":"d5cfd5289861a8f5"}}
                """)
        let bytes = trace.binaryEncoded(salt: Self.salt)
        #expect(bytes == Self.docsExample)
        #expect(try Trace(binary: Self.docsExample) == trace)
    }
}

extension TraceHeader {
    /// The binary trace of this header and no event.
    func binaryEncodedHeaderAndEnd() -> [UInt8] {
        Trace(header: self, events: []).binaryEncoded(salt: BinaryStartSeenTests.salt)
    }
}
