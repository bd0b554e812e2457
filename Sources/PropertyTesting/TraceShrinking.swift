@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace

/// What `gridsim shrink` does, as a library function: find the property a trace fails and
/// shrink the trace while it still fails it. The command adds only the arguments, the files
/// and the exit codes, so a benchmark can time this in-process.
package enum TraceShrinking {
    package struct Result: Sendable {
        /// The property the trace fails.
        package var property: String
        /// The failure on the trace as given.
        package var originalFailure: PropertyFailure
        /// The smallest failing trace found, and its failure.
        package var shrunk: Trace
        package var failure: PropertyFailure
        /// Property checks the shrinker ran.
        package var checks: Int
        /// Wall-clock seconds, from the first check to the shrunk trace's own.
        package var seconds: Double
    }

    /// The first of `properties`, in order, that `trace` fails, shrunk; nil when every
    /// property holds. Each property is checked on its own and stops at its failure, so a
    /// failure early in a long trace is found without reading the rest.
    package static func shrink(
        _ trace: Trace, properties: [Property], maximumChecks: Int = 5_000,
        progress: ((ShrinkProgress) -> Void)? = nil
    ) -> Result? {
        let clock = ContinuousClock()
        let started = clock.now
        for property in properties {
            guard let failure = property.check(trace) else { continue }
            var shrinker = Shrinker(maximumChecks: maximumChecks) { property.check($0) != nil }
            shrinker.progress = progress
            let shrunk = shrinker.shrink(trace, failingStep: failure.step)
            let shrunkFailure = property.check(shrunk)!
            let elapsed = clock.now - started
            return Result(
                property: property.name, originalFailure: failure, shrunk: shrunk, failure: shrunkFailure,
                checks: shrinker.checksSpent,
                seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        return nil
    }

    /// The shrunk trace with its header's `meta` naming the property, the step, the failure
    /// and the trace it was shrunk from.
    package static func annotated(_ result: Result, shrunkFrom path: String) -> Trace {
        var trace = result.shrunk
        var meta: [(key: String, value: JSONValue)] = [
            ("property", .string(result.property)), ("failure", .string(result.failure.message)),
            ("shrunkFrom", .string(path)),
        ]
        if let step = result.failure.step { meta.insert(("step", .integer(step)), at: 1) }
        trace.header.meta = JSONObject(meta)
        return trace
    }
}
