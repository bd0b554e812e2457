@_spi(Testing) @_spi(GridSimInternals) import SelectionCore

/// A bug planted in a copy of the fast engine, to show that the property tests catch it and
/// that `gridsim check` and `gridsim shrink` work on a failing trace. Never used otherwise:
/// the command line plants one only when `GRIDSIM_PLANTED_BUG` names it, and passes the name
/// in (`Properties.all(plantedBug:)`); no library reads the environment for it.
///
/// Each bug is a class of bug that public reports of photo apps describe (`reportedIn`),
/// made by breaking one rule of SPEC.md and nothing else, through the engine's own code and
/// its testing hooks (the drag bugs bend the engine's drag; none runs one of its own). A bug
/// may keep state of its own (what the last Delete removed): a `Mutant` holds one value of it.
/// What the catalogue says of a bug (its name, summary and report) is written once, in
/// `PlantedBugs.catalogue`, beside every other bug's: a bug's own file holds only its rule.
package protocol PlantedBug: Sendable {
    /// The bug before the first event of a session.
    init()

    /// Applies `event` the buggy way, or returns nil to apply it correctly.
    mutating func apply(_ event: Event, to engine: inout FastEngine) -> Step?
}

extension PlantedBug {
    /// The bug's line of the catalogue. A bug outside it (a test's control) goes by its type's
    /// name, with nothing to say. O(bugs).
    package static var entry: PlantedBugEntry {
        PlantedBugs.catalogue.first { ObjectIdentifier($0.bug) == ObjectIdentifier(self) }
            ?? PlantedBugEntry(self, name: "\(self)", summary: "", reportedIn: "")
    }

    /// The name `GRIDSIM_PLANTED_BUG` uses. O(bugs).
    package static var name: String { entry.name }
    /// What the engine then does wrong, in one line. O(bugs).
    package static var summary: String { entry.summary }
    /// The kind of public bug report the class comes from, in one line. O(bugs).
    package static var reportedIn: String { entry.reportedIn }
}

extension FastEngine {
    /// The animation the engine's applied steps carry: `none` with Reduce Motion, else
    /// `snappy`. For planted bugs that make a step of their own. O(1).
    var animationStyle: AnimationStyle { reduceMotion ? .none : .snappy }

    /// Applies `event` as the engine does, then gives the tray back the picks it had before,
    /// whatever the event removed from the selection: the bug of a tray kept apart from the
    /// selection it shows. The event's own cost plus a copy of the pick order.
    mutating func applyKeepingTray(_ event: Event) -> Step {
        let pickSlots = self.pickSlots
        let step = apply(event)
        if step.outcome == .applied { restoreSelection(selection, picks: pickSlots) }
        return step
    }
}
