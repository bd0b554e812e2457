/// What a screen reader says after an applied event (SPEC.md section 3).
///
/// Kept as a small value; the sentence is rendered only when someone reads it.
public enum Announcement: Hashable, Sendable {
    /// `Selection mode, N selected`
    case modeEntered(count: Int)
    /// `Selection mode off`
    case modeExited
    /// `N selected`, N being the new count, 0 included.
    case countChanged(Int)
    /// A sentence that is none of SPEC.md's: what an app under test said instead, handed over
    /// as text. GridSim's engines never make it.
    case other(String)

    public var text: String {
        switch self {
        case .modeEntered(let count): "Selection mode, \(count) selected"
        case .modeExited: "Selection mode off"
        case .countChanged(let count): "\(count) selected"
        case .other(let text): text
        }
    }

    /// The announcement a sentence is, as `text` writes them: `Selection mode, 2 selected`,
    /// `Selection mode off`, `2 selected`; any other sentence is `.other`. So an adapter can
    /// hand over its app's VoiceOver strings, and `Announcement(text: a.text) == a` for every
    /// announcement. O(length).
    public init(text: String) {
        if text == "Selection mode off" {
            self = .modeExited
        } else if text.hasPrefix("Selection mode, "), text.hasSuffix(" selected"),
            let count = Self.count(text.dropFirst("Selection mode, ".count).dropLast(" selected".count))
        {
            self = .modeEntered(count: count)
        } else if text.hasSuffix(" selected"), let count = Self.count(text.dropLast(" selected".count)) {
            self = .countChanged(count)
        } else {
            self = .other(text)
        }
    }

    /// The announcement an engine made.
    @inline(__always)
    package init(_ spoken: SpecAnnouncement) {
        switch spoken {
        case .modeEntered(let count): self = .modeEntered(count: count)
        case .modeExited: self = .modeExited
        case .countChanged(let count): self = .countChanged(count)
        }
    }

    /// A count as `text` writes it: decimal digits, no sign, no leading zero but for 0 itself.
    private static func count(_ digits: Substring) -> Int? {
        guard let first = digits.first, first.isASCII, first.isNumber,
            first != "0" || digits.count == 1, digits.allSatisfy({ $0.isASCII && $0.isNumber })
        else { return nil }
        return Int(digits)
    }
}

/// One of the three sentences SPEC.md section 3 gives: what the engines announce. Unlike
/// `Announcement` it holds no text, so a fast-engine step (`SlotStep`) stays a trivial value
/// that a tap builds and drops with no work. The engines' own: an adapter speaks
/// `Announcement`.
@_spi(GridSimInternals) public enum SpecAnnouncement: Hashable, Sendable {
    /// `Selection mode, N selected`
    case modeEntered(count: Int)
    /// `Selection mode off`
    case modeExited
    /// `N selected`, N being the new count, 0 included.
    case countChanged(Int)

    /// The sentence `announcement` is, or nil for a sentence that is none of SPEC.md's.
    @inline(__always)
    package init?(_ announcement: Announcement) {
        switch announcement {
        case .modeEntered(let count): self = .modeEntered(count: count)
        case .modeExited: self = .modeExited
        case .countChanged(let count): self = .countChanged(count)
        case .other: return nil
        }
    }
}
