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
///
/// Not a trivial value: Delete, Move, Share and Edit list photos. A caller drops a step
/// through its type's value witness (a call and a test of the action, some 30 instructions
/// a tap); a tap's step is built by the caller from a `TapStep` instead (see
/// `FastEngine.apply(_:)`), where the compiler sees that it lists nothing.
@_spi(GridSimInternals) public struct SlotStep: Hashable, Sendable {
    @_spi(GridSimInternals) public var outcome: Outcome
    @_spi(GridSimInternals) public var action: SlotAction?
    @_spi(GridSimInternals) public var haptic: Bool
    @_spi(GridSimInternals) public var animation: AnimationStyle?
    @_spi(GridSimInternals) public var announcement: SpecAnnouncement?

    @inlinable @inline(__always)
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

    /// The step of a tap. Inlinable: built where the caller reads it, so that dropping it
    /// costs nothing.
    @inlinable @inline(__always)
    init(_ step: TapStep) {
        switch step {
        case .toggled(let count, let animation):
            self.init(outcome: .applied, haptic: true, animation: animation, announcement: .countChanged(count))
        case .opened(let slot):
            self.init(outcome: .applied, action: .open(slot))
        case .rejected(let reason):
            self.init(outcome: .rejected(reason))
        }
    }

    @_spi(GridSimInternals) public static let ignored = SlotStep(outcome: .ignored)

    @inline(__always)
    @_spi(GridSimInternals) public static func rejected(_ reason: RejectionReason) -> SlotStep {
        SlotStep(outcome: .rejected(reason))
    }
}

/// What a tap did, in the fewest bytes: the `SlotStep` of a tap without its constant parts,
/// returned in two registers by a tap (`FastEngine.tap(_:)`, inlined in the caller, or its
/// out-of-line part) and made a `SlotStep` where the caller reads it (`SlotStep.init(_:)`).
/// A trivial value: no reference to drop.
@usableFromInline
enum TapStep: Sendable {
    /// The tap chose or unchose its photo, `count` being the new count: haptic, the
    /// animation, and the count announced.
    case toggled(count: Int, animation: AnimationStyle)
    /// The tap opened its photo (browsing).
    case opened(PhotoSlot)
    case rejected(RejectionReason)
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
