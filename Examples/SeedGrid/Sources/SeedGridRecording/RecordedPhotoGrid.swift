import GridSimRecorder
import SeedGrid

/// The app's grid model with a flight recorder beside it: every gesture is applied to the
/// model, then recorded with what the model shows after it, so that a crash or a "Report a
/// problem" leaves a trace of the last events that GridSim can check against SPEC.md
/// (docs/recorder.md in GridSim).
///
/// ```swift
/// // At launch: the window a run that crashed or was killed left behind.
/// if let left = try WindowRecorder.recover(at: windowPath), !left.previousRunClosedCleanly {
///     try left.writeTrace(to: reportPath)
/// }
/// let grid = try RecordedPhotoGrid(PhotoGridModel(photos: ids, limit: nil), windowPath: windowPath)
/// // In the grid's gesture handlers:
/// grid.apply(.tap(id)) { $0.tap(id) }
/// ```
///
/// `apply` costs the model's own work, what it shows (`seen`: the chosen photos' digest is
/// O(photos) while something is chosen), and the recorder's append (well under a
/// microsecond). One thread at a time, as the recorder.
public final class RecordedPhotoGrid<Model: PhotoGridDisplay> {
    /// The app's model: read it, change it only through `apply`.
    public private(set) var model: Model
    /// The window file's recorder: `writeWindow(to:)` for a report, `close()` when the app ends.
    public let recorder: WindowRecorder

    /// Starts recording `model` (browsing, nothing chosen, as a new model is) into a new window
    /// file at `windowPath` that keeps the last `capacity` events. Throws `RecorderError`.
    public init(_ model: Model, windowPath: String, capacity: Int = WindowRecorder.defaultCapacity) throws {
        self.model = model
        recorder = try WindowRecorder(path: windowPath, photos: model.photos, limit: model.limit, capacity: capacity)
    }

    /// Applies a gesture to the model (`gesture`, one of its methods), then records it as
    /// `event` with what the model shows now, at `t` milliseconds into the session (by default
    /// the time since the recorder was made).
    public func apply(_ event: Event, t: Int? = nil, _ gesture: (inout Model) -> Void) {
        gesture(&model)
        recorder.record(event, seen: model.seen, t: t)
    }
}

/// What a grid model shows, from which the recorder's `seen` is made (SPEC.md section 7).
public protocol PhotoGridDisplay {
    /// The grid, in order.
    var photos: [String] { get }
    /// The picker's limit, or nil for none.
    var limit: Int? { get }
    var isSelecting: Bool { get }
    /// The chosen photos, in grid order.
    var chosenInGridOrder: [String] { get }
    /// The chosen photos, in pick order: the tray (shown only when a limit is set).
    var tray: [String] { get }
}

extension PhotoGridDisplay {
    /// What the app shows: mode, count, the app bar's title, the tray when a limit is set, and
    /// the digest of the chosen photos in grid order.
    public var seen: SeenState {
        let chosen = chosenInGridOrder
        let title = !isSelecting ? "Long press a photo" : chosen.isEmpty ? "Select items" : "\(chosen.count) selected"
        return SeenState(
            mode: isSelecting ? .selecting : .browsing, count: chosen.count, title: title,
            tray: limit == nil ? nil : tray, chosenDigest: ChosenDigest(chosenInGridOrder: chosen))
    }
}

extension PhotoGridModel: PhotoGridDisplay {
    /// O(photos) while something is chosen (each id hashed); nothing to do otherwise.
    public var chosenInGridOrder: [String] { selection.isEmpty ? [] : photos.filter(selection.contains) }
    public var tray: [String] { picks }
}
