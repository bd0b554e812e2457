/// What a screen reader says after an applied event (SPEC.md section 3).
///
/// Kept as a small value; the sentence is rendered only when someone reads it.
public enum Announcement: Hashable, Sendable {
    /// `Selection mode, N selected`
    case modeEntered(count: Int)
    /// `Selection mode off`
    case modeExited
    /// `N selected`, N being the new count, 0 included.
    case countChanged(Int)

    public var text: String {
        switch self {
        case .modeEntered(let count): "Selection mode, \(count) selected"
        case .modeExited: "Selection mode off"
        case .countChanged(let count): "\(count) selected"
        }
    }
}
