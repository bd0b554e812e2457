import SelectionCore

/// Record bodies: events (time and slot deltas), id definitions, sync points, the end.
extension BinaryTraceReader {
    /// The event a record holds, or nil for bookkeeping (and for an event a salvaging reader
    /// drops). A body that does not decode is an error, or, when salvaging, skipped damage.
    @inline(__always)
    mutating func decode(_ record: RawRecord) throws -> TimedSlotEvent? {
        do {
            if record.kind >= BinaryRecordKind.firstEvent {
                return try decodeEvent(record)
            }
            switch record.kind {
            case BinaryRecordKind.idDefinitions: try decodeIDDefinitions(record, headerIDCount: nil)
            case BinaryRecordKind.sync: try decodeSync(record)
            case BinaryRecordKind.end: try decodeEnd(record)
            default: throw BodyError("unknown record kind 0x\(String(record.kind, radix: 16))")
            }
            return nil
        } catch let error as BodyError {
            guard options.salvage else { throw failure(record, error.message) }
            damage.append(
                TraceDamage(
                    kind: .skipped, byteOffset: record.offset, byteCount: record.bodyCount + 1, record: record.number,
                    reason: "\(BinaryRecordKind.describe(record.kind)) record: \(error.message)", eventsBefore: eventCount))
            if record.kind >= BinaryRecordKind.firstEvent { lostEvents += 1 }
            synced = false
            lostEventsIsLowerBound = true
            return nil
        }
    }

    @inline(__always)
    private mutating func decodeEvent(_ record: RawRecord) throws -> TimedSlotEvent? {
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
        let event: SlotEvent
        var named = true
        switch index {
        case 0, 1, 2:
            let slot = try slot(after: lastSlot, &cursor)
            lastSlot = slot
            named = isNamed(Int(slot))
            let photo = PhotoSlot(rawValue: UInt32(truncatingIfNeeded: slot))
            event = index == 2 ? .tap(photo) : index == 0 ? .longPress(photo) : .selectItem(photo)
        case 3: event = .select
        case 4: event = .selectAll
        case 5: event = .deselectAll
        case 6: event = .done
        case 7: event = .back
        case 8: event = .delete
        case 9: event = .move
        case 10: event = .share
        case 11: event = .edit
        case 12: event = .dismiss
        case 13:
            let change = try libraryChange(&cursor)
            event = change.event
            named = change.named
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
        return TimedSlotEvent(t: t, event)
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

    /// How many slots are defined (or lost), whether or not their ids are kept.
    @inline(__always)
    var slotCount: Int { names.count + unkeptSlotCount }

    /// Whether `index` was defined and its definition not lost. O(1) on an intact trace.
    @inline(__always)
    func isNamed(_ index: Int) -> Bool {
        if index < names.count { return names.isNamed(index) }
        return index < slotCount && (unkeptLostSlots.isEmpty || !unkeptLostSlots.contains { $0.contains(index) })
    }

    /// `removedCount (slotDelta)* insertedCount (slotDelta at)*`, deltas running through the
    /// record from 0, so that a library change decodes on its own.
    private func libraryChange(_ cursor: inout ByteCursor) throws(BodyError) -> (event: SlotEvent, named: Bool) {
        // Every entry takes at least a byte (an insertion two), so the counts are bounded by
        // the record's size before anything is reserved for them.
        let removedCount = try cursor.count(ofEntriesTaking: 1, "the removed count")
        var named = true
        var previous: Int64 = 0
        var removed: [PhotoSlot] = []
        removed.reserveCapacity(removedCount)
        for _ in 0..<removedCount {
            previous = try slot(after: previous, &cursor)
            named = named && isNamed(Int(previous))
            removed.append(PhotoSlot(rawValue: UInt32(previous)))
        }
        let insertedCount = try cursor.count(ofEntriesTaking: 2, "the inserted count")
        var inserted: [SlotInsertion] = []
        inserted.reserveCapacity(insertedCount)
        for _ in 0..<insertedCount {
            previous = try slot(after: previous, &cursor)
            named = named && isNamed(Int(previous))
            let at = try cursor.signedVarint()
            inserted.append(SlotInsertion(slot: PhotoSlot(rawValue: UInt32(previous)), at: Int(at)))
        }
        return (.libraryChanged(removed: removed, inserted: inserted), named)
    }

    /// `firstSlot count (length utf8)*`: names slots `firstSlot ..< firstSlot + count`.
    ///
    /// `headerIDCount` is set while reading the header's list, which a record may not cross.
    mutating func decodeIDDefinitions(_ record: RawRecord, headerIDCount: Int?) throws(BodyError) {
        if !options.keepsIDs && headerIDCount == nil { return try indexIDDefinitions(record) }
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
        guard names.explicitCount + gap + count <= limit, names.count + gap + count <= SlotTable.maximumCount else {
            throw BodyError("the trace defines more than the limit of \(limit) explicit photo ids")
        }
        if let headerIDCount, names.count + gap + count > headerIDCount {
            throw BodyError("the record defines ids past the header's list of \(headerIDCount)")
        }
        var ids: [PhotoID] = []
        ids.reserveCapacity(count)
        var seen = Set<PhotoID>()
        for _ in 0..<count {
            let length = try cursor.count(ofEntriesTaking: 1, "an id's length")
            let id = try cursor.utf8String(count: length)
            if let slot = names.slot(for: id) {
                throw BodyError("photo id \"\(id)\" is defined twice (it already has slot \(slot.rawValue))")
            }
            guard seen.insert(id).inserted else { throw BodyError("photo id \"\(id)\" is defined twice in one record") }
            ids.append(id)
        }
        try cursor.expectEnd()
        // Checked whole before any of it is applied, so a salvaging reader that skips a bad
        // record keeps a consistent table.
        if gap > 0 { names.loseSlots(gap) }
        for id in ids {
            if !options.keepsIDs {
                // The header's ids, which later definitions must not repeat.
                var id = id
                id.withUTF8 { unkeptIDs.insert(UnsafeRawBufferPointer($0), slot: UInt32(names.count)) }
            }
            names.define(id)
        }
        statistics.idDefinitionRecords += 1
        if headerIDCount == nil { statistics.idsDefinedByEvents += count }
    }

    /// `decodeIDDefinitions` for a reader that keeps no ids: the same checks and messages,
    /// against the index of their bytes. O(bytes of the record) expected.
    private mutating func indexIDDefinitions(_ record: RawRecord) throws(BodyError) {
        var cursor = ByteCursor(record.body, count: record.bodyCount)
        let firstSlot = try cursor.varint()
        let count = try cursor.count(ofEntriesTaking: 1, "the id count")
        let limit = options.limits.maximumIDListCount
        let defined = slotCount
        guard firstSlot >= UInt64(defined) else {
            throw BodyError("defines slot \(firstSlot) again (\(defined) slots are defined)")
        }
        let gap = Int(clamping: firstSlot - UInt64(defined))
        guard gap == 0 || options.salvage else {
            throw BodyError("defines slot \(firstSlot), but the next slot to define is \(defined)")
        }
        guard names.explicitCount + unkeptSlotCount + gap + count <= limit, defined + gap + count <= SlotTable.maximumCount
        else {
            throw BodyError("the trace defines more than the limit of \(limit) explicit photo ids")
        }
        let recordStart = defined + gap
        // The record's ids are read first, then checked against the index as a batch. An id
        // defined twice before a malformed field is still the error named, as when each id is
        // checked as it is read.
        unkeptIDs.beginBatch()
        var malformed: BodyError?
        do throws(BodyError) {
            for _ in 0..<count {
                let length = try cursor.count(ofEntriesTaking: 1, "an id's length")
                unkeptIDs.stage(try cursor.utf8Bytes(count: length))
            }
            try cursor.expectEnd()
        } catch {
            malformed = error
        }
        unkeptIDs.touchStaged()
        let heldBefore = unkeptIDs.count
        for position in 0..<unkeptIDs.staged.count {
            if let slot = countedSlot(unkeptIDs.staged[position]) ?? unkeptIDs.slotOfStaged(position) {
                // Checked whole before any of it is applied, as with kept ids.
                unkeptIDs.truncate(to: heldBefore)
                let id = String(decoding: unkeptIDs.staged[position], as: UTF8.self)
                if Int(slot) >= recordStart { throw BodyError("photo id \"\(id)\" is defined twice in one record") }
                throw BodyError("photo id \"\(id)\" is defined twice (it already has slot \(slot))")
            }
            unkeptIDs.insertStaged(position, slot: UInt32(recordStart + position))
        }
        if let malformed {
            unkeptIDs.truncate(to: heldBefore)
            throw malformed
        }
        if gap > 0 { unkeptLostSlots.append(defined..<recordStart) }
        unkeptSlotCount += gap + count
        statistics.idDefinitionRecords += 1
        statistics.idsDefinedByEvents += count
    }

    @inline(__always)
    private func countedSlot(_ bytes: UnsafeRawBufferPointer) -> UInt32? {
        DefinedIDIndex.countedSlot(bytes, countedPrefix: names.countedPrefix)
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
