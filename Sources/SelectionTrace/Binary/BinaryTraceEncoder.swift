@_spi(GridSimInternals) import SelectionCore
import SelectionSlots

/// Turns a trace into the bytes of a binary trace (docs/binary-trace-format.md), one event at
/// a time, so that a recorder or a converter can stream.
///
/// Ids are interned as a `FastEngine` interns them (the numbering of `SlotTable`, kept by a
/// `SlotInterner`), and an id the trace has not named before is defined by an id-definition
/// record written just before the event that introduces it. Times and slots are written as deltas from the previous event's.
/// Every `syncInterval` events a sync point restates the running state, so that a salvaging
/// reader can resume after damage. A header's start state is a start record after the
/// header's definitions (format version 3), and an event's `seen` a seen record right before
/// the event's own (SPEC.md section 7).
///
/// Cost: O(record size) per event plus interning (no hashing for a counted id); appending to
/// the caller's buffer is the only allocation, amortised.
@_spi(GridSimInternals) public struct BinaryTraceEncoder: Sendable {
    @_spi(GridSimInternals) public let header: TraceHeader
    @_spi(GridSimInternals) public let salt: UInt32
    @_spi(GridSimInternals) public let syncInterval: Int
    /// The ids named so far; slot numbers in the trace are this interner's.
    private var slots: SlotInterner
    /// The ids the event being encoded names for the first time, in slot order.
    private var newIDs: [PhotoID] = []
    /// Events encoded so far.
    @_spi(GridSimInternals) public private(set) var eventCount = 0
    private var lastTime: Int?
    private var lastSlot: Int64 = 0
    /// The ids of the line being encoded from its fields that it names for the first time,
    /// in slot order, as byte ranges of the line.
    private var newIDRanges: [Range<Int>] = []
    /// The body of the record being written, kept to reuse its storage.
    private var body: [UInt8] = []
    /// The body of the event being encoded from a line's fields, written while its ids are
    /// interned, before their definitions (which use `body`) go out.
    private var eventBody: [UInt8] = []

    /// Bodies shorter than this are framed on the stack (`appendRecord`): with the kind, below
    /// 128 bytes, so that the length is one byte.
    private static var shortRecordBody: Int { 112 }

    /// The most ids one definition record holds: keeps records well below any sane limit.
    static let idsPerDefinitionRecord = 4096
    static let bytesPerDefinitionRecord = 1 << 16

    /// - Precondition: an explicit grid has no duplicate ids, and the start state keeps SPEC.md
    ///   section 1's invariants (`TraceHeader.startViolation`; the text reader refuses both,
    ///   and `TraceHeader.checkWritable` names them).
    @_spi(GridSimInternals) public init(
        header: TraceHeader, salt: UInt32 = .random(in: 0 ... .max),
        syncInterval: Int = BinaryTraceFormat.defaultSyncInterval
    ) {
        precondition(syncInterval >= 1, "a sync interval is at least 1")
        self.header = header
        self.salt = salt
        self.syncInterval = syncInterval
        switch header.photos {
        case .count(let n):
            slots = SlotInterner(countedPhotos: max(0, n))
        case .ids(let ids):
            precondition(!ids.hasDuplicates, "the header's id list has duplicates")
            slots = SlotInterner(listed: ids)
        }
        if let violation = header.startViolation {
            preconditionFailure("the header's start state breaks an invariant: \(violation)")
        }
    }

    /// Slots handed out so far: every slot below it names an id the trace defines.
    @_spi(GridSimInternals) public var slotCount: Int { slots.count }

    /// Appends the file header and, for an explicit grid, the records defining its ids; then,
    /// for a header with a start state, the start record.
    @_spi(GridSimInternals) public mutating func encodeHeader(into bytes: inout [UInt8]) {
        bytes.append(contentsOf: BinaryFileHeader(header, salt: salt).encoded())
        if case .ids(let ids) = header.photos {
            // From the table's bytes: its subscript would make a string of each id, twice.
            appendDefinitions(count: ids.count, firstSlot: 0, into: &bytes, forEachID: { ids.forEachID(in: $0, $1) })
        }
        appendStart(into: &bytes)
    }

    /// `encodeHeader(into:)` into `writer`'s buffer, handed to `sink` whenever it holds a
    /// block, so that the definitions of a header of millions of ids are never held whole.
    @_spi(GridSimInternals) public mutating func encodeHeader<Sink: TraceByteSink>(into writer: inout TraceBlockWriter<Sink>, sink: inout Sink) throws {
        writer.buffer.append(contentsOf: BinaryFileHeader(header, salt: salt).encoded())
        if case .ids(let ids) = header.photos {
            let forEachID: (Range<Int>, (UnsafeRawBufferPointer) -> Void) -> Void = { ids.forEachID(in: $0, $1) }
            var next = 0
            while next < ids.count {
                next = appendDefinitionRecord(
                    count: ids.count, from: next, firstSlot: 0, into: &writer.buffer, forEachID: forEachID)
                try writer.flushIfFull(to: &sink)
            }
        }
        appendStart(into: &writer.buffer)
    }

    /// The start record of a header with a start state (SPEC.md section 7): mode, sheet and
    /// the picks as slots of the grid, their deltas running through the record from 0.
    /// Nothing for a trace that starts browsing with nothing chosen. O(picks).
    private mutating func appendStart(into bytes: inout [UInt8]) {
        let start = header.start
        guard !start.isBrowsing else { return }
        body.removeAll(keepingCapacity: true)
        body.append(BinaryStateCode.mode(start.mode))
        body.append(BinaryStateCode.sheet(start.sheet))
        Varint.append(start.picks.count, to: &body)
        var previous: Int64 = 0
        for pick in start.picks {
            // The picks are in the grid (`init` checked): their slots are the grid's, looked up
            // without interning, which would copy a listed grid's table.
            guard let slot = Self.gridSlot(of: pick, in: header.photos) else {
                preconditionFailure("start pick \"\(pick)\" is not in the grid")
            }
            Varint.appendSigned(Int64(slot.rawValue) - previous, to: &body)
            previous = Int64(slot.rawValue)
        }
        appendRecord(kind: BinaryRecordKind.start, into: &bytes)
    }

    /// The slot of a photo of the grid `photos`: `"1"` … `"N"` are `0 ..< N`, a listed id its
    /// position; nil for an id that is not in the grid. O(id length), one probe.
    private static func gridSlot(of id: PhotoID, in photos: PhotoList) -> PhotoSlot? {
        var id = id
        return id.withUTF8 { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            switch photos {
            case .count(let n): return CountedID.slot(ofBytes: bytes, countedPrefix: max(0, n))
            case .ids(let ids): return ids.position(of: bytes).map { PhotoSlot($0) }
            }
        }
    }

    /// Appends one event's records: definitions of ids it names for the first time, a sync
    /// point when one is due, what the app saw after it (a seen record) when it says, then
    /// the event.
    ///
    /// - Precondition: `t`, when present, is at least 0 and at least the previous event's; a
    ///   seen `count`, at least 0 (as the text reader requires).
    @_spi(GridSimInternals) public mutating func encode(_ event: TraceEvent, into bytes: inout [UInt8]) {
        let firstNewSlot = slots.count
        newIDs.removeAll(keepingCapacity: true)
        // Every photo the event names, in the order the record lists them (a library change's
        // removals, then its insertions), so that new ids take slots in that order.
        let slotEvent = event.event.mapPhotos { intern($0) }
        if !newIDs.isEmpty { appendDefinitions(of: newIDs, firstSlot: firstNewSlot, into: &bytes) }
        guard let seen = event.seen else {
            encode(t: event.t, slotEvent, into: &bytes)
            return
        }
        // The seen record goes right before its event, after any sync point: a reader then
        // has it when it returns the event, without reading ahead.
        appendSyncIfDue(into: &bytes)
        appendSeen(seen, into: &bytes)
        appendEvent(t: event.t, slotEvent, into: &bytes)
    }

    /// A seen record (`BinaryRecordKind.seen`): a byte of `SeenRecordField` bits, then each
    /// field present, in that order. O(bytes of its ids and title).
    private mutating func appendSeen(_ seen: SeenState, into bytes: inout [UInt8]) {
        body.removeAll(keepingCapacity: true)
        var fields: UInt8 = 0
        if seen.mode != nil { fields |= SeenRecordField.mode }
        if seen.count != nil { fields |= SeenRecordField.count }
        if seen.title != nil { fields |= SeenRecordField.title }
        if seen.tray != nil { fields |= SeenRecordField.tray }
        if seen.chosen != nil { fields |= SeenRecordField.chosen }
        if seen.chosenDigest != nil { fields |= SeenRecordField.chosenDigest }
        body.append(fields)
        if let mode = seen.mode { body.append(BinaryStateCode.mode(mode)) }
        if let count = seen.count {
            precondition(count >= 0, "a seen count is at least 0, found \(count)")
            Varint.append(count, to: &body)
        }
        if let title = seen.title { appendString(title) }
        if let tray = seen.tray { appendStrings(tray) }
        if let chosen = seen.chosen { appendStrings(chosen) }
        if let digest = seen.chosenDigest {
            withUnsafeBytes(of: digest.value.littleEndian) { body.append(contentsOf: $0) }
        }
        appendRecord(kind: BinaryRecordKind.seen, into: &bytes)
    }

    /// `length:varint utf8` into `body`.
    private mutating func appendString(_ text: String) {
        Varint.append(text.utf8.count, to: &body)
        body.append(contentsOf: text.utf8)
    }

    /// `count:varint (length:varint utf8)*` into `body`.
    private mutating func appendStrings(_ texts: [String]) {
        Varint.append(texts.count, to: &body)
        for text in texts { appendString(text) }
    }

    /// The slot of `id`; a new one is noted for definition.
    @inline(__always)
    private mutating func intern(_ id: PhotoID) -> PhotoSlot {
        let (slot, isNew) = slots.intern(id)
        if isNew { newIDs.append(id) }
        return slot
    }

    /// Appends one event whose photos are slots, `newIDs` being the ids it names for the
    /// first time, which take the next slots in order (in the order the record lists its
    /// photos, as `encode(_:into:)` interns them): their definitions, a sync point when one is
    /// due, then the event. The bytes `encode(_:into:)` writes for the event with its ids,
    /// for a writer that holds slots and names only the new photos.
    ///
    /// - Precondition: the ids are new to the trace; every other slot of the event was handed
    ///   out before; `t` as for `encode(_:into:)`.
    @_spi(GridSimInternals) public mutating func encode(t: Int?, _ event: SlotEvent, newIDs: [PhotoID], into bytes: inout [UInt8]) {
        let firstNewSlot = slots.count
        for id in newIDs {
            let (_, isNew) = slots.intern(id)
            precondition(isNew, "\(id) is not new to the trace")
        }
        if !newIDs.isEmpty { appendDefinitions(of: newIDs, firstSlot: firstNewSlot, into: &bytes) }
        encode(t: t, event, into: &bytes)
    }

    /// `encode(t:_:newIDs:into:)` for a writer that knows its ids are new and never names a
    /// photo by id afterwards (a synthetic session): the same bytes, without interning the
    /// new ids, which would keep a table of every id and copy a listed header's on the first.
    ///
    /// - Precondition: as for `encode(t:_:newIDs:into:)`; afterwards only slot events are
    ///   encoded (`encode(t:_:into:)` and this method).
    package mutating func encode(t: Int?, _ event: SlotEvent, unseenNewIDs newIDs: [PhotoID], into bytes: inout [UInt8]) {
        let firstNewSlot = slots.count
        if !newIDs.isEmpty {
            slots.handOut(definedElsewhere: newIDs.count)
            appendDefinitions(of: newIDs, firstSlot: firstNewSlot, into: &bytes)
        }
        encode(t: t, event, into: &bytes)
    }

    /// The slot of `id`, appending its definition if it is new: for writers that hold slots.
    @_spi(GridSimInternals) public mutating func define(_ id: PhotoID, into bytes: inout [UInt8]) -> PhotoSlot {
        let (slot, isNew) = slots.intern(id)
        if isNew { appendDefinitions(of: [id], firstSlot: slot.index, into: &bytes) }
        return slot
    }

    /// Appends the records of the event in a text line's `fields`, as `encode(_:into:)`
    /// would for `fields.event()`, byte for byte: the ids go from the line to the records
    /// without becoming strings, and the event's body is written while they are interned.
    ///
    /// O(line length) plus interning; no allocation once the scratch buffers have grown.
    /// - Precondition: `t` as for `encode(_:into:)`.
    mutating func encode(_ fields: EventLineFields, into bytes: inout [UInt8]) {
        let firstNewSlot = slots.count
        // A sync point, written after the definitions, restates the state before the event.
        let (slotBefore, timeBefore) = (lastSlot, lastTime)
        if !newIDRanges.isEmpty { newIDRanges.removeAll(keepingCapacity: true) }
        eventBody.removeAll(keepingCapacity: true)
        if let t = fields.t { Varint.append(timeDelta(to: t), to: &eventBody) }
        switch fields.name {
        case .longPress, .selectItem, .tap, .removeFromTray, .dragBegan, .dragMoved:
            let slot = Int64(intern(fields.photo!, of: fields).rawValue)
            Varint.appendSigned(slot - lastSlot, to: &eventBody)
            lastSlot = slot
        case .libraryChanged:
            var previous: Int64 = 0
            Varint.append(fields.removed.count, to: &eventBody)
            for range in fields.removed {
                let slot = Int64(intern(range, of: fields).rawValue)
                Varint.appendSigned(slot - previous, to: &eventBody)
                previous = slot
            }
            Varint.append(fields.inserted.count, to: &eventBody)
            for insertion in fields.inserted {
                let slot = Int64(intern(insertion.photo, of: fields).rawValue)
                Varint.appendSigned(slot - previous, to: &eventBody)
                previous = slot
                Varint.appendSigned(Int64(insertion.at), to: &eventBody)
            }
        case .select, .selectAll, .deselectAll, .done, .back, .delete, .move, .share, .edit, .dismiss, .dragEnded:
            break
        }
        if !newIDRanges.isEmpty {
            let line = fields.line
            appendDefinitions(
                count: newIDRanges.count, firstSlot: firstNewSlot, into: &bytes,
                forEachID: { [newIDRanges] range, body in
                    for index in range { body(UnsafeRawBufferPointer(rebasing: line[newIDRanges[index]])) }
                })
        }
        if eventCount > 0 && eventCount % syncInterval == 0 {
            appendSync(lastSlot: slotBefore, lastTime: timeBefore, into: &bytes)
        }
        appendRecord(kind: BinaryRecordKind.eventKind(fields.name, timed: fields.t != nil), body: eventBody, into: &bytes)
        eventCount += 1
    }

    /// The slot of the id at `range` of the fields' line; a new one is noted for definition.
    @inline(__always)
    private mutating func intern(_ range: Range<Int>, of fields: EventLineFields) -> PhotoSlot {
        let (slot, isNew) = slots.intern(bytes: fields.bytes(range))
        if isNew { newIDRanges.append(range) }
        return slot
    }

    /// The time field of an event at `t`: the delta from the previous event's time, which
    /// becomes `t`.
    @inline(__always)
    private mutating func timeDelta(to t: Int) -> UInt64 {
        let base = lastTime ?? 0
        precondition(t >= base, "t \(t) is earlier than the previous event's t \(base)")
        lastTime = t
        return UInt64(t - base)
    }

    /// Appends an event whose photos are slots this encoder handed out.
    ///
    /// - Precondition: every slot is below `slotCount`; `t` as for `encode(_:into:)`.
    @_spi(GridSimInternals) public mutating func encode(t: Int?, _ event: SlotEvent, into bytes: inout [UInt8]) {
        appendSyncIfDue(into: &bytes)
        appendEvent(t: t, event, into: &bytes)
    }

    /// A sync point, when `syncInterval` events have gone since the last.
    @inline(__always)
    private mutating func appendSyncIfDue(into bytes: inout [UInt8]) {
        if eventCount > 0 && eventCount % syncInterval == 0 { appendSync(lastSlot: lastSlot, lastTime: lastTime, into: &bytes) }
    }

    /// The event's record alone. Preconditions as for `encode(t:_:into:)`.
    @inline(__always)
    private mutating func appendEvent(t: Int?, _ event: SlotEvent, into bytes: inout [UInt8]) {
        if case .libraryChanged = event {} else {
            appendShortEvent(t: t, event, into: &bytes)
            return
        }
        body.removeAll(keepingCapacity: true)
        if let t { Varint.append(timeDelta(to: t), to: &body) }
        switch event {
        case .longPress(let slot), .selectItem(let slot), .tap(let slot), .removeFromTray(let slot),
            .dragBegan(let slot), .dragMoved(let slot):
            precondition(slot.index < slots.count, "slot \(slot) was never handed out")
            Varint.appendSigned(Int64(slot.rawValue) - lastSlot, to: &body)
            lastSlot = Int64(slot.rawValue)
        case .libraryChanged(let removed, let inserted):
            var previous: Int64 = 0
            Varint.append(removed.count, to: &body)
            for slot in removed {
                precondition(slot.index < slots.count, "slot \(slot) was never handed out")
                Varint.appendSigned(Int64(slot.rawValue) - previous, to: &body)
                previous = Int64(slot.rawValue)
            }
            Varint.append(inserted.count, to: &body)
            for insertion in inserted {
                precondition(insertion.slot.index < slots.count, "slot \(insertion.slot) was never handed out")
                Varint.appendSigned(Int64(insertion.slot.rawValue) - previous, to: &body)
                previous = Int64(insertion.slot.rawValue)
                Varint.appendSigned(Int64(insertion.at), to: &body)
            }
        case .select, .selectAll, .deselectAll, .done, .back, .delete, .move, .share, .edit, .dismiss, .dragEnded:
            break
        }
        appendRecord(kind: BinaryRecordKind.eventKind(event.name, timed: t != nil), into: &bytes)
        eventCount += 1
    }

    /// Appends an event that names at most one photo, its record put together on the stack:
    /// the bytes the general path writes, without a body array (whose appends check its
    /// capacity and uniqueness, byte by byte). O(1).
    @inline(__always)
    private mutating func appendShortEvent(t: Int?, _ event: SlotEvent, into bytes: inout [UInt8]) {
        // Length, salt, kind, two varints at most, CRC: below 32 bytes, the length one byte.
        withUnsafeTemporaryAllocation(byteCount: 32, alignment: 8) { record in
            let base = record.baseAddress!
            var covered = 6
            if let t { covered += Varint.write(timeDelta(to: t), to: base + covered) }
            switch event {
            case .longPress(let slot), .selectItem(let slot), .tap(let slot), .removeFromTray(let slot),
                .dragBegan(let slot), .dragMoved(let slot):
                precondition(slot.index < slots.count, "slot \(slot) was never handed out")
                covered += Varint.write(Varint.zigzag(Int64(slot.rawValue) - lastSlot), to: base + covered)
                lastSlot = Int64(slot.rawValue)
            case .libraryChanged:
                preconditionFailure("a library change is not a short event")
            case .select, .selectAll, .deselectAll, .done, .back, .delete, .move, .share, .edit, .dismiss, .dragEnded:
                break
            }
            base.storeBytes(of: UInt8(covered - 5), as: UInt8.self)
            base.storeBytes(of: salt.littleEndian, toByteOffset: 1, as: UInt32.self)
            base.storeBytes(of: BinaryRecordKind.eventKind(event.name, timed: t != nil), toByteOffset: 5, as: UInt8.self)
            let crc = CRC32C.update(0, base, count: covered)
            base.storeBytes(of: crc.littleEndian, toByteOffset: covered, as: UInt32.self)
            bytes.append(contentsOf: UnsafeRawBufferPointer(start: base, count: covered + 4).bindMemory(to: UInt8.self))
        }
        eventCount += 1
    }

    /// Appends the end record, which says how many events the trace holds; a reader that finds
    /// it knows the writer closed the trace cleanly.
    @_spi(GridSimInternals) public mutating func encodeEnd(into bytes: inout [UInt8]) {
        body.removeAll(keepingCapacity: true)
        Varint.append(eventCount, to: &body)
        appendRecord(kind: BinaryRecordKind.end, into: &bytes)
    }

    /// A sync point: the events so far and the running slot and time they leave.
    private mutating func appendSync(lastSlot: Int64, lastTime: Int?, into bytes: inout [UInt8]) {
        body.removeAll(keepingCapacity: true)
        Varint.append(eventCount, to: &body)
        Varint.append(UInt64(lastSlot), to: &body)
        Varint.append(lastTime.map { UInt64($0) + 1 } ?? 0, to: &body)
        appendRecord(kind: BinaryRecordKind.sync, into: &bytes)
    }

    /// Definition records for `ids`, which take slots `firstSlot...` in order, in batches.
    private mutating func appendDefinitions<IDs: RandomAccessCollection<PhotoID>>(
        of ids: IDs, firstSlot: Int, into bytes: inout [UInt8]
    ) where IDs.Index == Int {
        let start = ids.startIndex
        appendDefinitions(
            count: ids.count, firstSlot: firstSlot, into: &bytes,
            forEachID: { range, body in
                for index in range {
                    var id = ids[start + index]
                    id.withUTF8 { body(UnsafeRawBufferPointer($0)) }
                }
            })
    }

    /// Definition records for `count` ids, which take slots `firstSlot...` in order, in
    /// batches: `forEachID(range, body)` calls `body` with the bytes of each id in `range`, in
    /// order.
    @inline(__always)
    private mutating func appendDefinitions(
        count: Int, firstSlot: Int, into bytes: inout [UInt8],
        forEachID: (Range<Int>, (UnsafeRawBufferPointer) -> Void) -> Void
    ) {
        var next = 0
        while next < count {
            next = appendDefinitionRecord(count: count, from: next, firstSlot: firstSlot, into: &bytes, forEachID: forEachID)
        }
    }

    /// The definition record of the ids from `next` on (of `count`, which take slots
    /// `firstSlot...`): as many as fit in one record. Returns the position after its last id.
    /// O(bytes of its ids): each id is copied once into `body`, in place.
    @inline(__always)
    private mutating func appendDefinitionRecord(
        count: Int, from next: Int, firstSlot: Int, into bytes: inout [UInt8],
        forEachID: (Range<Int>, (UnsafeRawBufferPointer) -> Void) -> Void
    ) -> Int {
        var end = next
        var size = 0
        var encodedSize = 0
        forEachID(next..<min(count, next + Self.idsPerDefinitionRecord)) { id in
            guard size < Self.bytesPerDefinitionRecord else { return }
            size += id.count
            encodedSize += Varint.length(of: UInt64(id.count)) + id.count
            end += 1
        }
        body.removeAll(keepingCapacity: true)
        Varint.append(firstSlot + next, to: &body)
        Varint.append(end - next, to: &body)
        let idsStart = body.count
        // Each id written where it goes: appending its length and bytes went through the
        // array's capacity and uniqueness checks twice an id, most of a header's encoding.
        body.append(contentsOf: repeatElement(0, count: encodedSize))
        body.withUnsafeMutableBytes { body in
            var destination = body.baseAddress.unsafelyUnwrapped + idsStart
            forEachID(next..<end) { id in
                destination += Varint.write(UInt64(id.count), to: destination)
                if let source = id.baseAddress { destination.copyMemory(from: source, byteCount: id.count) }
                destination += id.count
            }
        }
        appendRecord(kind: BinaryRecordKind.idDefinitions, into: &bytes)
        return end
    }

    /// Frames `body` as a record of `kind`: length, salt, kind, body, CRC-32C.
    private func appendRecord(kind: UInt8, into bytes: inout [UInt8]) {
        appendRecord(kind: kind, body: body, into: &bytes)
    }

    /// Frames `body` as a record of `kind`. A short record (every event but a large library
    /// change) is put together on the stack and appended in one piece, rather than in the
    /// dozen appends of its fields, each of which checks the array's capacity and uniqueness.
    @inline(__always)
    private func appendRecord(kind: UInt8, body: [UInt8], into bytes: inout [UInt8]) {
        if body.count < Self.shortRecordBody {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.shortRecordBody + 9) { record in
                let base = UnsafeMutableRawPointer(record.baseAddress!)
                // The length, kind and body, below 128: a one-byte varint.
                base.storeBytes(of: UInt8(1 + body.count), as: UInt8.self)
                base.storeBytes(of: salt.littleEndian, toByteOffset: 1, as: UInt32.self)
                base.storeBytes(of: kind, toByteOffset: 5, as: UInt8.self)
                if !body.isEmpty { body.withUnsafeBytes { (base + 6).copyMemory(from: $0.baseAddress!, byteCount: $0.count) } }
                let covered = 6 + body.count
                let crc = CRC32C.update(0, base, count: covered)
                base.storeBytes(of: crc.littleEndian, toByteOffset: covered, as: UInt32.self)
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: record[..<(covered + 4)]))
            }
            return
        }
        let start = bytes.count
        Varint.append(1 + body.count, to: &bytes)
        Self.appendLittleEndian(salt, to: &bytes)
        bytes.append(kind)
        bytes.append(contentsOf: body)
        let crc = bytes.withUnsafeBytes { CRC32C.update(0, $0.baseAddress! + start, count: $0.count - start) }
        Self.appendLittleEndian(crc, to: &bytes)
    }

    /// Byte appends, where appending the bytes of a value as a buffer goes through the
    /// generic sequence path: a tenth of encoding, once, with two such appends a record.
    @inline(__always)
    private static func appendLittleEndian(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes.append(UInt8(truncatingIfNeeded: value))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        bytes.append(UInt8(truncatingIfNeeded: value >> 16))
        bytes.append(UInt8(truncatingIfNeeded: value >> 24))
    }
}

extension Trace {
    /// The whole trace as a binary trace, closed with an end record.
    @_spi(GridSimInternals) public func binaryEncoded(
        salt: UInt32 = .random(in: 0 ... .max), syncInterval: Int = BinaryTraceFormat.defaultSyncInterval
    ) -> [UInt8] {
        var encoder = BinaryTraceEncoder(header: header, salt: salt, syncInterval: syncInterval)
        var bytes: [UInt8] = []
        encoder.encodeHeader(into: &bytes)
        for event in events { encoder.encode(event, into: &bytes) }
        encoder.encodeEnd(into: &bytes)
        return bytes
    }

    /// Reads a whole binary trace from memory. A torn tail ends it quietly; use a
    /// `BinaryTraceReader` to see damage.
    @_spi(GridSimInternals) public init(binary bytes: some Collection<UInt8>, options: BinaryTraceReader.Options = .default) throws {
        var reader = try BinaryTraceReader(bytes: bytes, options: options)
        let events = try reader.readAll()
        self.init(header: reader.header, events: events)
    }
}
