import Foundation
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace

/// A replay report checked in beside a trace (`NAME.report.json`, SPEC.md section 5, as
/// `gridsim replay --json` writes it), read as the expectation an adapter is compared with.
///
/// A report holds less than the reference model: per step the outcome, reason, effects,
/// announcements, count and title; at the end the mode, the chosen photos, the grid's size,
/// the title and the tray. The kit compares those (each step's outcome, effects and
/// announcements only where the adapter exposes them).
struct CheckedReport {
    struct StepRecord {
        var outcome: Outcome
        var effects: [Effect]
        var announcements: [String]
        var count: Int
        var title: String
    }

    var steps: [StepRecord]
    var finalMode: Mode
    var finalSelected: [PhotoID]
    var finalPhotoCount: Int
    var finalTray: [PhotoID]?

    struct Malformed: Error, CustomStringConvertible {
        var path: String
        var what: String
        var description: String { "\(path): \(what)" }
    }

    /// Reads and checks the report; throws `Malformed` naming the file and the field.
    init(contentsOfFile path: String) throws {
        func malformed(_ what: String) -> Malformed { Malformed(path: path, what: what) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw malformed("no checked report here (cannot open the file)")
        }
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw malformed("not a JSON object")
        }
        guard let final = root["final"] as? [String: Any],
            let mode = (final["mode"] as? String).flatMap(Mode.init),
            let selected = final["selected"] as? [String], let photos = final["photos"] as? Int
        else { throw malformed("\"final\" needs \"mode\", \"selected\" and \"photos\"") }
        guard let steps = root["steps"] as? [[String: Any]] else { throw malformed("\"steps\" is not a list") }
        finalMode = mode
        finalSelected = selected
        finalPhotoCount = photos
        finalTray = final["tray"] as? [String]
        self.steps = try steps.enumerated().map { index, step in
            let place = "step \(index + 1)"
            guard let outcomeName = step["outcome"] as? String, let count = step["count"] as? Int,
                let title = step["title"] as? String
            else { throw malformed("\(place) needs \"outcome\", \"count\" and \"title\"") }
            let outcome: Outcome
            switch outcomeName {
            case "applied": outcome = .applied
            case "ignored": outcome = .ignored
            case "rejected":
                guard let reason = (step["reason"] as? String).flatMap(RejectionReason.init) else {
                    throw malformed("\(place): a rejected step needs a known \"reason\"")
                }
                outcome = .rejected(reason)
            default: throw malformed("\(place): unknown outcome \(outcomeName)")
            }
            let effects = try (step["effects"] as? [[String: Any]] ?? []).map { fields in
                guard let effect = Self.effect(fields) else {
                    throw malformed("\(place): an effect it cannot read")
                }
                return effect
            }
            return StepRecord(
                outcome: outcome, effects: effects, announcements: step["announcements"] as? [String] ?? [],
                count: count, title: title)
        }
    }

    private static func effect(_ fields: [String: Any]) -> Effect? {
        let photos = fields["photos"] as? [String]
        switch fields["kind"] as? String {
        case "open": return (fields["photo"] as? String).map(Effect.open)
        case "navigateBack": return .navigateBack
        case "deleted": return photos.map(Effect.deleted)
        case "moved": return photos.map(Effect.moved)
        case "present":
            guard let sheet = (fields["sheet"] as? String).flatMap(Sheet.init), let photos else { return nil }
            return .present(sheet, photos)
        case "haptic": return .haptic
        case "animation": return (fields["style"] as? String).flatMap(AnimationStyle.init).map(Effect.animation)
        default: return nil
        }
    }

    /// Replays `trace` into a new adapter and returns the first difference from this report.
    /// O(events × photos).
    func firstMismatch<Adapter: PhotoGridAdapter>(replaying trace: Trace, into adapter: Adapter.Type)
        -> AdapterMismatch?
    {
        var adapter = Adapter.starting(replaying: trace)
        let exposes = Adapter.exposedParts
        if steps.count != trace.events.count {
            return AdapterMismatch(
                step: 0, event: nil, part: .report,
                expected: "a step for each of the trace's \(trace.events.count) events",
                actual: "a report of \(steps.count) steps (the report is not this trace's)")
        }
        for (index, (traceEvent, expected)) in zip(trace.events, steps).enumerated() {
            let event = traceEvent.event
            func mismatch(_ part: AdapterPart, _ expected: String, _ actual: String) -> AdapterMismatch {
                AdapterMismatch(step: index + 1, event: event, part: part, expected: expected, actual: actual)
            }
            let step = adapter.apply(event)
            if let fault = adapter.fault { return mismatch(.step, "an answer", fault) }
            if !exposes.isDisjoint(with: ExposedPart.stepParts), step == nil {
                return mismatch(.step, "a step", "no step (apply returned nil)")
            }
            if let step {
                if exposes.contains(.outcome), step.outcome != expected.outcome {
                    return mismatch(
                        .outcome, Lockstep<Adapter>.describe(expected.outcome),
                        Lockstep<Adapter>.describe(step.outcome))
                }
                if exposes.contains(.effects), step.effects != expected.effects {
                    return mismatch(
                        .effects, Lockstep<Adapter>.describe(expected.effects),
                        Lockstep<Adapter>.describe(step.effects))
                }
                if exposes.contains(.announcements), step.announcements.map(\.text) != expected.announcements {
                    return mismatch(
                        .announcements, "\(expected.announcements)", "\(step.announcements.map(\.text))")
                }
            }
            let count = adapter.chosenPhotos.count
            if count != expected.count { return mismatch(.count, "\(expected.count)", "\(count)") }
            // The app's own title when it shows it, else the one its state implies.
            let screen = exposes.contains(.screen) ? adapter.exposedScreen : nil
            let title = screen?.title ?? Mode.title(adapter.mode, selectedCount: count)
            if title != expected.title { return mismatch(.title, "\"\(expected.title)\"", "\"\(title)\"") }
        }
        let last = trace.events.count
        let lastEvent = trace.events.last?.event
        func finalMismatch(_ part: AdapterPart, _ expected: String, _ actual: String) -> AdapterMismatch {
            AdapterMismatch(
                step: last, event: lastEvent, part: .final(part), expected: expected, actual: actual)
        }
        if adapter.mode != finalMode { return finalMismatch(.mode, "\(finalMode)", "\(adapter.mode)") }
        let chosen = adapter.chosenPhotos
        if chosen != finalSelected {
            return finalMismatch(
                .chosenPhotos, Lockstep<Adapter>.preview(finalSelected), Lockstep<Adapter>.preview(chosen))
        }
        let photoCount = adapter.photos.count
        if photoCount != finalPhotoCount {
            return finalMismatch(.photoCount, "\(finalPhotoCount)", "\(photoCount)")
        }
        if let finalTray, trace.header.limit != nil, adapter.picks != finalTray {
            return finalMismatch(
                .picks, Lockstep<Adapter>.preview(finalTray), Lockstep<Adapter>.preview(adapter.picks))
        }
        return nil
    }

    /// What a comparison with a report leaves out for `adapter`, in words.
    static func notCompared<Adapter: PhotoGridAdapter>(by adapter: Adapter.Type) -> [String] {
        Adapter.exposedParts.union([.sheet, .screen]).missingParts + [
            "the chosen photos and the grid between steps (a report keeps each step's count and title only)",
            "the sheet (a report does not keep it)",
            Adapter.exposedParts.contains(.screen)
                ? "the toolbar, the tray counter and accessibility values (a report keeps the title only)"
                : "what the screen shows (the title compared is the one the adapter's state implies)",
        ]
    }
}
