import Dispatch
@_spi(GridSimInternals) import SelectionCore
import SelectionSlots
@_spi(GridSimInternals) import SelectionTrace
import Synchronization

/// A flight recorder for an app's photo grid: keeps the last `capacity` events (10,000 by
/// default) in one file of a fixed size, from which a trace of that window can be written at
/// any moment (`writeWindow(to:)`, for a "Report a problem" button or a failed assertion) and
/// rebuilt after a crash (`recover(at:)`, on the next launch).
///
/// `record(_:seen:t:)` costs the app's thread well under a microsecond and allocates nothing
/// once the window is full: the event's trace line is written straight into the file's ring
/// (a memory-mapped region, so a store is in the file as soon as it is made and survives the
/// process being killed) and two counters are published after it. The state before the
/// window's first event is kept by a reducer on a thread of its own, which checkpoints it into
/// the file (see `WindowReducer`); docs/recorder.md gives the file's layout and its bounds.
///
/// `record`, `writeWindow` and `close` are for one thread at a time (the app's main thread,
/// say); calls from several threads must be serialised by the app.
public final class WindowRecorder: @unchecked Sendable {
    /// The window's length when none is given.
    public static let defaultCapacity = 10_000

    /// The window file.
    public let path: String
    /// The most events the window keeps.
    public let capacity: Int
    /// The window file's size in bytes: it never grows past it.
    public let byteBudget: Int

    private let file: MappedFile
    private let layout: WindowLayout
    private let reducer: WindowReducer
    private let startingPhotos: PhotoList
    private let limit: Int?
    private let reduceMotion: Bool
    @exclusivity(unchecked) private var ring: RingWriter

    /// Creates the window file at `path` (replacing any file there: recover it first) and
    /// starts recording a session over `photos` (in grid order, PhotoKit local identifiers or
    /// any unique strings), with a picker's `limit` and Reduce Motion as the app has them, from
    /// `start` (by default browsing, nothing chosen).
    ///
    /// `byteBudget` is the file's size; by default the grid's ids, two checkpoints of its state
    /// and a ring of 512 bytes an event of the window, half of it for the window (about 6 MB at
    /// 10,000 photos, 84 MB at a million PhotoKit ids). A budget too small for the grid is
    /// refused with the least it needs.
    ///
    /// O(photos): each id hashed once and written once. Throws `RecorderError`.
    public convenience init(
        path: String, photos: [PhotoID], limit: Int? = nil, reduceMotion: Bool = false, start: StartState = .browsing,
        capacity: Int = defaultCapacity, byteBudget: Int? = nil
    ) throws {
        // Sized once: a table grown by doubling would briefly hold twice a million ids' bytes.
        var table = PhotoIDTable()
        table.reserveCapacity(photos.count, bytes: photos.reduce(0) { $0 + $1.utf8.count })
        for photo in photos { table.appendAllowingDuplicate(photo) }
        try self.init(
            path: path, grid: .ids(table), limit: limit, reduceMotion: reduceMotion, start: start,
            capacity: capacity, byteBudget: byteBudget, reducesInBackground: true)
    }

    /// A recorder over a grid given as a `PhotoList` (a count, or a table already built).
    /// `reducesInBackground` false reduces only when the ring runs short of room or on
    /// `reduceNow()`, on the recording thread: for counts of one thread's work.
    package init(
        path: String, grid: PhotoList, limit: Int? = nil, reduceMotion: Bool = false, start: StartState = .browsing,
        capacity: Int = defaultCapacity, byteBudget: Int? = nil, reducesInBackground: Bool
    ) throws {
        try Self.check(grid: grid, limit: limit, start: start, capacity: capacity, path: path)
        var idBytes: Int?
        if case .ids(let table) = grid { idBytes = table.byteCount }
        let layout = try WindowLayout(
            photoCount: grid.count, idBytes: idBytes, capacity: capacity, budget: byteBudget, path: path)
        let (file, temporary) = try MappedFile.create(beside: path, size: layout.fileBytes)
        let engine = FastEngine(configuration: GridConfiguration(photos: grid, limit: limit, reduceMotion: reduceMotion, start: start))
        do {
            try WindowFileWriter.writeStart(
                of: file, layout: layout, grid: grid, limit: limit, reduceMotion: reduceMotion, engine: engine)
            try file.publish(from: temporary, to: path)
        } catch {
            file.abandon(temporaryPath: temporary)
            throw error
        }
        self.path = path
        self.capacity = capacity
        self.byteBudget = layout.fileBytes
        self.file = file
        self.layout = layout
        self.startingPhotos = grid
        self.limit = limit
        self.reduceMotion = reduceMotion
        reducer = WindowReducer(
            engine: engine, startingCount: grid.count, file: file, layout: layout, runsInBackground: reducesInBackground)
        ring = RingWriter(file: file, layout: layout)
    }

    private static func check(grid: PhotoList, limit: Int?, start: StartState, capacity: Int, path: String) throws {
        guard capacity >= 1 else { throw RecorderError(.invalidSession("a window keeps at least 1 event, not \(capacity)"), at: path) }
        if case .ids(let table) = grid, let repeated = table.firstDuplicate {
            throw RecorderError(.invalidSession("photo \"\(table[repeated.position])\" is listed twice"), at: path)
        }
        if let violation = start.violation(limit: limit, isInGrid: grid.containsID) {
            throw RecorderError(.invalidSession("the start state breaks an invariant: \(violation)"), at: path)
        }
    }

    deinit {
        // Dropped without close(): the file stays marked as recording, as after a crash.
        reducer.stop()
        file.close()
        ring.deallocate()
    }

    /// Events recorded since the recorder was created. O(1).
    public var eventCount: Int { Int(ring.events) }

    /// Records one event the app applied, with what it showed after it (`seen`, SPEC.md
    /// section 7) when given, at `t` milliseconds since the recorder was created (by default
    /// now; a time before the previous event's is taken as the previous event's).
    ///
    /// O(length of the event's line); allocates nothing once the window is full. It waits only
    /// when the reducer has fallen half the ring behind (never at the pace of a person's
    /// gestures), and when an event's line is longer than an eighth of the ring (a
    /// library change of thousands of photos in a small file): such an event is not kept in
    /// the window, which then starts after it, and this waits until the reducer has
    /// checkpointed it. Does nothing after `close()`.
    public func record(_ event: Event, seen: SeenState? = nil, t: Int? = nil) {
        guard !ring.isClosed else { return }
        let time = ring.time(t)
        let bound = EventLine.maximumBytes(of: event, seen: seen, t: time)
        let space = RingRecord.space(lineBytes: bound)
        guard space <= layout.maximumRecordBytes else {
            recordOversize(event, t: time)
            return
        }
        let record = ring.makeRoom(space, reducer: reducer)
        var line = LineWriter(record + RingRecord.headerBytes, room: bound)
        EventLine.write(event, seen: seen, t: time, to: &line)
        ring.commit(kind: .event, lineBytes: line.count, reducer: reducer)
    }

    private func recordOversize(_ event: Event, t: Int) {
        _ = ring.makeRoom(RingRecord.headerBytes, reducer: reducer)
        reducer.handOver(event, number: ring.events + 1)
        ring.commit(kind: .oversize, lineBytes: 0, reducer: reducer)
        let number = ring.events
        while reducer.reducedEvents.load(ordering: .acquiring) < number { reducer.waitForRoom() }
    }

    /// Writes the window as a text trace at `path` (replacing any file there): a header whose
    /// start state is the state before the window's first event (`"version":2` unless that is
    /// browsing with nothing chosen), then the window's event lines as recorded, `seen`
    /// included. A window that would begin inside a drag begins after the drag ends (a start
    /// state has no drag, SPEC.md section 7): a few events shorter. Returns the number of
    /// events written.
    ///
    /// O(events in the ring) for the events the reducer has yet to take, plus O(photos) to
    /// name the grid when it changed since the session started; about 0.3 s for a window of
    /// 10,000 events over a million PhotoKit ids. Throws `RecorderError` or the trace writer's
    /// error.
    @discardableResult
    public func writeWindow(to path: String) throws -> Int {
        guard !ring.isClosed else { throw RecorderError(.closed, at: self.path) }
        let base = reducer.snapshot()
        if let failure = base.failure { throw RecorderError(.cannotRebuild(failure), at: self.path) }
        let source = WindowSource(
            base: base.engine, baseEvents: base.events, position: base.position, baseList: startingPhotos,
            gridChanged: base.gridChanged, ring: UnsafeRawPointer(file.base + layout.ringOffset), ringBytes: layout.ringBytes,
            head: ring.head, windowStart: ring.windowStart, capacity: capacity, limit: limit, reduceMotion: reduceMotion,
            meta: [(key: "generator", value: .string("GridSimRecorder window"))], checksLines: false)
        let window: BuiltWindow
        do {
            window = try source.build()
        } catch let damage as RingDamage {
            throw RecorderError(.damaged(damage.description), at: self.path)
        }
        try window.write(to: path)
        return window.eventCount
    }

    /// Stops the reducer, writes the file back to the disk and marks it closed cleanly: a
    /// later `recover(at:)` finds the window with `previousRunClosedCleanly` true. O(the file's
    /// pages not yet written back). Calling it again does nothing. A recorder dropped without
    /// `close()` leaves the file as a crash would.
    public func close() throws {
        guard !ring.isClosed else { return }
        ring.isClosed = true
        reducer.stop()
        try file.sync()
        file.base.storeBytes(of: Superblock.closedCleanly, toByteOffset: Superblock.runState, as: UInt64.self)
        try file.sync(0..<WindowLayout.superblockBytes)
        file.close()
    }

    /// The least byte budget a window file over `grid` takes (its ring the smallest), whatever
    /// the capacity: for a budget that sizes the ring exactly. O(1).
    package static func minimumByteBudget(for grid: PhotoList) -> Int {
        var idBytes: Int?
        if case .ids(let table) = grid { idBytes = table.byteCount }
        let layout = try? WindowLayout(photoCount: grid.count, idBytes: idBytes, capacity: 1, budget: nil, path: "")
        return layout.map { $0.fileBytes - $0.ringBytes + WindowLayout.minimumRingBytes } ?? 0
    }

    /// Takes the events that left the window into a checkpoint now, on the calling thread.
    package func reduceNow() {
        reducer.reduceNow()
    }

    /// Where the window starts and ends in the ring, and how many bytes it takes: for tests
    /// and the benchmarks' bytes per event.
    package var ringUse: (windowStart: Int, events: Int, windowBytes: Int) {
        let start = ring.windowStart
        let startPosition = start <= ring.events ? ring.position(ofEvent: start) : ring.head
        return (Int(start), Int(ring.events), Int(ring.head - startPosition))
    }
}
