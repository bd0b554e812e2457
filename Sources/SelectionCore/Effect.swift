/// Something presented on top of the grid.
public enum Sheet: String, CaseIterable, Hashable, Sendable {
    case share, edit
}

/// The animation that accompanies a change of mode or selection.
public enum AnimationStyle: String, Hashable, Sendable {
    /// `.snappy(duration: 0.25)` in the grid seed.
    case snappy
    /// Reduce Motion is on: the change happens without animating.
    case none
}

/// What an applied event asks the world outside the reducer to do.
///
/// Ids in `deleted`, `moved` and `present` are listed in grid order.
public enum Effect: Hashable, Sendable {
    case open(PhotoID)
    case navigateBack
    case deleted([PhotoID])
    case moved([PhotoID])
    case present(Sheet, [PhotoID])
    case haptic
    case animation(AnimationStyle)

    public var kind: String {
        switch self {
        case .open: "open"
        case .navigateBack: "navigateBack"
        case .deleted: "deleted"
        case .moved: "moved"
        case .present: "present"
        case .haptic: "haptic"
        case .animation: "animation"
        }
    }

    /// A short human form for the step table and messages: `deleted 2,5`, `animation snappy`.
    public var summary: String {
        switch self {
        case .open(let photo): "open \(photo)"
        case .navigateBack: "navigateBack"
        case .deleted(let photos): "deleted \(photos.joined(separator: ","))"
        case .moved(let photos): "moved \(photos.joined(separator: ","))"
        case .present(let sheet, let photos): "present \(sheet.rawValue) \(photos.joined(separator: ","))"
        case .haptic: "haptic"
        case .animation(let style): "animation \(style.rawValue)"
        }
    }
}
