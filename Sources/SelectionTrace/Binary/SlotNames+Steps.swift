@_spi(GridSimInternals) import SelectionCore
import SelectionSlots

extension SlotNames {
    /// The event with its slots named, as `BinaryTraceReader.event(for:)` names it. O(photos
    /// the event lists).
    ///
    /// - Precondition: every slot the event names is named (a strict reader names every
    ///   slot of every event it returned).
    @_spi(GridSimInternals) public func event(for event: SlotEvent) -> Event {
        event.mapPhotos { slot in
            guard let id = id(for: slot) else { preconditionFailure("the reader returned an unnamed slot \(slot)") }
            return id
        }
    }

    /// The step with its slots named, as `SlotTable.step(for:)` names them: for a fast
    /// engine replayed by slot whose table was never taught the trace's ids. O(photos the
    /// step lists).
    ///
    /// - Precondition: every slot the step names is named (a strict reader names every slot
    ///   of every event it returned, and an engine's action lists only those).
    @_spi(GridSimInternals) public func step(for step: SlotStep) -> Step {
        func name(_ slot: PhotoSlot) -> PhotoID {
            guard let id = id(for: slot) else { preconditionFailure("slot \(slot) has no id") }
            return id
        }
        let action: Effect? =
            switch step.action {
            case nil: nil
            case .open(let slot): .open(name(slot))
            case .navigateBack: .navigateBack
            case .deleted(let slots): .deleted(slots.map(name))
            case .moved(let slots): .moved(slots.map(name))
            case .present(let sheet, let slots): .present(sheet, slots.map(name))
            }
        return Step(
            outcome: step.outcome, action: action, haptic: step.haptic, animation: step.animation,
            spoken: step.announcement)
    }
}
