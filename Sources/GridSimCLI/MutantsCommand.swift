import CommandLineKit
import Foundation
import PropertyTesting
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace

/// `gridsim mutants`: the properties against every planted bug of the catalogue, to show
/// that they find each class of bug. The work is `MutantHunt.hunt`; this adds the arguments,
/// the table and the exit codes.
enum MutantsCommand: SubcommandDefinition {
    static let cases = Option.integer(
        "--cases", "n", help: "The most generated traces per bug.", default: MutantHunt.defaultCases)
    static let seed = Option.text(
        "--seed", "seed", help: "The hunt's seed, decimal or 0x-hex (the same cases for every bug).",
        default: PropertyRunner.format(seed: MutantHunt.defaultSeed))
    static let maxPhotos = Option.integer(
        "--max-photos", "n", help: "The largest grid generated.", default: MutantHunt.defaultGenerator.maximumPhotos)
    static let maxEvents = Option.integer(
        "--max-events", "n", help: "The most events in a trace.", default: MutantHunt.defaultGenerator.maximumEvents)
    static let bug = Option<String?>.text(
        "--bug", "name", help: "Hunt only this bug.", choices: PlantedBugs.all.map { $0.name })
    static let showTraces = Option.flag("--show-traces", help: "Print each shrunk trace under its line.")

    static let syntax = CommandSyntax(
        name: "mutants",
        abstract: "Plant each catalogued bug in the engine and check that the properties find it.",
        positionals: [],
        options: [cases, seed, maxPhotos, maxEvents, bug, showTraces],
        discussion: """
            For each bug, generated traces (the same for every bug) run through the properties
            that run the engine under test (invariants, engines-agree, deterministic-replay) until
            one fails where the engine without the bug holds; that case is shrunk, keeping it so.
            Each line says whether the bug was found, by which property, at which case (its seed:
            GRIDSIM_PLANTED_BUG=NAME gridsim properties --seed SEED --cases 1 --raw-seed reruns
            it) and how many events the shrunk trace has.

            THE CATALOGUE (each a class of bug that public reports of photo apps describe):
            \(catalogue)

            EXIT CODES:
              0   every bug was found
              1   a bug was not found within the cases
              64  bad flags or arguments
            """)

    /// Each bug's name, what it does and where such bugs are reported, for the help.
    static var catalogue: String {
        PlantedBugs.all.map { "  \($0.name)\n      \($0.summary)\n      from \($0.reportedIn)" }.joined(separator: "\n")
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let cases = try arguments.value(Self.cases)
        let seedText = try arguments.value(Self.seed)
        guard let seed = PropertyRunner.parseSeed(seedText) else {
            throw UsageError("--seed needs a number; found '\(seedText)'")
        }
        let generator = TraceGenerator(
            maximumPhotos: try arguments.value(maxPhotos), maximumEvents: try arguments.value(maxEvents))
        guard cases >= 1, generator.maximumPhotos >= 0, generator.maximumEvents >= 0 else {
            throw UsageError("--cases must be at least 1; --max-photos and --max-events at least 0")
        }
        let name = try arguments.value(bug)
        let bugs = PlantedBugs.all.filter { name == nil || $0.name == name }
        let width = bugs.map { $0.name.count }.max() ?? 0
        console.err(
            "mutants: \(bugs.count) bugs, at most \(cases) cases each, seed \(PropertyRunner.format(seed: seed))\n")
        var found = 0
        var seconds = 0.0
        var engineFailures = 0
        var firstEngineFailure: PropertyFailure?
        for bug in bugs {
            let finding = MutantHunt.hunt(bug, cases: cases, seed: seed, generator: generator)
            seconds += finding.seconds
            engineFailures += finding.engineFailures
            firstEngineFailure = firstEngineFailure ?? finding.firstEngineFailure
            console.out(line(for: finding, nameWidth: width) + "\n")
            if let counterexample = finding.counterexample {
                found += 1
                if arguments.value(showTraces) { console.out(counterexample.shrunk.text) }
            }
        }
        if let engineFailure = firstEngineFailure {
            console.out(
                "note: the engine without a planted bug fails \(engineFailures) of the cases run too (first: "
                    + "\(engineFailure)); they were left aside: see gridsim properties\n")
        }
        console.out(
            "\(found) of \(bugs.count) found" + String(format: " in %.1f s", seconds)
                + " (at most \(cases) cases each, seed \(PropertyRunner.format(seed: seed)))\n")
        return found == bugs.count ? .success : .failure
    }

    /// `found  NAME  by PROPERTY at case I (seed S, step K), shrunk to N events`, or `MISSED`.
    static func line(for finding: MutantHunt.Finding, nameWidth: Int) -> String {
        let name = finding.bug.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
        guard let counterexample = finding.counterexample else {
            return "MISSED  \(name)  no property failed in \(finding.casesRun) cases"
        }
        let step = counterexample.shrunkFailure.step.map { ", step \($0)" } ?? ""
        let events = counterexample.shrunk.events.count
        return "found   \(name)  by \(counterexample.failure.property) at case \(counterexample.caseIndex) "
            + "(seed \(PropertyRunner.format(seed: counterexample.caseSeed))), shrunk to "
            + "\(events) \(events == 1 ? "event" : "events")\(step)"
    }
}
