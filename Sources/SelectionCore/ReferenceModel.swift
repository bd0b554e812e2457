/// The plain, obviously correct implementation of SPEC.md sections 1 to 3.
///
/// It works the way the seeds do: string ids, a `Set<String>` for the selection, arrays for
/// the grid and the picks, whole-grid passes where that is the simplest thing. It is the
/// oracle that faster engines are checked against, so it favours clarity over speed: a tap
/// hashes strings, Delete and library changes rebuild the grid, `selectedPhotos` filters the
/// whole grid.
public struct ReferenceModel: SelectionEngine, Sendable {
    public private(set) var photos: [PhotoID] {
        didSet { photoSet = Set(photos) }
    }
    /// The grid's ids as a set, for membership tests; always `Set(photos)`.
    private var photoSet: Set<PhotoID>
    public private(set) var mode: Mode = .browsing
    public private(set) var sheet: Sheet?
    public let limit: Int?
    public let reduceMotion: Bool
    private var selection: Set<PhotoID> = []
    public private(set) var picks: [PhotoID] = []

    public init(configuration: GridConfiguration) {
        photos = configuration.photos.ids
        photoSet = Set(photos)
        limit = configuration.effectiveLimit
        reduceMotion = configuration.reduceMotion
    }

    public var photoCount: Int { photos.count }
    public var selectedCount: Int { selection.count }
    public func contains(_ photo: PhotoID) -> Bool { photoSet.contains(photo) }
    public func isSelected(_ photo: PhotoID) -> Bool { selection.contains(photo) }
    public var selectedPhotos: [PhotoID] { photos.filter(selection.contains) }

    private var animation: Effect { .animation(reduceMotion ? .none : .snappy) }

    public mutating func apply(_ event: Event) -> Step {
        switch event {
        case .longPress(let photo), .selectItem(let photo):
            return enterSelecting(with: photo)
        case .tap(let photo):
            return tap(photo)
        case .select:
            guard mode == .selecting else { return enterSelecting(with: nil) }
            return sheet != nil ? .rejected(.covered) : .ignored
        case .selectAll:
            return selectAll()
        case .deselectAll:
            guard mode == .selecting else { return .ignored }
            if sheet != nil { return .rejected(.covered) }
            if selection.isEmpty { return .ignored }
            selection = []
            picks = []
            return Step(outcome: .applied, effects: [.haptic, animation], announcements: [.countChanged(0)])
        case .done:
            guard mode == .selecting else { return .ignored }
            if sheet != nil { return .rejected(.covered) }
            return leaveSelecting(action: nil)
        case .back:
            guard mode == .selecting else { return Step(outcome: .applied, effects: [.navigateBack]) }
            if sheet != nil {
                sheet = nil
                return Step(outcome: .applied)
            }
            return leaveSelecting(action: nil)
        case .delete:
            if let refusal = refusalOfActionOnSelection() { return refusal }
            let chosen = selectedPhotos
            photos.removeAll(where: selection.contains)
            return leaveSelecting(action: .deleted(chosen))
        case .move:
            if let refusal = refusalOfActionOnSelection() { return refusal }
            return leaveSelecting(action: .moved(selectedPhotos))
        case .share:
            return present(.share)
        case .edit:
            return present(.edit)
        case .dismiss:
            guard mode == .selecting, sheet != nil else { return .ignored }
            sheet = nil
            return Step(outcome: .applied)
        case .libraryChanged(let removed, let inserted):
            return libraryChanged(removed: removed, inserted: inserted)
        }
    }

    /// A long press or the Select accessibility action on `photo`; the Select button when nil.
    private mutating func enterSelecting(with photo: PhotoID?) -> Step {
        if let photo, !contains(photo) { return .rejected(.unknownPhoto) }
        if mode == .selecting { return sheet != nil ? .rejected(.covered) : .ignored }
        mode = .selecting
        var effects: [Effect] = []
        if let photo {
            selection = [photo]
            picks = [photo]
            effects.append(.haptic)
        }
        effects.append(animation)
        return Step(outcome: .applied, effects: effects, announcements: [.modeEntered(count: selection.count)])
    }

    private mutating func tap(_ photo: PhotoID) -> Step {
        guard contains(photo) else { return .rejected(.unknownPhoto) }
        guard mode == .selecting else { return Step(outcome: .applied, effects: [.open(photo)]) }
        if sheet != nil { return .rejected(.covered) }
        if selection.contains(photo) {
            selection.remove(photo)
            picks.removeAll { $0 == photo }
        } else {
            if let limit, selection.count == limit { return .rejected(.limitReached) }
            selection.insert(photo)
            picks.append(photo)
        }
        return Step(outcome: .applied, effects: [.haptic, animation], announcements: [.countChanged(selection.count)])
    }

    private mutating func selectAll() -> Step {
        guard mode == .selecting else { return .ignored }
        if sheet != nil { return .rejected(.covered) }
        if selection.count == photos.count { return .ignored }
        if let limit, limit < photos.count { return .rejected(.limitReached) }
        for photo in photos where !selection.contains(photo) {
            selection.insert(photo)
            picks.append(photo)
        }
        return Step(outcome: .applied, effects: [.haptic, animation], announcements: [.countChanged(selection.count)])
    }

    /// The shared checks of Delete, Move, Share and Edit; nil when the action may go ahead.
    private func refusalOfActionOnSelection() -> Step? {
        guard mode == .selecting else { return .ignored }
        if sheet != nil { return .rejected(.covered) }
        if selection.isEmpty { return .rejected(.nothingSelected) }
        return nil
    }

    private mutating func present(_ kind: Sheet) -> Step {
        if let refusal = refusalOfActionOnSelection() { return refusal }
        sheet = kind
        return Step(outcome: .applied, effects: [.present(kind, selectedPhotos)])
    }

    /// Back to browsing with nothing chosen, after an optional action effect.
    private mutating func leaveSelecting(action: Effect?) -> Step {
        let selectionChanged = !selection.isEmpty
        mode = .browsing
        sheet = nil
        selection = []
        picks = []
        var effects: [Effect] = action.map { [$0] } ?? []
        if selectionChanged { effects.append(.haptic) }
        effects.append(animation)
        return Step(outcome: .applied, effects: effects, announcements: [.modeExited])
    }

    private mutating func libraryChanged(removed: [PhotoID], inserted: [Insertion]) -> Step {
        let removedSet = Set(removed)
        let surviving = photos.filter { !removedSet.contains($0) }
        var seen = Set(surviving)
        for insertion in inserted {
            if !seen.insert(insertion.photo).inserted { return .rejected(.duplicatePhoto) }
        }
        guard surviving.count != photos.count || !inserted.isEmpty else { return .ignored }

        var grid = surviving
        for insertion in inserted {
            grid.insert(insertion.photo, at: min(max(insertion.at, 0), grid.count))
        }
        photos = grid
        // The seed's pruning: `selection.formIntersection(photos.map(\.id))`.
        let before = selection.count
        selection.formIntersection(photos)
        picks.removeAll { !selection.contains($0) }
        guard selection.count != before else { return Step(outcome: .applied) }
        return Step(
            outcome: .applied, effects: [.haptic, animation],
            announcements: [.countChanged(selection.count)])
    }
}
