/// An action effect with slots instead of ids.
public enum SlotAction: Hashable, Sendable {
    case open(PhotoSlot)
    case navigateBack
    /// In grid order.
    case deleted([PhotoSlot])
    /// In grid order.
    case moved([PhotoSlot])
    /// In grid order.
    case present(Sheet, [PhotoSlot])
}

/// The fast engine's `Step`: the same fixed shape, with slots. Applying a tap builds one of
/// these and allocates nothing.
public struct SlotStep: Hashable, Sendable {
    public var outcome: Outcome
    public var action: SlotAction?
    public var haptic: Bool
    public var animation: AnimationStyle?
    public var announcement: SpecAnnouncement?

    @inline(__always)
    public init(
        outcome: Outcome, action: SlotAction? = nil, haptic: Bool = false, animation: AnimationStyle? = nil,
        announcement: SpecAnnouncement? = nil
    ) {
        self.outcome = outcome
        self.action = action
        self.haptic = haptic
        self.animation = animation
        self.announcement = announcement
    }

    public static let ignored = SlotStep(outcome: .ignored)

    @inline(__always)
    public static func rejected(_ reason: RejectionReason) -> SlotStep {
        SlotStep(outcome: .rejected(reason))
    }
}

extension SlotTable {
    /// The step with its slots turned back into ids, for reports.
    public func step(for step: SlotStep) -> Step {
        let action: Effect? =
            switch step.action {
            case nil: nil
            case .open(let slot): .open(id(for: slot))
            case .navigateBack: .navigateBack
            case .deleted(let slots): .deleted(ids(for: slots))
            case .moved(let slots): .moved(ids(for: slots))
            case .present(let sheet, let slots): .present(sheet, ids(for: slots))
            }
        return Step(
            outcome: step.outcome, action: action, haptic: step.haptic, animation: step.animation,
            spoken: step.announcement)
    }
}
