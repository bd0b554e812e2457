import SelectionCore

/// A rule of drag to select that a planted drag bug breaks. The catalogue
/// (`PlantedBugs.catalogue`) says what each drag bug is called and where it comes from.
public protocol DragRuleBreak: Sendable {
    /// The rule broken; nil for none (SPEC.md's drag as written).
    static var flaw: PlantedDrag.Flaw? { get }
}

/// A drag bug: SPEC.md's drag run beside the fast engine (`PlantedDrag`) with `Rule` broken.
public struct DragBug<Rule: DragRuleBreak>: PlantedBug {
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
/// A drag goes on after the finger lifts.
public typealias DragContinuesAfterEnd = DragBug<ContinuesAfterEnd>

public enum ForgetsBase: DragRuleBreak { public static let flaw: PlantedDrag.Flaw? = .forgetsBase }
public enum WalksFromFarEnd: DragRuleBreak { public static let flaw: PlantedDrag.Flaw? = .walksFromFarEnd }
public enum IgnoresLimit: DragRuleBreak { public static let flaw: PlantedDrag.Flaw? = .ignoresLimit }
public enum SurvivesOtherEvents: DragRuleBreak { public static let flaw: PlantedDrag.Flaw? = .survivesOtherEvents }
public enum ContinuesAfterEnd: DragRuleBreak { public static let flaw: PlantedDrag.Flaw? = .continuesAfterEnd }
