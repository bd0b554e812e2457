@_spi(GridSimInternals) import SelectionCore
import SelectionSlots

/// Record bodies: events (time and slot deltas), id definitions, sync points, the end. (The
/// start and seen records of SPEC.md section 7: `BinaryTraceReader+State.swift`.)
extension BinaryTraceReader {
    /// The event a record holds, as `Form` (the whole event, or only its name), or nil for
    /// bookkeeping (and for an event a salvaging reader drops). A body that does not decode
    /// is an error, or, when salvaging, skipped damage.
    ///
    /// Every field is read and checked whatever the form: a library change decoded as its
    /// name only is checked as fully, so that a pass that only counts events allocates
    /// nothing for it and still finds the same damage.
    @inline(__always)
    mutating func decode<Form: DecodedEvent>(_ record: RawRecord, as form: Form.Type = SlotEvent.self) throws
        -> (t: Int?, event: Form)?
    {
        do {
            if record.kind >= BinaryRecordKind.firstEvent {
                return try decodeEvent(record, as: form)
            }
            // Only an event may follow a seen record: it is what the app saw after that event.
            if seenRecord != 0 && seenRecord == record.number - 1 { throw Self.notAfterSeen }
            switch record.kind {
            case BinaryRecordKind.idDefinitions: try decodeIDDefinitions(record, headerIDCount: nil)
            case BinaryRecordKind.sync: try decodeSync(record)
            case BinaryRecordKind.end: try decodeEnd(record)
            case BinaryRecordKind.seen: try decodeSeen(record)
            case BinaryRecordKind.start: throw misplacedStart
            default: throw BodyError("unknown record kind 0x\(String(record.kind, radix: 16))")
            }
            return nil
        } catch let error as BodyError {
            guard options.salvage else { throw failure(record, error.kind) }
            damage.append(
                TraceDamage(
                    kind: .skipped, byteOffset: record.offset, byteCount: record.bodyCount + 1, record: record.number,
                    reason: "\(BinaryRecordKind.describe(record.kind)) record: \(TraceError.binaryMessage(error.kind))",
                    eventsBefore: eventCount))
            if record.kind >= BinaryRecordKind.firstEvent { lostEvents += 1 }
            // A seen record holds no decoding base: skipping one loses that seen only, and the
            // event after it is returned without it.
            if record.kind != BinaryRecordKind.seen {
                synced = false
                lostEventsIsLowerBound = true
            }
            return nil
        }
    }

    @inline(__always)
    private mutating func decodeEvent<Form: DecodedEvent>(_ record: RawRecord, as form: Form.Type) throws
        -> (t: Int?, event: Form)?
    {
        statistics.eventRecords += 1
        guard synced else {
            // After skipped damage the time and slot bases are unknown until a sync point:
            // dropping the event is the only answer that is never wrong.
            lostEvents += 1
            return nil
        }
        let index = Int(record.kind & ~BinaryRecordKind.timeFlag) - Int(BinaryRecordKind.firstEvent)
        var cursor = ByteCursor(record.body, count: record.bodyCount)
        var t: Int?
        if record.kind & BinaryRecordKind.timeFlag != 0 {
            let delta = try cursor.varint()
            let base = lastTime ?? 0
            guard delta <= UInt64(Int.max - base) else { throw BodyError("the time overflows") }
            t = base + Int(delta)
        }
        let event: Form
        var named = true
        switch index {
        case 0, 1, 2, 14, 15, 16:
            if index >= 14 { try requireFormatVersion(BinaryRecordKind.section6Version, for: record) }
            let slot = try slot(after: lastSlot, &cursor)
            lastSlot = slot
            named = isNamed(Int(slot))
            event = Form(onePhotoKind: index, PhotoSlot(rawValue: UInt32(truncatingIfNeeded: slot)))
        case 3...12:
            event = Form(argumentlessKind: index)
        case 13:
            let change = try libraryChange(&cursor, buildsLists: Form.buildsLists)
            event = Form(libraryChangeRemoving: change.removed, inserting: change.inserted)
            named = change.named
        case 17:
            try requireFormatVersion(BinaryRecordKind.section6Version, for: record)
            event = Form(argumentlessKind: index)
        default:
            throw BodyError("unknown record kind 0x\(String(record.kind, radix: 16))")
        }
        try cursor.expectEnd()
        if let t { lastTime = t }
        guard named else {
            // A salvaging reader lost the definition of an id this event names.
            lostEvents += 1
            return nil
        }
        return (t, event)
    }

    /// Refuses a record kind that the file's format version does not have: no writer of that
    /// version could have written it, so the record is damage or a crafted file.
    func requireFormatVersion(_ version: Int, for record: RawRecord) throws(BodyError) {
        guard formatVersion >= version else {
            throw BodyError(
                "\(BinaryRecordKind.describe(record.kind)) records need format version \(version), "
                    + "but the file is format version \(formatVersion)")
        }
    }

    /// A slot given as a zigzag delta from `base`; it must have been defined.
    @inline(__always)
    private func slot(after base: Int64, _ cursor: inout ByteCursor) throws(BodyError) -> Int64 {
        let delta = try cursor.signedVarint()
        let (slot, overflow) = base.addingReportingOverflow(delta)
        guard !overflow && slot >= 0 && slot < Int64(slotCount) else {
            throw BodyError("slot \(overflow ? "overflow" : String(slot)) was never defined (\(slotCount) slots are)")
        }
        return slot
    }

    /// How many slots are defined (or lost).
    @inline(__always)
    var slotCount: Int { names.count }

    /// Whether `index` was defined and its definition not lost. O(1) on an intact trace.
    @inline(__always)
    func isNamed(_ index: Int) -> Bool { names.isNamed(index) }

    /// `removedCount (slotDelta)* insertedCount (slotDelta at)*`, deltas running through the
    /// record from 0, so that a library change decodes on its own. O(entries); the lists are
    /// left empty unless `buildsLists`, every slot checked either way.
    @inline(__always)
    private func libraryChange(_ cursor: inout ByteCursor, buildsLists: Bool) throws(BodyError)
        -> (removed: [PhotoSlot], inserted: [SlotInsertion], named: Bool)
    {
        // Every entry takes at least a byte (an insertion two), so the counts are bounded by
        // the record's size before anything is reserved for them.
        let removedCount = try cursor.count(ofEntriesTaking: 1, "the removed count")
        var named = true
        var previous: Int64 = 0
        var removed: [PhotoSlot] = []
        if buildsLists { removed.reserveCapacity(removedCount) }
        for _ in 0..<removedCount {
            previous = try slot(after: previous, &cursor)
            named = named && isNamed(Int(previous))
            if buildsLists { removed.append(PhotoSlot(rawValue: UInt32(previous))) }
        }
        let insertedCount = try cursor.count(ofEntriesTaking: 2, "the inserted count")
        var inserted: [SlotInsertion] = []
        if buildsLists { inserted.reserveCapacity(insertedCount) }
        for _ in 0..<insertedCount {
            previous = try slot(after: previous, &cursor)
            named = named && isNamed(Int(previous))
            let at = try cursor.signedVarint()
            if buildsLists { inserted.append(SlotInsertion(slot: PhotoSlot(rawValue: UInt32(previous)), at: Int(at))) }
        }
        return (removed, inserted, named)
    }

    /// `firstSlot count (length utf8)*`: names slots `firstSlot ..< firstSlot + count`.
    ///
    /// `headerIDCount` is set while reading the header's list, which a record may not cross.
    mutating func decodeIDDefinitions(_ record: RawRecord, headerIDCount: Int?) throws(BodyError) {
        var cursor = ByteCursor(record.body, count: record.bodyCount)
        let firstSlot = try cursor.varint()
        let count = try cursor.count(ofEntriesTaking: 1, "the id count")
        let limit = options.limits.maximumIDListCount
        guard firstSlot >= UInt64(names.count) else {
            throw BodyError("defines slot \(firstSlot) again (\(names.count) slots are defined)")
        }
        let gap = Int(clamping: firstSlot - UInt64(names.count))
        guard gap == 0 || options.salvage else {
            throw BodyError("defines slot \(firstSlot), but the next slot to define is \(names.count)")
        }
        // The header's list and the ids defined after it have a limit each, so that a library
        // of the limit's size that keeps its size (syncs bring photos as others go) reads.
        let defined = headerIDCount == nil ? names.addedCount : names.explicitCount
        // A gap past what slots can number is refused first: a salvaging reader meets any gap
        // up to `Int.max`, which the sums below cannot hold.
        guard gap <= SlotTable.maximumCount, defined + gap + count <= limit, names.count + gap + count <= SlotTable.maximumCount else {
            throw BodyError.aboveLimit(
                headerIDCount == nil
                    ? "the trace defines more than the limit of \(limit) photo ids after its header"
                    : "the trace defines more than the limit of \(limit) explicit photo ids")
        }
        if let headerIDCount, names.count + gap + count > headerIDCount {
            throw BodyError("the record defines ids past the header's list of \(headerIDCount)")
        }
        if options.salvage && headerIDCount == nil {
            try defineCheckedWhole(&cursor, count: count, gap: gap)
        } else {
            // An error here ends the reading (a salvaging reader does not skip damage in the
            // header's list), so ids are defined as they are read: one hash and one probe each,
            // and no copy.
            if gap > 0 { names.loseSlots(gap) }
            if let headerIDCount, names.explicitCount == 0, count > 0 {
                // Sized from the first record, so that the list's bytes are not copied as they
                // grow (capacity never written costs no memory); at most 64 bytes an id, so that
                // a hostile first record cannot make it reserve much.
                let estimate = min(cursor.remaining / count + 1, 64) * headerIDCount
                names.reserveListedBytes(min(estimate, PhotoIDTable.maximumByteCount))
            }
            let firstNewSlot = names.count
            if headerIDCount != nil && gap == 0 {
                try defineHeaderIDs(&cursor, count: count, firstNewSlot: firstNewSlot)
            } else if headerIDCount == nil && names.listIsComplete && names.listedIDs.isEmpty
                && names.explicitByteCount + cursor.remaining <= PhotoIDTable.maximumByteCount
            {
                try defineEventIDsAfterCount(&cursor, count: count, firstNewSlot: firstNewSlot)
            } else if headerIDCount == nil && names.listIsComplete {
                try defineEventIDs(&cursor, count: count, firstNewSlot: firstNewSlot)
            } else {
                for _ in 0..<count {
                    let length = try cursor.count(ofEntriesTaking: 1, "an id's length")
                    let id = try cursor.utf8Bytes(count: length)
                    try checkIDBytes(id.count)
                    if let slot = names.define(id, hash: names.hasher.hash(id)) {
                        throw Self.definedTwice(id, slot: slot, firstNewSlot: firstNewSlot)
                    }
                }
            }
            try cursor.expectEnd()
        }
        statistics.idDefinitionRecords += 1
        if headerIDCount == nil { statistics.idsDefinedByEvents += count }
    }

    /// Defines a record of ids met along the trace of a grid given by count, each as it is
    /// read: the errors are those of `defineEventIDs` (the first met in the record), whose
    /// byte limit the record cannot reach. One pass, nothing gathered; a numbered id (as
    /// generated traces define them by the million) costs a parse and an array entry.
    private mutating func defineEventIDsAfterCount(_ cursor: inout ByteCursor, count: Int, firstNewSlot: Int) throws(BodyError) {
        let hasher = names.hasher
        for _ in 0..<count {
            let length = try cursor.count(ofEntriesTaking: 1, "an id's length")
            let (id, numbered) = try cursor.idBytes(count: length)
            if let slot = names.defineAfterCount(id, numbered: numbered, hash: { hasher.hash(id) }) {
                throw Self.definedTwice(id, slot: slot, firstNewSlot: firstNewSlot)
            }
        }
    }

    /// Defines a record of ids met along the trace. The error named is the one met first in
    /// the record, as when each id is defined as it is read: an id defined twice before a
    /// malformed field is that field's error's place. O(bytes of the record) expected.
    ///
    /// Numbered ids (`s1`, `s2`, …: see `NumberedID`), which a generated trace defines by the
    /// million, are neither validated as UTF-8 (they are ASCII) nor hashed: each is checked
    /// and kept by its number. A record of other ids is read and hashed first, then inserted
    /// as a batch, as `defineHeaderIDs` does the header's, so that the cache misses of a
    /// library change naming many new ids overlap. The record's ids are gathered in scratch
    /// arrays the reader keeps, so that a record allocates nothing.
    private mutating func defineEventIDs(_ cursor: inout ByteCursor, count: Int, firstNewSlot: Int) throws(BodyError) {
        var ids = scratch.ids
        var numberedIDs = scratch.numbered
        scratch.ids = []
        scratch.numbered = []
        defer {
            ids.removeAll(keepingCapacity: true)
            numberedIDs.removeAll(keepingCapacity: true)
            scratch.ids = ids
            scratch.numbered = numberedIDs
        }
        var malformed: BodyError?
        var allNumbered = true
        do throws(BodyError) {
            for _ in 0..<count {
                let length = try cursor.count(ofEntriesTaking: 1, "an id's length")
                let (id, numbered) = try cursor.idBytes(count: length)
                ids.append(id)
                numberedIDs.append(numbered)
                allNumbered = allNumbered && numbered != nil
            }
        } catch {
            malformed = error
        }
        let hasher = names.hasher
        // Counted and listed ids already have slots; the definitions stop before the first of
        // them. Looking an id up in a header's list hashes it: the hash is kept for its
        // definition, so that no id is hashed twice.
        let hashesFirst = !names.listedIDs.isEmpty
        var hashes = scratch.eventIDHashes
        scratch.eventIDHashes = []
        defer {
            hashes.removeAll(keepingCapacity: true)
            scratch.eventIDHashes = hashes
        }
        var definable = ids.count
        var bytes = 0
        for index in ids.indices {
            let hash = hashesFirst ? hasher.hash(ids[index]) : 0
            if names.slotBeforeAdded(ids[index], hash: { hash }) != nil {
                definable = index
                break
            }
            if hashesFirst { hashes.append(hash) }
            bytes += ids[index].count
        }
        try checkIDBytes(bytes)
        let (known, read) = (hashes, ids)
        func hash(_ index: Int) -> UInt64 { index < known.count ? known[index] : hasher.hash(read[index]) }
        if allNumbered || definable < 2 {
            for index in 0..<definable {
                if let slot = names.defineAdded(ids[index], numbered: numberedIDs[index], hash: { hash(index) }) {
                    throw Self.definedTwice(ids[index], slot: slot, firstNewSlot: firstNewSlot)
                }
            }
        } else {
            try defineAddedInBatches(ids, numberedIDs, count: definable, firstNewSlot: firstNewSlot, hash: hash)
        }
        if definable < ids.count, let slot = names.slotBeforeAdded(ids[definable], hash: { hasher.hash(ids[definable]) }) {
            throw Self.definedTwice(ids[definable], slot: slot, firstNewSlot: firstNewSlot)
        }
        if let malformed { throw malformed }
    }

    /// Defines the first `count` of `ids` after the header's list, in order: each run of ids
    /// that are not numbered as one batch (hashed first, then inserted, the probes' misses
    /// overlapping), numbered ones one by one. `hash(i)` is the hash of `ids[i]`. Throws for
    /// the first id already defined.
    private mutating func defineAddedInBatches(
        _ ids: [UnsafeRawBufferPointer], _ numberedIDs: [NumberedID?], count: Int, firstNewSlot: Int,
        hash: (Int) -> UInt64
    ) throws(BodyError) {
        var hashes = scratch.hashes
        scratch.hashes = []
        defer {
            hashes.removeAll(keepingCapacity: true)
            scratch.hashes = hashes
        }
        var index = 0
        while index < count {
            if let numbered = numberedIDs[index] {
                if let slot = names.defineAdded(ids[index], numbered: numbered, hash: { hash(index) }) {
                    throw Self.definedTwice(ids[index], slot: slot, firstNewSlot: firstNewSlot)
                }
                index += 1
                continue
            }
            var end = index
            hashes.removeAll(keepingCapacity: true)
            while end < count && numberedIDs[end] == nil {
                hashes.append(hash(end))
                end += 1
            }
            let first = index
            let repeated = ids.withUnsafeBufferPointer { ids in
                hashes.withUnsafeBufferPointer { names.defineAdded(batchOf: UnsafeBufferPointer(rebasing: ids[first..<end]), hashes: $0) }
            }
            if let (batchIndex, slot) = repeated {
                throw Self.definedTwice(ids[first + batchIndex], slot: slot, firstNewSlot: firstNewSlot)
            }
            index = end
        }
    }

    /// Defines a record of the header's list: every id read and hashed first, then inserted
    /// as a batch, so that the probes' cache misses overlap (see `PhotoIDTable`).
    private mutating func defineHeaderIDs(_ cursor: inout ByteCursor, count: Int, firstNewSlot: Int) throws(BodyError) {
        // The record's ids and hashes go into scratch arrays kept at their largest size and
        // written in place: an append an id costs more than reading it.
        var ids = scratch.headerIDs
        var hashes = scratch.headerHashes
        scratch.headerIDs = []
        scratch.headerHashes = []
        defer {
            scratch.headerIDs = ids
            scratch.headerHashes = hashes
        }
        if ids.count < count {
            ids = Array(repeating: UnsafeRawBufferPointer(start: nil, count: 0), count: count)
            hashes = Array(repeating: 0, count: count)
        }
        var bytes = 0
        var malformed: BodyError?
        // A record of ASCII ids (as a real library's are) is checked once, not id by id.
        let ascii = cursor.restIsASCII
        let hasher = names.hasher
        ids.withUnsafeMutableBufferPointer { ids in
            hashes.withUnsafeMutableBufferPointer { hashes in
                do throws(BodyError) {
                    for index in 0..<count {
                        let length = try cursor.count(ofEntriesTaking: 1, "an id's length")
                        let id = ascii ? try cursor.asciiBytes(count: length) : try cursor.utf8Bytes(count: length)
                        bytes += id.count
                        ids[index] = id
                        hashes[index] = hasher.hash(id)
                    }
                } catch {
                    malformed = error
                }
            }
        }
        if let malformed { throw malformed }
        try checkIDBytes(bytes)
        let repeated = ids.withUnsafeBufferPointer { ids in
            hashes.withUnsafeBufferPointer {
                names.defineListed(batchOf: UnsafeBufferPointer(rebasing: ids[..<count]), hashes: $0)
            }
        }
        if let (index, slot) = repeated {
            throw Self.definedTwice(ids[index], slot: slot, firstNewSlot: firstNewSlot)
        }
    }

    /// Refuses `count` more bytes of ids if they would take the table past what it can hold.
    private func checkIDBytes(_ count: Int) throws(BodyError) {
        guard names.explicitByteCount + count <= PhotoIDTable.maximumByteCount else {
            throw BodyError("the trace's photo ids take more than \(PhotoIDTable.maximumByteCount) bytes")
        }
    }

    /// The error for an id that already has `slot`; slots from `firstNewSlot` on are this record's.
    private static func definedTwice(_ id: UnsafeRawBufferPointer, slot: PhotoSlot, firstNewSlot: Int) -> BodyError {
        let text = String(decoding: id, as: UTF8.self)
        return BodyError(.duplicatePhotoID(text, first: slot.index >= firstNewSlot ? nil : Int(slot.rawValue), second: nil))
    }

    /// Defines a record's ids only once all of them are checked, so that a salvaging reader
    /// that skips a bad record keeps a consistent table. Each id is hashed once: the hash is
    /// kept from the check for the definition.
    private mutating func defineCheckedWhole(_ cursor: inout ByteCursor, count: Int, gap: Int) throws(BodyError) {
        var pending = PhotoIDTable(hasher: names.hasher)
        pending.reserveCapacity(count)
        var hashes: [UInt64] = []
        hashes.reserveCapacity(count)
        for _ in 0..<count {
            let length = try cursor.count(ofEntriesTaking: 1, "an id's length")
            let id = try cursor.utf8Bytes(count: length)
            let hash = names.hasher.hash(id)
            if let slot = names.slot(forBytes: id, hash: hash) {
                throw Self.definedTwice(id, slot: slot, firstNewSlot: Int.max)
            }
            guard pending.insert(id, hash: hash).isNew else {
                throw Self.definedTwice(id, slot: PhotoSlot(0), firstNewSlot: 0)
            }
            hashes.append(hash)
        }
        try cursor.expectEnd()
        try checkIDBytes(pending.byteCount)
        if gap > 0 { names.loseSlots(gap) }
        for position in pending.indices {
            pending.withBytes(at: position) { _ = names.define($0, hash: hashes[position]) }
        }
    }

    /// `eventsBefore lastSlot lastTimePlusOne`: the running state, restated.
    private mutating func decodeSync(_ record: RawRecord) throws(BodyError) {
        var cursor = ByteCursor(record.body, count: record.bodyCount)
        let eventsBefore = try cursor.varint(atMost: Int.max, "the event count")
        let slot = try cursor.varint(atMost: Int(UInt32.max), "the last slot")
        let timePlusOne = try cursor.varint()
        try cursor.expectEnd()
        let time = timePlusOne == 0 ? nil : Int(exactly: timePlusOne - 1)
        if timePlusOne != 0 && time == nil { throw BodyError("the time overflows") }
        statistics.syncRecords += 1
        if synced {
            // Intact so far: the sync point must say what the reader already knows.
            guard eventsBefore == eventCount + lostEvents, Int64(slot) == lastSlot, time == lastTime else {
                let said = "event \(eventsBefore), slot \(slot), t \(time.map(String.init) ?? "none")"
                let read = "event \(eventCount + lostEvents), slot \(lastSlot), t \(lastTime.map(String.init) ?? "none")"
                throw BodyError("the sync point (\(said)) disagrees with the events before it (\(read))")
            }
            return
        }
        guard eventsBefore >= eventCount else { throw BodyError("the sync point counts fewer events than were read") }
        // Times never decrease: a sync point that would take the time back cannot be right,
        // and resuming from it would hand out events out of order.
        if let lastTime, (time ?? -1) < lastTime {
            throw BodyError("the sync point's time \(time.map(String.init) ?? "none") is before the last event's \(lastTime)")
        }
        lastSlot = Int64(slot)
        lastTime = time
        synced = true
        lostEvents = eventsBefore - eventCount
        lostEventsIsLowerBound = false
    }

    /// `eventCount`: written by a clean close; nothing may follow.
    private mutating func decodeEnd(_ record: RawRecord) throws(BodyError) {
        var cursor = ByteCursor(record.body, count: record.bodyCount)
        let total = try cursor.varint(atMost: Int.max, "the event count")
        try cursor.expectEnd()
        if options.salvage {
            guard total >= eventCount else { throw BodyError("the end record counts fewer events than were read") }
            lostEvents = total - eventCount
            lostEventsIsLowerBound = false
        } else if total != eventCount {
            throw BodyError("the trace ends after \(eventCount) events, but its end record says \(total)")
        }
        statistics.hasEndRecord = true
        isAtEnd = true
        // The end record is last; anything after it is not part of this trace.
        if (try? source.request(1)) == true {
            let offset = source.offset
            let trailing = (try? source.consumeToEnd()) ?? 0
            guard options.salvage else {
                throw BodyError("\(trailing) bytes follow the end record at byte \(offset)")
            }
            damage.append(
                TraceDamage(
                    kind: .skipped, byteOffset: offset, byteCount: trailing, record: record.number + 1,
                    reason: "bytes after the end record", eventsBefore: eventCount))
        }
    }
}

/// What an event record is decoded into: the event with its photos as slots (`SlotEvent`),
/// or only its name (`EventName`), for a pass that counts. The reader reads and checks every
/// field alike for both; only what it makes of them differs.
protocol DecodedEvent {
    /// Whether a library change's lists are built (else only checked).
    static var buildsLists: Bool { get }
    /// The event of kind `index` (`BinaryRecordKind.eventIndex`) that names `photo`.
    init(onePhotoKind index: Int, _ photo: PhotoSlot)
    /// The event of kind `index`, which names no photo.
    init(argumentlessKind index: Int)
    /// A library change; its lists are empty unless `buildsLists`.
    init(libraryChangeRemoving removed: [PhotoSlot], inserting inserted: [SlotInsertion])
}

extension GridEvent: DecodedEvent where Photo == PhotoSlot {
    static var buildsLists: Bool { true }

    @inline(__always)
    init(onePhotoKind index: Int, _ photo: PhotoSlot) {
        switch index {
        case 0: self = .longPress(photo)
        case 1: self = .selectItem(photo)
        case 2: self = .tap(photo)
        case 14: self = .removeFromTray(photo)
        case 15: self = .dragBegan(photo)
        default: self = .dragMoved(photo)
        }
    }

    @inline(__always)
    init(argumentlessKind index: Int) {
        switch index {
        case 3: self = .select
        case 4: self = .selectAll
        case 5: self = .deselectAll
        case 6: self = .done
        case 7: self = .back
        case 8: self = .delete
        case 9: self = .move
        case 10: self = .share
        case 11: self = .edit
        case 12: self = .dismiss
        default: self = .dragEnded
        }
    }

    @inline(__always)
    init(libraryChangeRemoving removed: [PhotoSlot], inserting inserted: [SlotInsertion]) {
        self = .libraryChanged(removed: removed, inserted: inserted)
    }
}

extension EventName: DecodedEvent {
    static var buildsLists: Bool { false }

    @inline(__always)
    init(onePhotoKind index: Int, _ photo: PhotoSlot) {
        self = BinaryRecordKind.eventNames[index]
    }

    @inline(__always)
    init(argumentlessKind index: Int) {
        self = BinaryRecordKind.eventNames[index]
    }

    @inline(__always)
    init(libraryChangeRemoving removed: [PhotoSlot], inserting inserted: [SlotInsertion]) {
        self = .libraryChanged
    }
}
