import Synchronization

/// A `SelectionAdapter` (GridSimKit 1.0) seen as a `PhotoGridAdapter`, exposing exactly what
/// its `exposes` lists: what the kit runs when a deprecated entry point is given one.
@available(*, deprecated)
package struct LegacyAdapter<Base: SelectionAdapter>: PhotoGridAdapter, SheetExposing, ScreenExposing, OutcomeReporting,
    EffectReporting, AnnouncementReporting, LegacyExposure
{
    var base: Base

    package init(photos: [PhotoID], limit: Int?, reduceMotion: Bool) {
        base = Base(photos: photos, limit: limit, reduceMotion: reduceMotion)
    }

    package mutating func apply(_ event: Event) -> Step? { base.apply(event) }
    package var mode: Mode { base.mode }
    package var chosenPhotos: [PhotoID] { base.chosenPhotos }
    package var photos: [PhotoID] { base.photos }
    package var picks: [PhotoID] { base.tray }
    package var sheet: Sheet? { base.sheet }
    package var title: String { base.title }
    package var toolbar: Toolbar? { base.toolbar }
    package var trayCounter: String? { base.trayCounter }
    package func accessibilityValue(for photo: PhotoID) -> String { base.accessibilityValue(for: photo) }
    package static var unhandledEvents: Set<EventName> { Base.unhandledEvents }

    static var legacyParts: ExposedParts {
        let listed: [(AdapterExposure, ExposedPart)] = [
            (.outcome, .outcome), (.effects, .effects), (.announcements, .announcements), (.sheet, .sheet), (.screen, .screen),
        ]
        return Set(listed.filter { Base.exposes.contains($0.0) }.map(\.1))
    }
    static var legacyName: String { "\(Base.self)" }

    /// Why the adapter cannot be checked as it declares itself: `.screen` in `exposes` with
    /// screen members left to the protocol's defaults, whose empty answers would be compared
    /// as the app's. Nil when it can. Makes one adapter over one photo and reads its screen.
    static var declarationFault: String? {
        guard Base.exposes.contains(.screen) else { return nil }
        let probe = Base(photos: ["1"], limit: nil, reduceMotion: false)
        let defaulted = LegacyDefaults.recording {
            _ = probe.title
            _ = probe.toolbar
            _ = probe.trayCounter
            _ = probe.accessibilityValue(for: "1")
        }
        guard !defaulted.isEmpty else { return nil }
        return "\(Base.self) lists .screen in its exposes but does not implement \(defaulted.joined(separator: ", ")): "
            + "the kit would compare empty defaults as the app's screen. Write PhotoGridAdapter and conform to "
            + "ScreenExposing, whose requirements have no defaults (or drop .screen from exposes)"
    }
}

/// Which of `SelectionAdapter`'s screen defaults ran while a probe was recording.
enum LegacyDefaults {
    @TaskLocal private static var recorder: Recorder?

    final class Recorder: Sendable {
        let names = Mutex<[String]>([])
    }

    /// Called by each default: notes its name when a probe is recording.
    static func used(_ name: String) {
        recorder?.names.withLock { if !$0.contains(name) { $0.append(name) } }
    }

    /// The defaults that ran in `body`, in the order they first ran.
    static func recording(_ body: () -> Void) -> [String] {
        let recorder = Recorder()
        $recorder.withValue(recorder) { body() }
        return recorder.names.withLock { $0 }
    }
}
