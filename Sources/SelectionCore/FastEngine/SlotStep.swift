import SelectionSlots

/// An action effect with slots instead of ids.
@_spi(GridSimInternals) public enum SlotAction: Hashable, Sendable {
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
@_spi(GridSimInternals) public struct SlotStep: Hashable, Sendable {
    @_spi(GridSimInternals) public var outcome: Outcome
    @_spi(GridSimInternals) public var action: SlotAction?
    @_spi(GridSimInternals) public var haptic: Bool
    @_spi(GridSimInternals) public var animation: AnimationStyle?
    @_spi(GridSimInternals) public var announcement: SpecAnnouncement?

    @inline(__always)
    @_spi(GridSimInternals) public init(
        outcome: Outcome, action: SlotAction? = nil, haptic: Bool = false, animation: AnimationStyle? = nil,
        announcement: SpecAnnouncement? = nil
    ) {
        self.outcome = outcome
        self.action = action
        self.haptic = haptic
        self.animation = animation
        self.announcement = announcement
    }

    @_spi(GridSimInternals) public static let ignored = SlotStep(outcome: .ignored)

    @inline(__always)
    @_spi(GridSimInternals) public static func rejected(_ reason: RejectionReason) -> SlotStep {
        SlotStep(outcome: .rejected(reason))
    }
}

extension SlotTable {
    /// The step with its slots turned back into ids, for reports.
    @_spi(GridSimInternals) public func step(for step: SlotStep) -> Step {
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
