@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace

/// The steps since a checkpoint, with both engines as they were there: what lets a later
/// checkpoint that finds whole states wrong name the step that made them so.
///
/// The first window starts at the trace's start, where both engines are what the
/// configuration makes: it keeps the configuration and makes them again only if it bisects.
/// A later window keeps copies of both engines, which share their storage with the running
/// engines until those write (then the grid, the sets and the id table are copied once).
/// Over a grid of 10M photos, keeping copies from the start would double the memory of both
/// engines for the whole of a trace shorter than a checkpoint interval.
///
/// Memory: the window's events, and from the second window on two engine copies. The pass
/// starts a new window at the first checkpoint after a few thousand events, so a window
/// holds those plus one checkpoint interval (about N / `photosPerStep` steps over a grid of N
/// photos).
struct CheckWindow<Candidate: CheckableEngine> {
    private(set) var startStep: Int
    private let configuration: GridConfiguration
    /// The engines at `startStep`; nil at the start, where the configuration makes them.
    private var engines: (reference: ReferenceModel, candidate: Candidate)?
    private var events: [TraceEvent] = []

    init(configuration: GridConfiguration) {
        startStep = 0
        self.configuration = configuration
    }

    var eventCount: Int { events.count }

    mutating func record(_ traceEvent: TraceEvent) {
        events.append(traceEvent)
    }

    /// Starts a new window at `step`, from copies of the engines there.
    mutating func restart(at step: Int, reference: ReferenceModel, candidate: Candidate) {
        startStep = step
        engines = (reference, candidate)
        events.removeAll(keepingCapacity: events.count <= 4096)
    }

    /// The failure at the step where `failureAt` starts to hold, given that it holds after the
    /// window's last step (`failure`) and not at its start: a bisection over the window that
    /// replays its events from the copies. If the failure came and went within the window,
    /// it finds one step at which it appeared.
    ///
    /// O(window) events replayed (each half is replayed once at most) and O(log window) calls
    /// of `failureAt`.
    func firstFailure(
        endingWith failure: PropertyFailure,
        _ failureAt: (ReferenceModel, Candidate, _ step: Int, _ event: Event) -> PropertyFailure?
    ) -> PropertyFailure {
        let start = engines ?? (ReferenceModel(configuration: configuration), Candidate(configuration: configuration))
        var good = (step: startStep, reference: start.reference, candidate: start.candidate)
        var bad = (step: startStep + events.count, failure: failure)
        while bad.step - good.step > 1 {
            let middle = good.step + (bad.step - good.step) / 2
            var reference = good.reference
            var candidate = good.candidate
            for traceEvent in events[(good.step - startStep)..<(middle - startStep)] {
                _ = reference.apply(traceEvent.event)
                _ = candidate.apply(traceEvent.event)
            }
            if let failure = failureAt(reference, candidate, middle, events[middle - startStep - 1].event) {
                bad = (middle, failure)
            } else {
                good = (middle, reference, candidate)
            }
        }
        return bad.failure
    }
}
