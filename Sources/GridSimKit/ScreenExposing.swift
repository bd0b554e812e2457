/// An adapter whose code computes what the screen shows (SPEC.md section 3): the kit compares
/// each of these after every step with the reference model's projections.
public protocol ScreenExposing: PhotoGridAdapter {
    /// The app bar's title: `Long press a photo`, `Select items`, `N selected`.
    var title: String { get }
    /// The toolbar while selecting, nil while browsing.
    var toolbar: Toolbar? { get }
    /// The tray's counter (`N of L photos`) when a limit is set, else nil.
    var trayCounter: String? { get }
    /// A photo's accessibility value: `Selected` or `Not selected` while selecting, empty
    /// while browsing.
    func accessibilityValue(for photo: PhotoID) -> String
}
