extension SelectionEngine {
    /// The first part of `seen` that differs from this engine's state, in `SeenField`'s order,
    /// or nil when every part the app recorded agrees with SPEC.md (SPEC.md section 7).
    ///
    /// Without a limit no tray is shown and pick order is not observable: `tray` is then
    /// compared as the set of chosen photos. O(1) for mode, count and title; the chosen photos
    /// in grid order are listed once, and only when `seen` has `chosen` or `chosenDigest`.
    @_spi(GridSimInternals) public func departure(from seen: SeenState) -> SeenDeparture? {
        if let mode = seen.mode, mode != self.mode {
            return SeenDeparture(field: .mode, appSaw: mode.rawValue, specGives: self.mode.rawValue)
        }
        if let count = seen.count, count != chosenCount {
            return SeenDeparture(field: .count, appSaw: String(count), specGives: String(chosenCount))
        }
        if let title = seen.title, title != self.title {
            return SeenDeparture(field: .title, appSaw: Self.quoted(title), specGives: Self.quoted(self.title))
        }
        if let tray = seen.tray {
            let picks = self.picks
            let agrees = limit == nil ? Set(tray) == Set(picks) && tray.count == picks.count : tray == picks
            if !agrees {
                return SeenDeparture(field: .tray, appSaw: Self.listed(tray), specGives: Self.listed(picks))
            }
        }
        guard seen.chosen != nil || seen.chosenDigest != nil else { return nil }
        let chosen = chosenPhotos
        if let appChosen = seen.chosen, appChosen != chosen {
            return SeenDeparture(field: .chosen, appSaw: Self.listed(appChosen), specGives: Self.listed(chosen))
        }
        if let digest = seen.chosenDigest {
            let expected = ChosenDigest(chosenInGridOrder: chosen)
            if digest != expected {
                return SeenDeparture(field: .chosenDigest, appSaw: Self.quoted(digest.description), specGives: Self.quoted(expected.description))
            }
        }
        return nil
    }

    private static func quoted(_ text: String) -> String { "\"\(text)\"" }

    /// A list of ids as a trace writes it, the first few only when it is long.
    private static func listed(_ photos: [PhotoID]) -> String {
        let shown = photos.prefix(8).map(quoted).joined(separator: ",")
        return photos.count > 8 ? "[\(shown),… \(photos.count) ids]" : "[\(shown)]"
    }
}
