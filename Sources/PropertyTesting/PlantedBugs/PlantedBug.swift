import SelectionCore

/// A bug planted in a copy of the fast engine, to show that the property tests catch it and
/// that `gridsim check` and `gridsim shrink` work on a failing trace. Never used otherwise:
/// the command line plants one only when `GRIDSIM_PLANTED_BUG` names it, and passes the name
/// in (`Properties.all(plantedBug:)`); no library reads the environment for it.
///
/// Each bug is a class of bug that public reports of photo apps describe (`reportedIn`),
/// made by breaking one rule of SPEC.md and nothing else. A bug may keep state of its own
/// (what the last Delete removed, a drag it runs itself): a `Mutant` holds one value of it.
public protocol PlantedBug: Sendable {
    /// The name `GRIDSIM_PLANTED_BUG` uses.
    static var name: String { get }
    /// What the engine then does wrong, in one line.
    static var summary: String { get }
    /// The kind of public bug report the class comes from, in one line.
    static var reportedIn: String { get }

    /// The bug before the first event of a session.
    init()

    /// Applies `event` the buggy way, or returns nil to apply it correctly.
    mutating func apply(_ event: Event, to engine: inout FastEngine) -> Step?

    /// Whether a drag that the bug runs itself is in progress; nil when the bug leaves drags to
    /// the engine. Default nil.
    var isDragging: Bool? { get }
}

extension PlantedBug {
    public var isDragging: Bool? { nil }
}

/// The bugs that can be planted, by name: the catalogue `gridsim mutants` hunts.
public enum PlantedBugs {
    /// The environment setting with which the command line plants a bug in the engine under
    /// test, so that a failing check can be seen from there.
    public static let variable = "GRIDSIM_PLANTED_BUG"

    /// Every planted bug, in the order the help and `gridsim mutants` list them.
    public static let all: [any PlantedBug.Type] = [
        SelectAllIgnoresLimit.self, PruningSkippedWhenInserting.self,
        DragForgetsBase.self, DragWalksFromFarEnd.self, DragIgnoresLimit.self, DragSurvivesOtherEvents.self,
        RemoveFromTrayReordersPicks.self, RemoveFromTrayAcceptsUnchosen.self,
        SelectionKeptByPosition.self, TrayRepeatsOnLongPress.self, LimitOffByOne.self, DeselectAllKeepsTray.self,
        DeleteRemovesFirstOnly.self, PruningKeepsTray.self, PruningAnnouncesNothing.self,
        LongPressAfterDeleteNamesDeleted.self, LastColumnHitsPrevious.self,
    ]

    /// The bug called `name`; nil for none or an unknown name (the fast engine is then tested
    /// as it is). O(bugs).
    public static func named(_ name: String?) -> (any PlantedBug.Type)? {
        all.first { $0.name == name }
    }
}

extension FastEngine {
    /// The animation the engine's applied steps carry: `none` with Reduce Motion, else
    /// `snappy`. For planted bugs that make a step of their own. O(1).
    var animationStyle: AnimationStyle { reduceMotion ? .none : .snappy }
}
