import GestureInput
/// The sizes a grid had over a session, one per event: the smallest, the median and the
/// largest, so that a figure quoted "over N photos" can say whether the grid stayed at N.
///
/// Sizes are counted in runs (a steady session meets the same size for many events in a row),
/// so `record(_:)` is O(1) amortised and memory is one entry per distinct size.
///
/// Beside the sizes, `pruning` carries what the session's library changes took from the
/// selection, which the session model counts: a grid that kept its size may still have had
/// its selection pruned, and a checker of pruning needs to know it was.
package struct GridSizeRange: Sendable {
    /// The session's library changes and the chosen photos they removed, as of the last event
    /// counted.
    package var pruning = SelectionPruning()
    /// How many events met each size, but for the run being counted.
    private var occurrences: [Int: Int] = [:]
    private var runSize = 0
    private var runLength = 0
    /// Sizes recorded.
    package private(set) var count = 0

    package init() {}

    package init(_ sizes: some Sequence<Int>) {
        for size in sizes { record(size) }
    }

    /// Counts one event that met a grid of `photos`. O(1) amortised.
    package mutating func record(_ photos: Int) {
        count += 1
        if photos == runSize && runLength > 0 {
            runLength += 1
            return
        }
        endRun()
        runSize = photos
        runLength = 1
    }

    private mutating func endRun() {
        if runLength > 0 { occurrences[runSize, default: 0] += runLength }
    }

    /// The smallest, median and largest size recorded; nil when none was. O(d log d) for d
    /// distinct sizes.
    package var summary: Summary? {
        var all = occurrences
        if runLength > 0 { all[runSize, default: 0] += runLength }
        let sizes = all.keys.sorted()
        guard let smallest = sizes.first, let largest = sizes.last else { return nil }
        // The lower median: the size met by the event at position (count - 1) / 2 in size order.
        var remaining = (count - 1) / 2
        var median = largest
        for size in sizes {
            let events = all[size]!
            if remaining < events {
                median = size
                break
            }
            remaining -= events
        }
        return Summary(smallest: smallest, median: median, largest: largest, events: count, pruning: pruning)
    }

    /// What `GridSizeRange` found.
    package struct Summary: Hashable, Sendable, CustomStringConvertible {
        package var smallest: Int
        package var median: Int
        package var largest: Int
        /// Events whose grid was counted.
        package var events: Int
        /// What the session's library changes took from the selection over those events.
        package var pruning: SelectionPruning

        package init(
            smallest: Int, median: Int, largest: Int, events: Int, pruning: SelectionPruning = SelectionPruning()
        ) {
            self.smallest = smallest
            self.median = median
            self.largest = largest
            self.events = events
            self.pruning = pruning
        }

        /// Whether every size lies within `low` … `high` times `nominal` (0.9 and 1.1: a
        /// library that kept its size).
        package func stays(within low: Double, _ high: Double, of nominal: Int) -> Bool {
            Double(smallest) >= low * Double(nominal) && Double(largest) <= high * Double(nominal)
        }

        /// `smallest 999,871, median 1,000,004, largest 1,000,112 photos` (the pruning apart:
        /// `pruning.description`).
        package var description: String {
            "smallest \(Self.grouped(smallest)), median \(Self.grouped(median)), largest \(Self.grouped(largest)) photos"
        }

        /// `1,000,004`: digits in groups of three, as the summaries print sizes.
        package static func grouped(_ value: Int) -> String {
            let digits = String(value.magnitude)
            var text = ""
            for (index, digit) in digits.enumerated() {
                if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
                text.append(digit)
            }
            return value < 0 ? "-" + text : text
        }
    }
}
