/// The parts of a step and a state the kit compares for an adapter beyond the required
/// state, read from the protocols it conforms to (or, for an adapter written to the
/// deprecated `SelectionAdapter`, from its `exposes`).
package struct ExposedParts: OptionSet, Hashable, Sendable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    package static let outcome = ExposedParts(rawValue: 1 << 0)
    package static let effects = ExposedParts(rawValue: 1 << 1)
    package static let announcements = ExposedParts(rawValue: 1 << 2)
    package static let sheet = ExposedParts(rawValue: 1 << 3)
    package static let screen = ExposedParts(rawValue: 1 << 4)
    package static let stepParts: ExposedParts = [.outcome, .effects, .announcements]

    /// Each part, the words reports use for it, and the protocol that exposes it.
    static let all: [(part: ExposedParts, words: String, protocolName: String)] = [
        (.outcome, "outcome and reason", "OutcomeReporting"), (.effects, "effects", "EffectReporting"),
        (.announcements, "announcements", "AnnouncementReporting"), (.sheet, "sheet", "SheetExposing"),
        (.screen, "what the screen shows (title, toolbar, tray counter, accessibility values)", "ScreenExposing"),
    ]

    /// The parts left out, in words, for reports: `outcome and reason`, `effects`, ...
    var missingParts: [String] {
        Self.all.compactMap { contains($0.part) ? nil : $0.words }
    }

    /// The protocols of the parts left out, for the note that says how to expose them.
    var missingProtocols: [String] {
        Self.all.compactMap { contains($0.part) ? nil : $0.protocolName }
    }
}

extension PhotoGridAdapter {
    /// What the kit compares for this adapter beyond the required state. O(1).
    package static var exposedParts: ExposedParts {
        if let legacy = Self.self as? any LegacyExposure.Type { return legacy.legacyParts }
        var parts: ExposedParts = []
        if Self.self is any OutcomeReporting.Type { parts.insert(.outcome) }
        if Self.self is any EffectReporting.Type { parts.insert(.effects) }
        if Self.self is any AnnouncementReporting.Type { parts.insert(.announcements) }
        if Self.self is any SheetExposing.Type { parts.insert(.sheet) }
        if Self.self is any ScreenExposing.Type { parts.insert(.screen) }
        return parts
    }

    /// The adapter's name in reports, file names and notes: its type's name (for an adapter
    /// written to `SelectionAdapter`, its own, not the kit's bridge's).
    package static var adapterName: String {
        (Self.self as? any LegacyExposure.Type)?.legacyName ?? "\(Self.self)"
    }

    /// Why the adapter cannot be checked as it declares itself; nil when it can (always, but
    /// for an adapter written to the deprecated `SelectionAdapter`).
    static var declarationFault: String? { (Self.self as? any LegacyExposure.Type)?.declarationFault }

    /// The sheet, when the adapter exposes it.
    package var exposedSheet: Sheet? { (self as? any SheetExposing)?.sheet }
    /// The screen's parts, when the adapter exposes them.
    var exposedScreen: (any ScreenExposing)? { self as? any ScreenExposing }
}

/// What the bridge to a `SelectionAdapter` says of the adapter behind it.
protocol LegacyExposure {
    static var legacyParts: ExposedParts { get }
    static var legacyName: String { get }
    static var declarationFault: String? { get }
}
