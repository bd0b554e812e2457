@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace

/// What `gridsim mutants` does, as a library function: the properties run against the fast
/// engine with each planted bug of the catalogue, until they find it or the cases run out.
/// A bug class the properties cannot find is a hole in the generators or the properties.
///
/// Only the properties that run the engine under test take part (`invariants`,
/// `engines-agree`, `deterministic-replay`): the others check the plain fast engine and the
/// codec, the same for every bug. A case counts for a bug only when the engine as it is holds
/// the property the mutant fails, and shrinking keeps it so: a failure that the engine itself
/// has is not the planted bug's, and is counted apart (`engineFailures`).
package enum MutantHunt {
    /// The cases of a default hunt, per bug: enough for every bug of the catalogue to be
    /// found with the default seed, few enough for the whole hunt to take seconds.
    package static let defaultCases = 500
    /// The default seed: fixed, so that a default hunt always names the same cases.
    package static let defaultSeed: UInt64 = 2026
    /// Small grids and short traces: the bugs live in the rules, not in the grid's size.
    package static let defaultGenerator = TraceGenerator(maximumPhotos: 300, maximumEvents: 60)

    /// One bug's hunt.
    package struct Finding: Sendable {
        package var bug: any PlantedBug.Type
        /// The first case that shows the bug, shrunk; nil when none did.
        package var counterexample: PropertyRunner.Counterexample?
        /// Cases run, the one that showed the bug included.
        package var casesRun: Int
        /// Cases that the engine without the bug fails too, left aside, and the first such
        /// failure.
        package var engineFailures: Int
        package var firstEngineFailure: PropertyFailure?
        /// Wall-clock seconds, shrinking included.
        package var seconds: Double

        package var isFound: Bool { counterexample != nil }
    }

    /// Hunts `bug` with up to `cases` generated traces from `seed` (the same cases for every
    /// bug). Each case costs a check of three properties on the mutant, and on the engine
    /// as it is when the mutant fails; the case that shows the bug, a shrink.
    package static func hunt(
        _ bug: any PlantedBug.Type, cases: Int = defaultCases, seed: UInt64 = defaultSeed,
        generator: TraceGenerator = defaultGenerator
    ) -> Finding {
        let clock = ContinuousClock()
        let started = clock.now
        let seeds = PropertyRunner(properties: [], generator: generator, cases: cases, seed: seed)
        let mutantProperties = Properties.all(mutantOf: bug).filter(\.runsTheEngineUnderTest)
        let plainProperties = Properties.all.filter(\.runsTheEngineUnderTest)
        var finding = Finding(bug: bug, casesRun: cases, engineFailures: 0, seconds: 0)
        for index in 0..<cases {
            let caseSeed = seeds.caseSeed(index)
            let trace = generator.trace(seed: caseSeed)
            let failures = TraceCheck.failures(trace, properties: mutantProperties)
            guard !failures.isEmpty else { continue }
            let plainFailures = Set(TraceCheck.failures(trace, properties: plainProperties).map(\.property))
            guard let failure = failures.first(where: { !plainFailures.contains($0.property) }) else {
                finding.engineFailures += 1
                if finding.firstEngineFailure == nil { finding.firstEngineFailure = failures[0] }
                continue
            }
            let property = mutantProperties.first { $0.name == failure.property }!
            let plainProperty = plainProperties.first { $0.name == failure.property }!
            var shrinker = Shrinker { property.check($0) != nil && plainProperty.check($0) == nil }
            let shrunk = shrinker.shrink(trace, failingStep: failure.step)
            finding.casesRun = index + 1
            finding.counterexample = PropertyRunner.Counterexample(
                failure: failure, caseIndex: index, caseSeed: caseSeed, original: trace, shrunk: shrunk,
                shrunkFailure: property.check(shrunk)!,
                reproduction: "\(PlantedBugs.variable)=\(bug.name) gridsim properties --seed "
                    + "\(PropertyRunner.format(seed: caseSeed)) --cases 1 --raw-seed --max-photos \(generator.maximumPhotos)"
                    + " --max-events \(generator.maximumEvents) --property \(property.name)")
            break
        }
        let elapsed = clock.now - started
        finding.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return finding
    }
}

extension Property {
    /// Whether the property runs the engine under test, rather than the plain fast engine
    /// or the codec alone.
    var runsTheEngineUnderTest: Bool { [.invariants, .enginesAgree, .deterministicReplay].contains(kind) }
}
