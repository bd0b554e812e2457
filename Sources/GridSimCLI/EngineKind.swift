@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace
@_spi(GridSimInternals) import TraceReplay

/// The engines a command can run, by the name used on the command line.
package enum EngineKind: String, CaseIterable, Sendable {
    /// Slots and chunked bitmaps: the engine for millions of photos.
    case fast
    /// The plain model that states SPEC.md; the oracle.
    case reference

    package static let `default` = EngineKind.fast

    /// Replays `trace` with this engine.
    package func replay(_ trace: Trace) -> ReplayReport {
        switch self {
        case .fast: Replayer.replay(trace, engine: FastEngine.self)
        case .reference: Replayer.replay(trace, engine: ReferenceModel.self)
        }
    }

    /// Writes the report of `source` replayed by this engine to `output`, streaming
    /// (`StreamedReplay`): nothing is written for a malformed trace, and `damage` hears what
    /// the reader got past before the report starts.
    package func writeReport(
        of source: ReplaySource, format: ReplayReportFormat, to output: inout ReportOutput,
        damage: ([TraceDamage]) -> Void = { _ in }, progress: ((ReplayProgress) -> Void)? = nil
    ) throws {
        switch self {
        case .fast:
            try StreamedReplay.writeReport(
                of: source, engine: FastEngine.self, format: format, to: &output, damage: damage, progress: progress)
        case .reference:
            try StreamedReplay.writeReport(
                of: source, engine: ReferenceModel.self, format: format, to: &output, damage: damage,
                progress: progress)
        }
    }

    /// The state after the first `step` events of `source`, the whole trace read and checked
    /// (`ReplayedState`). The fast engine replays a binary trace by slot.
    package func state(
        after step: Int, of source: ReplaySource, progress: ((ReplayProgress) -> Void)? = nil
    ) throws -> ReplayedState {
        switch self {
        case .fast: try ReplayedState.after(step, of: source, progress: progress)
        case .reference: try ReplayedState.after(step, of: source, engine: ReferenceModel.self, progress: progress)
        }
    }

    /// The state after the first `step` events of `trace`.
    ///
    /// The fast engine logs the whole trace into an `EventStore` and restores the state from
    /// its nearest checkpoint; the reference model replays the prefix.
    package func state(after step: Int, of trace: Trace) -> ReplayFinal {
        switch self {
        case .fast:
            return ReplayFinal(Self.eventStore(for: trace).state(at: step))
        case .reference:
            var engine = ReferenceModel(configuration: trace.header.configuration)
            for traceEvent in trace.events.prefix(step) { _ = engine.apply(traceEvent.event) }
            return ReplayFinal(engine)
        }
    }

    /// Every event of `trace` logged and applied by the fast engine.
    static func eventStore(for trace: Trace) -> EventStore {
        var store = EventStore(configuration: trace.header.configuration)
        store.reserveCapacity(trace.events.count)
        for traceEvent in trace.events { _ = store.apply(traceEvent.event) }
        return store
    }
}
