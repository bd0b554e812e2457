@_spi(Testing) @_spi(GridSimInternals) import SelectionCore

/// Select all chooses every photo even when a limit forbids it: the engine's own Select all
/// with the limit check turned off.
package struct SelectAllIgnoresLimit: PlantedBug {
    package init() {}

    /// O(N / 64) words for a Select all, O(N) more with a limit; nil (no cost) otherwise.
    package func apply(_ event: Event, to engine: inout FastEngine) -> Step? {
        guard event == .selectAll else { return nil }
        return engine.selectAllIgnoringLimit()
    }
}
