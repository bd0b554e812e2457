/// Where an adapter first differs from what was expected: the step, its event, the part
/// that differs, what was expected and what the adapter gave.
public struct AdapterMismatch: Error, Hashable, Sendable, CustomStringConvertible {
    /// 1-based; 0 for the state before any event.
    public var step: Int
    /// The event of that step; nil for the state before any event.
    public var event: Event?
    /// What differs: `outcome`, `effects`, `announcements`, `mode`, `chosen photos`, `grid`,
    /// `tray`, `sheet`, or a field of a checked report.
    public var part: String
    public var expected: String
    public var actual: String

    /// `step 3 (tap 2): chosen photos: expected ["1"], the adapter gave ["1", "2"]`
    public var description: String {
        let place = event.map { "step \(step) (\($0.summary))" } ?? "before the first event"
        return "\(place): \(part): expected \(expected), the adapter gave \(actual)"
    }
}
