import Foundation
@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
@_spi(GridSimInternals) import SelectionTrace

/// Writes what a new window file starts with: the superblock, the starting grid, and the
/// session's start state as checkpoint 1.
enum WindowFileWriter {
    static func writeStart(
        of file: MappedFile, layout: WindowLayout, grid: PhotoList, limit: Int?, reduceMotion: Bool, engine: FastEngine
    ) throws {
        let superblock = file.base
        layout.write(to: superblock)
        superblock.storeBytes(of: UInt64(grid.count), toByteOffset: Superblock.photoCount, as: UInt64.self)
        superblock.storeBytes(of: Int64(limit ?? -1), toByteOffset: Superblock.limit, as: Int64.self)
        superblock.storeBytes(of: reduceMotion ? 1 : 0, toByteOffset: Superblock.reduceMotion, as: UInt32.self)
        let created = Int64(Date().timeIntervalSince1970 * 1000)
        superblock.storeBytes(of: created, toByteOffset: Superblock.createdAt, as: Int64.self)
        var gridCRC: UInt32 = 0
        switch grid {
        case .count:
            superblock.storeBytes(of: UInt64.max, toByteOffset: Superblock.idBytes, as: UInt64.self)
        case .ids(let table):
            superblock.storeBytes(of: UInt64(table.byteCount), toByteOffset: Superblock.idBytes, as: UInt64.self)
            gridCRC = try writeGrid(table, to: file, at: layout.gridOffset)
        }
        superblock.storeBytes(of: gridCRC, toByteOffset: Superblock.gridCRC, as: UInt32.self)
        let writer = CheckpointWriter(startingCount: grid.count)
        _ = writer.write(
            engine, drag: nil, gridChanged: false, events: 0, position: 0, generation: 1,
            into: file.base + layout.checkpointOffsets[1], capacity: layout.checkpointBytes)
        superblock.storeBytes(of: Superblock.recording, toByteOffset: Superblock.runState, as: UInt64.self)
        superblock.storeBytes(of: 1, toByteOffset: Superblock.windowStart, as: UInt64.self)
        superblock.storeBytes(of: Superblock.formatVersion, toByteOffset: Superblock.version, as: UInt32.self)
        superblock.storeBytes(of: Superblock.crc(of: superblock), toByteOffset: Superblock.staticCRC, as: UInt32.self)
        superblock.storeBytes(of: Superblock.magic, toByteOffset: Superblock.magicOffset, as: UInt64.self)
    }

    /// The ids' end offsets, then their bytes, written through the descriptor a megabyte at a
    /// time (47 MB at a million PhotoKit ids, which need not be this process's memory);
    /// returns the CRC of both. O(bytes).
    private static func writeGrid(_ table: PhotoIDTable, to file: MappedFile, at offset: Int) throws -> UInt32 {
        var chunk: [UInt8] = []
        chunk.reserveCapacity(1 << 20)
        var written = offset
        var crc: UInt32 = 0
        func flush() throws {
            try chunk.withUnsafeBytes { bytes in
                crc = CRC32C.update(crc, bytes)
                try file.write(bytes, at: written)
            }
            written += chunk.count
            chunk.removeAll(keepingCapacity: true)
        }
        var end: UInt32 = 0
        for position in 0..<table.count {
            table.withBytes(at: position) { end += UInt32($0.count) }
            withUnsafeBytes(of: end) { chunk.append(contentsOf: $0) }
            if chunk.count >= 1 << 20 { try flush() }
        }
        try table.forEachID(in: 0..<table.count) { id in
            chunk.append(contentsOf: id.bindMemory(to: UInt8.self))
            if chunk.count >= 1 << 20 { try flush() }
        }
        try flush()
        return crc
    }
}

/// A window file read back after its recorder is gone, every part checked before it is used:
/// a file that is not a window file, or whose contents are torn, is an error that says so,
/// never a crash.
struct WindowFileReader {
    let file: MappedFile
    let path: String
    let layout: WindowLayout
    let starting: StartingGrid
    let limit: Int?
    let reduceMotion: Bool

    init(file: MappedFile, path: String) throws {
        self.file = file
        self.path = path
        let superblock = UnsafeRawPointer(file.base)
        guard file.size >= WindowLayout.superblockBytes,
            superblock.load(fromByteOffset: Superblock.magicOffset, as: UInt64.self) == Superblock.magic
        else {
            throw RecorderError(.notAWindowFile("it does not start with a window file's mark"), at: path)
        }
        let version = superblock.load(fromByteOffset: Superblock.version, as: UInt32.self)
        guard version == Superblock.formatVersion else {
            throw RecorderError(
                .notAWindowFile("its format version is \(version); this reader reads version \(Superblock.formatVersion)"), at: path)
        }
        guard Superblock.crc(of: superblock) == superblock.load(fromByteOffset: Superblock.staticCRC, as: UInt32.self) else {
            throw RecorderError(.damaged("its superblock fails its CRC"), at: path)
        }
        layout = try WindowLayout(reading: superblock, fileBytes: file.size, path: path)
        let storedLimit = superblock.load(fromByteOffset: Superblock.limit, as: Int64.self)
        limit = storedLimit < 0 ? nil : Int(storedLimit)
        reduceMotion = superblock.load(fromByteOffset: Superblock.reduceMotion, as: UInt32.self) != 0
        starting = try Self.startingGrid(file: file, layout: layout, path: path)
    }

    /// The grid the session started with, in the grid region, checked (its CRC, its end
    /// offsets in order); read in place, not hashed.
    private static func startingGrid(file: MappedFile, layout: WindowLayout, path: String) throws -> StartingGrid {
        let superblock = UnsafeRawPointer(file.base)
        let count = Int(truncatingIfNeeded: superblock.load(fromByteOffset: Superblock.photoCount, as: UInt64.self))
        let idBytes = superblock.load(fromByteOffset: Superblock.idBytes, as: UInt64.self)
        guard count >= 0 && count <= SlotTable.maximumCount else {
            throw RecorderError(.damaged("its photo count \(count) is out of range"), at: path)
        }
        if idBytes == UInt64.max { return .count(count) }
        guard idBytes <= UInt64(layout.gridRegionBytes), 4 * count <= layout.gridRegionBytes - Int(idBytes) else {
            throw RecorderError(.damaged("its grid of \(count) ids in \(idBytes) bytes does not fit the grid region"), at: path)
        }
        let region = UnsafeRawPointer(file.base + layout.gridOffset)
        let used = 4 * count + Int(idBytes)
        guard CRC32C.checksum(UnsafeRawBufferPointer(start: region, count: used))
            == superblock.load(fromByteOffset: Superblock.gridCRC, as: UInt32.self)
        else {
            throw RecorderError(.damaged("its grid region fails its CRC"), at: path)
        }
        var previous: UInt32 = 0
        for index in 0..<count {
            let end = region.loadUnaligned(fromByteOffset: 4 * index, as: UInt32.self)
            guard end >= previous, UInt64(end) <= idBytes else {
                throw RecorderError(.damaged("the end offset of grid id \(index) is out of order"), at: path)
            }
            previous = end
        }
        guard UInt64(previous) == idBytes else { throw RecorderError(.damaged("its grid's ids end before its bytes"), at: path) }
        return .ids(ends: region, bytes: region + 4 * count, count: count)
    }

    /// The window as the file holds it: the newest whole checkpoint, the events after it that
    /// left the window applied to it, and the window's lines, each decoded to check it.
    func recover() throws -> RecoveredWindow {
        let superblock = UnsafeRawPointer(file.base)
        func counter(_ offset: Int) -> UInt64 { superblock.load(fromByteOffset: offset, as: UInt64.self) }
        let runState = counter(Superblock.runState)
        guard runState == Superblock.recording || runState == Superblock.closedCleanly else {
            throw RecorderError(.damaged("its run state \(runState) is neither recording nor closed"), at: path)
        }
        let overflow = counter(Superblock.checkpointOverflow)
        guard overflow == 0 else {
            throw RecorderError(
                .cannotRebuild(
                    "the grid outgrew the checkpoint areas (a checkpoint needed \(overflow) bytes, each area has "
                        + "\(layout.checkpointBytes), sized from the grid the recorder started with): start the "
                        + "next recorder from the library as it is now"), at: path)
        }
        let head = counter(Superblock.committedHead)
        let checkpoint = try newestCheckpoint(head: head)
        let (configuration, drag) = try baseSession(checkpoint)
        var engine = FastEngine(configuration: configuration)
        if let drag {
            _ = engine.apply(Event.dragBegan(drag.anchor))
            if let end = drag.end { _ = engine.apply(Event.dragMoved(end)) }
            guard engine.isDragging else { throw RecorderError(.damaged("its checkpoint's drag does not begin"), at: path) }
        }
        let closedCleanly = runState == Superblock.closedCleanly
        let source = WindowSource(
            base: engine, baseEvents: checkpoint.events, position: checkpoint.position, baseList: configuration.photos,
            gridChanged: false, ring: UnsafeRawPointer(file.base + layout.ringOffset), ringBytes: layout.ringBytes, head: head,
            windowStart: counter(Superblock.windowStart), capacity: layout.capacity, limit: limit, reduceMotion: reduceMotion,
            meta: [(key: "generator", value: .string("GridSimRecorder window")), (key: "closedCleanly", value: .bool(closedCleanly))],
            checksLines: true)
        do {
            let window = try source.build()
            return RecoveredWindow(previousRunClosedCleanly: closedCleanly, window: window)
        } catch let damage as RingDamage {
            throw RecorderError(.damaged(damage.description), at: path)
        } catch let error as TraceError {
            throw RecorderError(.damaged("a recorded line does not read: \(error)"), at: path)
        }
    }

    private func newestCheckpoint(head: UInt64) throws -> CheckpointReading {
        let readings = layout.checkpointOffsets.compactMap {
            CheckpointReading(area: UnsafeRawPointer(file.base + $0), capacity: layout.checkpointBytes)
        }
        guard let newest = readings.max(by: { $0.generation < $1.generation }) else {
            throw RecorderError(.damaged("neither checkpoint area holds a whole checkpoint"), at: path)
        }
        guard newest.position <= head, head - newest.position <= UInt64(layout.ringBytes) else {
            throw RecorderError(
                .cannotRebuild(
                    "its newest checkpoint (event \(newest.events), ring position \(newest.position)) is not within the ring's "
                        + "last \(layout.ringBytes) bytes before the head (\(head))"), at: path)
        }
        return newest
    }

    private func baseSession(_ checkpoint: CheckpointReading) throws -> (GridConfiguration, (anchor: PhotoID, end: PhotoID?)?) {
        do {
            return try checkpoint.session(starting: starting, limit: limit, reduceMotion: reduceMotion)
        } catch {
            throw RecorderError(.damaged("its checkpoint at event \(checkpoint.events): \(error)"), at: path)
        }
    }
}

/// The window a previous run left in its file, found by `WindowRecorder.recover(at:)`: held in
/// memory, so that the file may be replaced by a new recorder before the trace is written.
public struct RecoveredWindow: Sendable {
    /// Whether the run that recorded it called `close()`; false after a crash, a kill, or a
    /// recorder dropped without closing.
    public let previousRunClosedCleanly: Bool
    let window: BuiltWindow

    init(previousRunClosedCleanly: Bool, window: BuiltWindow) {
        self.previousRunClosedCleanly = previousRunClosedCleanly
        self.window = window
    }

    /// Events in the window. O(1).
    public var eventCount: Int { window.eventCount }
    /// The number of the window's first event in the session (1 for the session's first). O(1).
    public var firstEventNumber: Int { window.firstEvent }
    /// Events the run recorded, up to the window's last. O(1).
    public var sessionEventCount: Int { window.sessionEvents }

    /// Writes the window as a text trace at `path`, replacing any file there; see
    /// `WindowRecorder.writeWindow(to:)` for what it holds. O(photos named + window lines).
    public func writeTrace(to path: String) throws {
        try window.write(to: path)
    }
}

extension WindowRecorder {
    /// The window the recorder that had the file at `path` left in it (closed, crashed or
    /// killed), or nil when there is no file. Call it before creating the next recorder at the
    /// same path, which replaces the file.
    ///
    /// O(photos) to read the grid (its ids hashed once), plus the events in the ring (each line
    /// decoded and checked). Throws `RecorderError` for a file that is not a window file, is
    /// damaged or cut short, or cannot be rebuilt.
    public static func recover(at path: String) throws -> RecoveredWindow? {
        guard let file = try MappedFile.open(path, writable: false) else { return nil }
        defer { file.close() }
        return try WindowFileReader(file: file, path: path).recover()
    }
}
