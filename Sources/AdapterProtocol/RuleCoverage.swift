@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace

/// Which rules of docs/conformance-rules.md (SPEC.md sections 1–3 and 6) the traces a run
/// sent an adapter exercised: each trace is replayed into the reference model and each step is
/// classified by what happened at it (the event, its outcome, what changed). A rule is reached
/// when some step put it to work, so that a run that never rejects a library change for a
/// duplicate says it never checked rule 2.16. O(events × chosen photos) per trace.
///
/// The classification is coarse where a rule is about an order (2.2 is reached by any
/// rejection) and misses 6.10 (a photo returning to its base state as a drag slides back),
/// which no single step shows; it never claims a rule no step exercised.
package struct RuleCoverage: Sendable {
    /// Every rule, in the document's order.
    package static let rules: [String] =
        (1...8).map { "1.\($0)" } + (1...23).map { "2.\($0)" } + (1...9).map { "3.\($0)" } + (1...13).map { "6.\($0)" }

    package private(set) var reached: Set<String> = []

    package init() {}

    /// The rules not reached, in the document's order.
    package var missed: [String] { Self.rules.filter { !reached.contains($0) } }

    /// `41 of 53 rules (not reached: 1.4, 2.16, …)`
    package var summary: String {
        let missed = missed
        return "\(reached.count) of \(Self.rules.count) rules"
            + (missed.isEmpty ? "" : " (not reached: \(missed.joined(separator: ", ")))")
    }

    /// Classifies every step of `trace`.
    package mutating func record(_ trace: Trace) {
        var model = ReferenceModel(configuration: trace.header.configuration)
        for traceEvent in trace.events {
            let before = Snapshot(model)
            let step = model.apply(traceEvent.event)
            classify(traceEvent.event, step, before: before, after: Snapshot(model), header: trace.header)
        }
    }

    private struct Snapshot {
        var mode: Mode
        var chosen: [PhotoID]
        var sheet: Sheet?
        var isDragging: Bool
        var photoCount: Int

        init(_ model: ReferenceModel) {
            mode = model.mode
            chosen = model.chosenPhotos
            sheet = model.sheet
            isDragging = model.isDragging
            photoCount = model.photoCount
        }
    }

    private mutating func classify(_ event: Event, _ step: Step, before: Snapshot, after: Snapshot, header: TraceHeader) {
        var rules: [String] = []
        let outcome = step.outcome
        let applied = outcome == .applied
        if !applied { rules.append("2.1") }
        if case .rejected(let reason) = outcome {
            rules.append("2.2")
            if reason == .limitReached { rules.append("1.3") }
        }
        switch event {
        case .longPress: rules.append("2.3")
        case .selectItem: rules.append("2.4")
        case .tap: rules.append("2.5")
        case .select: rules.append("2.6")
        case .selectAll: rules.append("2.7")
        case .deselectAll: rules.append("2.8")
        case .done: rules.append("2.9")
        case .back: rules.append("2.10")
        case .delete: rules.append("2.11")
        case .move: rules.append("2.12")
        case .share, .edit: rules.append("2.13")
        case .dismiss: rules.append("2.14")
        case .libraryChanged(let removed, let inserted):
            rules += libraryRules(removed: removed, inserted: inserted, outcome: outcome, before: before, after: after)
        case .removeFromTray:
            if header.limit == nil {
                rules.append("6.1")
            } else if outcome == .rejected(.covered) {
                rules.append("6.2")
            } else if outcome == .rejected(.notInTray) {
                rules.append("6.3")
            } else if applied {
                rules.append("6.4")
            }
        case .dragBegan:
            rules.append("6.5")
            if applied && after.isDragging { rules.append("6.6") }
        case .dragMoved:
            rules += ["6.7", "6.11"]
            if applied && after.chosen.count > before.chosen.count { rules.append("6.8") }
            if applied && after.chosen.count < before.chosen.count { rules.append("6.9") }
        case .dragEnded: rules.append("6.12")
        }
        if before.isDragging && !event.isDragEvent { rules.append("6.13") }
        if after.isDragging { rules.append("1.7") }
        if [.delete, .move, .share, .edit].contains(event.name), applied, before.chosen.count >= 2 { rules.append("2.23") }
        let chosenChanged = before.chosen != after.chosen
        let modeChanged = before.mode != after.mode
        if chosenChanged && after.chosen.count < before.chosen.count && event.name == .delete { rules.append("1.1") }
        if modeChanged && after.mode == .browsing { rules += ["1.2", "3.6"] }
        if modeChanged && after.mode == .selecting { rules.append("3.5") }
        if let limit = header.limit, chosenChanged {
            rules += ["1.5", "3.3"]
            if limit < 1 { rules.append("1.4") }
        }
        if modeChanged || before.chosen.count != after.chosen.count { rules.append("3.1") }
        if modeChanged || (after.mode == .selecting && before.chosen.isEmpty != after.chosen.isEmpty) { rules.append("3.2") }
        if modeChanged || chosenChanged { rules.append("3.4") }
        if !modeChanged && after.mode == .selecting && before.chosen.count != after.chosen.count { rules.append("3.7") }
        if step.effects.contains(.haptic) { rules.append("3.8") }
        if step.effects.contains(where: { if case .animation = $0 { true } else { false } }) {
            rules.append("3.9")
            if header.reduceMotion { rules.append("1.8") }
        }
        reached.formUnion(rules)
    }

    private func libraryRules(
        removed: [PhotoID], inserted: [Insertion], outcome: Outcome, before: Snapshot, after: Snapshot
    ) -> [String] {
        var rules: [String] = []
        if before.sheet != nil || before.mode == .selecting { rules.append("2.15") }
        if outcome == .rejected(.duplicatePhoto) { rules += ["2.16", "1.6"] }
        if outcome == .ignored { rules.append("2.22") }
        guard outcome == .applied else { return rules }
        rules.append("2.22")
        let insertedIDs = Set(inserted.map(\.photo))
        if removed.contains(where: insertedIDs.contains) { rules.append("2.17") }
        if after.photoCount != before.photoCount + inserted.count - removed.count { rules.append("2.18") }
        if !inserted.isEmpty { rules.append("2.19") }
        if after.chosen.count < before.chosen.count {
            rules += ["2.20", "1.1"]
            if after.chosen.isEmpty && after.mode == .selecting { rules.append("2.21") }
        }
        return rules
    }
}

extension Event {
    fileprivate var isDragEvent: Bool {
        switch self {
        case .dragBegan, .dragMoved, .dragEnded: true
        default: false
        }
    }
}
