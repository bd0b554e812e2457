import SelectionCore

/// A rule of drag to select that a planted drag bug breaks, with the catalogue's words for it.
public protocol DragRuleBreak: Sendable {
    static var name: String { get }
    static var summary: String { get }
    static var reportedIn: String { get }
    /// The rule broken; nil for none (SPEC.md's drag as written).
    static var flaw: PlantedDrag.Flaw? { get }
}

/// A drag bug: SPEC.md's drag run beside the fast engine (`PlantedDrag`) with `Rule` broken.
public struct DragBug<Rule: DragRuleBreak>: PlantedBug {
    public static var name: String { Rule.name }
    public static var summary: String { Rule.summary }
    public static var reportedIn: String { Rule.reportedIn }

    private var drag = PlantedDrag(flaw: Rule.flaw)

    public init() {}

    /// The drag's own cost (see `PlantedDrag`); nil (no cost) for other events.
    public mutating func apply(_ event: Event, to engine: inout FastEngine) -> Step? { drag.apply(event, to: &engine) }

    public var isDragging: Bool? { drag.isDragging }
}

/// Sliding back over photos a drag swept leaves them as the drag made them.
public typealias DragForgetsBase = DragBug<ForgetsBase>
/// A drag under a limit fills from the finger's end, keeping out the photos next to the anchor.
public typealias DragWalksFromFarEnd = DragBug<WalksFromFarEnd>
/// A drag chooses every photo it sweeps, past the limit.
public typealias DragIgnoresLimit = DragBug<IgnoresLimit>
/// A drag goes on after another event, from its old base and grid order.
public typealias DragSurvivesOtherEvents = DragBug<SurvivesOtherEvents>

public enum ForgetsBase: DragRuleBreak {
    public static let name = "drag-forgets-base"
    public static let summary = "sliding back over photos a drag swept leaves them chosen (or unchosen)"
    public static let reportedIn = "photo app forums: drag-selecting back over photos does not deselect them"
    public static let flaw: PlantedDrag.Flaw? = .forgetsBase
}

public enum WalksFromFarEnd: DragRuleBreak {
    public static let name = "drag-walks-from-far-end"
    public static let summary =
        "a drag under a limit fills from the finger's end, keeping out the photos next to the anchor"
    public static let reportedIn = "photo picker issue trackers: a drag past the selection limit picks the wrong photos"
    public static let flaw: PlantedDrag.Flaw? = .walksFromFarEnd
}

public enum IgnoresLimit: DragRuleBreak {
    public static let name = "drag-ignores-limit"
    public static let summary = "a drag chooses every photo it sweeps past the limit"
    public static let reportedIn = "photo picker issue trackers: swiping to select goes past the maximum number of photos"
    public static let flaw: PlantedDrag.Flaw? = .ignoresLimit
}

public enum SurvivesOtherEvents: DragRuleBreak {
    public static let name = "drag-survives-other-events"
    public static let summary = "a drag goes on after another event, from its old base and grid order"
    public static let reportedIn =
        "photo app bug trackers: the selection jumps back after a tap or a sync in the middle of a drag"
    public static let flaw: PlantedDrag.Flaw? = .survivesOtherEvents
}
