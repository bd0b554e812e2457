import Dispatch
@_spi(GridSimInternals) import SelectionTrace

/// A `TraceCheck` that runs on a thread of its own, a batch of events at a time, beside the
/// caller's: how `gridsim check` keeps two cores busy on one trace.
///
/// The caller hands a batch over (`start(_:)`), checks its own share of the properties on the
/// same events, then waits (`wait()`) before it hands over the next batch or asks the lane
/// anything. The hand-over and the wait order every access, so the check is only ever used
/// by one thread at a time; that is what makes the unchecked `Sendable` sound.
final class CheckLane: @unchecked Sendable {
    private var check: TraceCheck
    private var batch: [TraceEvent] = []
    private let queue = DispatchQueue(label: "gridsim.check.lane")
    private let idle = DispatchGroup()

    init(_ check: TraceCheck) {
        self.check = check
    }

    /// Starts checking `events`. The lane drops its reference to them when done, so the
    /// caller's array is unique again after `wait()`.
    func start(_ events: [TraceEvent]) {
        batch = events
        idle.enter()
        queue.async {
            for traceEvent in self.batch where !self.check.isDecided { self.check.apply(traceEvent) }
            self.batch = []
            self.idle.leave()
        }
    }

    /// Waits until the batch handed over last is checked.
    func wait() {
        idle.wait()
    }

    /// The check's failures after the last step (see `TraceCheck.finish()`). Call after `wait()`.
    func finish() -> [PropertyFailure?] {
        check.finish()
    }

    var checkpointCount: Int { check.checkpointCount }
}
