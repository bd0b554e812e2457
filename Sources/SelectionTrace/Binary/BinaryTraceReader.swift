@_spi(GridSimInternals) import SelectionCore
import SelectionSlots

/// An event as a binary trace stores it: photos as slots, and the time if it had one.
@_spi(GridSimInternals) public struct TimedSlotEvent: Hashable, Sendable {
    /// Milliseconds since the trace began, when the event carried `t`.
    @_spi(GridSimInternals) public var t: Int?
    @_spi(GridSimInternals) public var event: SlotEvent

    @inline(__always)
    @_spi(GridSimInternals) public init(t: Int?, _ event: SlotEvent) {
        self.t = t
        self.event = event
    }
}

/// Streams a binary trace (`.gstrace`, docs/binary-trace-format.md): the header first, then
/// one event at a time, holding one read buffer of the file, never the whole trace.
///
/// - `nextSlotEvent()` is the fast path: it decodes straight to `SlotEvent`s, checking each
///   record's CRC-32C, and allocates nothing for an event that names at most one photo.
///   Slots are those a `FastEngine` for `header` hands out (see `SlotNames`), so they can be
///   applied to one directly; `BinaryTraceReplay` does that and keeps the engine's names in step.
/// - `next()` gives `TraceEvent`s with photo ids, as a text reader does.
///
/// A trace recorded in an app (SPEC.md section 7) may start mid-session: `header.start`, read
/// with the header. What the app saw after an event is a seen record right before the event's
/// own: `next()` puts it in the `TraceEvent`; after `nextSlotEvent()` or `nextKind()` it is
/// `seen` until the next call, and `applyUnnamed(to:limit:seeing:)` hands it to its body. An
/// event record never carries it, so an event without one costs what it always did.
///
/// Damage: a partial last record (a writer that died mid-record) ends the trace and is kept
/// in `damage` as a torn tail, a warning. Anything else unreadable (a bad CRC, an impossible
/// length, another session's record, a record that does not decode) throws a `TraceError`
/// naming the byte offset and record number, unless `Options.salvage` is set: then the
/// reader skips to the next valid record, notes the skipped bytes in `damage`, and drops the
/// events it can no longer decode for certain until the next sync point (`lostEvents`).
/// Whatever it returns is an event that was written, in order: never a guessed one.
///
/// The reader owns its file; copies of it share one position, so keep one and pass it `inout`.
@_spi(GridSimInternals) public struct BinaryTraceReader {
    @_spi(GridSimInternals) public struct Options: Hashable, Sendable {
        @_spi(GridSimInternals) public var limits: TraceLimits
        /// Skip damaged bytes to the next valid record instead of stopping with an error.
        @_spi(GridSimInternals) public var salvage: Bool
        /// Whether records whose CRC-32C does not match are damage (always, but for fuzzing the
        /// decoders behind the checksum, and for forensics).
        @_spi(GridSimInternals) public var verifiesChecksums: Bool
        /// Whether the reader may be asked to name slots (`next()`). A pass that only counts
        /// (`nextSlotEvent()`, as `gridsim inspect` makes) turns it off. Either way every id
        /// is held once in `names` (as bytes, or by number for a numbered id defined after
        /// the header: see `NumberedIDTable`), which is also what checks that none is defined
        /// twice; `next()` needs it on.
        @_spi(GridSimInternals) public var keepsIDs: Bool

        @_spi(GridSimInternals) public init(
            limits: TraceLimits = .default, salvage: Bool = false, verifiesChecksums: Bool = true, keepsIDs: Bool = true
        ) {
            self.limits = limits
            self.salvage = salvage
            self.verifiesChecksums = verifiesChecksums
            self.keepsIDs = keepsIDs
        }

        @_spi(GridSimInternals) public static let `default` = Options()
    }

    /// Counts of what the reader has met besides events, for `gridsim inspect`.
    @_spi(GridSimInternals) public struct Statistics: Hashable, Sendable {
        /// Records that define ids, the header's included.
        @_spi(GridSimInternals) public var idDefinitionRecords = 0
        /// Ids defined after the header's list (new photos, unknown ids).
        @_spi(GridSimInternals) public var idsDefinedByEvents = 0
        @_spi(GridSimInternals) public var syncRecords = 0
        /// Whether the writer closed the trace cleanly (an end record).
        @_spi(GridSimInternals) public var hasEndRecord = false
        /// Event records read, including any a salvaging reader had to drop.
        @_spi(GridSimInternals) public var eventRecords = 0
        /// Seen records read: what an app saw after an event (SPEC.md section 7).
        @_spi(GridSimInternals) public var seenRecords = 0
    }

    /// The trace's header; for an explicit id list, with every id.
    @_spi(GridSimInternals) public internal(set) var header: TraceHeader
    /// The session salt every record of this trace carries.
    @_spi(GridSimInternals) public let salt: UInt32
    /// The layout version the file was written with.
    @_spi(GridSimInternals) public let formatVersion: Int
    /// The file header's size in bytes (the header's id definitions are records after it).
    @_spi(GridSimInternals) public let headerSize: Int
    /// The ids of every slot defined so far.
    @_spi(GridSimInternals) public internal(set) var names: SlotNames
    /// Events returned so far.
    @_spi(GridSimInternals) public internal(set) var eventCount = 0
    /// Records read so far (events and bookkeeping), counting from 1 after the file header.
    @_spi(GridSimInternals) public internal(set) var recordCount = 0
    /// A torn tail, and what a salvaging reader skipped, in file order.
    @_spi(GridSimInternals) public internal(set) var damage: [TraceDamage] = []
    /// Events a salvaging reader could not return.
    @_spi(GridSimInternals) public internal(set) var lostEvents = 0
    /// Whether `lostEvents` is only a lower bound: damage was skipped after the last sync
    /// point or end record, so the number of events in it is not known.
    @_spi(GridSimInternals) public internal(set) var lostEventsIsLowerBound = false
    @_spi(GridSimInternals) public internal(set) var statistics = Statistics()
    /// Whether the end of the trace was reached.
    @_spi(GridSimInternals) public internal(set) var isAtEnd = false

    let source: ByteSource
    package let options: Options
    /// `CRC32C.usesHardware`, read once.
    let checksumsInHardware = CRC32C.usesHardware
    /// The time of the last event that had one: the base of the next time delta.
    var lastTime: Int?
    /// The slot of the last event that names one photo: the base of the next slot delta.
    var lastSlot: Int64 = 0
    /// False after a salvaging reader skipped damage, until a sync point restores the bases.
    var synced = true
    /// Room for one id-definition record's ids, kept from record to record.
    var scratch = IDDefinitionScratch()
    /// The last seen record read, and its record number (0: none yet). It belongs to the event
    /// whose record comes right after it: the event last returned when that is the last record
    /// read (`seen`). Kept by record number, not by event, so that an event a salvaging reader
    /// drops leaves its seen to no other event.
    var seenState: SeenState?
    var seenRecord = 0
    /// Where that seen record starts, for a trace that ends right after it.
    var seenRecordOffset = 0

    /// Opens `path` and reads its header (and, for an explicit grid, every id of it).
    @_spi(GridSimInternals) public init(path: String, options: Options = .default) throws {
        try self.init(source: ByteSource(path: path), options: options)
    }

    /// Reads a binary trace held in memory.
    @_spi(GridSimInternals) public init(bytes: some Collection<UInt8>, options: Options = .default) throws {
        try self.init(source: ByteSource(bytes: bytes), options: options)
    }

    init(source: ByteSource, options: Options) throws {
        try self.init(source: source, options: options, knownHeader: nil)
    }

    /// A second reader of the trace at `path` whose header `known` was already read (by
    /// another reader of the same file): the header's id records are framed and checked
    /// (length, salt, CRC) but not decoded, and `known`'s id table is shared rather than
    /// built again. Events are read and checked as by any reader. A header that lists
    /// another number of ids than `known` is read as usual.
    ///
    /// - Throws: what `init(path:options:)` throws; a `TraceError` if the file no longer
    ///   starts with the header `known` describes.
    @_spi(GridSimInternals) public init(path: String, options: Options = .default, knownHeader known: TraceHeader) throws {
        try self.init(source: ByteSource(path: path), options: options, knownHeader: known)
    }

    private init(source: ByteSource, options: Options, knownHeader known: TraceHeader?) throws {
        self.source = source
        self.options = options
        let file = try BinaryFileHeader.read(
            from: source, limits: options.limits, verifiesChecksum: options.verifiesChecksums)
        salt = file.salt
        formatVersion = Int(file.formatVersion)
        headerSize = file.size
        if file.explicitIDs, case .ids(let listed)? = known?.photos, listed.count == file.photoCount {
            names = SlotNames(adoptingListed: listed)
            header = known!
            try passHeaderIDs(count: file.photoCount)
            // The start state is read again (a few picks): it must be the one read first.
            header.start = .browsing
            if file.hasStart { try readStart() }
            guard header.start == known!.start else {
                throw TraceError(
                    .malformed("the trace changed since its header was read: its start state differs"),
                    at: .byte(source.offset, record: recordCount))
            }
            return
        }
        names = SlotNames(
            countedPhotos: file.explicitIDs ? 0 : file.photoCount, listedIDs: file.explicitIDs ? file.photoCount : 0)
        header = TraceHeader(
            version: file.traceVersion, photos: .count(file.photoCount), limit: file.limit,
            reduceMotion: file.reduceMotion, meta: file.meta)
        if file.explicitIDs {
            header.photos = .ids(try readHeaderIDs(count: file.photoCount))
        }
        if file.hasStart { try readStart() }
    }

    /// Passes over the id-definition records of the header's list, checking only that they
    /// define slots `0 ..< count` in order: their ids were read by the reader that read
    /// the header first.
    private mutating func passHeaderIDs(count: Int) throws {
        var defined = 0
        while defined < count {
            guard let record = try nextRecord(), record.kind == BinaryRecordKind.idDefinitions else {
                throw TraceError(.changedSinceHeader, at: .byte(source.offset, record: recordCount))
            }
            var cursor = ByteCursor(record.body, count: record.bodyCount)
            let firstSlot: UInt64
            let idsInRecord: Int
            do {
                firstSlot = try cursor.varint()
                idsInRecord = try cursor.count(ofEntriesTaking: 1, "the id count")
            } catch {
                throw failure(record, error.kind)
            }
            guard firstSlot == UInt64(defined), defined + idsInRecord <= count else {
                throw failure(record, .malformed("the trace changed since its header was read: the header's ids differ"))
            }
            defined += idsInRecord
        }
    }

    /// The bytes read so far, header included.
    @_spi(GridSimInternals) public var bytesRead: Int { source.offset }

    /// What a salvaging reader lost, for a person: `3 events`, `at least 1 event`; nil for nothing.
    @_spi(GridSimInternals) public var lostEventsSummary: String? {
        guard lostEvents > 0 || lostEventsIsLowerBound else { return nil }
        return (lostEventsIsLowerBound ? "at least " : "") + "\(lostEvents) event" + (lostEvents == 1 ? "" : "s")
    }

    /// The torn tail, if the trace ended in a partial record.
    @_spi(GridSimInternals) public var tornTail: TraceDamage? {
        damage.last.flatMap { $0.kind == .tornTail ? $0 : nil }
    }

    /// The next event with its photos as slots, or nil at the end of the trace.
    ///
    /// O(record length): one CRC pass and a few varints; no allocation unless the event is a
    /// library change (its two lists) or the record defines ids.
    @inline(__always)
    @_spi(GridSimInternals) public mutating func nextSlotEvent() throws -> TimedSlotEvent? {
        while let record = try nextRecord() {
            if let (t, event) = try decode(record) {
                eventCount += 1
                return TimedSlotEvent(t: t, event)
            }
        }
        if seenRecord == recordCount && seenRecord != 0 { endAfterSeen() }
        return nil
    }

    /// What the app saw after the event last returned (by `nextSlotEvent()`, `nextKind()` or
    /// `next()`), when the trace recorded it (SPEC.md section 7); nil otherwise, and once the
    /// reader reads on. O(1), a copy of the record's strings' references.
    @inline(__always)
    @_spi(GridSimInternals) public var seen: SeenState? {
        seenRecord != 0 && seenRecord == recordCount - 1 && eventCount > 0 ? seenState : nil
    }

    /// The next event's kind and time, or nil at the end of the trace: what a pass that only
    /// counts needs. Every record is read and checked as by `nextSlotEvent()`, but a library
    /// change's lists are not built. O(record length), no allocation for an event.
    @inline(__always)
    @_spi(GridSimInternals) public mutating func nextKind() throws -> (name: EventName, t: Int?)? {
        while let record = try nextRecord() {
            if let (t, name) = try decode(record, as: EventName.self) {
                eventCount += 1
                return (name, t)
            }
        }
        if seenRecord == recordCount && seenRecord != 0 { endAfterSeen() }
        return nil
    }

    /// The next event with its photos as ids, or nil at the end of the trace.
    ///
    /// - Precondition: `Options.keepsIDs` (the default).
    @_spi(GridSimInternals) public mutating func next() throws -> TraceEvent? {
        precondition(options.keepsIDs, "a reader that keeps no ids cannot name slots: use nextSlotEvent()")
        guard let timed = try nextSlotEvent() else { return nil }
        return TraceEvent(t: timed.t, event(for: timed.event), seen: seen)
    }

    /// Reads every remaining event.
    @_spi(GridSimInternals) public mutating func readAll() throws -> [TraceEvent] {
        var events: [TraceEvent] = []
        while let event = try next() { events.append(event) }
        return events
    }

    /// The event with its slots named. Every slot of an event the reader returned is named.
    @_spi(GridSimInternals) public func event(for event: SlotEvent) -> Event {
        names.event(for: event)
    }

    /// Reads the id-definition records that name the header's explicit grid; returns the
    /// table they filled, which the header then shares (each id read, hashed and stored once).
    private mutating func readHeaderIDs(count: Int) throws -> PhotoIDTable {
        while names.count < count {
            guard let record = try nextRecord() else {
                throw TraceError(
                    .truncated("the file ends before the header's \(count) photo ids are defined (\(names.count) so far)"),
                    at: .byte(source.offset, record: recordCount + 1))
            }
            guard record.kind == BinaryRecordKind.idDefinitions else {
                throw failure(
                    record,
                    .malformed(
                        "a \(BinaryRecordKind.describe(record.kind)) record comes before the header's \(count) photo ids "
                            + "are all defined (\(names.count) so far)"))
            }
            do {
                try decodeIDDefinitions(record, headerIDCount: count)
            } catch {
                throw failure(record, error.kind)
            }
            guard names.lostCount == 0 else {
                throw failure(record, .malformed("damage in the header's id list: the grid cannot be salvaged"))
            }
        }
        return names.listedIDs
    }

    /// The error for a record that does not decode, naming where it is.
    func failure(_ record: RawRecord, _ kind: TraceError.Kind) -> TraceError {
        TraceError(
            kind,
            at: .byte(
                record.offset, record: record.number, recordKind: BinaryRecordKind.describe(record.kind),
                eventsBefore: eventCount))
    }
}

/// Arrays an id-definition record is gathered in before its ids are defined, emptied after
/// each record but keeping their capacity, so that reading a record allocates nothing. The
/// ids point into the record, valid only while it is decoded.
struct IDDefinitionScratch {
    var ids: [UnsafeRawBufferPointer] = []
    var numbered: [NumberedID?] = []
    var hashes: [UInt64] = []
    /// The hashes of a record's ids met along the trace, as they were looked up in the list.
    var eventIDHashes: [UInt64] = []
    /// A header record's ids and their hashes, written in place (the arrays keep the size of
    /// the largest record; only a record's first entries are its own).
    var headerIDs: [UnsafeRawBufferPointer] = []
    var headerHashes: [UInt64] = []
}

/// One record's place and bytes; `body` is valid until the reader reads on.
struct RawRecord {
    var offset: Int
    var number: Int
    var kind: UInt8
    var body: UnsafeRawPointer
    var bodyCount: Int
}
