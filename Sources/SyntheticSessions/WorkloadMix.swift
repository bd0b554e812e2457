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
        case .open, .press, .burst, .delete, .move, .share, .drag, .deleteAll: true
        default: false
        }
    }
}

/// How often each gesture is chosen: relative weights, 0 for never.
///
/// Written as a comma-separated list of `gesture=weight` and preset names, applied left to
/// right over all-zero weights: `burst=4,delete=1`, `default,sync=10`, `browsing`.
package struct WorkloadMix: Hashable, Sendable, CustomStringConvertible {
    /// One weight per gesture, in `SessionGesture.allCases` order.
    package private(set) var weights: [Double]

    package init(_ weights: [SessionGesture: Double] = [:]) {
        self.weights = SessionGesture.allCases.map { weights[$0] ?? 0 }
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

    package static let presets: [(name: String, mix: WorkloadMix)] = [
        ("default", .default), ("browsing", .browsing), ("selecting", .selecting), ("syncs", .syncs),
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
                continue
            }
            let name = String(item[..<equals]).trimmingSpaces()
            let weightText = String(item[item.index(after: equals)...]).trimmingSpaces()
            guard let gesture = SessionGesture(rawValue: name) else {
                throw ParseError(message: "unknown gesture '\(name)' in the mix (known: \(known))")
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

    /// `open=3,press=2,…`: the non-zero weights, readable back by `init(parsing:)`.
    package var description: String {
        SessionGesture.allCases.filter { self[$0] > 0 }
            .map { "\($0.rawValue)=\(PointerJSON.number(self[$0]))" }
            .joined(separator: ",")
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
