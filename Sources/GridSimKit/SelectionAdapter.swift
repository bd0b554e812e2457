// Adapters speak SelectionCore's events and steps; conformance cases and counterexamples
// are SelectionTrace's traces. Both come with the kit, so an adapter's file imports it alone.
@_exported import SelectionCore
@_exported import SelectionTrace

/// Your selection code, as GridSim's kit drives it: conformance cases, differential property
/// runs against the reference model, trace folders and benchmarks all go through this.
///
/// The required part is what every selection code base has: start with a grid, a limit and
/// Reduce Motion; apply one event; read back the mode, the chosen photos in grid order, the
/// grid, and (when a limit is set) the tray. Everything else is optional: `exposes` says
/// which parts of a step, of the state and of the screen the kit may compare,
/// `unhandledEvents` which events it must never send. Every report lists what the kit did not
/// compare, and the first check of an adapter in a process prints it.
///
/// A step may list what the app emitted as it did (`Step(outcome:effects:announcements:)`,
/// or `announcing:` with its VoiceOver strings), two announcements or a haptic twice
/// included: the comparison then names every one, and the case fails without stopping.
///
/// A minimal adapter over a seed-style view model:
///
/// ```swift
/// struct MyAdapter: SelectionAdapter {
///     var model: PhotoGridModel
///     init(photos: [PhotoID], limit: Int?, reduceMotion: Bool) {
///         model = PhotoGridModel(photos: photos, limit: limit)
///     }
///     mutating func apply(_ event: Event) -> Step? { model.handle(event); return nil }
///     var mode: Mode { model.isSelecting ? .selecting : .browsing }
///     var chosenPhotos: [PhotoID] { model.photos.filter(model.selection.contains) }
///     var photos: [PhotoID] { model.photos }
///     var tray: [PhotoID] { model.picks }
/// }
/// ```
public protocol SelectionAdapter: SendableMetatype {
    /// A session in browsing mode with nothing chosen, over `photos` in grid order (a trace
    /// whose header gives a count N starts with the ids `"1"` … `"N"`). `limit` is as the
    /// trace gives it, unclamped (SPEC.md clamps it to at least 1); nil for none.
    init(photos: [PhotoID], limit: Int?, reduceMotion: Bool)

    /// Applies one event. Returns its step (outcome, effects, announcements) when the code
    /// under test reports one, or nil when it does not: the kit then compares what `exposes`
    /// allows without it (the state, always).
    mutating func apply(_ event: Event) -> Step?

    /// Browsing or selecting.
    var mode: Mode { get }
    /// The chosen photos, in grid order.
    var chosenPhotos: [PhotoID] { get }
    /// The grid, in grid order.
    var photos: [PhotoID] { get }
    /// The chosen photos in pick order (the tray); read only when a limit is set.
    var tray: [PhotoID] { get }

    /// The sheet shown over the grid; read only when `exposes` contains `.sheet`.
    var sheet: Sheet? { get }

    /// The app bar's title; read only when `exposes` contains `.screen`.
    var title: String { get }
    /// The toolbar while selecting, nil while browsing; read only with `.screen`.
    var toolbar: Toolbar? { get }
    /// The tray's counter (`N of L photos`) when a limit is set, else nil; read only with
    /// `.screen`.
    var trayCounter: String? { get }
    /// A photo's accessibility value (`Selected`, `Not selected`, or empty while browsing);
    /// read only with `.screen`.
    func accessibilityValue(for photo: PhotoID) -> String
    /// What this adapter exposes beyond the required state. Default: nothing.
    static var exposes: AdapterExposure { get }
    /// Events the code under test does not handle (a code base without drag to select, say):
    /// generators leave them out, and conformance cases and traces that use them are left
    /// out, saying so. Default: none.
    static var unhandledEvents: Set<EventName> { get }
}

extension SelectionAdapter {
    /// None: an adapter without `.sheet` in `exposes` need not implement it.
    public var sheet: Sheet? { nil }
    /// Empty: an adapter without `.screen` in `exposes` need not implement it.
    public var title: String { "" }
    /// None: an adapter without `.screen` in `exposes` need not implement it.
    public var toolbar: Toolbar? { nil }
    /// None: an adapter without `.screen` in `exposes` need not implement it.
    public var trayCounter: String? { nil }
    /// Empty: an adapter without `.screen` in `exposes` need not implement it.
    public func accessibilityValue(for photo: PhotoID) -> String { "" }
    /// Nothing beyond the required state.
    public static var exposes: AdapterExposure { [] }
    /// Every event is handled.
    public static var unhandledEvents: Set<EventName> { [] }
}
