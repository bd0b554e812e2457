import Foundation
import SeededRandom
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace

/// Runs properties over generated traces; a failure is shrunk and can be written out as a
/// regression trace.
package struct PropertyRunner {
    package var properties: [Property]
    package var generator: TraceGenerator
    /// How many generated cases to try.
    package var cases: Int
    /// The run's seed; case `i` uses `caseSeed(i)`.
    package var seed: UInt64
    /// When set, case 0 uses this seed as is: how a reported failing case is rerun alone.
    package var rawFirstCaseSeed: UInt64?
    /// The `GRIDSIM_PLANTED_BUG` setting the properties were built with (see
    /// `Properties.all(plantedBug:)`), repeated in a counterexample's reproduction line.
    package var plantedBug: String?

    /// Cases in a default run, and the environment setting that multiplies them (nightly: 100).
    package static let defaultCases = 300
    package static let scaleVariable = "GRIDSIM_PROPERTY_SCALE"
    package static let seedVariable = "GRIDSIM_PROPERTY_SEED"

    package init(properties: [Property] = Properties.all, generator: TraceGenerator = TraceGenerator(), cases: Int, seed: UInt64) {
        self.properties = properties
        self.generator = generator
        self.cases = cases
        self.seed = seed
    }

    /// The cases of a default run times `GRIDSIM_PROPERTY_SCALE` (1 when unset).
    package static func scaledCases(_ base: Int = defaultCases, environment: [String: String] = ProcessInfo.processInfo.environment) -> Int {
        base * max(1, environment[scaleVariable].flatMap(Int.init) ?? 1)
    }

    /// `GRIDSIM_PROPERTY_SEED`, or a fresh random seed.
    package static func seedFromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> UInt64 {
        environment[seedVariable].flatMap(parseSeed) ?? UInt64.random(in: 0...UInt64.max)
    }

    /// A seed written in decimal or as `0x…` hex.
    package static func parseSeed(_ text: String) -> UInt64? {
        text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
    }

    package static func format(seed: UInt64) -> String { "0x" + String(seed, radix: 16) }

    /// The seed of case `index`: independent of the number of cases, so one case reruns alone.
    package func caseSeed(_ index: Int) -> UInt64 {
        if index == 0, let rawFirstCaseSeed { return rawFirstCaseSeed }
        var mixer = SplitMix64(seed: seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
        return mixer.next()
    }

    /// A failing case: the property, the original and shrunk traces, the seed to rerun it.
    package struct Counterexample: Sendable {
        package var failure: PropertyFailure
        /// The case's position in the run, from 0.
        package var caseIndex: Int
        package var caseSeed: UInt64
        package var original: Trace
        package var shrunk: Trace
        /// The failure as the shrunk trace shows it.
        package var shrunkFailure: PropertyFailure
        /// A one-line command that generates and checks the same case again.
        package var reproduction: String
    }

    /// Runs every case, stopping at the first failure, which it shrinks. Each case is one
    /// pass of every property over the generated trace (`TraceCheck`); the failure kept is
    /// that of the first property, in order, that fails.
    /// `progress` is called after each case with the number done.
    package func run(progress: (Int) -> Void = { _ in }) -> Counterexample? {
        for index in 0..<cases {
            let caseSeed = caseSeed(index)
            let trace = generator.trace(seed: caseSeed)
            let failures = TraceCheck.failures(trace, properties: properties)
            if let property = properties.first(where: { property in failures.contains { $0.property == property.name } }),
                let failure = failures.first(where: { $0.property == property.name })
            {
                let (shrunk, shrunkFailure) = Self.shrink(trace, failing: property, at: failure.step)
                let planted = plantedBug.map {
                    "\(Properties.plantedBugVariable)=\($0) "
                }
                let reproduction =
                    (planted ?? "") + "gridsim properties --seed \(Self.format(seed: caseSeed)) --cases 1 --raw-seed"
                    + " --max-photos \(generator.maximumPhotos) --max-events \(generator.maximumEvents)"
                    + (generator.excludedEvents.isEmpty
                        ? "" : " --exclude " + generator.excludedEvents.map(\.rawValue).sorted().joined(separator: ","))
                    + " --property \(property.name)"
                return Counterexample(
                    failure: failure, caseIndex: index, caseSeed: caseSeed, original: trace, shrunk: shrunk, shrunkFailure: shrunkFailure,
                    reproduction: reproduction)
            }
            progress(index + 1)
        }
        return nil
    }

    /// Shrinks a trace that fails `property` (at `step`, when the failure names one), keeping
    /// only changes after which it still fails.
    package static func shrink(_ trace: Trace, failing property: Property, at step: Int? = nil) -> (Trace, PropertyFailure) {
        var shrinker = Shrinker { property.check($0) != nil }
        let shrunk = shrinker.shrink(trace, failingStep: step)
        return (shrunk, property.check(shrunk)!)
    }

    /// Writes `counterexample.shrunk` under `directory` as a text trace whose header `meta`
    /// names the property, the step and the seed. Returns the file's path.
    @discardableResult
    package static func writeRegression(_ counterexample: Counterexample, to directory: String) throws -> String {
        var trace = counterexample.shrunk
        var meta: [(key: String, value: JSONValue)] = [
            ("property", .string(counterexample.failure.property)),
            ("failure", .string(counterexample.shrunkFailure.message)),
            ("seed", .string(format(seed: counterexample.caseSeed))),
            ("reproduce", .string(counterexample.reproduction)),
        ]
        if let step = counterexample.shrunkFailure.step { meta.insert(("step", .integer(step)), at: 1) }
        trace.header.meta = JSONObject(meta)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = (directory as NSString).appendingPathComponent(
            "\(counterexample.failure.property)-\(format(seed: counterexample.caseSeed)).jsonl")
        try trace.text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Every property checked on one trace, in one pass: the failures, empty when all hold.
    package static func check(_ trace: Trace, properties: [Property] = Properties.all) -> [PropertyFailure] {
        TraceCheck.failures(trace, properties: properties)
    }
}
