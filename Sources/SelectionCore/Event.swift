import SelectionSlots

/// Something a person (or the photo library) does to the grid. See SPEC.md section 2.
///
/// Generic over how a photo is named: by id at the edge (`Event`), by slot inside the fast
/// engine (`SlotEvent`). `mapPhotos` turns one into the other.
public enum GridEvent<Photo: Hashable & Sendable>: Hashable, Sendable {
    case longPress(Photo)
    /// The accessibility action "Select" on a photo.
    case selectItem(Photo)
    case tap(Photo)
    /// The Select button in the app bar.
    case select
    case selectAll
    case deselectAll
    case done
    /// The system back gesture.
    case back
    case delete
    case move
    case share
    case edit
    case dismiss
    /// Photos that appear and disappear outside the app.
    case libraryChanged(removed: [Photo], inserted: [PhotoInsertion<Photo>])
    /// The remove button on a tray thumbnail (SPEC.md section 6).
    case removeFromTray(Photo)
    /// A finger goes down on a photo and slides sideways while selecting (SPEC.md section 6).
    case dragBegan(Photo)
    /// The photo under the dragging finger changed.
    case dragMoved(Photo)
    /// The dragging finger lifted.
    case dragEnded

    /// The event's name as it is written in traces and reports. Inlinable, so that a reader
    /// in another module asks it of a concrete event without the generic enum's witnesses.
    @inlinable
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
        case .removeFromTray: .removeFromTray
        case .dragBegan: .dragBegan
        case .dragMoved: .dragMoved
        case .dragEnded: .dragEnded
        }
    }

    /// The photo an event names, for the events that name one.
    public var photo: Photo? {
        switch self {
        case .longPress(let p), .selectItem(let p), .tap(let p), .removeFromTray(let p), .dragBegan(let p),
            .dragMoved(let p):
            p
        default: nil
        }
    }

    /// The event that takes no argument, for the names of such events; nil for the others.
    public init?(argumentless name: EventName) {
        switch name {
        case .select: self = .select
        case .selectAll: self = .selectAll
        case .deselectAll: self = .deselectAll
        case .done: self = .done
        case .back: self = .back
        case .delete: self = .delete
        case .move: self = .move
        case .share: self = .share
        case .edit: self = .edit
        case .dismiss: self = .dismiss
        case .dragEnded: self = .dragEnded
        case .longPress, .selectItem, .tap, .libraryChanged, .removeFromTray, .dragBegan, .dragMoved: return nil
        }
    }

    /// The event that names one photo, for the names of such events; nil for the others.
    public init?(name: EventName, photo: Photo) {
        switch name {
        case .longPress: self = .longPress(photo)
        case .selectItem: self = .selectItem(photo)
        case .tap: self = .tap(photo)
        case .removeFromTray: self = .removeFromTray(photo)
        case .dragBegan: self = .dragBegan(photo)
        case .dragMoved: self = .dragMoved(photo)
        default: return nil
        }
    }

    /// The same event with every photo transformed, in order: ids to slots and back.
    @inlinable
    public func mapPhotos<Other>(_ transform: (Photo) throws -> Other) rethrows -> GridEvent<Other> {
        switch self {
        case .longPress(let p): .longPress(try transform(p))
        case .selectItem(let p): .selectItem(try transform(p))
        case .tap(let p): .tap(try transform(p))
        case .removeFromTray(let p): .removeFromTray(try transform(p))
        case .dragBegan(let p): .dragBegan(try transform(p))
        case .dragMoved(let p): .dragMoved(try transform(p))
        case .libraryChanged(let removed, let inserted):
            .libraryChanged(
                removed: try removed.map(transform),
                inserted: try inserted.map { PhotoInsertion(photo: try transform($0.photo), at: $0.at) })
        default: GridEvent<Other>(argumentless: name)!
        }
    }
}

/// An event naming photos by id: what traces hold and the reference model applies.
public typealias Event = GridEvent<PhotoID>
public typealias Insertion = PhotoInsertion<PhotoID>

/// The names of events, exactly as SPEC.md spells them.
public enum EventName: String, CaseIterable, Sendable {
    case longPress, selectItem, tap, select, selectAll, deselectAll, done, back
    case delete, move, share, edit, dismiss, libraryChanged
    /// SPEC.md section 6.
    case removeFromTray, dragBegan, dragMoved, dragEnded

    /// Whether the event needs a `photo` field.
    public var needsPhoto: Bool {
        switch self {
        case .longPress, .selectItem, .tap, .removeFromTray, .dragBegan, .dragMoved: true
        default: false
        }
    }

    /// The event without arguments, for the names that take none.
    public var argumentlessEvent: Event? { Event(argumentless: self) }
}

extension GridEvent where Photo == PhotoID {
    /// A short human form for the step table: `tap 7`, `libraryChanged -3 +x@0`.
    public var summary: String {
        switch self {
        case .longPress(let photo), .selectItem(let photo), .tap(let photo), .removeFromTray(let photo),
            .dragBegan(let photo), .dragMoved(let photo):
            return "\(name.rawValue) \(photo)"
        case .libraryChanged(let removed, let inserted):
            let parts = removed.map { "-\($0)" } + inserted.map { "+\($0.photo)@\($0.at)" }
            return parts.isEmpty ? "libraryChanged" : "libraryChanged " + parts.joined(separator: " ")
        default:
            return name.rawValue
        }
    }
}
