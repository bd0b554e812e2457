// Adapters speak SelectionCore's events and steps; conformance cases and counterexamples
// are SelectionTrace's traces. Both come with the kit, so an adapter's file imports it alone.
@_exported import SelectionCore
@_exported import SelectionTrace

/// Your selection code, as GridSim's kit drives it: conformance cases, differential property
/// runs against the reference model, trace folders and benchmarks all go through this.
///
/// The requirements are what every selection code base has: start with a grid, a limit and
/// Reduce Motion; apply one event; read back the mode, the chosen photos in grid order, the
/// grid, and (when a limit is set) the picks. None has a default. What the adapter exposes
/// beyond that, the kit compares only when the adapter conforms to the protocol that says so,
/// whose requirements have no defaults either, so that an adapter cannot claim a part it
/// does not implement:
///
/// | conform to | and the kit compares | implement |
/// |---|---|---|
/// | `OutcomeReporting` | each step's outcome and rejection reason | steps from `apply` |
/// | `EffectReporting` | each step's effects | steps from `apply` |
/// | `AnnouncementReporting` | each step's announcements | steps from `apply` |
/// | `SheetExposing` | the sheet | `sheet` |
/// | `ScreenExposing` | what the screen shows (SPEC.md section 3) | `title`, `toolbar`, `trayCounter`, `accessibilityValue(for:)` |
///
/// Every report lists what the kit did not compare, and the first check of an adapter in a
/// process prints it. A new part in a later release comes as a new protocol: an adapter's
/// meaning never changes without its own code saying so.
///
/// A minimal adapter over a seed-style view model:
///
/// ```swift
/// struct MyAdapter: PhotoGridAdapter, SheetExposing {
///     var model: PhotoGridModel
///     init(photos: [PhotoID], limit: Int?, reduceMotion: Bool) {
///         model = PhotoGridModel(photos: photos, limit: limit)
///     }
///     mutating func apply(_ event: Event) -> Step? { model.handle(event); return nil }
///     var mode: Mode { model.isSelecting ? .selecting : .browsing }
///     var chosenPhotos: [PhotoID] { model.photos.filter(model.selection.contains) }
///     var photos: [PhotoID] { model.photos }
///     var picks: [PhotoID] { model.picks }
///     var sheet: Sheet? { model.sheet }
/// }
/// ```
public protocol PhotoGridAdapter: SendableMetatype {
    /// A session in browsing mode with nothing chosen, over `photos` in grid order (a trace
    /// whose header gives a count N starts with the ids `"1"` … `"N"`). `limit` is as the
    /// trace gives it, unclamped (SPEC.md clamps it to at least 1); nil for none.
    init(photos: [PhotoID], limit: Int?, reduceMotion: Bool)

    /// Applies one event. Returns its step (outcome, effects, announcements) when the code
    /// under test reports one, or nil when it does not. An adapter that conforms to
    /// `OutcomeReporting`, `EffectReporting` or `AnnouncementReporting` must return a step
    /// for every event: nil is then a difference, named at its step.
    mutating func apply(_ event: Event) -> Step?

    /// Browsing or selecting.
    var mode: Mode { get }
    /// The chosen photos, in grid order (SPEC.md's `selection`).
    var chosenPhotos: [PhotoID] { get }
    /// The grid, in grid order.
    var photos: [PhotoID] { get }
    /// The chosen photos in the order they were picked (SPEC.md's `picks`, shown as the tray);
    /// read only when a limit is set.
    var picks: [PhotoID] { get }

    /// Events the code under test does not handle (a code base without drag to select, say):
    /// generators leave them out, and conformance cases and traces that use them are left
    /// out, saying so. Default: none, every event is sent.
    static var unhandledEvents: Set<EventName> { get }
}

extension PhotoGridAdapter {
    /// Every event is handled.
    public static var unhandledEvents: Set<EventName> { [] }
}
