/// A photo's identity at the edge of the system: in traces, reports and the reference model.
public typealias PhotoID = String

/// One photo that appears in the library, at a position in the grid.
public struct Insertion: Hashable, Sendable {
    public var photo: PhotoID
    /// The grid position; clamped to `0...count` when applied.
    public var at: Int

    public init(photo: PhotoID, at: Int) {
        self.photo = photo
        self.at = at
    }
}

/// Something a person (or the photo library) does to the grid. See SPEC.md section 2.
public enum Event: Hashable, Sendable {
    case longPress(PhotoID)
    /// The accessibility action "Select" on a photo.
    case selectItem(PhotoID)
    case tap(PhotoID)
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
    case libraryChanged(removed: [PhotoID], inserted: [Insertion])

    /// The event's name as it is written in traces and reports.
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

    /// The photo an event names, for the events that name one.
    public var photo: PhotoID? {
        switch self {
        case .longPress(let p), .selectItem(let p), .tap(let p): p
        default: nil
        }
    }
}

/// The names of events, exactly as SPEC.md spells them.
public enum EventName: String, CaseIterable, Sendable {
    case longPress, selectItem, tap, select, selectAll, deselectAll, done, back
    case delete, move, share, edit, dismiss, libraryChanged

    /// Whether the event needs a `photo` field.
    public var needsPhoto: Bool {
        switch self {
        case .longPress, .selectItem, .tap: true
        default: false
        }
    }

    /// The event without arguments, for the names that take none.
    public var argumentlessEvent: Event? {
        switch self {
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
        case .longPress, .selectItem, .tap, .libraryChanged: nil
        }
    }
}

extension Event {
    /// A short human form for the step table: `tap 7`, `libraryChanged -3 +x@0`.
    public var summary: String {
        switch self {
        case .longPress(let photo), .selectItem(let photo), .tap(let photo):
            return "\(name.rawValue) \(photo)"
        case .libraryChanged(let removed, let inserted):
            let parts = removed.map { "-\($0)" } + inserted.map { "+\($0.photo)@\($0.at)" }
            return parts.isEmpty ? "libraryChanged" : "libraryChanged " + parts.joined(separator: " ")
        default:
            return name.rawValue
        }
    }
}
