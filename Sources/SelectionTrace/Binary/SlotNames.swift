@_spi(GridSimInternals) import SelectionCore
import SelectionSlots

/// The ids of the slots a binary trace has defined so far, as its reader knows them.
///
/// Numbering follows `SlotTable` exactly, so that a reader's slots are the slots a
/// `FastEngine` for the same header hands out: a grid given by count N owns slots
/// `0 ..< N` (ids `"1"` … `"N"`, computed, never stored), a grid given by a list of L ids
/// owns slots `0 ..< L` (kept in `listedIDs`, the table the header then hands to the engine),
/// and every other id takes the next slot in the order the trace defines it. Unlike
/// `SlotTable`, a slot may be *lost*: when a salvaging reader skips damaged bytes that
/// defined ids, it keeps the numbering of the ones after and refuses to name the missing
/// ones, rather than guess.
@_spi(GridSimInternals) public struct SlotNames: Sendable {
    /// Answers "is this id one of `"1"` … `"N"`?" with the same rules as the engine.
    private let counted: SlotTable
    /// The header's id list, slots `0 ..< listedCapacity`, filled as its definitions are read.
    @_spi(GridSimInternals) public private(set) var listedIDs: PhotoIDTable
    private let listedCapacity: Int
    /// Ids defined after the header's list, in slot order: numbered ones (`s1`, `s2`, …, as
    /// generated traces bring them) kept as numbers, not bytes.
    private var added: NumberedIDTable
    /// The lost slots, in increasing order.
    private var lost: [Range<Int>] = []
    /// How many slots are lost.
    @_spi(GridSimInternals) public private(set) var lostCount = 0

    /// The names of a grid given by count (`countedPhotos`), or by a list of `listedIDs` ids
    /// that the trace defines next (with `countedPhotos` 0). Room for the list is reserved
    /// here: the caller has checked its size against the limits.
    init(countedPhotos: Int, listedIDs listedCount: Int = 0) {
        counted = SlotTable(countedPhotos: countedPhotos)
        listedIDs = PhotoIDTable()
        listedIDs.reserveCapacity(listedCount)
        listedCapacity = listedCount
        added = NumberedIDTable(hasher: listedIDs.hasher)
    }

    /// The names of a grid whose header list `listed` was read before (by another reader of
    /// the same trace): the table is shared, not built again.
    init(adoptingListed listed: PhotoIDTable) {
        counted = SlotTable(countedPhotos: 0)
        listedIDs = listed
        listedCapacity = listed.count
        added = NumberedIDTable(hasher: listed.hasher)
    }

    /// Slots `0 ..< countedPrefix` are the ids `"1"` … `"countedPrefix"`.
    @_spi(GridSimInternals) public var countedPrefix: Int { counted.countedPrefix }

    /// How many slots are named or lost; every slot below it was defined by the trace.
    @inline(__always)
    @_spi(GridSimInternals) public var count: Int { counted.countedPrefix + listedIDs.count + added.count }

    /// How many ids were defined after the header's list, lost ones included.
    var addedCount: Int { added.count }

    /// How many ids are stored (explicit, not counted), lost ones included.
    @_spi(GridSimInternals) public var explicitCount: Int { listedIDs.count + added.count }

    /// The bytes of every stored id together.
    var explicitByteCount: Int { listedIDs.byteCount + added.byteCount }

    /// What hashes ids for `slot(forBytes:hash:)` and `define(_:hash:)`.
    var hasher: PhotoIDHasher { listedIDs.hasher }

    /// The id of `slot`, or nil when the slot is lost or was never defined. O(1) for the
    /// grid's photos, O(log runs) for ids defined after (see `NumberedIDTable`).
    @_spi(GridSimInternals) public func id(for slot: PhotoSlot) -> PhotoID? {
        let index = slot.index
        if index < counted.countedPrefix { return String(index + 1) }
        guard index < count, !isLost(index) else { return nil }
        let explicitIndex = index - counted.countedPrefix
        return explicitIndex < listedIDs.count ? listedIDs[explicitIndex] : added[explicitIndex - listedIDs.count]
    }

    /// The length in bytes of the longest id named so far, or more: what a writer of ids
    /// makes room for. O(1).
    var longestIDByteCount: Int {
        // A counted id has at most 10 digits, a numbered one at most 17 bytes.
        max(NumberedID.longestByteCount, listedIDs.longestByteCount, added.table.longestByteCount)
    }

    /// Calls `body` with the UTF-8 bytes of `slot`'s id, copied from where the id is held (a
    /// counted one written on the stack), no string made: for writers of ids by the million.
    /// O(1) for the grid's photos, O(log runs) for ids defined after, besides `body`.
    ///
    /// - Precondition: `slot` is named (`id(for:)` is not nil).
    func withBytes<R>(of slot: PhotoSlot, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let index = slot.index
        if index < counted.countedPrefix {
            // Slots are 32-bit: a counted id ("1" … "4294967296") has at most 10 digits.
            return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 10) { buffer in
                var start = 10
                var rest = index + 1
                repeat {
                    start -= 1
                    buffer[start] = UInt8(truncatingIfNeeded: 48 + rest % 10)
                    rest /= 10
                } while rest > 0
                return try body(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[start...])))
            }
        }
        precondition(index < count && !isLost(index), "slot \(slot) is not named")
        let explicitIndex = index - counted.countedPrefix
        if explicitIndex < listedIDs.count { return try listedIDs.withBytes(at: explicitIndex, body) }
        switch added.holding(at: explicitIndex - listedIDs.count) {
        case .table(let position): return try added.table.withBytes(at: position, body)
        case .numbered(let id): return try id.withBytes(body)
        }
    }

    /// Writes the text line of `event` into `block`, each photo's id copied from where it is
    /// held: the bytes `TextTraceEncoding.append` writes for the event with its ids.
    /// O(line length).
    ///
    /// - Precondition: every slot of the event is named.
    func writeLine(_ event: TimedSlotEvent, to block: LineBlock) {
        var line = block.cursor(atMost: TextTraceEncoding.maximumLineLength(event.event, longestID: longestIDByteCount))
        TextTraceEncoding.writeLine(t: event.t, event.event, to: &line) { slot, line in
            withBytes(of: slot) { line.writeQuoted($0) }
        }
        block.commit(line)
    }

    /// Whether `slot` was defined and not lost. O(1) unless slots were lost.
    @inline(__always)
    func isNamed(_ index: Int) -> Bool {
        if index < counted.countedPrefix { return true }
        return index < count && (lostCount == 0 || !Self.isLost(index, in: lost))
    }

    /// O(log ranges lost).
    private func isLost(_ index: Int) -> Bool {
        lostCount > 0 && Self.isLost(index, in: lost)
    }

    /// Whether `index` is in one of the ranges of `lost`. O(log ranges). Static, handed the
    /// ranges alone: called on `self` from the decoder, which asks `isNamed` on every event,
    /// it made the decoder copy the whole value (472 bytes) first, called or not.
    private static func isLost(_ index: Int, in lost: [Range<Int>]) -> Bool {
        var low = 0
        var high = lost.count
        while low < high {
            let middle = (low + high) / 2
            if lost[middle].upperBound <= index { low = middle + 1 } else { high = middle }
        }
        return low < lost.count && lost[low].contains(index)
    }

    /// The slot already holding `id`, if any. O(length of id) plus a hash and two probes.
    @_spi(GridSimInternals) public func slot(for id: PhotoID) -> PhotoSlot? {
        if let slot = counted.slot(for: id) { return slot }
        var contiguous = id
        return contiguous.withUTF8 { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            return slot(forBytes: bytes, hash: hasher.hash(bytes))
        }
    }

    /// The slot already holding the id with these UTF-8 bytes, whose hash by `hasher` is
    /// `hash`; no string is built unless the grid is counted and the id is all digits.
    func slot(forBytes id: UnsafeRawBufferPointer, hash: UInt64) -> PhotoSlot? {
        if let slot = CountedID.slot(ofBytes: id, countedPrefix: counted.countedPrefix) {
            return slot
        }
        if let position = listedIDs.position(of: id, hash: hash) { return PhotoSlot(counted.countedPrefix + position) }
        if let position = added.position(of: id, numbered: NumberedID.parse(id), hash: { hash }) {
            return PhotoSlot(counted.countedPrefix + listedIDs.count + position)
        }
        return nil
    }

    /// Names the next slot with `id`'s bytes, whose hash by `hasher` is `hash`, unless the id
    /// already has a slot: then returns that slot and changes nothing. One probe.
    mutating func define(_ id: UnsafeRawBufferPointer, hash: UInt64) -> PhotoSlot? {
        if let slot = CountedID.slot(ofBytes: id, countedPrefix: counted.countedPrefix) {
            return slot
        }
        if listedIDs.count < listedCapacity {
            let (position, isNew) = listedIDs.insert(id, hash: hash)
            return isNew ? nil : PhotoSlot(counted.countedPrefix + position)
        }
        if let position = listedIDs.position(of: id, hash: hash) { return PhotoSlot(counted.countedPrefix + position) }
        let (position, isNew) = added.insert(id, numbered: NumberedID.parse(id), hash: { hash })
        return isNew ? nil : PhotoSlot(counted.countedPrefix + listedIDs.count + position)
    }

    /// Names the next `count` slots of the header's list with the batch's ids (see
    /// `PhotoIDTable.insert(batchOf:hashes:)`), stopping at one that already has a slot:
    /// returns its index in the batch and that slot.
    ///
    /// - Precondition: the batch fits in the list (`listedIDs.count + count <= ` the list's size).
    mutating func defineListed(
        batchOf ids: UnsafeBufferPointer<UnsafeRawBufferPointer>, hashes: UnsafeBufferPointer<UInt64>
    ) -> (index: Int, slot: PhotoSlot)? {
        precondition(counted.countedPrefix == 0 && listedIDs.count + ids.count <= listedCapacity, "the batch is past the list")
        return listedIDs.insert(batchOf: ids, hashes: hashes).map { ($0.index, PhotoSlot($0.position)) }
    }

    /// Whether every id of the header's list is defined (always so for a grid given by count).
    var listIsComplete: Bool { listedIDs.count == listedCapacity }

    /// The slot of an id that is counted or in the header's list, else nil. One probe, and
    /// none (nor a hash: `hash()` is not called) when the grid is given by count.
    @inline(__always)
    func slotBeforeAdded(_ id: UnsafeRawBufferPointer, hash: () -> UInt64) -> PhotoSlot? {
        if let slot = CountedID.slot(ofBytes: id, countedPrefix: counted.countedPrefix) { return slot }
        guard listedIDs.count > 0 else { return nil }
        if let position = listedIDs.position(of: id, hash: hash()) { return PhotoSlot(counted.countedPrefix + position) }
        return nil
    }

    /// Names the next slot after the header's list with `id`, which is not counted or listed
    /// (`slotBeforeAdded`), unless it was already added: then returns its slot and changes
    /// nothing. `numbered` is `NumberedID.parse(id)`; `hash()` is asked only for an id not
    /// held by number. O(1) for a numbered id.
    ///
    /// - Precondition: `listIsComplete`.
    @inline(__always)
    mutating func defineAdded(_ id: UnsafeRawBufferPointer, numbered: NumberedID?, hash: () -> UInt64) -> PhotoSlot? {
        let (position, isNew) = added.insert(id, numbered: numbered, hash: hash)
        return isNew ? nil : PhotoSlot(counted.countedPrefix + listedIDs.count + position)
    }

    /// Names the next slot after a grid given by count (no list) with `id`, unless it already
    /// has a slot (counted or added): then returns that slot and changes nothing.
    /// `numbered` is `NumberedID.parse(id)`; `hash()` is asked only for an id not held by
    /// number. O(1) for a numbered id.
    ///
    /// - Precondition: the header lists no ids (`listedIDs` is empty).
    @inline(__always)
    mutating func defineAfterCount(_ id: UnsafeRawBufferPointer, numbered: NumberedID?, hash: () -> UInt64) -> PhotoSlot? {
        if let numbered {
            // The counted ids are the numbered ids without a prefix from 1 to the count.
            if numbered.prefix == NumberedID.noPrefix && numbered.number >= 1 && Int(numbered.number) <= counted.countedPrefix {
                return PhotoSlot(Int(numbered.number) - 1)
            }
        } else if let slot = CountedID.slot(ofBytes: id, countedPrefix: counted.countedPrefix) {
            return slot
        }
        let (position, isNew) = added.insert(id, numbered: numbered, hash: hash)
        return isNew ? nil : PhotoSlot(counted.countedPrefix + position)
    }

    /// Names the next `count` slots after the header's list with the batch's ids, none of
    /// which is counted, listed (`slotBeforeAdded`) or numbered, stopping at one already
    /// added: returns its index in the batch and its slot. See
    /// `PhotoIDTable.insert(batchOf:hashes:)`.
    ///
    /// - Precondition: `listIsComplete`.
    mutating func defineAdded(
        batchOf ids: UnsafeBufferPointer<UnsafeRawBufferPointer>, hashes: UnsafeBufferPointer<UInt64>
    ) -> (index: Int, slot: PhotoSlot)? {
        precondition(listIsComplete, "ids are added after the header's list")
        let first = counted.countedPrefix + listedIDs.count
        return added.insert(batchOf: ids, hashes: hashes).map { ($0.index, PhotoSlot(first + $0.position)) }
    }

    /// Reserves room for the header list's bytes, estimated from its first record.
    mutating func reserveListedBytes(_ byteCount: Int) {
        listedIDs.reserveCapacity(0, bytes: byteCount)
    }

    /// Skips `count` slots whose definitions were lost.
    mutating func loseSlots(_ count: Int) {
        guard count > 0 else { return }
        let first = self.count
        let intoList = min(count, listedCapacity - listedIDs.count)
        if intoList > 0 { listedIDs.appendUnnamed(intoList) }
        if count > intoList { added.appendUnnamed(count - intoList) }
        lost.append(first..<first + count)
        lostCount += count
    }
}
