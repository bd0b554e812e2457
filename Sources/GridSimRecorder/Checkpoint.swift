@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
@_spi(GridSimInternals) import SelectionTrace
import Synchronization

/// One state of the session, as a checkpoint area of the window file holds it: the state after
/// event `events`, whose next record starts at ring position `position`.
///
/// ```
/// header (64 bytes): magic "GSCP", CRC of the rest of the header, generation, events, position,
///                    photos, picks, extra ids, their bytes, mode, sheet, flags, payload size, payload CRC
/// payload:           [grid order: a reference per photo, only when the grid has changed]
///                    [picks: a reference each][drag anchor and end][extra ids' end offsets][their bytes]
/// ```
///
/// Photos are 4-byte references: below the starting grid's count, a photo of the starting grid
/// (the file's grid region) by position; from it on, one of the checkpoint's extra ids (photos
/// a library change brought in). So a grid that never changed costs no bytes here, and one that
/// did costs 4 bytes a photo plus the new ids, never the 40-odd bytes of each PhotoKit id.
///
/// A state with a drag in progress is kept as the state before the drag began plus the drag's
/// anchor and the last photo it moved to: replaying `dragBegan(anchor)` and `dragMoved(end)`
/// on it gives the same state and the same drag (SPEC.md section 6: a drag's state depends on
/// its base, its anchor and where the finger is, not on the way there).
///
/// The header is written last, after the payload and a fence, with a CRC over both: an area
/// that a crash cut short fails its check, and the other area, one checkpoint older, serves.
enum Checkpoint {
    static let headerBytes = 64
    static let magic: UInt32 = 0x5043_5347  // "GSCP" in memory order

    // Header fields.
    static let headerCRC = 4
    static let generation = 8
    static let events = 16
    static let position = 24
    static let photoCount = 32
    static let pickCount = 40
    static let extraCount = 44
    static let extraBytes = 48
    static let mode = 52
    static let sheet = 53
    static let flags = 54
    static let payloadBytes = 56
    static let payloadCRC = 60

    static let hasOrder: UInt8 = 1
    static let isDragging: UInt8 = 2
    static let dragHasEnd: UInt8 = 4
}

/// A drag in progress, as a checkpoint keeps it: the state before it began, where it began,
/// and the last photo the finger reached (nil: none yet).
struct DragMemo {
    var base: FastEngine
    var anchor: PhotoID
    var end: PhotoID?
}

/// Writes the reducer's state into a checkpoint area. Off the app's thread: allocates freely.
struct CheckpointWriter {
    /// Photos of the starting grid; slots below it are its positions.
    let startingCount: Int

    enum Result {
        case written
        /// The state needs `needed` bytes, more than the area has.
        case tooLarge(needed: Int)
    }

    /// Writes `engine`'s state (or, during a drag, `drag`'s base and the drag) as checkpoint
    /// `generation` into `area` of `capacity` bytes. `gridChanged` false writes the grid as
    /// "the starting grid". O(photos) when the grid changed, else O(picks).
    func write(
        _ engine: FastEngine, drag: DragMemo?, gridChanged: Bool, events: UInt64, position: UInt64, generation: UInt64,
        into area: UnsafeMutableRawPointer, capacity: Int
    ) -> Result {
        let state = drag?.base ?? engine
        let order = gridChanged ? state.grid.order : []
        let picks = state.limit != nil ? state.pickSlots : state.selection.slots(inGridOrder: state.grid)
        var extras = ExtraIDs(startingCount: startingCount)
        let fixed = Checkpoint.headerBytes + 4 * (order.count + picks.count + 2)
        guard fixed <= capacity else { return .tooLarge(needed: fixed) }
        let payload = area + Checkpoint.headerBytes
        var offset = 0
        for slot in order {
            payload.storeBytes(of: extras.reference(for: slot, in: state), toByteOffset: offset, as: UInt32.self)
            offset += 4
        }
        for slot in picks {
            payload.storeBytes(of: extras.reference(for: slot, in: state), toByteOffset: offset, as: UInt32.self)
            offset += 4
        }
        var flags: UInt8 = gridChanged ? Checkpoint.hasOrder : 0
        if let drag {
            flags |= Checkpoint.isDragging | (drag.end != nil ? Checkpoint.dragHasEnd : 0)
            for photo in [drag.anchor, drag.end ?? drag.anchor] {
                let slot = state.slots.slot(for: photo) ?? PhotoSlot(0)
                payload.storeBytes(of: extras.reference(for: slot, in: state), toByteOffset: offset, as: UInt32.self)
                offset += 4
            }
        }
        let needed = Checkpoint.headerBytes + offset + 4 * extras.ends.count + extras.bytes.count
        guard needed <= capacity else { return .tooLarge(needed: needed) }
        for end in extras.ends {
            payload.storeBytes(of: end, toByteOffset: offset, as: UInt32.self)
            offset += 4
        }
        extras.bytes.withUnsafeBytes { (payload + offset).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        offset += extras.bytes.count

        let header = area
        header.storeBytes(of: generation, toByteOffset: Checkpoint.generation, as: UInt64.self)
        header.storeBytes(of: events, toByteOffset: Checkpoint.events, as: UInt64.self)
        header.storeBytes(of: position, toByteOffset: Checkpoint.position, as: UInt64.self)
        header.storeBytes(of: UInt64(state.photoCount), toByteOffset: Checkpoint.photoCount, as: UInt64.self)
        header.storeBytes(of: UInt32(picks.count), toByteOffset: Checkpoint.pickCount, as: UInt32.self)
        header.storeBytes(of: UInt32(extras.ends.count), toByteOffset: Checkpoint.extraCount, as: UInt32.self)
        header.storeBytes(of: UInt32(extras.bytes.count), toByteOffset: Checkpoint.extraBytes, as: UInt32.self)
        header.storeBytes(of: state.mode == .selecting ? 1 : 0, toByteOffset: Checkpoint.mode, as: UInt8.self)
        header.storeBytes(of: Self.code(of: state.sheet), toByteOffset: Checkpoint.sheet, as: UInt8.self)
        header.storeBytes(of: flags, toByteOffset: Checkpoint.flags, as: UInt8.self)
        header.storeBytes(of: 0, toByteOffset: Checkpoint.flags + 1, as: UInt8.self)
        header.storeBytes(of: UInt32(offset), toByteOffset: Checkpoint.payloadBytes, as: UInt32.self)
        let payloadCRC = CRC32C.checksum(UnsafeRawBufferPointer(start: payload, count: offset))
        header.storeBytes(of: payloadCRC, toByteOffset: Checkpoint.payloadCRC, as: UInt32.self)
        let crc = CRC32C.checksum(UnsafeRawBufferPointer(start: header + 8, count: Checkpoint.headerBytes - 8))
        // The header's check last, after everything it vouches for.
        atomicMemoryFence(ordering: .releasing)
        header.storeBytes(of: crc, toByteOffset: Checkpoint.headerCRC, as: UInt32.self)
        header.storeBytes(of: Checkpoint.magic, as: UInt32.self)
        return .written
    }

    static func code(of sheet: Sheet?) -> UInt8 {
        switch sheet {
        case nil: 0
        case .share: 1
        case .edit: 2
        }
    }

    /// The ids a checkpoint lists itself: photos outside the starting grid, numbered from
    /// `startingCount` in the order the checkpoint first names them.
    private struct ExtraIDs {
        let startingCount: Int
        var references: [PhotoSlot: UInt32] = [:]
        var ends: [UInt32] = []
        var bytes: [UInt8] = []

        init(startingCount: Int) {
            self.startingCount = startingCount
        }

        mutating func reference(for slot: PhotoSlot, in engine: FastEngine) -> UInt32 {
            if slot.index < startingCount { return slot.rawValue }
            if let known = references[slot] { return known }
            let reference = UInt32(startingCount + ends.count)
            bytes.append(contentsOf: engine.slots.id(for: slot).utf8)
            ends.append(UInt32(bytes.count))
            references[slot] = reference
            return reference
        }
    }
}

/// A checkpoint area read back, checked, with the state it holds.
struct CheckpointReading {
    let generation: UInt64
    let events: UInt64
    let position: UInt64
    let mode: Mode
    let sheet: Sheet?
    let photoCount: Int
    let hasOrder: Bool
    let isDragging: Bool
    let dragHasEnd: Bool
    let pickCount: Int
    let extraCount: Int
    let extraBytes: Int
    /// The payload, in the file's memory.
    let payload: UnsafeRawBufferPointer

    /// The checkpoint in `area`, or nil when the area holds none that passes its checks (never
    /// written, or cut short by a crash).
    init?(area: UnsafeRawPointer, capacity: Int) {
        guard area.load(as: UInt32.self) == Checkpoint.magic else { return nil }
        let crc = CRC32C.checksum(UnsafeRawBufferPointer(start: area + 8, count: Checkpoint.headerBytes - 8))
        guard crc == area.load(fromByteOffset: Checkpoint.headerCRC, as: UInt32.self) else { return nil }
        func u64(_ offset: Int) -> UInt64 { area.load(fromByteOffset: offset, as: UInt64.self) }
        func u32(_ offset: Int) -> Int { Int(area.load(fromByteOffset: offset, as: UInt32.self)) }
        let payloadBytes = u32(Checkpoint.payloadBytes)
        guard payloadBytes <= capacity - Checkpoint.headerBytes else { return nil }
        payload = UnsafeRawBufferPointer(start: area + Checkpoint.headerBytes, count: payloadBytes)
        guard CRC32C.checksum(payload) == area.load(fromByteOffset: Checkpoint.payloadCRC, as: UInt32.self) else { return nil }
        generation = u64(Checkpoint.generation)
        events = u64(Checkpoint.events)
        position = u64(Checkpoint.position)
        photoCount = Int(truncatingIfNeeded: u64(Checkpoint.photoCount))
        pickCount = u32(Checkpoint.pickCount)
        extraCount = u32(Checkpoint.extraCount)
        extraBytes = u32(Checkpoint.extraBytes)
        let flags = area.load(fromByteOffset: Checkpoint.flags, as: UInt8.self)
        hasOrder = flags & Checkpoint.hasOrder != 0
        isDragging = flags & Checkpoint.isDragging != 0
        dragHasEnd = flags & Checkpoint.dragHasEnd != 0
        mode = area.load(fromByteOffset: Checkpoint.mode, as: UInt8.self) == 1 ? .selecting : .browsing
        switch area.load(fromByteOffset: Checkpoint.sheet, as: UInt8.self) {
        case 1: sheet = .share
        case 2: sheet = .edit
        default: sheet = nil
        }
        let expected = 4 * ((hasOrder ? photoCount : 0) + pickCount + (isDragging ? 2 : 0) + extraCount) + extraBytes
        guard photoCount >= 0, expected == payloadBytes else { return nil }
    }

    /// The session this checkpoint starts, over `starting` (the file's starting grid), and the
    /// drag to replay on it, if one was in progress. Throws a description of what is wrong
    /// when a reference or the state itself breaks the file's rules. O(photos) when the grid
    /// changed (its ids hashed once), else O(picks).
    func session(starting: StartingGrid, limit: Int?, reduceMotion: Bool) throws(CheckpointDamage)
        -> (configuration: GridConfiguration, drag: (anchor: PhotoID, end: PhotoID?)?)
    {
        var names = ReferenceNames(starting: starting, extras: self)
        let refs = payload.baseAddress!
        var offset = 0
        func nextReference() -> UInt32 {
            defer { offset += 4 }
            return refs.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
        }
        let photos: PhotoList
        if hasOrder {
            var table = PhotoIDTable()
            table.reserveCapacity(photoCount, bytes: names.totalBytes(ofReferencesAt: refs, count: photoCount))
            for _ in 0..<photoCount {
                let reference = nextReference()
                guard names.isValid(reference) else { throw CheckpointDamage("grid reference \(reference) is out of range") }
                names.withBytes(of: reference) { _ = table.appendAllowingDuplicate($0) }
            }
            guard !table.hasDuplicates else { throw CheckpointDamage("its grid lists a photo twice") }
            photos = .ids(table)
        } else {
            guard photoCount == starting.count else { throw CheckpointDamage("its grid is not the starting grid") }
            photos = starting.photoList()
            if case .ids(let table) = photos, table.hasDuplicates { throw CheckpointDamage("the starting grid lists a photo twice") }
        }
        var picks: [PhotoID] = []
        picks.reserveCapacity(pickCount)
        for _ in 0..<pickCount {
            let reference = nextReference()
            guard names.isValid(reference) else { throw CheckpointDamage("pick reference \(reference) is out of range") }
            picks.append(names.id(of: reference))
        }
        let start = StartState(mode: mode, picks: picks, sheet: sheet)
        if let violation = start.violation(limit: limit, isInGrid: photos.containsID) {
            throw CheckpointDamage("its state breaks an invariant: \(violation)")
        }
        var drag: (anchor: PhotoID, end: PhotoID?)?
        if isDragging {
            let anchor = nextReference()
            let end = nextReference()
            guard names.isValid(anchor), names.isValid(end) else { throw CheckpointDamage("a drag reference is out of range") }
            drag = (names.id(of: anchor), dragHasEnd ? names.id(of: end) : nil)
        }
        let configuration = GridConfiguration(photos: photos, limit: limit, reduceMotion: reduceMotion, start: start)
        return (configuration, drag)
    }

    /// Where the extra ids' end offsets begin in the payload.
    var extraEndsOffset: Int { 4 * ((hasOrder ? photoCount : 0) + pickCount + (isDragging ? 2 : 0)) }
}

/// What is wrong with a checkpoint whose checks passed but whose contents do not hold together.
struct CheckpointDamage: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The ids behind a checkpoint's references: the starting grid's, then its extra ids.
private struct ReferenceNames {
    let starting: StartingGrid
    let extras: CheckpointReading
    /// A counted id's decimal digits.
    private var digits = [UInt8](repeating: 0, count: 24)

    init(starting: StartingGrid, extras: CheckpointReading) {
        self.starting = starting
        self.extras = extras
    }

    func isValid(_ reference: UInt32) -> Bool {
        Int(reference) < starting.count + extras.extraCount && extraRange(reference).map { $0.upperBound <= extras.extraBytes } ?? true
    }

    /// The byte range of an extra id among the extra bytes; nil for a starting photo.
    private func extraRange(_ reference: UInt32) -> Range<Int>? {
        let index = Int(reference) - starting.count
        guard index >= 0 else { return nil }
        let ends = extras.payload.baseAddress! + extras.extraEndsOffset
        let end = Int(ends.loadUnaligned(fromByteOffset: 4 * index, as: UInt32.self))
        let start = index == 0 ? 0 : Int(ends.loadUnaligned(fromByteOffset: 4 * (index - 1), as: UInt32.self))
        return start <= end ? start..<end : end..<end
    }

    mutating func withBytes(of reference: UInt32, _ body: (UnsafeRawBufferPointer) -> Void) {
        if let range = extraRange(reference) {
            let bytes = extras.payload.baseAddress! + extras.extraEndsOffset + 4 * extras.extraCount
            body(UnsafeRawBufferPointer(start: bytes + range.lowerBound, count: range.count))
            return
        }
        switch starting {
        case .ids:
            starting.withBytes(at: Int(reference), body)
        case .count:
            var value = Int(reference) + 1
            var length = 0
            repeat {
                digits[23 - length] = UInt8(48 + value % 10)
                value /= 10
                length += 1
            } while value > 0
            digits.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[(24 - length)...])) }
        }
    }

    /// The bytes of the valid ones among `count` references at `references`: a table's size.
    func totalBytes(ofReferencesAt references: UnsafeRawPointer, count: Int) -> Int {
        var total = 0
        for index in 0..<count {
            let reference = references.loadUnaligned(fromByteOffset: 4 * index, as: UInt32.self)
            guard isValid(reference) else { continue }
            if let range = extraRange(reference) {
                total += range.count
            } else if case .ids = starting {
                starting.withBytes(at: Int(reference)) { total += $0.count }
            } else {
                total += 20
            }
        }
        return total
    }

    mutating func id(of reference: UInt32) -> PhotoID {
        var id = ""
        withBytes(of: reference) { id = String(decoding: $0, as: UTF8.self) }
        return id
    }
}

/// The grid a window file's session started with, read in place from its grid region: ids by
/// position without hashing them, which only a checkpoint of the unchanged grid needs
/// (`photoList()`).
enum StartingGrid {
    case count(Int)
    /// `count` ids: a 32-bit end offset each at `ends`, their bytes at `bytes`, both checked.
    case ids(ends: UnsafeRawPointer, bytes: UnsafeRawPointer, count: Int)

    var count: Int {
        switch self {
        case .count(let count), .ids(_, _, let count): count
        }
    }

    /// The bytes of the id at `position` of an id grid.
    func withBytes(at position: Int, _ body: (UnsafeRawBufferPointer) -> Void) {
        guard case .ids(let ends, let bytes, _) = self else { return }
        let end = Int(ends.loadUnaligned(fromByteOffset: 4 * position, as: UInt32.self))
        let start = position == 0 ? 0 : Int(ends.loadUnaligned(fromByteOffset: 4 * (position - 1), as: UInt32.self))
        body(UnsafeRawBufferPointer(start: bytes + start, count: end - start))
    }

    /// The grid as an engine takes it: its ids copied into a table and hashed. O(bytes).
    func photoList() -> PhotoList {
        switch self {
        case .count(let count):
            return .count(count)
        case .ids(let ends, let bytes, let count):
            var offsets = [UInt32](repeating: 0, count: count)
            offsets.withUnsafeMutableBytes { $0.copyMemory(from: UnsafeRawBufferPointer(start: ends, count: 4 * count)) }
            let byteCount = Int(offsets.last ?? 0)
            var copied = [UInt8](UnsafeRawBufferPointer(start: bytes, count: byteCount))
            return .ids(PhotoIDTable(takingConcatenated: &copied, ends: offsets))
        }
    }
}
