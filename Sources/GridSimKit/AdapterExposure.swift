/// The optional parts of a step and a state that an adapter exposes for comparison.
///
/// The kit always compares the mode, the chosen photos, the grid and (with a limit) the
/// tray; each member here adds one more thing it compares.
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
    /// What a person sees (SPEC.md section 3): `title`, `toolbar`, `trayCounter` and
    /// `accessibilityValue(for:)` are the app's own.
    public static let screen = AdapterExposure(rawValue: 1 << 4)

    /// Every optional part.
    public static let everything: AdapterExposure = [.outcome, .effects, .announcements, .sheet, .screen]

    /// The parts left out, in words, for reports: `outcome and reason`, `effects`, ...
    var missingParts: [String] {
        [
            (AdapterExposure.outcome, "outcome and reason"), (.effects, "effects"),
            (.announcements, "announcements"), (.sheet, "sheet"),
            (.screen, "what the screen shows (title, toolbar, tray counter, accessibility values)"),
        ].compactMap { part, words in contains(part) ? nil : words }
    }
}
