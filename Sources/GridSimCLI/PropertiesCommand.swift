import Foundation
import PropertyTesting
import SelectionCore
import SelectionTrace

/// `gridsim properties`: generated traces against every property, as the tests run them.
enum PropertiesCommand {
    static let syntax = CommandSyntax(
        name: "properties",
        abstract: "Check the properties on generated gesture streams; shrink any failure.",
        positionals: [],
        options: [
            .value("--cases", "n", help: "How many generated traces.", default: "\(PropertyRunner.defaultCases) × $\(PropertyRunner.scaleVariable)"),
            .value("--seed", "seed", help: "The run's seed, decimal or 0x-hex.", default: "$\(PropertyRunner.seedVariable) or random"),
            .flag("--raw-seed", help: "Use --seed as the seed of the first case itself (as failure reports print it)."),
            .value("--max-photos", "n", help: "The largest grid generated.", default: "10000"),
            .value("--max-events", "n", help: "The most events in a trace.", default: "60"),
            .value("--property", "name", help: "Check only this property.", choices: Properties.all.map(\.name)),
            .value("--write-regression", "dir", help: "Write a shrunk failure there as a trace (e.g. Traces/regressions)."),
        ],
        discussion: """
            A failure prints its seed, the command that reproduces it and the shrunk trace.

            EXIT CODES:
              0   every property held on every case
              1   a property failed
              64  bad flags or arguments
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let cases = try arguments.integer("--cases", default: PropertyRunner.scaledCases())
        let maximumPhotos = try arguments.integer("--max-photos", default: 10_000)
        let maximumEvents = try arguments.integer("--max-events", default: 60)
        var seed = PropertyRunner.seedFromEnvironment()
        if let text = arguments.value("--seed") {
            guard let parsed = PropertyRunner.parseSeed(text) else { throw UsageError("--seed needs a number; found '\(text)'") }
            seed = parsed
        }
        guard cases >= 1, maximumPhotos >= 0, maximumEvents >= 0 else {
            throw UsageError("--cases must be at least 1; --max-photos and --max-events at least 0")
        }
        var runner = PropertyRunner(
            properties: CheckCommand.selectedProperties(arguments),
            generator: TraceGenerator(maximumPhotos: maximumPhotos, maximumEvents: maximumEvents), cases: cases, seed: seed)
        runner.plantedBug = CheckCommand.plantedBug
        if arguments.flag("--raw-seed") {
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
        if let directory = arguments.value("--write-regression") {
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
