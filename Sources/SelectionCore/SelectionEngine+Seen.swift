extension SelectionEngine {
    /// The first part of `seen` that differs from this engine's state, in `SeenField`'s order,
    /// or nil when every part the app recorded agrees with SPEC.md (SPEC.md section 7).
    ///
    /// O(1) for mode, count and title; O(picks) for the tray; the chosen photos in grid order
    /// are listed once, and only when `seen` has `chosen` or `chosenDigest`. Text is made only
    /// for the part that differs.
    @_spi(GridSimInternals) public func departure(from seen: SeenState) -> SeenDeparture? {
        var departure: SeenDeparture?
        compare(seen) { field, agrees, appSaw, specGives in
            guard !agrees else { return true }
            departure = SeenDeparture(field: field, appSaw: appSaw(), specGives: specGives())
            return false
        }
        return departure
    }

    /// Every part of `seen` beside SPEC.md's, in `SeenField`'s order: for a page that shows
    /// both sides at a step. Costs as `departure(from:)`, plus the text of every part.
    @_spi(GridSimInternals) public func comparisons(with seen: SeenState) -> [SeenComparison] {
        var rows: [SeenComparison] = []
        compare(seen) { field, agrees, appSaw, specGives in
            rows.append(SeenComparison(field: field, appSaw: appSaw(), specGives: specGives(), agrees: agrees))
            return true
        }
        return rows
    }

    /// Calls `visit` with each part `seen` has, whether it agrees, and both sides' text (made
    /// on demand), until `visit` returns false.
    private func compare(_ seen: SeenState, _ visit: (SeenField, Bool, () -> String, () -> String) -> Bool) {
        SeenComparing.compare(
            seen, mode: mode, chosenCount: chosenCount, hasLimit: limit != nil, picks: { picks },
            chosen: { chosenPhotos }, visit)
    }
}

/// The comparison of a `seen` with SPEC.md's state, for any engine that can give its parts:
/// an engine by its requirements, or a fast engine whose slots another table names (a binary
/// trace replayed by slot).
@_spi(GridSimInternals) public enum SeenComparing {
    /// The first part of `seen` that differs from the state these parts describe, or nil.
    @_spi(GridSimInternals) public static func departure(
        from seen: SeenState, mode: Mode, chosenCount: Int, hasLimit: Bool, picks: () -> [PhotoID],
        chosen: () -> [PhotoID]
    ) -> SeenDeparture? {
        var departure: SeenDeparture?
        compare(seen, mode: mode, chosenCount: chosenCount, hasLimit: hasLimit, picks: picks, chosen: chosen) {
            field, agrees, appSaw, specGives in
            guard !agrees else { return true }
            departure = SeenDeparture(field: field, appSaw: appSaw(), specGives: specGives())
            return false
        }
        return departure
    }

    /// Every part of `seen` beside the state these parts describe.
    @_spi(GridSimInternals) public static func comparisons(
        with seen: SeenState, mode: Mode, chosenCount: Int, hasLimit: Bool, picks: () -> [PhotoID],
        chosen: () -> [PhotoID]
    ) -> [SeenComparison] {
        var rows: [SeenComparison] = []
        compare(seen, mode: mode, chosenCount: chosenCount, hasLimit: hasLimit, picks: picks, chosen: chosen) {
            field, agrees, appSaw, specGives in
            rows.append(SeenComparison(field: field, appSaw: appSaw(), specGives: specGives(), agrees: agrees))
            return true
        }
        return rows
    }

    /// Calls `visit` with each part `seen` has, whether it agrees, and both sides' text (made
    /// on demand), until `visit` returns false.
    ///
    /// Without a limit no tray is shown and pick order is not observable: `tray` then agrees
    /// when it holds the chosen photos in any order. `picks` is read only for a `tray`, and
    /// `chosen` (the chosen photos in grid order) only for `chosen` or `chosenDigest`.
    static func compare(
        _ seen: SeenState, mode: Mode, chosenCount: Int, hasLimit: Bool, picks: () -> [PhotoID],
        chosen: () -> [PhotoID], _ visit: (SeenField, Bool, () -> String, () -> String) -> Bool
    ) {
        if let appMode = seen.mode, !visit(.mode, appMode == mode, { appMode.rawValue }, { mode.rawValue }) { return }
        if let count = seen.count, !visit(.count, count == chosenCount, { String(count) }, { String(chosenCount) }) {
            return
        }
        if let title = seen.title {
            let specTitle = Mode.title(mode, selectedCount: chosenCount)
            if !visit(.title, title == specTitle, { quoted(title) }, { quoted(specTitle) }) { return }
        }
        if let tray = seen.tray {
            let specPicks = picks()
            let agrees = hasLimit ? tray == specPicks : tray.count == specPicks.count && Set(tray) == Set(specPicks)
            if !visit(.tray, agrees, { listed(tray) }, { listed(specPicks) }) { return }
        }
        guard seen.chosen != nil || seen.chosenDigest != nil else { return }
        let specChosen = chosen()
        if let appChosen = seen.chosen,
            !visit(.chosen, appChosen == specChosen, { listed(appChosen) }, { listed(specChosen) })
        {
            return
        }
        if let digest = seen.chosenDigest {
            let expected = ChosenDigest(chosenInGridOrder: specChosen)
            _ = visit(.chosenDigest, digest == expected, { quoted(digest.description) }, { quoted(expected.description) })
        }
    }

    private static func quoted(_ text: String) -> String { "\"\(text)\"" }

    /// A list of ids as a trace writes it, the first few only when it is long.
    private static func listed(_ photos: [PhotoID]) -> String {
        let shown = photos.prefix(8).map(quoted).joined(separator: ",")
        return photos.count > 8 ? "[\(shown),… \(photos.count) ids]" : "[\(shown)]"
    }
}
