/// The adapter protocol of GridSimKit 1.0: the required state, then `exposes` saying which
/// optional parts the kit compares, with defaults for the optional members.
///
/// Deprecated: an adapter could declare a part in `exposes` without implementing it, and the
/// defaults (`""`, nil) were then compared as its answers, so a new member of `.everything`
/// turned correct code into failing cases. Write `PhotoGridAdapter` and conform to the
/// protocol of each part you expose (`SheetExposing`, `ScreenExposing`, `OutcomeReporting`,
/// `EffectReporting`, `AnnouncementReporting`): their requirements have no defaults.
///
/// An adapter written to it keeps compiling and keeps its meaning: the kit compares exactly
/// what its `exposes` lists, as 1.0 did. Where it lists `.screen` but leaves a screen member
/// to its default, every check fails at once, naming the member, instead of comparing the
/// default's empty value as the adapter's answer. `tray` is `PhotoGridAdapter`'s `picks`.
@available(
    *, deprecated,
    message: "write PhotoGridAdapter (tray is now picks) and conform to SheetExposing, ScreenExposing, OutcomeReporting, EffectReporting or AnnouncementReporting for each part you expose"
)
public protocol SelectionAdapter: SendableMetatype {
    init(photos: [PhotoID], limit: Int?, reduceMotion: Bool)
    mutating func apply(_ event: Event) -> Step?
    var mode: Mode { get }
    var chosenPhotos: [PhotoID] { get }
    var photos: [PhotoID] { get }
    var tray: [PhotoID] { get }
    var sheet: Sheet? { get }
    var title: String { get }
    var toolbar: Toolbar? { get }
    var trayCounter: String? { get }
    func accessibilityValue(for photo: PhotoID) -> String
    static var exposes: AdapterExposure { get }
    static var unhandledEvents: Set<EventName> { get }
}

@available(*, deprecated)
extension SelectionAdapter {
    public var sheet: Sheet? { nil }
    public var title: String {
        LegacyDefaults.used("title")
        return ""
    }
    public var toolbar: Toolbar? {
        LegacyDefaults.used("toolbar")
        return nil
    }
    public var trayCounter: String? {
        LegacyDefaults.used("trayCounter")
        return nil
    }
    public func accessibilityValue(for photo: PhotoID) -> String {
        LegacyDefaults.used("accessibilityValue(for:)")
        return ""
    }
    public static var exposes: AdapterExposure { [] }
    public static var unhandledEvents: Set<EventName> { [] }
}
