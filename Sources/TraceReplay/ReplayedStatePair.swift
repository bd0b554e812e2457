@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace

/// The fast engine after two steps of a trace (`gridsim diff --from A --to B`), both taken
/// in one pass without a report, log or checkpoint.
///
/// The events up to the earlier step are applied as `ReplayedState` applies them; the engine
/// is then kept as it is (its parts are copy-on-write, so the copy costs nothing until the
/// replay writes to the grid or the selection again, and then one copy of what is written),
/// the events up to the later step are applied, and the rest of the trace is read and checked
/// but not applied, as `replay --at` does: a malformed line after the later step is still an
/// error, and the steps can be checked against the count.
///
/// Memory: two engines, bounded by the grid, never by the number of events.
@_spi(GridSimInternals) public struct ReplayedStatePair {
    /// The engine after `earlierStep` events; nil when the trace has fewer.
    @_spi(GridSimInternals) public var earlier: FastEngine?
    /// The engine after `laterStep` events (after the last one when no later step was
    /// asked for); nil when the trace has fewer. Its slot table names every slot of both.
    @_spi(GridSimInternals) public var later: FastEngine?
    /// The number of events in the trace.
    @_spi(GridSimInternals) public var eventCount: Int
    /// What the reader met and got past.
    @_spi(GridSimInternals) public var damage: [TraceDamage]

    /// The engines after `earlierStep` and `laterStep` events of `source` (`laterStep` nil:
    /// after the last event). O(max step) engine work, O(bytes) reading, two states' memory.
    ///
    /// - Precondition: `laterStep` is nil or not below `earlierStep`.
    /// - Throws: the readers' errors (`TraceError` for a malformed trace), wherever in the
    ///   trace they are.
    @_spi(GridSimInternals) public static func after(
        _ earlierStep: Int, and laterStep: Int?, of source: ReplaySource,
        progress: ((ReplayProgress) -> Void)? = nil
    ) throws -> ReplayedStatePair {
        precondition(laterStep.map { $0 >= earlierStep } ?? true, "the later step comes first")
        var events = try source.events()
        var engine: FastEngine = statesOnlyEngine(events.header.configuration)
        var applied = 0
        func apply(upTo limit: Int) throws {
            while applied < limit, let traceEvent = try events.next() {
                _ = engine.apply(traceEvent.event)
                applied += 1
                if applied & 4095 == 0, let progress {
                    progress(ReplayProgress(phase: .reading, events: applied, total: nil, bytes: events.bytesRead))
                }
            }
        }
        try apply(upTo: max(earlierStep, 0))
        let earlier = applied == earlierStep ? engine : nil
        try apply(upTo: laterStep.map { max($0, 0) } ?? .max)
        let later = laterStep == nil || applied == laterStep ? engine : nil
        let reached = applied
        let rest = try events.skipToEnd { skipped, bytesRead in
            progress?(ReplayProgress(phase: .reading, events: reached + skipped, total: nil, bytes: bytesRead))
        }
        return ReplayedStatePair(earlier: earlier, later: later, eventCount: applied + rest, damage: events.damage)
    }
}
