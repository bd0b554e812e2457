import Foundation
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace

/// A trace to replay, that can be read from its start as many times as a replay needs: a
/// file (text or binary, by extension, as `gridsim` reads them) streamed event by event, or a
/// trace already in memory.
///
/// A report that puts the final state before the steps is written in two passes; reading the
/// trace twice costs far less than holding a million steps.
@_spi(GridSimInternals) public struct ReplaySource {
    enum Storage {
        case file(path: String, format: TraceFileFormat, options: BinaryTraceReader.Options)
        case memory(Trace)
    }

    let storage: Storage
    /// The trace's header, read when the source was opened.
    @_spi(GridSimInternals) public let header: TraceHeader
    /// The reader that read the header, kept for the first pass: reading a header again
    /// costs as much as reading it first (a million ids are hashed again), and two readers
    /// alive at once hold two id tables.
    private let opened: OpenedEvents

    /// The trace at `path`: binary for `.gstrace`, text (JSON Lines) for anything else. Reads
    /// the header now; errors are the readers' (`TraceError`).
    ///
    /// `salvage` applies to binary traces (see `BinaryTraceReader.Options.salvage`); a text
    /// trace is read strictly, any malformed line an error.
    @_spi(GridSimInternals) public init(path: String, limits: TraceLimits = .default, salvage: Bool = false) throws {
        let format: TraceFileFormat = TraceFileFormat(path: path) == .binary ? .binary : .text
        let options = BinaryTraceReader.Options(limits: limits, salvage: salvage)
        storage = .file(path: path, format: format, options: options)
        let events = try Self.openEvents(storage)
        header = events.header
        opened = OpenedEvents(events)
    }

    /// A trace in memory (derived from a pointer layer, built by a test).
    @_spi(GridSimInternals) public init(_ trace: Trace) {
        storage = .memory(trace)
        header = trace.header
        opened = OpenedEvents(nil)
    }

    /// The events from the first, with the reader's state. The first call hands out the
    /// reader that read the header; later calls open the trace again, sharing the header
    /// (and its id table) rather than reading it again.
    @_spi(GridSimInternals) public func events() throws -> ReplayEvents {
        if let events = opened.take() { return events }
        switch storage {
        case .file(let path, .binary, let options):
            return ReplayEvents(binary: try BinaryTraceReader(path: path, options: options, knownHeader: header))
        case .file(let path, _, let options):
            return ReplayEvents(text: try TextTraceReader(path: path, limits: options.limits, knownHeader: header))
        case .memory:
            return try Self.openEvents(storage)
        }
    }

    /// The file's path, nil for a trace in memory.
    @_spi(GridSimInternals) public var path: String? {
        if case .file(let path, _, _) = storage { path } else { nil }
    }

    private static func openEvents(_ storage: Storage) throws -> ReplayEvents {
        switch storage {
        case .file(let path, .binary, let options):
            return ReplayEvents(binary: try BinaryTraceReader(path: path, options: options))
        case .file(let path, _, let options):
            return ReplayEvents(text: try TextTraceReader(path: path, limits: options.limits))
        case .memory(let trace):
            return ReplayEvents(trace)
        }
    }
}

/// The reader a `ReplaySource` opened to learn the header, until a pass takes it.
private final class OpenedEvents {
    private var events: ReplayEvents?

    init(_ events: ReplayEvents?) {
        self.events = events
    }

    func take() -> ReplayEvents? {
        defer { events = nil }
        return events
    }
}

/// One pass over a `ReplaySource`'s events. Holds one reader's buffer, never the trace.
@_spi(GridSimInternals) public struct ReplayEvents {
    @_spi(GridSimInternals) public let header: TraceHeader
    // One of the three is set. Kept apart rather than in an enum so that the reader is
    // mutated in place, never copied with its buffer.
    private var text: TextTraceReader?
    private var binary: BinaryTraceReader?
    private var memory: [TraceEvent] = []
    private var memoryIndex = 0

    init(text: TextTraceReader) {
        header = text.header
        self.text = text
    }

    init(binary: BinaryTraceReader) {
        header = binary.header
        self.binary = binary
    }

    init(_ trace: Trace) {
        header = trace.header
        memory = trace.events
    }

    /// The next event with its photos as ids, or nil at the end. O(the event's size).
    @inline(__always)
    @_spi(GridSimInternals) public mutating func next() throws -> TraceEvent? {
        if binary != nil { return try binary!.next() }
        if text != nil { return try text!.next() }
        guard memoryIndex < memory.count else { return nil }
        memoryIndex += 1
        return memory[memoryIndex - 1]
    }

    /// What a binary reader met and got past (a torn tail; what salvage skipped); empty for text.
    @_spi(GridSimInternals) public var damage: [TraceDamage] { binary?.damage ?? [] }

    /// What the app saw after the event `nextSlotEvent()` last gave (SPEC.md section 7), if the
    /// trace recorded it.
    package var seenAfterSlotEvent: SeenState? { binary?.seen }

    /// The ids of a binary trace's slots so far; nil for text and memory.
    @_spi(GridSimInternals) public var slotNames: SlotNames? { binary?.names }

    /// Bytes of the file read so far (0 for a trace in memory), for progress.
    @_spi(GridSimInternals) public var bytesRead: Int { binary?.bytesRead ?? text?.bytesRead ?? 0 }

    /// The state after the next `limit` events replayed into `engine` by slot, the fast path
    /// of `BinaryTraceReplay` (ids are named through the reader, never taught to the
    /// engine), and how many events that was (fewer at the end of the trace). Nil, with
    /// nothing read, when the trace is not a binary one read strictly: a salvaging reader's
    /// lost ids would leave its slots out of step with the engine's.
    ///
    /// - Precondition: `engine` started from `header` and has seen only this pass's events.
    mutating func stateBySlot(of engine: inout FastEngine, after limit: Int) throws -> (ReplayFinal, Int)? {
        guard binary != nil, !binary!.options.salvage else { return nil }
        let applied = try BinaryTraceReplay.replayUnnamed(&binary!, into: &engine, limit: limit)
        return (ReplayFinal(engine, names: binary!.names), applied)
    }

    /// Whether the trace is binary and read strictly: the fast engine can then replay it by
    /// slot, its photos named through the reader (`forEachSlotStep`, `nextSlotEvent`).
    package var isStrictBinary: Bool { binary.map { !$0.options.salvage } ?? false }

    /// The next event with its photos as the trace's slots, or nil at the end: no id is built
    /// or hashed; `slotNames` names the slots. O(the event's record).
    ///
    /// - Precondition: `isStrictBinary`.
    package mutating func nextSlotEvent() throws -> TimedSlotEvent? {
        precondition(isStrictBinary, "only a binary trace read strictly is read by slot")
        return try binary!.nextSlotEvent()
    }

    /// Replays every remaining event into `engine` by slot, without teaching it the trace's
    /// ids, calling `body` with each event and step, the engine's mode and count after it,
    /// and the names of the slots so far; and `progress` with the bytes read after every
    /// `progressInterval` events.
    /// One id table (the reader's) instead of two, and no id built or hashed per event.
    ///
    /// - Precondition: `isStrictBinary`; `engine` started from `header` and has seen only
    ///   this pass's events.
    mutating func forEachSlotStep(
        into engine: inout FastEngine, progressInterval: Int = 4096, progress: (_ bytesRead: Int) -> Void = { _ in },
        _ body: (TimedSlotEvent, SlotStep, Mode, Int, SlotNames) throws -> Void
    ) throws {
        precondition(isStrictBinary, "only a binary trace read strictly is replayed by slot")
        // Events are applied in runs of `progressInterval`, so that the reader's place can be
        // read between runs (not while it reads).
        while try binary!.applyUnnamed(to: &engine, limit: progressInterval, { timed, step, engine, names in
            try body(timed, step, engine.mode, engine.chosenCount, names)
        }) == progressInterval {
            progress(binary!.bytesRead)
        }
    }

    /// `forEachSlotStep` whose body also hears what the app saw after each event (SPEC.md
    /// section 7; nil for an event without it) and the engine after it, to compare them.
    ///
    /// - Precondition: as for `forEachSlotStep`.
    mutating func forEachSlotStepSeeing(
        into engine: inout FastEngine, progressInterval: Int = 4096, progress: (_ bytesRead: Int) -> Void = { _ in },
        _ body: (TimedSlotEvent, SlotStep, FastEngine, SlotNames, SeenState?) throws -> Void
    ) throws {
        precondition(isStrictBinary, "only a binary trace read strictly is replayed by slot")
        while try binary!.applyUnnamed(to: &engine, limit: progressInterval, seeing: body) == progressInterval {
            progress(binary!.bytesRead)
        }
    }

    /// Reads every remaining event and returns how many there were. A strictly read binary
    /// trace is only checked record by record (`BinaryTraceReader.skipToEnd`), nothing
    /// decoded; any other is read as `next()` reads it. O(remaining bytes).
    mutating func skipToEnd(progress: (_ skipped: Int, _ bytesRead: Int) -> Void) throws -> Int {
        if binary != nil && !binary!.options.salvage { return try binary!.skipToEnd() }
        var skipped = 0
        while try next() != nil {
            skipped += 1
            if skipped & 4095 == 0 { progress(skipped, bytesRead) }
        }
        return skipped
    }
}
