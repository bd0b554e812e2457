import SelectionCore

/// A rule of drag to select that a planted drag bug breaks. The catalogue
/// (`PlantedBugs.catalogue`) says what each drag bug is called and where it comes from.
package protocol DragRuleBreak: Sendable {
    /// The rule broken; nil for none (SPEC.md's drag as written).
    static var flaw: PlantedDrag.Flaw? { get }
}

/// A drag bug: SPEC.md's drag run beside the fast engine (`PlantedDrag`) with `Rule` broken.
package struct DragBug<Rule: DragRuleBreak>: PlantedBug {
    private var drag = PlantedDrag(flaw: Rule.flaw)

    package init() {}

    /// The drag's own cost (see `PlantedDrag`); nil (no cost) for other events.
    package mutating func apply(_ event: Event, to engine: inout FastEngine) -> Step? { drag.apply(event, to: &engine) }

    package var isDragging: Bool? { drag.isDragging }
}

/// Sliding back over photos a drag swept leaves them as the drag made them.
package typealias DragForgetsBase = DragBug<ForgetsBase>
/// A drag under a limit fills from the finger's end, keeping out the photos next to the anchor.
package typealias DragWalksFromFarEnd = DragBug<WalksFromFarEnd>
/// A drag chooses every photo it sweeps, past the limit.
package typealias DragIgnoresLimit = DragBug<IgnoresLimit>
/// A drag goes on after another event, from its old base and grid order.
package typealias DragSurvivesOtherEvents = DragBug<SurvivesOtherEvents>
/// A drag goes on after the finger lifts.
package typealias DragContinuesAfterEnd = DragBug<ContinuesAfterEnd>

package enum ForgetsBase: DragRuleBreak { package static let flaw: PlantedDrag.Flaw? = .forgetsBase }
package enum WalksFromFarEnd: DragRuleBreak { package static let flaw: PlantedDrag.Flaw? = .walksFromFarEnd }
package enum IgnoresLimit: DragRuleBreak { package static let flaw: PlantedDrag.Flaw? = .ignoresLimit }
package enum SurvivesOtherEvents: DragRuleBreak { package static let flaw: PlantedDrag.Flaw? = .survivesOtherEvents }
package enum ContinuesAfterEnd: DragRuleBreak { package static let flaw: PlantedDrag.Flaw? = .continuesAfterEnd }
