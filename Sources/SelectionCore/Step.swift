/// The result of applying one event: its outcome and everything it emitted.
///
/// An event emits at most one action, one haptic, one animation and one announcement, so a
/// step is a small fixed-shape value: applying an event that emits no id list allocates
/// nothing. `effects` and `announcements` give the lists that reports show, in a fixed order:
/// the action (`open`, `navigateBack`, `deleted`, `moved`, `present`) first, then `haptic`,
/// then `animation`.
public struct Step: Hashable, Sendable {
    public var outcome: Outcome
    /// `open`, `navigateBack`, `deleted`, `moved` or `present`.
    public var action: Effect?
    /// The selection changed.
    public var haptic: Bool
    /// The mode or the selection changed.
    public var animation: AnimationStyle?
    public var announcement: Announcement?

    public init(
        outcome: Outcome, action: Effect? = nil, haptic: Bool = false, animation: AnimationStyle? = nil,
        announcement: Announcement? = nil
    ) {
        self.outcome = outcome
        self.action = action
        self.haptic = haptic
        self.animation = animation
        self.announcement = announcement
    }

    /// A step from effect and announcement lists, as a plain model writes them.
    /// - Precondition: at most one action, one animation and one announcement.
    public init(outcome: Outcome, effects: [Effect], announcements: [Announcement] = []) {
        self.init(outcome: outcome)
        for effect in effects {
            switch effect {
            case .haptic: haptic = true
            case .animation(let style):
                precondition(animation == nil, "a step animates once")
                animation = style
            default:
                precondition(action == nil, "a step has one action")
                action = effect
            }
        }
        precondition(announcements.count <= 1, "a step makes one announcement at most")
        announcement = announcements.first
    }

    /// Every effect, action first, then haptic, then animation.
    public var effects: [Effect] {
        var effects: [Effect] = []
        if let action { effects.append(action) }
        if haptic { effects.append(.haptic) }
        if let animation { effects.append(.animation(animation)) }
        return effects
    }

    public var announcements: [Announcement] {
        announcement.map { [$0] } ?? []
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
