/// An event with its photos interned to slots: what the codec hands the fast engine.
///
/// Strings stay at the edge; a `SlotEvent` without a library change is 8 bytes of payload.
public enum SlotEvent: Hashable, Sendable {
    case longPress(PhotoSlot)
    case selectItem(PhotoSlot)
    case tap(PhotoSlot)
    case select, selectAll, deselectAll, done, back, delete, move, share, edit, dismiss
    case libraryChanged(removed: [PhotoSlot], inserted: [SlotInsertion])

    public var name: EventName {
        switch self {
        case .longPress: .longPress
        case .selectItem: .selectItem
        case .tap: .tap
        case .select: .select
        case .selectAll: .selectAll
        case .deselectAll: .deselectAll
        case .done: .done
        case .back: .back
        case .delete: .delete
        case .move: .move
        case .share: .share
        case .edit: .edit
        case .dismiss: .dismiss
        case .libraryChanged: .libraryChanged
        }
    }
}

extension SlotTable {
    /// The event with its ids interned. Ids never seen get new slots, which are not in the
    /// grid, so the engine rejects them as unknown as the reference model does.
    public mutating func intern(_ event: Event) -> SlotEvent {
        switch event {
        case .longPress(let photo): .longPress(intern(photo).slot)
        case .selectItem(let photo): .selectItem(intern(photo).slot)
        case .tap(let photo): .tap(intern(photo).slot)
        case .select: .select
        case .selectAll: .selectAll
        case .deselectAll: .deselectAll
        case .done: .done
        case .back: .back
        case .delete: .delete
        case .move: .move
        case .share: .share
        case .edit: .edit
        case .dismiss: .dismiss
        case .libraryChanged(let removed, let inserted):
            .libraryChanged(
                removed: removed.map { intern($0).slot },
                inserted: inserted.map { SlotInsertion(slot: intern($0.photo).slot, at: $0.at) })
        }
    }

    /// The event with its slots turned back into ids.
    public func event(for event: SlotEvent) -> Event {
        switch event {
        case .longPress(let slot): .longPress(id(for: slot))
        case .selectItem(let slot): .selectItem(id(for: slot))
        case .tap(let slot): .tap(id(for: slot))
        case .select: .select
        case .selectAll: .selectAll
        case .deselectAll: .deselectAll
        case .done: .done
        case .back: .back
        case .delete: .delete
        case .move: .move
        case .share: .share
        case .edit: .edit
        case .dismiss: .dismiss
        case .libraryChanged(let removed, let inserted):
            .libraryChanged(
                removed: ids(for: removed), inserted: inserted.map { Insertion(photo: id(for: $0.slot), at: $0.at) })
        }
    }
}
