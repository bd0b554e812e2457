/// The result of applying one event: its outcome and everything it emitted.
///
/// Effects come in a fixed order: the action (`open`, `navigateBack`, `deleted`, `moved`,
/// `present`) first, then `haptic`, then `animation`.
public struct Step: Hashable, Sendable {
    public var outcome: Outcome
    public var effects: [Effect]
    public var announcements: [Announcement]

    public init(outcome: Outcome, effects: [Effect] = [], announcements: [Announcement] = []) {
        self.outcome = outcome
        self.effects = effects
        self.announcements = announcements
    }

    public static let ignored = Step(outcome: .ignored)

    public static func rejected(_ reason: RejectionReason) -> Step {
        Step(outcome: .rejected(reason))
    }
}
