/// How much a `TraceRecorder` may hold in memory before it commits: the loss window.
///
/// Recorded events wait in a buffer and are committed (written to the operating system, which
/// keeps them even if the process is killed) as soon as `maximumEvents` are waiting, or the
/// oldest of them has waited `maximumDelayMilliseconds`, whichever comes first. A process
/// killed at any moment therefore loses at most the last `maximumEvents - 1` events and at
/// most the last `maximumDelayMilliseconds` of them; closing the recorder commits everything
/// and fsyncs, so that the trace also survives a power loss.
@_spi(GridSimInternals) public struct FlushPolicy: Hashable, Sendable {
    /// Commit once this many events wait (at least 1; 1 commits every event).
    @_spi(GridSimInternals) public var maximumEvents: Int
    /// Commit once the oldest waiting event has waited this long (at least 1 ms).
    @_spi(GridSimInternals) public var maximumDelayMilliseconds: Int

    @_spi(GridSimInternals) public init(maximumEvents: Int = 256, maximumDelayMilliseconds: Int = 100) {
        precondition(maximumEvents >= 1, "a flush policy commits after at least 1 event")
        precondition(maximumDelayMilliseconds >= 1, "a flush policy waits at least 1 ms")
        self.maximumEvents = maximumEvents
        self.maximumDelayMilliseconds = maximumDelayMilliseconds
    }

    @_spi(GridSimInternals) public static let `default` = FlushPolicy()

    /// For batch writers (conversion): large writes, no timer-driven commits to speak of.
    @_spi(GridSimInternals) public static let batch = FlushPolicy(maximumEvents: 65_536, maximumDelayMilliseconds: 1_000)
}
