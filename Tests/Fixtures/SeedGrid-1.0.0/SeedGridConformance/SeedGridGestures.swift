import GridSimKit
import SeedGrid

/// What the seed-style model does for each gesture: the methods an adapter turns GridSim's
/// events into. The model conforms as it is; so does any copy of it with the same methods.
public protocol SeedGridGestures {
    mutating func longPress(_ id: String)
    mutating func tap(_ id: String)
    mutating func selectButton()
    mutating func selectAll()
    mutating func deselectAll()
    mutating func done()
    mutating func back()
    mutating func delete()
    mutating func move()
    mutating func present(_ kind: PhotoGridModel.Sheet)
    mutating func dismiss()
    mutating func removeFromTray(_ id: String)
    mutating func libraryChanged(removed: [String], inserted: [(id: String, at: Int)])
}

extension PhotoGridModel: SeedGridGestures {}

extension SeedGridGestures {
    /// Calls the method for `event`. The seed has no drag to select: its events do nothing
    /// here, and the adapters declare them unhandled, so the kit never sends them.
    public mutating func handle(_ event: Event) {
        switch event {
        case .longPress(let id), .selectItem(let id): longPress(id)
        case .tap(let id): tap(id)
        case .select: selectButton()
        case .selectAll: selectAll()
        case .deselectAll: deselectAll()
        case .done: done()
        case .back: back()
        case .delete: delete()
        case .move: move()
        case .share: present(.share)
        case .edit: present(.edit)
        case .dismiss: dismiss()
        case .libraryChanged(let removed, let inserted):
            libraryChanged(removed: removed, inserted: inserted.map { ($0.photo, $0.at) })
        case .removeFromTray(let id): removeFromTray(id)
        case .dragBegan, .dragMoved, .dragEnded: break
        }
    }
}
