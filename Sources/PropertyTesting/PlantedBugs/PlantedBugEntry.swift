/// One line of the planted bugs' catalogue: the bug and what `gridsim mutants --help` says of
/// it.
package struct PlantedBugEntry: Sendable {
    /// The bug, as a type: a `Mutant` of it is an engine the properties can run.
    package var bug: any PlantedBug.Type
    /// The name `GRIDSIM_PLANTED_BUG` uses.
    package var name: String
    /// What the engine then does wrong, in one line.
    package var summary: String
    /// The kind of public bug report the class comes from, in one line.
    package var reportedIn: String

    package init(_ bug: any PlantedBug.Type, name: String, summary: String, reportedIn: String) {
        self.bug = bug
        self.name = name
        self.summary = summary
        self.reportedIn = reportedIn
    }
}
