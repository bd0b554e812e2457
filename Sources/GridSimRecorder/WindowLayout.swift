@_spi(GridSimInternals) import SelectionTrace

/// Where the regions of a window file lie, sized from its byte budget; the file is exactly the
/// budget, allocated when it is created, and never grows.
///
/// ```
/// [superblock, 4 KiB][grid: the starting ids][checkpoint A][checkpoint B][ring ............]
/// ```
///
/// - The grid region holds the ids the session started with (a 32-bit end offset each, then
///   their bytes); nothing for a grid given by count. Written once.
/// - Each checkpoint area holds one state (`Checkpoint`): room for 16 bytes a photo of the
///   starting grid (its order and its picks as 4-byte references, twice over, so that the
///   grid may grow or gain new ids) and 64 KiB more. Two, written in turn, so that a crash
///   while one is written leaves the other whole.
/// - The ring is the rest: the window's event lines (at most half of it), and those that left
///   the window since the reducer's last checkpoint (`RingRecord`). The reducer checkpoints
///   once they take a quarter of the ring, so that a checkpoint (O(photos) once the grid has
///   changed: 8 MB at a million photos) is written every few thousand events, not every few.
struct WindowLayout: Hashable, Sendable {
    static let superblockBytes = 4096
    static let pageBytes = 4096
    /// The least ring a file may have: about a hundred lines of a tap with `seen`.
    static let minimumRingBytes = 16 << 10
    /// Ring bytes a default budget plans for each event of the window: a PhotoKit id's tap
    /// with all of `seen` but the id lists takes about 200.
    static let plannedBytesPerEvent = 256

    let fileBytes: Int
    /// The most events the window keeps.
    let capacity: Int
    let gridOffset: Int
    let gridRegionBytes: Int
    let checkpointOffsets: [Int]
    let checkpointBytes: Int
    let ringOffset: Int
    let ringBytes: Int

    /// The most ring bytes the window's records take: the other half of the ring is the slack
    /// where events that left the window wait for the reducer to checkpoint past them.
    var windowBytes: Int { ringBytes / 2 / 8 * 8 }
    /// Slack bytes after which the reducer writes a checkpoint.
    var checkpointInterval: Int { ringBytes / 4 }
    /// The longest record the ring takes; a longer event is recorded as a marker, and the
    /// window starts after it (`WindowRecorder.record`).
    var maximumRecordBytes: Int { ringBytes / 8 / 8 * 8 }

    /// The layout for a grid of `photoCount` photos whose ids take `idBytes` bytes (0 for a
    /// grid given by count, which stores no id), or the error naming the least budget.
    init(photoCount: Int, idBytes: Int?, capacity: Int, budget: Int?, path: String) throws {
        let grid = idBytes.map { Self.roundUp(4 * photoCount + $0) } ?? 0
        let checkpoint = Self.roundUp(Checkpoint.headerBytes + 16 * photoCount + (64 << 10))
        let fixed = Self.superblockBytes + grid + 2 * checkpoint
        let minimum = fixed + Self.minimumRingBytes
        let planned = fixed + max(Self.minimumRingBytes, Self.roundUp(capacity * Self.plannedBytesPerEvent * 2))
        let budget = budget ?? planned
        guard budget >= minimum else {
            throw RecorderError(.budgetTooSmall(budget: budget, minimum: minimum), at: path)
        }
        fileBytes = budget
        self.capacity = capacity
        gridOffset = Self.superblockBytes
        gridRegionBytes = grid
        checkpointBytes = checkpoint
        checkpointOffsets = [gridOffset + grid, gridOffset + grid + checkpoint]
        ringOffset = fixed
        ringBytes = (budget - fixed) / 8 * 8
    }

    /// The layout a superblock states, checked against the file's size.
    init(reading superblock: UnsafeRawPointer, fileBytes: Int, path: String) throws {
        func field(_ offset: Int) -> Int { Int(truncatingIfNeeded: superblock.load(fromByteOffset: offset, as: UInt64.self)) }
        self.fileBytes = field(Superblock.fileBytes)
        capacity = field(Superblock.capacity)
        gridOffset = field(Superblock.gridOffset)
        gridRegionBytes = field(Superblock.gridRegionBytes)
        checkpointOffsets = [field(Superblock.checkpointOffsetA), field(Superblock.checkpointOffsetB)]
        checkpointBytes = field(Superblock.checkpointBytes)
        ringOffset = field(Superblock.ringOffset)
        ringBytes = field(Superblock.ringBytes)
        guard self.fileBytes == fileBytes else {
            throw RecorderError(.damaged("the superblock says \(self.fileBytes) bytes, the file has \(fileBytes)"), at: path)
        }
        let regions = [
            (gridOffset, gridRegionBytes), (checkpointOffsets[0], checkpointBytes), (checkpointOffsets[1], checkpointBytes),
            (ringOffset, ringBytes),
        ]
        guard capacity >= 1, ringBytes >= Self.minimumRingBytes, ringBytes % 8 == 0, checkpointBytes >= Checkpoint.headerBytes,
            regions.allSatisfy({ $0.0 >= Self.superblockBytes && $0.1 >= 0 && $0.0 <= fileBytes - $0.1 })
        else {
            throw RecorderError(.damaged("the superblock's regions do not fit the file"), at: path)
        }
    }

    func write(to superblock: UnsafeMutableRawPointer) {
        func set(_ offset: Int, _ value: Int) { superblock.storeBytes(of: UInt64(value), toByteOffset: offset, as: UInt64.self) }
        set(Superblock.fileBytes, fileBytes)
        set(Superblock.capacity, capacity)
        set(Superblock.gridOffset, gridOffset)
        set(Superblock.gridRegionBytes, gridRegionBytes)
        set(Superblock.checkpointOffsetA, checkpointOffsets[0])
        set(Superblock.checkpointOffsetB, checkpointOffsets[1])
        set(Superblock.checkpointBytes, checkpointBytes)
        set(Superblock.ringOffset, ringOffset)
        set(Superblock.ringBytes, ringBytes)
    }

    static func roundUp(_ bytes: Int) -> Int { (bytes + pageBytes - 1) / pageBytes * pageBytes }
}

/// The first 4 KiB of a window file: what it is and how it is laid out (written once, with a
/// CRC), and the counters the recorder publishes after every event (each in its own 8 bytes,
/// stored after the bytes they count).
///
/// Numbers are stored in the machine's byte order, little-endian on every platform Swift runs
/// apps on; a file is read where it was written.
enum Superblock {
    static let magic: UInt64 = 0x574F_444E_4957_5347  // "GSWINDOW" in memory order
    static let formatVersion: UInt32 = 1

    // Static part, covered by the CRC at `staticCRC`.
    static let magicOffset = 0
    static let version = 8
    static let staticCRC = 12
    static let fileBytes = 16
    static let capacity = 24
    static let gridOffset = 32
    static let gridRegionBytes = 40
    static let checkpointOffsetA = 48
    static let checkpointOffsetB = 56
    static let checkpointBytes = 64
    static let ringOffset = 72
    static let ringBytes = 80
    /// Photos in the starting grid.
    static let photoCount = 88
    /// Bytes of the starting grid's ids; `UInt64.max` for a grid given by count.
    static let idBytes = 96
    /// The limit, or -1 for none.
    static let limit = 104
    static let reduceMotion = 112
    static let gridCRC = 116
    /// Milliseconds since 1970 when the file was made: names the session in a report.
    static let createdAt = 120
    static let staticEnd = 128

    // Published state (not in the CRC).
    /// `recording` while a recorder has the file open; `closedCleanly` after `close()`.
    static let runState = 256
    /// Bytes ever written to the ring (a position in the ring's endless stream; the ring holds
    /// the last `ringBytes` of it): every record before it is complete.
    static let committedHead = 264
    /// Events recorded by the run.
    static let committedEvents = 272
    /// The number of the window's first event (1-based).
    static let windowStart = 280
    /// Nonzero once a checkpoint did not fit its area: the file can no longer be rebuilt.
    static let checkpointOverflow = 288

    static let recording: UInt64 = 1
    static let closedCleanly: UInt64 = 2

    static func crc(of superblock: UnsafeRawPointer) -> UInt32 {
        CRC32C.checksum(UnsafeRawBufferPointer(start: superblock + fileBytes, count: staticEnd - fileBytes))
    }
}
