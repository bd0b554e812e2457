import Dispatch
import Synchronization

/// The recording side of the ring: where the next record goes, which events the window holds,
/// and the counters published after each record. Only the recording thread touches it, so
/// nothing here is atomic but what the reducer reads (`WindowReducer.windowStart`).
///
/// Every record ends at a multiple of 8 and never wraps: a record that would run past the
/// ring's end is preceded by a pad record to the end. The window's front leaves when the
/// window holds `capacity` events or its records would take more than `windowBytes`; the ring
/// bytes behind the front are the reducer's until it has checkpointed past them.
struct RingWriter {
    private let superblock: UnsafeMutableRawPointer
    private let ring: UnsafeMutableRawPointer
    private let ringBytes: UInt64
    private let windowBytes: UInt64
    private let capacity: UInt64
    /// The reducer is woken once this many events, or bytes, have left the window since it
    /// was last woken: often enough that its engine keeps up, and that it checkpoints (a
    /// quarter of the ring after the last one) well before the recorder runs short of room (half
    /// of the ring after it).
    private let wakeEvents: UInt64
    private let wakeBytes: UInt64

    /// Bytes ever written: the position of the next record.
    private(set) var head: UInt64 = 0
    /// Events recorded.
    private(set) var events: UInt64 = 0
    /// The number of the window's first event (`events + 1` when the window is empty).
    private(set) var windowStart: UInt64 = 1
    /// The position of the window's first record (`head` when the window is empty).
    private var front: UInt64 = 0
    /// Each event's record position, by event number modulo the table's size (a power of two
    /// above `capacity`): where the front goes when an event leaves.
    private let positions: UnsafeMutablePointer<UInt64>
    private let mask: UInt64
    /// The ring position before which the reducer no longer needs the bytes, as last read.
    private var protected: UInt64 = 0
    private var recordStart: UInt64 = 0
    private var lastWakeStart: UInt64 = 1
    private var lastWakeFront: UInt64 = 0
    private var lastTime = 0
    private let clockStart = DispatchTime.now().uptimeNanoseconds
    var isClosed = false

    init(file: MappedFile, layout: WindowLayout) {
        superblock = file.base
        ring = file.base + layout.ringOffset
        ringBytes = UInt64(layout.ringBytes)
        windowBytes = UInt64(layout.windowBytes)
        capacity = UInt64(layout.capacity)
        wakeEvents = max(1, capacity / 16)
        wakeBytes = ringBytes / 16
        var tableSize: UInt64 = 1
        while tableSize <= capacity { tableSize <<= 1 }
        mask = tableSize - 1
        positions = .allocate(capacity: Int(tableSize))
        positions.initialize(repeating: 0, count: Int(tableSize))
    }

    /// Frees the positions table; the ring stays as it is.
    func deallocate() {
        positions.deallocate()
    }

    /// `given` (milliseconds), or the milliseconds since the recorder was created, never before
    /// the previous event's time.
    @inline(__always)
    mutating func time(_ given: Int?) -> Int {
        let now = given ?? Int((DispatchTime.now().uptimeNanoseconds &- clockStart) / 1_000_000)
        lastTime = max(lastTime, now)
        return lastTime
    }

    /// The position of event `number`'s record; it must be in the window.
    func position(ofEvent number: UInt64) -> UInt64 { positions[Int(number & mask)] }

    /// Makes room for a record of `space` bytes (a multiple of 8, at most the ring's largest
    /// record) and returns where it goes: moves the window's front, pads to the ring's end
    /// when the record would wrap, and waits for the reducer only when it has not yet
    /// checkpointed past the bytes needed. O(1) amortised.
    @inline(__always)
    mutating func makeRoom(_ space: Int, reducer: WindowReducer) -> UnsafeMutableRawPointer {
        let space = UInt64(space)
        let offset = head % ringBytes
        let pad = ringBytes - offset < space ? ringBytes - offset : 0
        let end = head + pad + space
        while windowStart <= events && (events - windowStart + 1 >= capacity || end - front > windowBytes) {
            windowStart += 1
            front = windowStart <= events ? positions[Int(windowStart & mask)] : head
        }
        if end - protected > ringBytes { waitForRoom(until: end, reducer: reducer) }
        if pad > 0 {
            RingRecord.writeHeader(at: ring + Int(offset), kind: .pad, length: 0, event: events + 1)
            head += pad
            if windowStart > events { front = head }
        }
        recordStart = head
        return ring + Int(head % ringBytes)
    }

    private mutating func waitForRoom(until end: UInt64, reducer: WindowReducer) {
        protected = min(reducer.protectedPosition.load(ordering: .acquiring), head)
        while end - protected > ringBytes {
            reducer.windowStart.store(windowStart, ordering: .releasing)
            reducer.waitForRoom()
            protected = min(reducer.protectedPosition.load(ordering: .acquiring), head)
        }
    }

    /// Finishes the record `makeRoom` placed, whose line took `lineBytes`, and publishes it:
    /// the counters in the file after the bytes (what a reader after a kill trusts), the
    /// window's start to the reducer, and a wake-up when enough events left the window.
    @inline(__always)
    mutating func commit(kind: RingRecord.Kind, lineBytes: Int, reducer: WindowReducer) {
        let number = events + 1
        RingRecord.writeHeader(at: ring + Int(recordStart % ringBytes), kind: kind, length: lineBytes, event: number)
        events = number
        positions[Int(number & mask)] = recordStart
        head = recordStart + UInt64(RingRecord.space(lineBytes: lineBytes))
        if kind == .oversize {
            windowStart = number + 1
            front = head
        } else if windowStart == number {
            front = recordStart
        }
        atomicMemoryFence(ordering: .releasing)
        superblock.storeBytes(of: head, toByteOffset: Superblock.committedHead, as: UInt64.self)
        superblock.storeBytes(of: number, toByteOffset: Superblock.committedEvents, as: UInt64.self)
        superblock.storeBytes(of: windowStart, toByteOffset: Superblock.windowStart, as: UInt64.self)
        reducer.windowStart.store(windowStart, ordering: .releasing)
        if windowStart &- lastWakeStart >= wakeEvents || front &- lastWakeFront >= wakeBytes {
            lastWakeStart = windowStart
            lastWakeFront = front
            reducer.wake()
        }
    }
}
