/// The optional parts that a GridSimKit 1.0 adapter (`SelectionAdapter`) lists in `exposes`.
///
/// Deprecated with `SelectionAdapter`: a part is now exposed by conforming to its protocol
/// (`OutcomeReporting`, `EffectReporting`, `AnnouncementReporting`, `SheetExposing`,
/// `ScreenExposing`), whose requirements the compiler checks.
@available(
    *, deprecated,
    message: "conform to OutcomeReporting, EffectReporting, AnnouncementReporting, SheetExposing or ScreenExposing instead"
)
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

    /// Every optional part of GridSimKit 1.0 (outcome, effects, announcements, sheet, screen).
    /// It will never gain a part; a part added later is a protocol of its own.
    @available(
        *, deprecated,
        message: "list the parts you implement; with PhotoGridAdapter, conform to the protocol of each"
    )
    public static let everything: AdapterExposure = [.outcome, .effects, .announcements, .sheet, .screen]
}
