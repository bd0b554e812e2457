import GestureInput
import SelectionCore
import SelectionTrace

/// What the view page embeds: the trace's events and, for every step, its outcome and the
/// engine's diffs (photos chosen and unchosen, the grid's deletions and insertions, the tray's
/// changes), never a whole state per step. The page rebuilds each state by applying them.
///
/// Built in one streamed pass with the fast engine (`ViewTimelineBuilder`): O(N + events +
/// what changed). The JSON holds O(events + changes) numbers, runs of consecutive slots as
/// one, and the name of every photo the trace has (`ViewPhotoNames`).
struct ViewTimeline {
    struct Options {
        /// The viewport width the grid is laid out for, in points.
        var width: Double = 393
        /// The step the page opens at when its URL names none.
        var initialStep: Int = 0
        /// The last step the page holds (nil: the trace's last). The events after it are
        /// read and checked, not shown.
        var lastStep: Int?
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
    /// The steps the page holds.
    let stepCount: Int
    /// The events of the whole trace.
    let eventCount: Int
    let damage: [TraceDamage]

    /// Replays `source` once; `progress` hears the steps and bytes read after each event.
    init(source: ReplaySource, options: Options, progress: (Int, Int) -> Void = { _, _ in }) throws {
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
                }
                progress(count, events.bytesRead)
            }
        } else {
            while let traceEvent = try events.next() {
                count += 1
                if count <= last { try builder.add(builder.interned(traceEvent.event)) }
                progress(count, events.bytesRead)
            }
        }
        stepCount = builder.step
        eventCount = count
        damage = events.damage
        let names = events.isStrictBinary ? events.slotNames.map { (table: $0, count: max(namedSlots, events.header.photos.count)) } : nil
        json = builder.finish(options: options, names: names)
    }
}

/// A step's diff does not account for what the engine did: a bug in GridSim.
struct ViewBuildError: Error, CustomStringConvertible {
    var description: String
}
