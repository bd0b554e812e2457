/// Whether the grid is in its multi-select mode.
public enum Mode: String, Hashable, Sendable {
    case browsing, selecting

    /// The app bar title: `Long press a photo`, `Select items` or `N selected`.
    public static func title(_ mode: Mode, selectedCount: Int) -> String {
        switch mode {
        case .browsing: "Long press a photo"
        case .selecting: selectedCount == 0 ? "Select items" : "\(selectedCount) selected"
        }
    }
}

/// A reducer of SPEC.md: apply an event, get its outcome and effects, read the state.
///
/// The reference model and faster engines conform, so that one test suite and one command
/// line serve them all. Projections (title, toolbar, tray, accessibility values) are derived
/// from these requirements once, in an extension, so every engine shows the same thing.
@_spi(GridSimInternals) public protocol SelectionEngine {
    /// A session in browsing mode, nothing chosen, over the configured grid.
    init(configuration: GridConfiguration)

    /// Applies one event. Ignored and rejected events leave the state as it was.
    mutating func apply(_ event: Event) -> Step

    var mode: Mode { get }
    var sheet: Sheet? { get }
    /// The effective limit (clamped to at least 1), or nil.
    var limit: Int? { get }
    var reduceMotion: Bool { get }
    var photoCount: Int { get }
    var chosenCount: Int { get }
    func contains(_ photo: PhotoID) -> Bool
    func isChosen(_ photo: PhotoID) -> Bool
    /// The grid, in grid order.
    var photos: [PhotoID] { get }
    /// The chosen photos, in grid order.
    var chosenPhotos: [PhotoID] { get }
    /// The chosen photos, in the order they were picked (the tray). SPEC.md makes pick order
    /// observable only when a limit is set; without one an engine may return grid order.
    var picks: [PhotoID] { get }
    /// Whether a drag to select is in progress (SPEC.md section 6).
    var isDragging: Bool { get }
}

extension SelectionEngine {
    /// Applies every event in order and returns their steps.
    @_spi(GridSimInternals) public mutating func apply<Events: Sequence>(_ events: Events) -> [Step] where Events.Element == Event {
        events.map { apply($0) }
    }

    /// Everything observable about the state, as one comparable value. Without a limit, pick
    /// order is not observable, so `picks` is the selection in grid order.
    @_spi(GridSimInternals) public var state: SelectionState {
        let selection = chosenPhotos
        return SelectionState(
            mode: mode, photos: photos, selection: selection, picks: limit == nil ? selection : picks,
            sheet: sheet, limit: limit, reduceMotion: reduceMotion, dragging: isDragging)
    }

    /// The app bar title.
    @_spi(GridSimInternals) public var title: String { Mode.title(mode, selectedCount: chosenCount) }

    /// The toolbar shown while selecting; nil while browsing (the tab bar is back).
    @_spi(GridSimInternals) public var toolbar: Toolbar? {
        mode == .selecting ? Toolbar(actionsEnabled: chosenCount >= 1) : nil
    }

    /// The tray of a picker with a limit; nil when no limit is set.
    @_spi(GridSimInternals) public var tray: Tray? {
        limit.map { Tray(photos: picks, limit: $0) }
    }

    /// A photo's accessibility value: `Selected` or `Not selected` while selecting, else empty.
    @_spi(GridSimInternals) public func accessibilityValue(for photo: PhotoID) -> String {
        guard mode == .selecting else { return "" }
        return isChosen(photo) ? "Selected" : "Not selected"
    }
}

/// The toolbar of the selection mode.
public struct Toolbar: Hashable, Sendable {
    public var shareEnabled: Bool
    public var editEnabled: Bool
    public var moveEnabled: Bool
    public var deleteEnabled: Bool
    /// Select all takes the place of the leading button while selecting.
    public var selectAllShown: Bool

    public init(actionsEnabled: Bool) {
        shareEnabled = actionsEnabled
        editEnabled = actionsEnabled
        moveEnabled = actionsEnabled
        deleteEnabled = actionsEnabled
        selectAllShown = true
    }
}

/// The picker tray: chosen photos in pick order and the counter.
@_spi(GridSimInternals) public struct Tray: Hashable, Sendable {
    @_spi(GridSimInternals) public var photos: [PhotoID]
    @_spi(GridSimInternals) public var limit: Int

    @_spi(GridSimInternals) public init(photos: [PhotoID], limit: Int) {
        self.photos = photos
        self.limit = limit
    }

    /// `N of L photos`
    @_spi(GridSimInternals) public var counter: String { "\(photos.count) of \(limit) photos" }
}
