import GestureInput
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace
@_spi(GridSimInternals) import TraceReplay

/// What the view page embeds: the trace's events and, for every step, its outcome and the
/// engine's diffs (photos chosen and unchosen, the grid's deletions and insertions, the tray's
/// changes), never a whole state per step. The page rebuilds each state by applying them.
///
/// Built in one streamed pass with the fast engine (`ViewTimelineBuilder`): O(N + events +
/// what changed). The JSON holds O(events + changes) numbers, runs of consecutive slots as
/// one, and the name of every photo the trace has (`ViewPhotoNames`).
package struct ViewTimeline {
    package struct Options {
        /// The viewport width the grid is laid out for, in points.
        package var width: Double = 393
        /// The step the page opens at when its URL names none.
        package var initialStep: Int = 0 {
            didSet { initialStepIsChosen = true }
        }
        /// Whether `initialStep` was set: else a page opens at the app's first departure from
        /// SPEC.md, when the trace records what the app showed.
        package private(set) var initialStepIsChosen = false
        /// The last step the page holds (nil: the trace's last). The events after it are
        /// read and checked, not shown.
        package var lastStep: Int?
        /// The file name shown in the page's heading.
        package var name: String = "trace"
        /// The raw pointer layer of a two-layer trace (nil for a trace without one).
        package var pointer: ViewPointerLayer?
        /// The page shows every count one too high: for the browser test's own test, which
        /// sets it in-process (the command line offers no way to).
        package var breakCount = false
        /// A second side beside the trace's steps (a counterexample's adapter): the page opens
        /// at the first step where the sides differ. Nil for the plain page.
        package var comparison: ViewComparison?

        package init() {}
    }

    /// The JSON object the page reads.
    package let json: ViewPageJSON
    /// The steps the page holds.
    package let stepCount: Int
    /// The events of the whole trace.
    package let eventCount: Int
    package let damage: [TraceDamage]

    /// Replays `source` once; `progress` hears the steps and bytes read after each event.
    package init(source: ReplaySource, options: Options, progress: (Int, Int) -> Void = { _, _ in }) throws {
        var events = try source.events()
        var builder = ViewTimelineBuilder(header: events.header)
        let last = options.lastStep ?? Int.max
        var count = 0
        // The slots the reader had named by the last step the page holds.
        var namedSlots = 0
        if events.isStrictBinary {
            // The codec's own pace: events by slot, no id built or hashed.
            while let timed = try events.nextSlotEvent() {
                count += 1
                if count <= last {
                    try builder.add(timed.event)
                    namedSlots = events.slotNames?.count ?? 0
                    builder.compareApp(events.seenAfterSlotEvent, names: events.slotNames)
                }
                progress(count, events.bytesRead)
            }
        } else {
            while let traceEvent = try events.next() {
                count += 1
                if count <= last {
                    try builder.add(builder.interned(traceEvent.event))
                    builder.compareApp(traceEvent.seen)
                }
                progress(count, events.bytesRead)
            }
        }
        stepCount = builder.step
        eventCount = count
        damage = events.damage
        let names = events.isStrictBinary ? events.slotNames.map { (table: $0, count: max(namedSlots, events.header.photos.count)) } : nil
        // A page of a trace with what the app showed opens where the app departs from SPEC.md,
        // unless told otherwise.
        var options = options
        if !options.initialStepIsChosen, let departure = builder.firstAppDeparture { options.initialStep = departure }
        json = builder.finish(options: options, names: names)
    }
}

/// A step's diff does not account for what the engine did: a bug in GridSim.
package struct ViewBuildError: Error, CustomStringConvertible {
    package var description: String
}
