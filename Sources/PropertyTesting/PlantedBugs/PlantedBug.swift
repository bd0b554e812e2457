import SelectionCore

/// A bug planted in a copy of the fast engine, to show that the property tests catch it and
/// that `gridsim check` and `gridsim shrink` work on a failing trace. Never used otherwise:
/// the command line plants one only when `GRIDSIM_PLANTED_BUG` names it, and passes the name
/// in (`Properties.all(plantedBug:)`); no library reads the environment for it.
public protocol PlantedBug: Sendable {
    /// The name `GRIDSIM_PLANTED_BUG` uses.
    static var name: String { get }
    /// Applies `event` the buggy way, or returns nil to apply it correctly.
    static func apply(_ event: Event, to engine: inout FastEngine) -> Step?
}

/// The bugs that can be planted, by name.
public enum PlantedBugs {
    /// The environment setting with which the command line plants a bug in the engine under
    /// test, so that a failing check can be seen from there.
    public static let variable = "GRIDSIM_PLANTED_BUG"

    /// Every planted bug, in the order the help lists them.
    public static let all: [any PlantedBug.Type] = [SelectAllIgnoresLimit.self, PruningSkippedWhenInserting.self]

    /// The bug called `name`; nil for none or an unknown name (the fast engine is then tested
    /// as it is). O(bugs).
    public static func named(_ name: String?) -> (any PlantedBug.Type)? {
        all.first { $0.name == name }
    }
}
