@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace

/// An adapter and the reference model side by side, one event at a time, compared after
/// every step in everything the adapter exposes.
///
/// Each step costs one reference step, one adapter step and a comparison of whole states:
/// O(photos) array comparisons, which is what makes a difference anywhere in the grid show
/// at the step that made it (traces under test are small; benchmarks do not come here).
struct Lockstep<Adapter: PhotoGridAdapter> {
    private(set) var reference: ReferenceModel
    private(set) var adapter: Adapter
    private(set) var stepCount = 0
    /// What the kit compares for `Adapter` beyond the required state, read once: it is a
    /// property of the type, and reading it casts the type to each part's protocol.
    let exposes = Adapter.exposedParts

    /// Both sides at the start of `trace`. The adapter is told the whole trace when it takes
    /// its events in batches (`RuntimeDeclaredAdapter`); the events still reach it one `apply`
    /// at a time.
    init(trace: Trace) {
        reference = ReferenceModel(configuration: trace.header.configuration)
        adapter = Adapter.starting(replaying: trace)
    }

    /// What one event did on both sides: the reference model's step, the adapter's (nil when
    /// it reported none), and every part in which they then differ, in the order `apply`
    /// checks them (the step's parts, then the state's). Empty when they agree.
    struct StepPair {
        var expected: Step
        var actual: Step?
        var mismatches: [AdapterMismatch]
    }

    /// The first difference in the state before any event, if any.
    func initialMismatch() -> AdapterMismatch? {
        initialMismatches().first
    }

    /// Every difference in the state before any event.
    func initialMismatches() -> [AdapterMismatch] {
        stateMismatches(step: 0, event: nil)
    }

    /// Applies `event` to both and returns the first difference, if any.
    mutating func apply(_ event: Event) -> AdapterMismatch? {
        step(event).mismatches.first
    }

    /// Applies `event` to both and returns both steps and every difference. A step on which
    /// they agree costs the comparisons `apply` always made (each part is compared either
    /// way); one where they differ goes on to the remaining parts instead of stopping.
    mutating func step(_ event: Event) -> StepPair {
        stepCount += 1
        let expected = reference.apply(event)
        let actual = adapter.apply(event)
        let mismatches = stepMismatches(expected: expected, actual: actual, event: event)
        return StepPair(
            expected: expected, actual: actual,
            mismatches: mismatches + stateMismatches(step: stepCount, event: event))
    }

    private func stepMismatches(expected: Step, actual: Step?, event: Event) -> [AdapterMismatch] {
        if let fault = adapter.fault {
            return [AdapterMismatch(step: stepCount, event: event, part: .step, expected: "an answer", actual: fault)]
        }
        guard !exposes.isDisjoint(with: ExposedPart.stepParts) else { return [] }
        var found: [AdapterMismatch] = []
        func mismatch(_ part: AdapterPart, _ expected: String, _ actual: String) {
            found.append(AdapterMismatch(step: stepCount, event: event, part: part, expected: expected, actual: actual))
        }
        guard let actual else {
            mismatch(.step, "\(expected)", "no step (apply returned nil)")
            return found
        }
        if exposes.contains(.outcome), actual.outcome != expected.outcome {
            mismatch(.outcome, Self.describe(expected.outcome), Self.describe(actual.outcome))
        }
        if exposes.contains(.effects), actual.effects != expected.effects {
            mismatch(.effects, Self.describe(expected.effects), Self.describe(actual.effects))
        }
        if exposes.contains(.announcements), actual.announcements != expected.announcements {
            mismatch(.announcements, "\(expected.announcements.map(\.text))", "\(actual.announcements.map(\.text))")
        }
        return found
    }

    private func stateMismatches(step: Int, event: Event?) -> [AdapterMismatch] {
        if let fault = adapter.fault {
            // A faulted adapter has no state to compare; the step said why (or, before any
            // event, this does).
            return event == nil
                ? [AdapterMismatch(step: 0, event: nil, part: .step, expected: "the state before the first event", actual: fault)]
                : []
        }
        var found: [AdapterMismatch] = []
        func mismatch(_ part: AdapterPart, _ expected: String, _ actual: String) {
            found.append(AdapterMismatch(step: step, event: event, part: part, expected: expected, actual: actual))
        }
        if adapter.mode != reference.mode { mismatch(.mode, "\(reference.mode)", "\(adapter.mode)") }
        let chosen = adapter.chosenPhotos
        let expectedChosen = reference.chosenPhotos
        if chosen != expectedChosen {
            mismatch(.chosenPhotos, Self.preview(expectedChosen), Self.preview(chosen))
        }
        let photos = adapter.photos
        if photos != reference.photos {
            mismatch(.grid, Self.preview(reference.photos), Self.preview(photos))
        }
        if reference.limit != nil {
            let picks = adapter.picks
            if picks != reference.picks {
                mismatch(.picks, Self.preview(reference.picks), Self.preview(picks))
            }
        }
        if exposes.contains(.sheet), adapter.exposedSheet != reference.sheet {
            mismatch(.sheet, Self.describe(reference.sheet), Self.describe(adapter.exposedSheet))
        }
        if exposes.contains(.screen), let screen = adapter.exposedScreen {
            screenMismatches(screen, step: step, event: event, into: &found)
        }
        return found
    }

    /// What the screen shows, against the reference model's projections: the title, the
    /// toolbar, the tray's counter and the first photo whose accessibility value differs.
    /// O(photos).
    private func screenMismatches(
        _ screen: any ScreenExposing, step: Int, event: Event?, into found: inout [AdapterMismatch]
    ) {
        func mismatch(_ part: AdapterPart, _ expected: String, _ actual: String) {
            found.append(AdapterMismatch(step: step, event: event, part: part, expected: expected, actual: actual))
        }
        if screen.title != reference.title {
            mismatch(.title, "\"\(reference.title)\"", "\"\(screen.title)\"")
        }
        if screen.toolbar != reference.toolbar {
            mismatch(.toolbar, Self.describe(reference.toolbar), Self.describe(screen.toolbar))
        }
        let counter = reference.tray?.counter
        if screen.trayCounter != counter {
            mismatch(.trayCounter, counter.map { "\"\($0)\"" } ?? "none", screen.trayCounter.map { "\"\($0)\"" } ?? "none")
        }
        for photo in reference.photos where screen.accessibilityValue(for: photo) != reference.accessibilityValue(for: photo) {
            mismatch(
                .accessibilityValue(photo), "\"\(reference.accessibilityValue(for: photo))\"",
                "\"\(screen.accessibilityValue(for: photo))\"")
            break
        }
    }

    static func describe(_ toolbar: Toolbar?) -> String {
        guard let toolbar else { return "none (browsing)" }
        let enabled = [
            ("Share", toolbar.shareEnabled), ("Edit", toolbar.editEnabled), ("Move", toolbar.moveEnabled),
            ("Delete", toolbar.deleteEnabled),
        ].filter(\.1).map(\.0)
        return (enabled.isEmpty ? "actions disabled" : enabled.joined(separator: ", ") + " enabled")
            + (toolbar.selectAllShown ? ", Select all shown" : "")
    }

    /// What this adapter leaves uncompared, in words, for reports.
    static var notCompared: [String] {
        Adapter.exposedParts.missingParts + notComparedForAnyAdapter
    }

    /// What the kit compares for no adapter, with the reason.
    static var notComparedForAnyAdapter: [String] {
        ["whether a drag is in progress (no adapter requirement reads it)"]
    }

    static func describe(_ outcome: Outcome) -> String {
        outcome.reason.map { "rejected \($0.rawValue)" } ?? outcome.name
    }

    static func describe(_ effects: [Effect]) -> String {
        effects.isEmpty ? "none" : effects.map(\.summary).joined(separator: ", ")
    }

    static func describe(_ sheet: Sheet?) -> String { sheet?.rawValue ?? "none" }

    /// An id list, the first 12 ids and the count for a long one.
    static func preview(_ ids: [PhotoID]) -> String {
        ids.count <= 12 ? "\(ids)" : "\(Array(ids.prefix(12)))… (\(ids.count) photos)"
    }
}
