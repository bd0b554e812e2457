/// Hooks for the engines with a planted bug (PropertyTesting's `Mutant`): they break the
/// engine through its own code paths, so that a planted bug differs from the engine in the
/// one check it drops and in nothing else. Not part of the engine's public surface.
@_spi(Testing) extension FastEngine {
    /// Select all without the limit check: everything else (mode, sheet, pick order, the
    /// step) as `apply(.selectAll)`. O(N / 64) words, O(N) more with a limit.
    public mutating func selectAllIgnoringLimit() -> Step {
        slots.step(for: selectAll(checkingLimit: false))
    }

    /// Puts back a selection and pick order read earlier from this engine, as if the steps
    /// since had not touched them. O(1) plus the pick order's copy.
    public mutating func restoreSelection(_ selection: SelectionBitmap, pickOrder: [PhotoSlot]) {
        self.selection = selection
        self.pickOrder = pickOrder
    }
}
