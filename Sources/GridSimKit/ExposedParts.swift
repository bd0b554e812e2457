/// A part of a step or a state that the kit compares for an adapter beyond the required
/// state, read from the protocols it conforms to (or, for an adapter written to the
/// deprecated `SelectionAdapter`, from its `exposes`).
package enum ExposedPart: CaseIterable, Hashable, Sendable {
    case outcome, effects, announcements, sheet, screen

    /// The parts a step carries.
    package static let stepParts: ExposedParts = [.outcome, .effects, .announcements]

    /// The words reports use for it.
    var words: String {
        switch self {
        case .outcome: "outcome and reason"
        case .effects: "effects"
        case .announcements: "announcements"
        case .sheet: "sheet"
        case .screen: "what the screen shows (title, toolbar, tray counter, accessibility values)"
        }
    }

    /// The protocol that exposes it.
    /// The part's word in the line protocol's handshake (docs/adapter-protocol.md).
    package var protocolWord: String {
        switch self {
        case .outcome: "outcome"
        case .effects: "effects"
        case .announcements: "announcements"
        case .sheet: "sheet"
        case .screen: "screen"
        }
    }

    package init?(protocolWord: String) {
        guard let part = Self.allCases.first(where: { $0.protocolWord == protocolWord }) else { return nil }
        self = part
    }

    var protocolName: String {
        switch self {
        case .outcome: "OutcomeReporting"
        case .effects: "EffectReporting"
        case .announcements: "AnnouncementReporting"
        case .sheet: "SheetExposing"
        case .screen: "ScreenExposing"
        }
    }
}

/// The parts the kit compares for one adapter.
package typealias ExposedParts = Set<ExposedPart>

extension Set where Element == ExposedPart {
    /// The parts left out, in words, for reports, in `ExposedPart`'s order.
    var missingParts: [String] { ExposedPart.allCases.filter { !contains($0) }.map(\.words) }

    /// The protocols of the parts left out, for the note that says how to expose them.
    var missingProtocols: [String] { ExposedPart.allCases.filter { !contains($0) }.map(\.protocolName) }
}

extension PhotoGridAdapter {
    /// What the kit compares for this adapter beyond the required state. O(1).
    package static var exposedParts: ExposedParts {
        if let runtime = Self.self as? any RuntimeDeclaredAdapter.Type { return runtime.declaredParts }
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
        (Self.self as? any RuntimeDeclaredAdapter.Type)?.declaredName
            ?? (Self.self as? any LegacyExposure.Type)?.legacyName ?? "\(Self.self)"
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

/// An adapter whose name and parts are known only once it runs: selection code in another
/// process, speaking the line protocol (docs/adapter-protocol.md), whose handshake says what it
/// exposes. GridSim's own: the kit's checks reach such an adapter through these hooks.
package protocol RuntimeDeclaredAdapter: PhotoGridAdapter {
    /// The parts the adapter said it exposes.
    static var declaredParts: ExposedParts { get }
    /// The name the adapter gave.
    static var declaredName: String { get }
    /// A new session at `trace`'s start state, told every event up front so that it can send
    /// them in batches; `apply` is still called once per event, in order.
    static func startingSession(replaying trace: Trace) -> Self
    /// Why the adapter stopped answering (it exited, hung or broke the protocol); nil while it
    /// answers. Once set, the kit compares nothing more and names it as the step's difference.
    var fault: String? { get }
}
