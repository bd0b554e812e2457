import Foundation
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace
import Testing

/// Damage of every kind, at every place: a reader gives a correct prefix (a torn tail) or a
/// clear error naming the byte offset and record; never a crash, never a wrong event.
@Suite("Binary trace damage")
struct BinaryDamageTests {
    /// A small trace with every kind of record: id definitions (header and later), events of
    /// every kind, sync points, the end record.
    static let trace = BinaryTestTraces.everyFeature(photos: .ids(["a", "b", "c", "3"]))
    static let bytes = trace.binaryEncoded(salt: 0x5EED_5A17, syncInterval: 4)
    static let headerSize = try! BinaryTraceReader(bytes: bytes).headerSize

    /// Checks one damaged copy: intact header and a prefix of the events (perhaps with a
    /// torn tail), or an error that says where.
    static func expectPrefixOrClearError(_ damaged: [UInt8], _ what: String) {
        let outcome = BinaryReadOutcome(damaged)
        if let error = outcome.error {
            #expect(error.byteOffset != nil, "\(what): \(error)")
            #expect(error.byteOffset! <= damaged.count, "\(what): \(error)")
            #expect(!error.message.isEmpty)
            #expect(outcome.events.count <= trace.events.count, "\(what)")
        } else {
            #expect(outcome.header == trace.header, "\(what)")
        }
        #expect(Array(trace.events.prefix(outcome.events.count)) == outcome.events, "\(what): a wrong event")
    }

    @Test func flippingEveryBitOfEveryByteGivesAPrefixOrAClearError() {
        #expect(Self.bytes.count > 200)
        var errors = 0
        for index in Self.bytes.indices {
            for mask: UInt8 in [0xFF, 0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80] {
                var damaged = Self.bytes
                damaged[index] ^= mask
                Self.expectPrefixOrClearError(damaged, "byte \(index) ^ \(mask)")
                if BinaryReadOutcome(damaged).error != nil { errors += 1 }
            }
        }
        // CRC-32C catches every flip of up to 32 bits in a record: nearly all are errors (the
        // rest turn the length of the last record into a torn tail).
        #expect(errors > Self.bytes.count * 9 * 95 / 100)
    }

    @Test func truncatingAtEveryOffsetGivesAPrefixWithATornTailWarning() throws {
        let recordEnds = try Self.allRecordEnds()
        for length in 0..<Self.bytes.count {
            let outcome = BinaryReadOutcome(Array(Self.bytes.prefix(length)))
            #expect(Array(Self.trace.events.prefix(outcome.events.count)) == outcome.events, "cut at \(length)")
            if length < Self.headerSize {
                #expect(outcome.error?.record == nil && outcome.error != nil, "cut at \(length): the header is incomplete")
                continue
            }
            if let error = outcome.error {
                // Only the header's own id definitions may not be cut: the grid would be unknown.
                #expect(error.kind.caseName == "truncated" && error.record != nil, "cut at \(length): \(error)")
                #expect(error.message.contains("before the header's 4 photo ids are defined"), "cut at \(length): \(error)")
                continue
            }
            if recordEnds.contains(length) {
                #expect(outcome.damage.isEmpty, "cut at \(length), a record boundary")
            } else {
                let torn = try #require(outcome.damage.first, "cut at \(length)")
                #expect(torn.kind == .tornTail)
                #expect(torn.eventsBefore == outcome.events.count)
                #expect(torn.byteOffset + torn.byteCount == length)
                #expect(torn.description.contains("the trace ends after \(outcome.events.count) complete events"))
            }
        }
        // Whole, the trace has no damage and every event.
        let whole = BinaryReadOutcome(Self.bytes)
        #expect(whole.events == Self.trace.events && whole.damage.isEmpty && whole.error == nil)
    }

    /// Every record's end (and the header's), by walking the framing.
    static func allRecordEnds() throws -> Set<Int> { try recordEnds(of: bytes) }

    @Test func aBadCRCInTheMiddleNamesTheByteOffsetAndRecord() throws {
        let ends = try Self.allRecordEnds().sorted()
        let recordStart = ends[5]  // the sixth record
        var damaged = Self.bytes
        damaged[ends[6] - 5] ^= 0x10  // the last byte of its body
        let error = try #require(BinaryReadOutcome(damaged).error)
        #expect(error.byteOffset == recordStart)
        #expect(error.record == 6)
        #expect(error.kind.caseName == "badChecksum")
        #expect(error.description.hasPrefix("byte \(recordStart) (record 6): bad CRC-32C: stored 0x"))
    }

    @Test func anImpossibleLengthInTheMiddleIsAnErrorNotATornTail() throws {
        let ends = try Self.allRecordEnds().sorted()
        for length: [UInt8] in [[0x00], [0xFF, 0xFF, 0xFF, 0xFF, 0x0F], [0x7F]] {
            var damaged = Self.bytes
            // Replace the seventh record's one-byte length.
            damaged.replaceSubrange(ends[6]..<ends[6] + 1, with: length)
            let error = try #require(BinaryReadOutcome(damaged).error, "\(length)")
            #expect(error.byteOffset == ends[6])
            #expect(error.record == 7)
            #expect(["impossibleLength", "badChecksum"].contains(error.kind.caseName), "\(error)")
        }
    }

    @Test func aRecordOfAnotherSessionIsRejected() throws {
        let other = Self.trace.binaryEncoded(salt: 0x0BAD_0BAD, syncInterval: 4)
        let ends = try Self.allRecordEnds().sorted()
        // Splice another session's record (its eighth) between this trace's seventh and eighth.
        let otherEnds = try BinaryDamageTests.recordEnds(of: other).sorted()
        let foreign = Array(other[otherEnds[7]..<otherEnds[8]])
        var spliced = Self.bytes
        spliced.insert(contentsOf: foreign, at: ends[7])
        let outcome = BinaryReadOutcome(spliced)
        let error = try #require(outcome.error)
        #expect(error.byteOffset == ends[7] && error.record == 8)
        #expect(error.kind == .foreignRecord(salt: 0x0BAD_0BAD, traceSalt: 0x5EED_5A17))
        // Salvage skips it. Whether it was inserted or overwrote records of this trace cannot be
        // told, so the events up to the next sync point are dropped, and counted, not guessed.
        let salvaged = BinaryReadOutcome(spliced, options: .init(salvage: true))
        #expect(salvaged.error == nil)
        #expect(Self.isSubsequence(salvaged.events, of: Self.trace.events))
        #expect(salvaged.events.count + salvaged.lostEvents == Self.trace.events.count)
        #expect(salvaged.lostEvents <= 4)
        #expect(salvaged.damage.count == 1 && salvaged.damage[0].kind == .skipped)
        #expect(salvaged.damage[0].byteCount == foreign.count)
    }

    /// The offsets where the header and each record end: length varint, salt, body, CRC.
    static func recordEnds(of bytes: [UInt8]) throws -> Set<Int> {
        let headerSize = try BinaryTraceReader(bytes: bytes).headerSize
        var ends: Set<Int> = [headerSize]
        var offset = headerSize
        while offset < bytes.count {
            var length = 0
            var size = 0
            while true {
                let byte = bytes[offset + size]
                length |= Int(byte & 0x7F) << (7 * size)
                size += 1
                if byte < 0x80 { break }
            }
            offset += size + 8 + length
            ends.insert(offset)
        }
        return ends
    }

    @Test func salvageSkipsToTheNextValidRecordAndCountsWhatWasLost() throws {
        // A longer trace with sync points every 10 events: damage costs at most the events up
        // to the next sync point, and the sync point says exactly how many.
        let long = BinaryTestTraces.random(seed: 77, events: 400, photos: 50)
        let bytes = long.binaryEncoded(syncInterval: 10)
        let ends = try Self.recordEnds(of: bytes).sorted()
        var damaged = bytes
        for record in [40, 41, 200] { damaged[ends[record] + 6] ^= 0x55 }
        #expect(BinaryReadOutcome(damaged).error != nil)
        var reader = try BinaryTraceReader(bytes: damaged, options: .init(salvage: true))
        let events = try reader.readAll()
        #expect(reader.damage.count == 2, "\(reader.damage)")  // 40 and 41 are one stretch
        #expect(reader.damage.allSatisfy { $0.kind == .skipped && $0.reason.contains("bad CRC-32C") })
        #expect(!reader.lostEventsIsLowerBound)
        #expect(events.count + reader.lostEvents == long.events.count)
        #expect(reader.lostEvents >= 3 && reader.lostEvents <= 3 + 2 * 10)
        #expect(Self.isSubsequence(events, of: long.events))
    }

    @Test func salvageOfEveryFlipGivesOnlyEventsThatWereWritten() {
        for index in Self.bytes.indices.dropFirst(Self.headerSize) {
            var damaged = Self.bytes
            damaged[index] ^= 0xA5
            let outcome = BinaryReadOutcome(damaged, options: .init(salvage: true))
            if let error = outcome.error {
                // Only damage to the header's id list stops a salvage.
                #expect(error.message.contains("header"), "byte \(index): \(error)")
                continue
            }
            #expect(Self.isSubsequence(outcome.events, of: Self.trace.events), "byte \(index)")
            #expect(outcome.events.count + outcome.lostEvents <= Self.trace.events.count, "byte \(index)")
        }
    }

    /// A definition of a slot far past any that slots can number (a crafted record behind a
    /// valid CRC, found by fuzzing) is damage that a salvaging reader skips, not an overflow.
    @Test func aDefinitionOfAFarSlotIsDamageNotAnOverflow() throws {
        var body: [UInt8] = []
        Varint.append(UInt64(1) << 62, to: &body)
        body += [1, 1, UInt8(ascii: "x")]
        let bytes = BinaryStartSeenTests.fileHeader(TraceHeader(photos: .count(3)))
            + BinaryStartSeenTests.record(0x01, body) + BinaryStartSeenTests.tap(0) + BinaryStartSeenTests.end(1)
        let strict = BinaryReadOutcome(bytes)
        #expect(strict.error?.message.contains("defines slot 4611686018427387904, but the next slot to define is 3") == true)
        let salvaged = BinaryReadOutcome(bytes, options: .init(salvage: true))
        #expect(salvaged.error == nil)
        #expect(salvaged.damage.count == 1 && salvaged.damage.first?.reason.contains("defines more than the limit") == true)
        #expect(salvaged.events.isEmpty && salvaged.lostEvents == 1)
    }

    static func isSubsequence(_ events: [TraceEvent], of all: [TraceEvent]) -> Bool {
        var iterator = all.makeIterator()
        return events.allSatisfy { event in
            while let next = iterator.next() { if next == event { return true } }
            return false
        }
    }

    @Test func bytesAfterTheEndRecordAreAnError() throws {
        let error = try #require(BinaryReadOutcome(Self.bytes + [1, 2, 3]).error)
        #expect(error.kind == .malformed("3 bytes follow the end record at byte \(Self.bytes.count)"))
        guard case .byte(_, _, let recordKind, let eventsBefore, nil) = error.location else {
            Issue.record("not a binary location: \(error)")
            return
        }
        #expect(recordKind == "end" && eventsBefore == Self.trace.events.count)
    }
}

/// Hostile headers and records: refused with a clear error before memory is allocated.
@Suite("Binary trace limits")
struct BinaryTraceLimitTests {
    /// A file header with `body` and a correct CRC, so that the limits, not the checksum, refuse it.
    static func header(body: [UInt8], declaredLength: UInt32? = nil) -> [UInt8] {
        var bytes = BinaryTraceFormat.magic + [1, 0, 0, 0]
        withUnsafeBytes(of: (declaredLength ?? UInt32(body.count)).littleEndian) { bytes.append(contentsOf: $0) }
        let crc = CRC32C.checksum(Array(bytes[8..<16]) + body)
        withUnsafeBytes(of: crc.littleEndian) { bytes.append(contentsOf: $0) }
        return bytes + body
    }

    /// salt, version 1, flags, photo count.
    static func body(flags: UInt8, photoCount: UInt64) -> [UInt8] {
        var body: [UInt8] = [1, 2, 3, 4, 1, flags]
        Varint.append(photoCount, to: &body)
        return body
    }

    static func error(_ bytes: [UInt8], limits: TraceLimits = .default) -> TraceError? {
        BinaryReadOutcome(bytes, options: .init(limits: limits)).error
    }

    @Test func aGridCountOf10To12IsRefused() {
        let error = Self.error(Self.header(body: Self.body(flags: 0, photoCount: 1_000_000_000_000)))
        #expect(error?.kind == .aboveLimit("the grid has 1000000000000 photos, above the limit of 100000000 photos"))
        #expect(error?.record == nil)
    }

    @Test func anIdListOf10To8IsRefused() {
        let error = Self.error(Self.header(body: Self.body(flags: 4, photoCount: 100_000_000)))
        #expect(error?.kind == .aboveLimit("the grid's id list has 100000000 ids, above the limit of 10000000 explicit ids"))
    }

    @Test func aHeaderLengthOf4GiBIsRefused() {
        let error = Self.error(Self.header(body: Self.body(flags: 0, photoCount: 1), declaredLength: .max))
        #expect(error?.byteOffset == 12)
        #expect(error?.kind == .aboveLimit("impossible header length 4294967295 bytes, above the limit of 1048576 bytes"))
    }

    @Test func aRecordLengthOf4GiBIsRefused() throws {
        var bytes = Trace(header: TraceHeader(photos: .count(3)), events: []).binaryEncoded(salt: 7)
        let headerSize = try BinaryTraceReader(bytes: bytes).headerSize
        bytes.removeSubrange(headerSize...)
        Varint.append(UInt64(1) << 32, to: &bytes)
        bytes += [7, 0, 0, 0, 0x12, 0, 0, 0, 0, 0, 0, 0]
        let error = Self.error(bytes)
        #expect(error?.byteOffset == headerSize && error?.record == 1)
        #expect(error?.kind == .impossibleLength("impossible length 4294967296 bytes, above the limit of 67108864 bytes a record"))
        #expect(error?.message.hasSuffix("bytes a record (after event 0)") == true)
    }

    @Test func aLibraryChangeClaimingMillionsOfSlotsInAFewBytesIsRefused() throws {
        var encoder = BinaryTraceEncoder(header: TraceHeader(photos: .count(3)), salt: 9)
        var bytes: [UInt8] = []
        encoder.encodeHeader(into: &bytes)
        // A hand-made record with a valid CRC: removed count 10^8, no entries.
        var record: [UInt8] = []
        var body: [UInt8] = [BinaryRecordKindForTests.libraryChanged]
        Varint.append(UInt64(100_000_000), to: &body)
        Varint.append(body.count, to: &record)
        record += [9, 0, 0, 0] + body
        let crc = CRC32C.checksum(record)
        withUnsafeBytes(of: crc.littleEndian) { record.append(contentsOf: $0) }
        let error = Self.error(bytes + record)
        #expect(error?.message.contains("the removed count 100000000 is more than the 0 bytes left can hold") == true, "\(String(describing: error))")
    }

    @Test func limitsAreConfigurable() throws {
        let trace = BinaryTestTraces.everyFeature()
        let bytes = trace.binaryEncoded()
        #expect(Self.error(bytes) == nil)
        #expect(Self.error(bytes, limits: TraceLimits(maximumPhotoCount: 11))?.kind.caseName == "aboveLimit")
        #expect(Self.error(bytes, limits: TraceLimits(maximumRecordBytes: 40))?.kind.caseName == "impossibleLength")
        #expect(Self.error(bytes, limits: TraceLimits(maximumHeaderBytes: 20))?.location == .byte(12, record: nil))
        #expect(
            Self.error(bytes, limits: TraceLimits(maximumIDListCount: 3))?.kind
                == .aboveLimit("the trace defines more than the limit of 3 photo ids after its header"))
        #expect(
            Self.error(BinaryTestTraces.everyFeature(photos: .ids(["a", "b"])).binaryEncoded(), limits: TraceLimits(maximumIDListCount: 1))?
                .kind == .aboveLimit("the grid's id list has 2 ids, above the limit of 1 explicit ids"))
    }

    /// A header's list and the ids defined after it are limited apart: a list at the limit
    /// with as many ids again defined later reads, one more after it does not.
    @Test func theIdsDefinedAfterTheHeaderHaveALimitOfTheirOwn() throws {
        let bytes = BinaryTestTraces.everyFeature(photos: .ids(["a", "b"])).binaryEncoded()
        var reader = try BinaryTraceReader(bytes: bytes)
        while try reader.nextSlotEvent() != nil {}
        let later = reader.statistics.idsDefinedByEvents
        #expect(later > 2)
        #expect(Self.error(bytes, limits: TraceLimits(maximumIDListCount: later)) == nil)
        #expect(
            Self.error(bytes, limits: TraceLimits(maximumIDListCount: later - 1))?.kind
                == .aboveLimit("the trace defines more than the limit of \(later - 1) photo ids after its header"))
    }

    @Test func aTextHeaderWithTooManyIdsIsRefused() {
        let text = #"{"trace":"photo-grid-selection","version":1,"photos":{"ids":["a","b","c"]}}"#
        #expect(throws: TraceError.self) { try Trace(text: text, limits: TraceLimits(maximumIDListCount: 2)) }
        #expect(throws: Never.self) { try Trace(text: text, limits: TraceLimits(maximumIDListCount: 3)) }
    }
}

/// The kind byte of a library change without time: 0x10 + its position among the events.
enum BinaryRecordKindForTests {
    static let libraryChanged: UInt8 = 0x10 + UInt8(EventName.allCases.firstIndex(of: .libraryChanged)!)
}
