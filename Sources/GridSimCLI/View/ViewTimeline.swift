import GestureInput
import SelectionCore
import SelectionTrace

/// What the view page embeds: the trace's events and, for every step, its outcome and the
/// engine's diffs (photos chosen and unchosen, the grid's deletions and insertions, the tray's
/// changes), never a whole state per step. The page rebuilds each state by applying them.
///
/// Built in one streamed pass with the fast engine (`ViewTimelineBuilder`). O(events + what
/// changed), plus O(N) for each Delete (its photos are found in one scan of the grid) and for
/// a block split of the grid order; the JSON holds O(events + changes) numbers, runs of
/// consecutive slots as one.
struct ViewTimeline {
    struct Options {
        /// The viewport width the grid is laid out for, in points.
        var width: Double = 393
        /// The step the page opens at when its URL names none.
        var initialStep: Int = 0
        /// The file name shown in the page's heading.
        var name: String = "trace"
        /// The raw pointer layer of a two-layer trace (nil for a trace without one).
        var pointer: ViewPointerLayer?
        /// The page shows every count one too high: for the browser test's own test, which
        /// sets it in-process (the command line offers no way to).
        var breakCount = false
    }

    /// The JSON object the page reads.
    let json: ViewPageJSON
    let eventCount: Int
    let damage: [TraceDamage]

    /// Replays `source` once; `progress` hears the steps and bytes read after each event.
    init(source: ReplaySource, options: Options, progress: (Int, Int) -> Void = { _, _ in }) throws {
        var events = try source.events()
        var builder = ViewTimelineBuilder(header: events.header)
        if events.isStrictBinary {
            // The codec's own pace: events by slot, no id built or hashed.
            while let timed = try events.nextSlotEvent() {
                try builder.add(timed.event, t: timed.t)
                progress(builder.step, events.bytesRead)
            }
        } else {
            while let traceEvent = try events.next() {
                try builder.add(builder.interned(traceEvent.event), t: traceEvent.t)
                progress(builder.step, events.bytesRead)
            }
        }
        eventCount = builder.step
        damage = events.damage
        json = try builder.finish(options: options, names: events.isStrictBinary ? events.slotNames : nil)
    }
}

/// The page's copy of the grid order disagreed with the engine's: a bug in GridSim.
struct ViewBuildError: Error, CustomStringConvertible {
    var description: String
    static func gridDrift(_ a: Int, _ b: Int) -> ViewBuildError {
        ViewBuildError(description: "the page's grid order drifted from the engine's (\(a), \(b))")
    }
}
