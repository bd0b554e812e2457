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
    ///
    /// Without a limit no tray is shown and pick order is not observable: `tray` then agrees
    /// when it holds the chosen photos in any order.
    private func compare(
        _ seen: SeenState,
        _ visit: (SeenField, Bool, () -> String, () -> String) -> Bool
    ) {
        if let mode = seen.mode, !visit(.mode, mode == self.mode, { mode.rawValue }, { self.mode.rawValue }) { return }
        if let count = seen.count, !visit(.count, count == chosenCount, { String(count) }, { String(chosenCount) }) {
            return
        }
        if let title = seen.title {
            let specTitle = self.title
            if !visit(.title, title == specTitle, { Self.quoted(title) }, { Self.quoted(specTitle) }) { return }
        }
        if let tray = seen.tray {
            let picks = self.picks
            let agrees = limit == nil ? tray.count == picks.count && Set(tray) == Set(picks) : tray == picks
            if !visit(.tray, agrees, { Self.listed(tray) }, { Self.listed(picks) }) { return }
        }
        guard seen.chosen != nil || seen.chosenDigest != nil else { return }
        let chosen = chosenPhotos
        if let appChosen = seen.chosen, !visit(.chosen, appChosen == chosen, { Self.listed(appChosen) }, { Self.listed(chosen) }) {
            return
        }
        if let digest = seen.chosenDigest {
            let expected = ChosenDigest(chosenInGridOrder: chosen)
            _ = visit(.chosenDigest, digest == expected, { Self.quoted(digest.description) }, { Self.quoted(expected.description) })
        }
    }

    private static func quoted(_ text: String) -> String { "\"\(text)\"" }

    /// A list of ids as a trace writes it, the first few only when it is long.
    private static func listed(_ photos: [PhotoID]) -> String {
        let shown = photos.prefix(8).map(quoted).joined(separator: ",")
        return photos.count > 8 ? "[\(shown),… \(photos.count) ids]" : "[\(shown)]"
    }
}
