import CommandLineKit
import Foundation
import PropertyTesting
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace

/// `gridsim properties`: generated traces against every property, as the tests run them.
enum PropertiesCommand: SubcommandDefinition {
    static let cases = Option<Int?>.integer(
        "--cases", "n", help: "How many generated traces.",
        shownDefault: "\(PropertyRunner.defaultCases) × $\(PropertyRunner.scaleVariable)")
    static let seed = Option<String?>.text(
        "--seed", "seed", help: "The run's seed, decimal or 0x-hex.", shownDefault: "$\(PropertyRunner.seedVariable) or random")
    static let rawSeed = Option.flag(
        "--raw-seed", help: "Use --seed as the seed of the first case itself (as failure reports print it).")
    static let maxPhotos = Option.integer("--max-photos", "n", help: "The largest grid generated.", default: 10_000)
    static let maxEvents = Option.integer("--max-events", "n", help: "The most events in a trace.", default: 60)
    static let writeRegression = Option<String?>.text(
        "--write-regression", "dir", help: "Write a shrunk failure there as a trace (e.g. Traces/regressions).")
    static let writeCase = Option<String?>.text(
        "--write-case", "file", help: "Write the failing case as generated, before shrinking (for check and shrink).")
    static let exclude = Option<String?>.text(
        "--exclude", "events", help: "Event names never to generate, comma-separated (e.g. dragBegan,dragMoved).")

    static let syntax = CommandSyntax(
        name: "properties",
        abstract: "Check the properties on generated gesture streams; shrink any failure.",
        positionals: [],
        options: [cases, seed, rawSeed, maxPhotos, maxEvents, exclude, CheckCommand.property, writeRegression, writeCase],
        discussion: """
            A failure prints its seed, the command that reproduces it and the shrunk trace.

            EXIT CODES:
              0   every property held on every case
              1   a property failed
              64  bad flags or arguments
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let cases = try arguments.value(Self.cases) ?? PropertyRunner.scaledCases()
        let maximumPhotos = try arguments.value(maxPhotos)
        let maximumEvents = try arguments.value(maxEvents)
        var seed = PropertyRunner.seedFromEnvironment()
        if let text = try arguments.value(Self.seed) {
            guard let parsed = PropertyRunner.parseSeed(text) else { throw UsageError("--seed needs a number; found '\(text)'") }
            seed = parsed
        }
        guard cases >= 1, maximumPhotos >= 0, maximumEvents >= 0 else {
            throw UsageError("--cases must be at least 1; --max-photos and --max-events at least 0")
        }
        var excluded = Set<EventName>()
        for name in try arguments.value(exclude)?.split(separator: ",") ?? [] {
            guard let event = EventName(rawValue: String(name)) else {
                throw UsageError("--exclude takes event names as SPEC.md spells them; found '\(name)'")
            }
            excluded.insert(event)
        }
        var runner = PropertyRunner(
            properties: CheckCommand.selectedProperties(arguments),
            generator: TraceGenerator(maximumPhotos: maximumPhotos, maximumEvents: maximumEvents, excluding: excluded),
            cases: cases, seed: seed)
        runner.plantedBug = CheckCommand.plantedBug
        if arguments.value(rawSeed) {
            runner.rawFirstCaseSeed = seed
        }
        console.err("properties: \(cases) cases, seed \(PropertyRunner.format(seed: seed))\n")
        let counterexample = runner.run { done in
            if done % 100 == 0 || done == cases { console.err("properties: \(done)/\(cases) cases\n") }
        }
        guard let counterexample else {
            console.out("\(cases * runner.properties.count) passed, 0 failed (\(cases) cases × \(runner.properties.count) properties)\n")
            return .success
        }
        console.out(Self.report(counterexample))
        if let path = try arguments.value(writeCase) {
            do {
                try counterexample.original.text.write(toFile: path, atomically: true, encoding: .utf8)
                console.out("wrote \(path)\n")
            } catch {
                console.err("gridsim: error: cannot write the failing case: \(error.localizedDescription)\n")
            }
        }
        if let directory = try arguments.value(writeRegression) {
            do {
                let path = try PropertyRunner.writeRegression(counterexample, to: directory)
                console.out("wrote \(path)\n")
            } catch {
                console.err("gridsim: error: cannot write the regression trace: \(error.localizedDescription)\n")
            }
        }
        return .failure
    }

    static func report(_ counterexample: PropertyRunner.Counterexample) -> String {
        """
        FAIL  \(counterexample.failure)
        seed: \(PropertyRunner.format(seed: counterexample.caseSeed))
        reproduce: \(counterexample.reproduction)
        shrunk to \(counterexample.shrunk.events.count) events (from \(counterexample.original.events.count)): \(counterexample.shrunkFailure)
        \(counterexample.shrunk.text)
        """
    }
}
