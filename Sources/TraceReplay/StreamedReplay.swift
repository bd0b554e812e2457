@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace

/// How far a long replay has got, for a progress line: handed over every 4,096 events.
@_spi(GridSimInternals) public struct ReplayProgress: Hashable, Sendable {
    @_spi(GridSimInternals) public enum Phase: String, Hashable, Sendable {
        /// Reading and checking the trace (and, for a report, learning its final state).
        case reading
        /// Replaying again and writing the report.
        case writing
    }

    @_spi(GridSimInternals) public var phase: Phase
    @_spi(GridSimInternals) public var events: Int
    /// The number of events, when it is known (while writing).
    @_spi(GridSimInternals) public var total: Int?
    /// Bytes read (while reading) or written (while writing).
    @_spi(GridSimInternals) public var bytes: Int
}

/// `gridsim replay`'s report, streamed: the same bytes as `ReplayReport.json` and `.table`,
/// with memory bounded by the grid (one engine, one step, one block of output), not by the
/// number of events.
///
/// Both forms need the whole trace before their first line (the JSON starts with `final`, the
/// table's column widths depend on every row), so the trace is replayed twice:
/// - `init` reads and replays it once, keeping nothing per event: a malformed trace throws
///   here, before anything is written (SPEC.md section 4: nothing is replayed), and the
///   final state, the event count, the table's widths and the reader's damage are learnt;
/// - `write(to:)` reads and replays it again, writing each step as it is made.
///
/// Cost: two replays and one rendering, O(events + output), against one replay and one
/// rendering plus every step held for the in-memory report; an engine other than the fast
/// one is built once and copied for the second pass.
@_spi(GridSimInternals) public struct StreamedReplay<Engine: SelectionEngine> {
    @_spi(GridSimInternals) public let source: ReplaySource
    @_spi(GridSimInternals) public let format: ReplayReportFormat
    /// The state after the last event.
    @_spi(GridSimInternals) public let final: ReplayFinal
    @_spi(GridSimInternals) public let eventCount: Int
    /// What the reader met and got past: report it before the report is written.
    @_spi(GridSimInternals) public let damage: [TraceDamage]
    /// The events' `seen` compared with SPEC.md's state after each (SPEC.md section 7).
    @_spi(GridSimInternals) public let app: AppSeenComparison
    private let layout: ReplayTableLayout
    /// The engine as the first pass built it, before any event, for the second pass to start
    /// from: an engine other than the fast one (the reference model names every id of the
    /// header, seconds over a million photos) is built once, not once per pass. Copying it
    /// costs nothing until the first pass writes, then what it writes (its grid, sets and
    /// id table, once). Nil for the fast engine, which builds in a fraction of that and
    /// whose second pass lists the photos of actions, unlike its first.
    private let start: Engine?

    /// The first pass: reads and replays the whole trace, writing nothing.
    ///
    /// - Throws: the readers' errors (`TraceError` for a malformed trace).
    @_spi(GridSimInternals) public init(
        _ source: ReplaySource, engine: Engine.Type, format: ReplayReportFormat,
        progress: ((ReplayProgress) -> Void)? = nil
    ) throws {
        self.source = source
        self.format = format
        var events = try source.events()
        var layout = ReplayTableLayout()
        var app = AppSeenComparison()
        var seq = 0
        func advance(bytesRead: @autoclosure () -> Int) {
            seq += 1
            if seq & 4095 == 0, let progress {
                progress(ReplayProgress(phase: .reading, events: seq, total: nil, bytes: bytesRead()))
            }
        }
        if Engine.self == FastEngine.self && events.isStrictBinary {
            var engine: FastEngine = statesOnlyEngine(events.header.configuration)
            let reportBytesRead: (Int) -> Void = { bytesRead in
                progress?(ReplayProgress(phase: .reading, events: seq, total: nil, bytes: bytesRead))
            }
            try events.forEachSlotStepSeeing(into: &engine, progress: reportBytesRead) { timed, slotStep, engine, names, seen in
                seq += 1
                app.compare(seen, step: seq, event: names.event(for: timed.event), engine: engine, names: names)
                if format == .table {
                    layout.measure(
                        seq: seq, event: names.event(for: timed.event), step: names.step(for: slotStep),
                        mode: engine.mode, count: engine.chosenCount)
                }
            }
            final = ReplayFinal(engine, names: events.slotNames!)
            start = nil
        } else {
            var engine: Engine = statesOnlyEngine(events.header.configuration)
            start = Engine.self == FastEngine.self ? nil : engine
            while let traceEvent = try events.next() {
                advance(bytesRead: events.bytesRead)
                let step = engine.apply(traceEvent.event)
                app.compare(traceEvent.seen, step: seq, event: traceEvent.event, engine: engine)
                if format == .table {
                    layout.measure(
                        seq: seq, event: traceEvent.event, step: step, mode: engine.mode, count: engine.chosenCount)
                }
            }
            final = ReplayFinal(engine)
        }
        self.app = app
        eventCount = seq
        damage = events.damage
        self.layout = layout
    }

    /// The second pass: replays the trace again and writes the report to `output`, flushing
    /// it as blocks fill and at the end.
    ///
    /// - Throws: the sink's errors; `TraceError.Kind.changedWhileReading` if the trace no longer has the
    ///   events the first pass read (after writing part of the report).
    @_spi(GridSimInternals) public func write(to output: inout ReportOutput, progress: ((ReplayProgress) -> Void)? = nil) throws {
        var events = try source.events()
        switch format {
        case .json: output.writeJSONReportStart(final: final, app: app)
        case .table: output.writeTableHeader(layout)
        }
        var seq = 0
        func write(_ event: @autoclosure () -> Event, _ name: EventName, _ step: Step, _ mode: Mode, _ count: Int) throws {
            seq += 1
            guard seq <= eventCount else { return }
            switch format {
            case .json:
                output.writeJSONReportStep(seq: seq, event: name, step: step, mode: mode, count: count)
            case .table:
                output.writeTableStep(layout, seq: seq, event: event(), step: step, mode: mode, count: count)
            }
            try output.flushIfFull()
            if seq & 4095 == 0, let progress {
                progress(ReplayProgress(phase: .writing, events: seq, total: eventCount, bytes: output.bytesWritten))
            }
        }
        if Engine.self == FastEngine.self && events.isStrictBinary {
            var engine = FastEngine(configuration: events.header.configuration)
            try events.forEachSlotStep(into: &engine) { timed, slotStep, mode, count, names in
                try write(names.event(for: timed.event), timed.event.name, names.step(for: slotStep), mode, count)
            }
        } else {
            var engine = start ?? Engine(configuration: events.header.configuration)
            while let traceEvent = try events.next() {
                let step = engine.apply(traceEvent.event)
                try write(traceEvent.event, traceEvent.event.name, step, engine.mode, engine.chosenCount)
                if seq > eventCount { break }
            }
        }
        guard seq == eventCount else {
            try output.flush()
            throw TraceError(.changedWhileReading(firstPassEvents: eventCount, secondPassEvents: seq))
        }
        switch format {
        case .json: output.writeJSONReportEnd()
        case .table: output.writeTableEnd(final: final, app: app)
        }
        try output.flush()
    }

    /// Both passes: the report of `source` in `format`, written to `output`. `damage` hears
    /// what the reader got past before anything is written.
    @discardableResult
    @_spi(GridSimInternals) public static func writeReport(
        of source: ReplaySource, engine: Engine.Type, format: ReplayReportFormat, to output: inout ReportOutput,
        damage: ([TraceDamage]) -> Void = { _ in }, progress: ((ReplayProgress) -> Void)? = nil
    ) throws -> StreamedReplay {
        let replay = try StreamedReplay(source, engine: engine, format: format, progress: progress)
        damage(replay.damage)
        try replay.write(to: &output, progress: progress)
        return replay
    }
}

/// The state after a step of a trace (`gridsim replay --at N`), without a report.
@_spi(GridSimInternals) public struct ReplayedState {
    /// The state after `step` events; nil when the trace has fewer (or `step` is negative).
    @_spi(GridSimInternals) public var state: ReplayFinal?
    /// The number of events in the trace: the whole trace is read, so that a malformed
    /// line after the step is still an error and the step can be checked against the count.
    @_spi(GridSimInternals) public var eventCount: Int
    /// What the reader met and got past.
    @_spi(GridSimInternals) public var damage: [TraceDamage]

    /// The state after the first `step` events, replayed by `engine`; the rest of the trace
    /// is read and checked but not applied. O(step) engine work plus O(bytes) reading.
    @_spi(GridSimInternals) public static func after<Engine: SelectionEngine>(
        _ step: Int, of source: ReplaySource, engine: Engine.Type, progress: ((ReplayProgress) -> Void)? = nil
    ) throws -> ReplayedState {
        var events = try source.events()
        var engine: Engine = statesOnlyEngine(events.header.configuration)
        let applied = try applyByID(&events, to: &engine, limit: step, progress: progress)
        return try finish(&events, state: applied == step ? ReplayFinal(engine) : nil, applied: applied, progress)
    }

    /// `after(_:of:engine:)` for the fast engine. A binary trace read strictly is replayed by
    /// slot (`BinaryTraceReplay.replayUnnamed`: no id built or hashed per event, none taught
    /// to the engine) and, after the step, only checked record by record
    /// (`BinaryTraceReader.skipToEnd`: framing and checksums, nothing decoded).
    ///
    /// The state after N events depends on every one of them, so no event before the step
    /// can be skipped; what is skipped is everything else: no report, no log, no checkpoint,
    /// no list of the photos an action names (`FastEngine.listsActionPhotos`), no engine and
    /// no decoding after the step.
    @_spi(GridSimInternals) public static func after(
        _ step: Int, of source: ReplaySource, progress: ((ReplayProgress) -> Void)? = nil
    ) throws -> ReplayedState {
        var events = try source.events()
        var engine: FastEngine = statesOnlyEngine(events.header.configuration)
        let limit = max(step, 0)
        if let (state, applied) = try events.stateBySlot(of: &engine, after: limit) {
            return try finish(&events, state: applied == step ? state : nil, applied: applied, progress)
        }
        let applied = try applyByID(&events, to: &engine, limit: limit, progress: progress)
        return try finish(&events, state: applied == step ? ReplayFinal(engine) : nil, applied: applied, progress)
    }

    private static func applyByID<Engine: SelectionEngine>(
        _ events: inout ReplayEvents, to engine: inout Engine, limit: Int, progress: ((ReplayProgress) -> Void)?
    ) throws -> Int {
        var applied = 0
        while applied < limit, let traceEvent = try events.next() {
            _ = engine.apply(traceEvent.event)
            applied += 1
            if applied & 4095 == 0, let progress {
                progress(ReplayProgress(phase: .reading, events: applied, total: nil, bytes: events.bytesRead))
            }
        }
        return applied
    }

    private static func finish(
        _ events: inout ReplayEvents, state: ReplayFinal?, applied: Int, _ progress: ((ReplayProgress) -> Void)?
    ) throws -> ReplayedState {
        let rest = try events.skipToEnd { skipped, bytesRead in
            progress?(ReplayProgress(phase: .reading, events: applied + skipped, total: nil, bytes: bytesRead))
        }
        return ReplayedState(state: state, eventCount: applied + rest, damage: events.damage)
    }
}

/// A fresh engine for a replay that reads states, not steps: the fast engine does not list
/// the photos of Delete, Move, Share and Edit (`FastEngine.listsActionPhotos`), the O(N)
/// part of replaying them.
func statesOnlyEngine<Engine: SelectionEngine>(_ configuration: GridConfiguration) -> Engine {
    guard Engine.self == FastEngine.self else { return Engine(configuration: configuration) }
    var engine = FastEngine(configuration: configuration)
    engine.listsActionPhotos = false
    return engine as! Engine
}
