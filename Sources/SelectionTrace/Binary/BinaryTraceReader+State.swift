@_spi(GridSimInternals) import SelectionCore
import SelectionSlots

/// The records of SPEC.md section 7: the start state, read with the header, and what the app
/// saw after an event, read right before the event's record.
extension BinaryTraceReader {
    /// Reads the start record the header's flag announces, right after the header's id
    /// definitions, into `header.start`, and checks it against SPEC.md section 1's invariants
    /// over the header's grid and limit. Damage here is an error even when salvaging: the
    /// state every event applies to would be unknown. O(picks), hashing each once.
    mutating func readStart() throws {
        let damageBefore = damage.count
        guard let record = try nextRecord() else {
            throw TraceError(
                .truncated("the file ends before the start state its header announces"),
                at: .byte(source.offset, record: recordCount + 1))
        }
        guard damage.count == damageBefore else {
            throw failure(record, .malformed("damage before the start state: the trace's start cannot be salvaged"))
        }
        guard record.kind == BinaryRecordKind.start else {
            throw failure(
                record,
                .malformed(
                    "a \(BinaryRecordKind.describe(record.kind)) record comes where the header's start state should be"))
        }
        do {
            header.start = try decodeStart(record)
        } catch {
            throw failure(record, error.kind)
        }
        if let violation = header.startViolation {
            throw failure(record, .malformed("the start state breaks an invariant: \(violation)"))
        }
    }

    /// `mode:u8 sheet:u8 pickCount:varint (slotDelta:zigzag)*`, the deltas running through the
    /// record from 0; every pick a slot of the grid (the ids an event defines come later).
    private func decodeStart(_ record: RawRecord) throws(BodyError) -> StartState {
        var cursor = ByteCursor(record.body, count: record.bodyCount)
        let mode = try Self.mode(&cursor)
        let sheetByte = try cursor.byte()
        guard let sheet = BinaryStateCode.sheet(sheetByte) else {
            throw BodyError("bad sheet byte 0x\(String(sheetByte, radix: 16)) (0 none, 1 share, 2 edit)")
        }
        let count = try cursor.count(ofEntriesTaking: 1, "the pick count")
        let gridCount = header.photos.count
        var picks: [PhotoID] = []
        picks.reserveCapacity(count)
        var previous: Int64 = 0
        for _ in 0..<count {
            let delta = try cursor.signedVarint()
            let (slot, overflow) = previous.addingReportingOverflow(delta)
            guard !overflow && slot >= 0 && slot < Int64(gridCount), let id = names.id(for: PhotoSlot(Int(slot))) else {
                throw BodyError(
                    "start pick slot \(overflow ? "overflow" : String(slot)) is not one of the grid's \(gridCount) photos "
                        + "(selection ⊆ photos)")
            }
            picks.append(id)
            previous = slot
        }
        try cursor.expectEnd()
        let start = StartState(mode: mode, picks: picks, sheet: sheet)
        guard !start.isBrowsing else {
            // One encoding per trace: a header without the flag says this.
            throw BodyError("the start record holds the default state (browsing, no picks, no sheet): a header says it by leaving the start-state flag off")
        }
        return start
    }

    /// `fields:u8` then each field its bit names, in bit order (`SeenRecordField`). Only an
    /// event may follow it (`decode` checks the record after). O(record length).
    mutating func decodeSeen(_ record: RawRecord) throws(BodyError) {
        try requireFormatVersion(BinaryRecordKind.seenVersion, for: record)
        var cursor = ByteCursor(record.body, count: record.bodyCount)
        let fields = try cursor.byte()
        guard fields & ~SeenRecordField.known == 0 else {
            throw BodyError("unknown seen field bits 0x\(String(fields & ~SeenRecordField.known, radix: 16))")
        }
        var seen = SeenState()
        if fields & SeenRecordField.mode != 0 { seen.mode = try Self.mode(&cursor) }
        if fields & SeenRecordField.count != 0 { seen.count = try cursor.varint(atMost: Int.max, "the seen count") }
        if fields & SeenRecordField.title != 0 {
            do throws(BodyError) {
                seen.title = try Self.string(&cursor, "the title's length")
            } catch where error.kind == .invalidUTF8 {
                throw BodyError("the title is not valid UTF-8")
            }
        }
        if fields & SeenRecordField.tray != 0 { seen.tray = try Self.strings(&cursor, "the tray's id count") }
        if fields & SeenRecordField.chosen != 0 { seen.chosen = try Self.strings(&cursor, "the chosen id count") }
        if fields & SeenRecordField.chosenDigest != 0 {
            let low = try cursor.uint32()
            let high = try cursor.uint32()
            seen.chosenDigest = ChosenDigest(value: UInt64(low) | UInt64(high) << 32)
        }
        try cursor.expectEnd()
        statistics.seenRecords += 1
        seenState = seen
        seenRecord = record.number
        seenRecordOffset = record.offset
    }

    /// A mode byte: 0 browsing, 1 selecting.
    private static func mode(_ cursor: inout ByteCursor) throws(BodyError) -> Mode {
        let byte = try cursor.byte()
        guard let mode = BinaryStateCode.mode(byte) else {
            throw BodyError("bad mode byte 0x\(String(byte, radix: 16)) (0 browsing, 1 selecting)")
        }
        return mode
    }

    /// `length:varint utf8`.
    private static func string(_ cursor: inout ByteCursor, _ what: String) throws(BodyError) -> String {
        let length = try cursor.count(ofEntriesTaking: 1, what)
        return try cursor.utf8String(count: length)
    }

    /// `count:varint (length:varint utf8)*`: ids as the app wrote them, in or out of the grid.
    private static func strings(_ cursor: inout ByteCursor, _ what: String) throws(BodyError) -> [String] {
        let count = try cursor.count(ofEntriesTaking: 1, what)
        var strings: [String] = []
        strings.reserveCapacity(count)
        for _ in 0..<count { strings.append(try string(&cursor, "an id's length")) }
        return strings
    }

    /// The error for a record other than an event right after a seen record.
    static var notAfterSeen: BodyError {
        BodyError("follows a seen record, which must come right before the record of the event it belongs to")
    }

    /// The error for a start record anywhere but right after the header's definitions.
    var misplacedStart: BodyError {
        header.start.isBrowsing
            ? BodyError("a start record, but the header has no start-state flag")
            : BodyError("a second start record: the start state comes once, right after the header")
    }

    /// The trace ended right after a seen record, before the event it belongs to: a torn tail
    /// (a writer killed between the two records leaves it), as when the event's record is
    /// partial.
    mutating func endAfterSeen() {
        damage.append(
            TraceDamage(
                kind: .tornTail, byteOffset: seenRecordOffset, byteCount: source.offset - seenRecordOffset,
                record: seenRecord, reason: "a seen record without the event it belongs to", eventsBefore: eventCount))
        seenRecord = 0
    }
}
