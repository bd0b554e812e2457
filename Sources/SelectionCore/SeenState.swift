/// What the app showed after an event, as it recorded it beside the event (SPEC.md section
/// 7): every part optional, compared with SPEC.md's state after the same event.
public struct SeenState: Hashable, Sendable {
    public var mode: Mode?
    /// How many photos were chosen.
    public var count: Int?
    /// The app bar's title (SPEC.md section 3).
    public var title: String?
    /// The tray: the chosen photos in pick order.
    public var tray: [PhotoID]?
    /// The chosen photos in grid order.
    public var chosen: [PhotoID]?
    /// The digest of the chosen photos in grid order.
    public var chosenDigest: ChosenDigest?

    public init(
        mode: Mode? = nil, count: Int? = nil, title: String? = nil, tray: [PhotoID]? = nil,
        chosen: [PhotoID]? = nil, chosenDigest: ChosenDigest? = nil
    ) {
        self.mode = mode
        self.count = count
        self.title = title
        self.tray = tray
        self.chosen = chosen
        self.chosenDigest = chosenDigest
    }
}

/// A part of `seen`, in the order a replay compares them.
@_spi(GridSimInternals) public enum SeenField: String, CaseIterable, Hashable, Sendable {
    case mode, count, title, tray, chosen, chosenDigest
}

/// Where the app departs from SPEC.md at a step: the first `seen` field that differs, what the
/// app saw and what SPEC.md gives, each as a trace would write it.
@_spi(GridSimInternals) public struct SeenDeparture: Hashable, Sendable, CustomStringConvertible {
    @_spi(GridSimInternals) public var field: SeenField
    @_spi(GridSimInternals) public var appSaw: String
    @_spi(GridSimInternals) public var specGives: String

    @_spi(GridSimInternals) public init(field: SeenField, appSaw: String, specGives: String) {
        self.field = field
        self.appSaw = appSaw
        self.specGives = specGives
    }

    @_spi(GridSimInternals) public var description: String { "\(field.rawValue): app saw \(appSaw), SPEC.md gives \(specGives)" }
}

/// One part of `seen` beside SPEC.md's, whether or not they agree: a row of a page that shows
/// both sides.
@_spi(GridSimInternals) public struct SeenComparison: Hashable, Sendable {
    @_spi(GridSimInternals) public var field: SeenField
    @_spi(GridSimInternals) public var appSaw: String
    @_spi(GridSimInternals) public var specGives: String
    @_spi(GridSimInternals) public var agrees: Bool

    @_spi(GridSimInternals) public init(field: SeenField, appSaw: String, specGives: String, agrees: Bool) {
        self.field = field
        self.appSaw = appSaw
        self.specGives = specGives
        self.agrees = agrees
    }
}
