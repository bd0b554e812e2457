@_exported import SelectionCore

/// Your selection code, as GridSim's kit drives it: conformance cases, differential property
/// runs against the reference model, trace folders and benchmarks all go through this.
///
/// The required part is what every selection code base has: start with a grid, a limit and
/// Reduce Motion; apply one event; read back the mode, the chosen photos in grid order, the
/// grid, and (when a limit is set) the tray. Everything else is optional, and `exposes` and
/// `unhandledEvents` say what the kit may compare and generate; its reports list what it did
/// not compare.
///
/// A minimal adapter over a seed-style view model:
///
/// ```swift
/// struct MyAdapter: SelectionAdapter {
///     var model: PhotoGridViewModel
///     init(photos: [PhotoID], limit: Int?, reduceMotion: Bool) {
///         model = PhotoGridViewModel(photos: photos, limit: limit)
///     }
///     mutating func apply(_ event: Event) -> Step? { model.handle(event); return nil }
///     var mode: Mode { model.isSelecting ? .selecting : .browsing }
///     var chosenPhotos: [PhotoID] { model.photos.filter(model.selection.contains) }
///     var photos: [PhotoID] { model.photos }
///     var tray: [PhotoID] { model.picks }
/// }
/// ```
public protocol SelectionAdapter {
    /// A session in browsing mode with nothing chosen, over `photos` in grid order. `limit` is
    /// as the trace gives it (SPEC.md clamps it to at least 1); nil for none.
    init(photos: [PhotoID], limit: Int?, reduceMotion: Bool)

    /// Applies one event. Returns its step (outcome, effects, announcements) when the code
    /// under test reports one, or nil when it does not: the kit then compares states only.
    mutating func apply(_ event: Event) -> Step?

    /// Browsing or selecting.
    var mode: Mode { get }
    /// The chosen photos, in grid order.
    var chosenPhotos: [PhotoID] { get }
    /// The grid, in grid order.
    var photos: [PhotoID] { get }
    /// The chosen photos in pick order; read only when a limit is set.
    var tray: [PhotoID] { get }

    /// The sheet shown over the grid; read only when `exposes` contains `.sheet`.
    var sheet: Sheet? { get }
    /// What this adapter exposes beyond the required state. Default: nothing.
    static var exposes: AdapterExposure { get }
    /// Events the code under test does not handle (a code base without drag to select, say):
    /// generators leave them out and conformance skips their rows, saying so. Default: none.
    static var unhandledEvents: Set<EventName> { get }
}

extension SelectionAdapter {
    public var sheet: Sheet? { nil }
    public static var exposes: AdapterExposure { [] }
    public static var unhandledEvents: Set<EventName> { [] }
}

/// The optional parts of a step and a state that an adapter exposes for comparison.
public struct AdapterExposure: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `apply` returns steps whose outcome (and rejection reason) is meaningful.
    public static let outcome = AdapterExposure(rawValue: 1 << 0)
    /// The steps' effects (open, deleted, haptic, animation ...) are meaningful.
    public static let effects = AdapterExposure(rawValue: 1 << 1)
    /// The steps' announcements are meaningful.
    public static let announcements = AdapterExposure(rawValue: 1 << 2)
    /// `sheet` is meaningful.
    public static let sheet = AdapterExposure(rawValue: 1 << 3)

    public static let everything: AdapterExposure = [.outcome, .effects, .announcements, .sheet]
}
