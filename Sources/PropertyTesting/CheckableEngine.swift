@_spi(GridSimInternals) import SelectionCore

/// An engine under test as a streaming check sees it: besides SPEC.md's state, the fast
/// engine that holds it, from which the check reads what a step changed (the selection's
/// change journal, the grid, the id table) without building whole states.
package protocol CheckableEngine: SelectionEngine, SendableMetatype {
    /// The fast engine that holds the state: for a mutant, the one inside, bug and all. O(1).
    var fastEngine: FastEngine { get }
}

extension FastEngine: CheckableEngine {
    package var fastEngine: FastEngine { self }
}
