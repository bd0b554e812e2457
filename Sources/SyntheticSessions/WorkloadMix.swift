import GestureInput
import SeededRandom

/// The gestures a synthetic user makes, as the mix names them.
package enum SessionGesture: String, CaseIterable, Hashable, Sendable {
    /// Browsing: tap a photo to open it, usually followed by Back.
    case open
    /// Long-press a photo: enter the selection mode with it chosen.
    case press
    /// The Select button: enter the mode with nothing chosen.
    case select
    /// Selecting: a burst of 1–8 taps on nearby photos.
    case burst
    /// Select all, then what people do with everything chosen: share it, move it, deselect
    /// it or leave the mode; Delete only when everything is a handful of photos.
    case selectAll
    case deselectAll
    /// Done (or, one time in four, Back).
    case done
    /// Delete the handful of photos a person chose: with more chosen, the person deselects all
    /// and chooses the few to delete first.
    case delete
    /// Move the chosen photos.
    case move
    /// Share (or Edit), then dismiss the sheet.
    case share
    /// A storm of 1–20 library changes a few milliseconds apart.
    case sync
    /// One library change that removes one to three chosen photos (a photo deleted on another
    /// device while the person chooses), a photo chosen first when none is.
    case pruningSync
    /// Scroll: a fling to a nearby part of the grid, or a jump anywhere.
    case scroll
    /// Rotate the device: width and height swap.
    case rotate
    /// Selecting: a drag to select, a finger sliding sideways across a row or down a few
    /// rows, back and forth, and lifting.
    case drag
    /// Select all, then Delete: the whole library goes at once. No preset has it, so a
    /// session keeps its library unless the mix asks for this; library syncs refill the grid
    /// towards its starting size afterwards.
    case deleteAll

    /// Whether the gesture needs photos in the grid (to tap, press, or choose).
    var needsPhotos: Bool {
        switch self {
        case .open, .press, .burst, .delete, .move, .share, .drag, .deleteAll, .pruningSync: true
        default: false
        }
    }
}

/// How often each gesture is chosen: relative weights, 0 for never; and how often a library
/// sync removes photos the person has chosen (`pruningShare`).
///
/// Written as a comma-separated list of `gesture=weight`, `prune=share` and preset names,
/// applied left to right over all-zero weights and the default share: `burst=4,delete=1`,
/// `default,sync=10`, `browsing`, `default,prune=0.5`.
package struct WorkloadMix: Hashable, Sendable, CustomStringConvertible {
    /// One weight per gesture, in `SessionGesture.allCases` order.
    package private(set) var weights: [Double]
    /// The share, 0 … 1, of library changes that meet a selection and remove one to three of
    /// its photos in place of as many unchosen ones. A sync drawing its removals from the
    /// whole grid would almost never meet a chosen photo on a large grid (three in a million),
    /// where a real library's syncs do: see `defaultPruningShare`.
    package var pruningShare: Double

    /// One change in ten that meets a selection removes chosen photos. The photos a person is
    /// choosing are mostly recent ones, and recent photos are what other devices and shared
    /// albums take away (a burst culled on the phone while choosing on the tablet, a shared
    /// album's contributor taking back a photo just added, a duplicate merged after import),
    /// so a sync meets them far more often than a draw from the whole library would. A tenth
    /// prunes a selection dozens of times in a session of ten thousand events at any grid
    /// size, while most syncs still leave it alone, as most real ones do.
    package static let defaultPruningShare = 0.1

    package init(_ weights: [SessionGesture: Double] = [:], pruningShare: Double = WorkloadMix.defaultPruningShare) {
        self.weights = SessionGesture.allCases.map { weights[$0] ?? 0 }
        self.pruningShare = pruningShare
    }

    package subscript(gesture: SessionGesture) -> Double {
        get { weights[SessionGesture.allCases.firstIndex(of: gesture)!] }
        set { weights[SessionGesture.allCases.firstIndex(of: gesture)!] = newValue }
    }

    /// A day of ordinary use: mostly browsing and scrolling, some selecting (taps and drags)
    /// and deleting, and the library syncing.
    package static let `default` = WorkloadMix([
        .open: 3, .press: 2, .select: 0.5, .burst: 6, .selectAll: 0.5, .deselectAll: 0.5, .done: 2,
        .delete: 1, .move: 0.5, .share: 1, .sync: 1, .scroll: 4, .rotate: 0.2, .drag: 1,
    ])
    /// Looking, not choosing: opening photos and scrolling.
    package static let browsing = WorkloadMix([.open: 6, .scroll: 6, .sync: 0.5, .rotate: 0.2])
    /// Choosing in bulk: bursts, drags, select all, delete, share, and the library syncing
    /// now and then (it brings back about as many photos as the deletes take).
    package static let selecting = WorkloadMix([
        .press: 2, .burst: 10, .selectAll: 1, .deselectAll: 1, .done: 1, .delete: 2, .move: 0.5, .share: 1,
        .sync: 1.5, .scroll: 2, .drag: 3,
    ])
    /// The library syncing while someone selects: storms of changes among bursts.
    package static let syncs = WorkloadMix([.sync: 6, .burst: 4, .press: 1, .done: 1, .scroll: 1])
    /// The library taking chosen photos away: every library change removes chosen photos,
    /// among bursts and drags that choose more. The load a selection's pruning puts on an
    /// engine, and a trace that exercises it.
    package static let pruning = WorkloadMix(
        [.pruningSync: 6, .burst: 3, .drag: 1, .press: 1, .done: 0.5, .scroll: 1], pruningShare: 1)

    package static let presets: [(name: String, mix: WorkloadMix)] = [
        ("default", .default), ("browsing", .browsing), ("selecting", .selecting), ("syncs", .syncs),
        ("pruning", .pruning),
    ]

    /// A mix that cannot be used, and why.
    package struct ParseError: Error, Hashable, Sendable {
        package var message: String
    }

    /// Reads `gesture=weight` items and preset names, left to right.
    package init(parsing text: String) throws(ParseError) {
        self.init()
        let known = SessionGesture.allCases.map(\.rawValue).joined(separator: ", ")
        for item in text.split(separator: ",", omittingEmptySubsequences: true) {
            let item = item.trimmingSpaces()
            guard let equals = item.firstIndex(of: "=") else {
                guard let preset = Self.presets.first(where: { $0.name == item }) else {
                    throw ParseError(
                        message: "unknown mix item '\(item)': give gesture=weight (gestures: \(known)) or a preset ("
                            + Self.presets.map(\.name).joined(separator: ", ") + ")")
                }
                for gesture in SessionGesture.allCases where preset.mix[gesture] > 0 {
                    self[gesture] = preset.mix[gesture]
                }
                pruningShare = preset.mix.pruningShare
                continue
            }
            let name = String(item[..<equals]).trimmingSpaces()
            let weightText = String(item[item.index(after: equals)...]).trimmingSpaces()
            if name == Self.pruningShareName {
                guard let share = Double(weightText), share >= 0, share <= 1 else {
                    throw ParseError(message: "prune must be a share between 0 and 1; found '\(weightText)'")
                }
                pruningShare = share
                continue
            }
            guard let gesture = SessionGesture(rawValue: name) else {
                throw ParseError(
                    message: "unknown gesture '\(name)' in the mix (known: \(known); and \(Self.pruningShareName)=share)")
            }
            guard let weight = Double(weightText), weight.isFinite, weight >= 0 else {
                throw ParseError(
                    message: "the weight of '\(name)' must be a number of at least 0; found '\(weightText)'")
            }
            self[gesture] = weight
        }
        guard weights.contains(where: { $0 > 0 }) else {
            throw ParseError(message: "the mix '\(text)' gives every gesture weight 0")
        }
    }

    /// The mix item that sets `pruningShare`: `prune=0.5`.
    package static let pruningShareName = "prune"

    /// `open=3,press=2,…`: the non-zero weights, and the pruning share when it is not the
    /// default (so that a default mix reads as it always has), readable back by
    /// `init(parsing:)`.
    package var description: String {
        var items = SessionGesture.allCases.filter { self[$0] > 0 }
            .map { "\($0.rawValue)=\(PointerJSON.number(self[$0]))" }
        if pruningShare != Self.defaultPruningShare {
            items.append("\(Self.pruningShareName)=\(PointerJSON.number(pruningShare))")
        }
        return items.joined(separator: ",")
    }

    /// Draws a gesture with probability proportional to its weight. O(gestures).
    func draw(using random: inout Xoshiro256) -> SessionGesture {
        let total = weights.reduce(0, +)
        var remaining = random.unit() * total
        for (gesture, weight) in zip(SessionGesture.allCases, weights) where weight > 0 {
            if remaining < weight { return gesture }
            remaining -= weight
        }
        return SessionGesture.allCases[weights.lastIndex(where: { $0 > 0 })!]
    }
}

extension StringProtocol {
    fileprivate func trimmingSpaces() -> String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
