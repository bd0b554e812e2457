/// The result of applying one event: its outcome and everything it emitted.
///
/// An event emits at most one action, one haptic, one animation and one announcement, so a
/// step is a small fixed-shape value: applying an event that emits no id list allocates
/// nothing. `effects` and `announcements` give the lists that reports show, in a fixed order:
/// the action (`open`, `navigateBack`, `deleted`, `moved`, `present`) first, then `haptic`,
/// then `animation`.
///
/// An app under test may emit more (two announcements, a haptic twice): a step made from
/// lists keeps them as given (`init(outcome:effects:announcements:)`), so that comparing it
/// with what SPEC.md says names every one.
///
/// `outcome`, `action`, `haptic` and `animation` are read-only: a step made from lists
/// answers `effects` and `announcements` from its lists, where a field set afterwards would
/// not show. Build another step instead.
public struct Step: Hashable, Sendable {
    public private(set) var outcome: Outcome
    /// `open`, `navigateBack`, `deleted`, `moved` or `present`.
    public private(set) var action: Effect?
    /// The selection changed.
    public private(set) var haptic: Bool
    /// The mode or the selection changed.
    public private(set) var animation: AnimationStyle?
    /// The announcement, the first of them for a step made from lists.
    public var announcement: Announcement? {
        get { emittedLists.map { $0.announcements.first } ?? spoken.map(Announcement.init) }
        set { self = Step(outcome: outcome, effects: effects, announcements: newValue.map { [$0] } ?? []) }
    }
    /// The announcement when it is one of SPEC.md's and the step fits the fields above: kept
    /// as a value with no text, so that an engine's step is copied and dropped cheaply.
    private var spoken: SpecAnnouncement?
    /// The lists as an app emitted them, when they hold more than one action, haptic,
    /// animation or announcement, or an announcement that is none of SPEC.md's; nil for every
    /// step that fits the fields above (all of GridSim's engines' steps). A reference, so
    /// that a step is as cheap to copy with it as without.
    private var emittedLists: EmittedLists?

    private final class EmittedLists: Hashable, Sendable {
        let effects: [Effect]
        let announcements: [Announcement]

        init(effects: [Effect], announcements: [Announcement]) {
            self.effects = effects
            self.announcements = announcements
        }

        static func == (a: EmittedLists, b: EmittedLists) -> Bool {
            a === b || (a.effects == b.effects && a.announcements == b.announcements)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(effects)
            hasher.combine(announcements)
        }
    }

    public init(
        outcome: Outcome, action: Effect? = nil, haptic: Bool = false, animation: AnimationStyle? = nil,
        announcement: Announcement? = nil
    ) {
        self.outcome = outcome
        self.action = action
        self.haptic = haptic
        self.animation = animation
        self.spoken = nil
        self.emittedLists = nil
        if let announcement, SpecAnnouncement(announcement) == nil {
            emittedLists = EmittedLists(effects: effects, announcements: [announcement])
        } else {
            spoken = announcement.flatMap(SpecAnnouncement.init)
        }
    }

    /// An engine's step: its announcement, if any, one of SPEC.md's. O(1), allocates nothing.
    @inline(__always)
    package init(
        outcome: Outcome, action: Effect?, haptic: Bool, animation: AnimationStyle?, spoken: SpecAnnouncement?
    ) {
        self.outcome = outcome
        self.action = action
        self.haptic = haptic
        self.animation = animation
        self.spoken = spoken
        self.emittedLists = nil
    }

    /// A step from effect and announcement lists, as a plain model or an app writes them.
    /// Lists of any length are kept: with more than one action, haptic, animation or
    /// announcement, `effects` and `announcements` give them back as listed (and the fields
    /// hold the first of each), so that a comparison shows what the app did twice.
    public init(outcome: Outcome, effects: [Effect], announcements: [Announcement] = []) {
        self.outcome = outcome
        self.action = nil
        self.haptic = false
        self.animation = nil
        self.spoken = nil
        self.emittedLists = nil
        var (actions, haptics, animations) = (0, 0, 0)
        for effect in effects {
            switch effect {
            case .haptic:
                haptic = true
                haptics += 1
            case .animation(let style):
                if animation == nil { animation = style }
                animations += 1
            default:
                if action == nil { action = effect }
                actions += 1
            }
        }
        let spoken = announcements.first.flatMap(SpecAnnouncement.init)
        if actions > 1 || haptics > 1 || animations > 1 || announcements.count > 1
            || (spoken == nil && !announcements.isEmpty)
        {
            emittedLists = EmittedLists(effects: effects, announcements: announcements)
        } else {
            self.spoken = spoken
        }
    }

    /// A step whose announcements are the texts an app spoke (its VoiceOver strings), each
    /// read as SPEC.md words it (`Announcement(text:)`).
    public init(outcome: Outcome, effects: [Effect], announcing texts: [String]) {
        self.init(outcome: outcome, effects: effects, announcements: texts.map(Announcement.init(text:)))
    }

    /// Every effect, action first, then haptic, then animation (or as an app listed them,
    /// when it emitted more than one of a kind).
    public var effects: [Effect] {
        if let emittedLists { return emittedLists.effects }
        var effects: [Effect] = []
        if let action { effects.append(action) }
        if haptic { effects.append(.haptic) }
        if let animation { effects.append(.animation(animation)) }
        return effects
    }

    /// How many effects `effects` lists, without building the list: what the benchmark
    /// suites read of a step to keep it alive. O(1), allocates nothing.
    package var effectCount: Int {
        if let emittedLists { return emittedLists.effects.count }
        return (action == nil ? 0 : 1) + (haptic ? 1 : 0) + (animation == nil ? 0 : 1)
    }

    public var announcements: [Announcement] {
        if let emittedLists { return emittedLists.announcements }
        return announcement.map { [$0] } ?? []
    }

    public static let ignored = Step(outcome: .ignored)

    public static func rejected(_ reason: RejectionReason) -> Step {
        Step(outcome: .rejected(reason))
    }
}

extension Step: CustomStringConvertible {
    /// `applied: haptic, animation snappy, "2 selected"` or `rejected: limitReached`.
    public var description: String {
        guard case .applied = outcome else { return outcome.reason.map { "rejected: \($0.rawValue)" } ?? outcome.name }
        let parts = effects.map(\.summary) + announcements.map { "\"\($0.text)\"" }
        return parts.isEmpty ? "applied" : "applied: " + parts.joined(separator: ", ")
    }
}
