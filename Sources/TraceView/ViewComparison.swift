/// Two sides of a trace compared step by step, for a page that shows them side by side: what
/// the expected side (the reference model) and the actual side (an app's selection code
/// behind an adapter) each reported and held after every step, and where they differ.
///
/// The page of a trace with a comparison opens at the first step where the sides differ and
/// marks what differs; a page without one is the plain view page. The sides are written
/// plainly (ids as strings, a step's outcome and effects as text), since the traces compared
/// are small (a shrunk counterexample, a conformance case): O(steps × (chosen + tray)) ids, and
/// a side's grid again only at the steps that changed it.
package struct ViewComparison: Sendable {
    /// What one side reported for a step, as text.
    package struct StepReport: Sendable {
        /// `applied`, `ignored` or `rejected limitReached`.
        package var outcome: String
        /// `haptic, animation snappy`, or `none`.
        package var effects: String
        package var announcements: [String]

        package init(outcome: String, effects: String, announcements: [String]) {
            self.outcome = outcome
            self.effects = effects
            self.announcements = announcements
        }
    }

    /// One side after a step (or before any event).
    package struct Side: Sendable {
        /// What the step reported; nil before any event, or when this side reported none.
        package var report: StepReport?
        /// `browsing` or `selecting`.
        package var mode: String
        /// The app bar's title; nil when this side does not say (the page shows the count).
        package var title: String?
        /// The chosen photos, in grid order.
        package var chosen: [String]
        /// The grid, in order.
        package var grid: [String]
        /// The tray in pick order; nil without a limit.
        package var tray: [String]?
        /// `share`, `edit` or `none`; nil when this side does not say.
        package var sheet: String?

        package init(
            report: StepReport?, mode: String, title: String?, chosen: [String], grid: [String], tray: [String]?,
            sheet: String?
        ) {
            self.report = report
            self.mode = mode
            self.title = title
            self.chosen = chosen
            self.grid = grid
            self.tray = tray
            self.sheet = sheet
        }
    }

    /// A part in which the sides differ at a step: its name as the comparison calls it
    /// (`mode`, `chosen photos`, …) and each side's value as text.
    package struct Difference: Sendable {
        package var part: String
        package var expected: String
        package var actual: String

        package init(part: String, expected: String, actual: String) {
            self.part = part
            self.expected = expected
            self.actual = actual
        }
    }

    /// Both sides at one step, and what differs there.
    package struct Row: Sendable {
        package var expected: Side
        package var actual: Side
        package var differences: [Difference]

        package init(expected: Side, actual: Side, differences: [Difference]) {
            self.expected = expected
            self.actual = actual
            self.differences = differences
        }
    }

    /// The expected side's name (`the reference model`) and the actual side's (the adapter's type).
    package var expectedName: String
    package var actualName: String
    /// What was not compared, in words (the page says it once).
    package var notCompared: [String]
    /// Row 0 is before any event, row k after step k; the trace's steps, or fewer when the
    /// comparison stopped early.
    package var rows: [Row]

    package init(expectedName: String, actualName: String, notCompared: [String], rows: [Row]) {
        self.expectedName = expectedName
        self.actualName = actualName
        self.notCompared = notCompared
        self.rows = rows
    }

    /// The first step where the sides differ, nil when they agree throughout.
    package var firstDifference: Int? {
        rows.firstIndex { !$0.differences.isEmpty }
    }

    /// The JSON object of the page's `comparison` field (docs/view-page.md). O(rows × ids).
    func write(to json: inout ViewPageJSON) {
        json.raw("{"); json.key("expected"); json.string(expectedName)
        json.raw(","); json.key("actual"); json.string(actualName)
        json.raw(","); json.key("firstDifference")
        if let first = firstDifference { json.integer(first) } else { json.raw("null") }
        json.raw(","); json.key("notCompared"); json.strings(notCompared)
        json.raw(","); json.key("steps"); json.raw("[")
        var previousGrids: (expected: [String]?, actual: [String]?) = (nil, nil)
        for (index, row) in rows.enumerated() {
            if index > 0 { json.raw(",") }
            json.raw("{"); json.key("differences"); json.raw("[")
            for (number, difference) in row.differences.enumerated() {
                if number > 0 { json.raw(",") }
                json.strings([difference.part, difference.expected, difference.actual])
            }
            json.raw("],"); json.key("expected")
            Self.write(row.expected, previousGrid: &previousGrids.expected, to: &json)
            json.raw(","); json.key("actual")
            Self.write(row.actual, previousGrid: &previousGrids.actual, to: &json)
            json.raw("}")
        }
        json.raw("]}")
    }

    /// A side: its grid only when it differs from the previous row's on the same side.
    private static func write(_ side: Side, previousGrid: inout [String]?, to json: inout ViewPageJSON) {
        json.raw("{")
        if let report = side.report {
            json.key("report"); json.raw("{")
            json.key("outcome"); json.string(report.outcome)
            json.raw(","); json.key("effects"); json.string(report.effects)
            json.raw(","); json.key("announcements"); json.strings(report.announcements)
            json.raw("},")
        }
        json.key("mode"); json.string(side.mode)
        if let title = side.title { json.raw(","); json.key("title"); json.string(title) }
        json.raw(","); json.key("chosen"); json.strings(side.chosen)
        json.raw(","); json.key("gridCount"); json.integer(side.grid.count)
        if side.grid != previousGrid {
            json.raw(","); json.key("grid"); json.strings(side.grid)
            previousGrid = side.grid
        }
        if let tray = side.tray { json.raw(","); json.key("tray"); json.strings(tray) }
        if let sheet = side.sheet { json.raw(","); json.key("sheet"); json.string(sheet) }
        json.raw("}")
    }
}
