import Foundation
import PropertyTesting
@_spi(GridSimInternals) import SelectionTrace

/// A differential property run: generated traces replayed into your adapter and into the
/// reference model side by side, compared after every step in everything the adapter
/// exposes; the first trace on which they differ is shrunk and written out, with its view page
/// showing the adapter's side beside the reference model's.
///
/// The traces come from GridSim's own generator (`TraceGenerator`), which leaves out the
/// events the adapter declares unhandled; the shrinker is GridSim's (`Shrinker`). Case `i` of a run with
/// seed `s` is the trace of seed `s + i`, so a failure names the one seed that reproduces it.
///
/// ```swift
/// @Test func agreesWithTheReferenceModel() throws {
///     try PropertyRun(cases: 300, counterexamples: "/tmp/counterexamples").check(MyAdapter.self)
/// }
/// ```
public struct PropertyRun: Sendable {
    /// How many generated traces to check.
    public var cases: Int
    /// The first case's seed.
    public var seed: UInt64
    /// The largest grid generated (most are far smaller: the generator favours the sizes
    /// where edge cases live).
    public var maximumPhotos: Int
    /// The most events in one trace.
    public var maximumEvents: Int
    /// Where the shrunk counterexample is written (the folder is created); nil: nowhere
    /// (it is still in the failure's description).
    public var counterexampleDirectory: String?
    /// The most comparisons the shrinker may spend.
    public var maximumShrinkChecks: Int
    /// Why `GRIDSIM_KIT_SEED` could not be used: `check` throws it before running a case.
    private var seedProblem: String?

    /// The environment setting that overrides the default seed, so that a failure's seed can
    /// be rerun without editing the test: `GRIDSIM_KIT_SEED=1234 swift test --filter ...`. It
    /// takes what `gridsim properties --seed` takes: decimal, or hexadecimal after `0x`.
    public static let seedVariable = "GRIDSIM_KIT_SEED"
    /// The seed when none is given and `GRIDSIM_KIT_SEED` is unset: fixed, so that CI checks
    /// the same traces on every run.
    public static let defaultSeed: UInt64 = 0x5EED

    /// A run of `cases` traces from `seed` (default: `GRIDSIM_KIT_SEED` in `environment`, else
    /// `defaultSeed`) over grids of up to `maximumPhotos` photos and up to `maximumEvents`
    /// events, writing a counterexample into the folder `counterexamples` (nil: nowhere). A
    /// `GRIDSIM_KIT_SEED` that is not a seed makes `check` fail, saying so.
    public init(
        cases: Int = 300, seed: UInt64? = nil, maximumPhotos: Int = 500, maximumEvents: Int = 60,
        counterexamples directory: String? = nil, maximumShrinkChecks: Int = 5_000,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.cases = cases
        self.seed = seed ?? Self.defaultSeed
        if seed == nil, let text = environment[Self.seedVariable] {
            if let parsed = PropertyRunner.parseSeed(text) {
                self.seed = parsed
            } else {
                seedProblem =
                    "\(Self.seedVariable)='\(text)' is not a seed: give a whole number, decimal or 0x-hex "
                    + "(as gridsim properties --seed takes)"
            }
        }
        self.maximumPhotos = maximumPhotos
        self.maximumEvents = maximumEvents
        self.counterexampleDirectory = directory
        self.maximumShrinkChecks = maximumShrinkChecks
    }

    /// The trace of case `index`, generated without the events `Adapter` does not handle.
    /// O(events).
    public func trace<Adapter: PhotoGridAdapter>(case index: Int, for adapter: Adapter.Type) -> Trace {
        generator(for: adapter).trace(seed: seed &+ UInt64(index))
    }

    /// GridSim's generator, told to leave out what the adapter does not handle (so that the
    /// gestures it makes stay coherent: no drag half made of events that were dropped).
    private func generator<Adapter: PhotoGridAdapter>(for adapter: Adapter.Type) -> TraceGenerator {
        TraceGenerator(maximumPhotos: maximumPhotos, maximumEvents: maximumEvents, excluding: Adapter.unhandledEvents)
    }

    /// Checks every case; returns what was compared, or throws `.counterexample` with the
    /// shrunk trace of the first case that fails (`.badSeed` when `GRIDSIM_KIT_SEED` holds no
    /// seed, `.adapterDeclaration` when the adapter cannot be checked as it declares itself,
    /// both before any case). The first run for an adapter in a process prints what the kit
    /// does not compare for it (`UncomparedNote`). O(cases × events × photos), plus the shrink.
    @discardableResult
    public func check<Adapter: PhotoGridAdapter>(_ adapter: Adapter.Type) throws(PropertyRunFailure) -> PropertyRunReport {
        if let seedProblem { throw .badSeed(seedProblem) }
        if let fault = Adapter.declarationFault { throw .adapterDeclaration(fault) }
        UncomparedNote.print(for: adapter)
        var steps = 0
        let generator = generator(for: adapter)
        for index in 0..<cases {
            let caseSeed = seed &+ UInt64(index)
            let trace = generator.trace(seed: caseSeed)
            guard let mismatch = Self.firstMismatch(trace, adapter) else {
                steps += trace.events.count
                continue
            }
            throw .counterexample(counterexample(trace, mismatch, adapter, caseIndex: index, caseSeed: caseSeed))
        }
        return PropertyRunReport(
            cases: cases, seed: seed, steps: steps, notCompared: Lockstep<Adapter>.notCompared,
            leftOut: Adapter.unhandledEvents.map(\.rawValue).sorted())
    }

    /// The first difference between the adapter and the reference model on `trace`, compared
    /// after every step as a property run compares; nil when they agree. O(events × photos).
    public static func firstMismatch<Adapter: PhotoGridAdapter>(_ trace: Trace, _ adapter: Adapter.Type)
        -> AdapterMismatch?
    {
        var lockstep = Lockstep<Adapter>(trace: trace)
        if let mismatch = lockstep.initialMismatch() { return mismatch }
        for traceEvent in trace.events {
            if let mismatch = lockstep.apply(traceEvent.event) { return mismatch }
        }
        return nil
    }

    private func counterexample<Adapter: PhotoGridAdapter>(
        _ trace: Trace, _ mismatch: AdapterMismatch, _ adapter: Adapter.Type, caseIndex: Int, caseSeed: UInt64
    ) -> Counterexample {
        let unhandled = Adapter.unhandledEvents
        var shrinker = Shrinker(maximumChecks: maximumShrinkChecks) { candidate in
            // The shrinker may turn one event into another (selectItem into longPress): never
            // into one the adapter does not handle.
            !candidate.events.contains { unhandled.contains($0.event.name) }
                && Self.firstMismatch(candidate, adapter) != nil
        }
        var shrunk = shrinker.shrink(trace, failingStep: mismatch.step)
        let shrunkMismatch = Self.firstMismatch(shrunk, adapter) ?? mismatch
        shrunk.header.meta = JSONObject([
            ("property", .string("adapter-agrees-with-reference")), ("adapter", .string(Adapter.adapterName)),
            ("step", .integer(shrunkMismatch.step)), ("failure", .string(shrunkMismatch.description)),
            ("seed", .string(String(caseSeed))),
        ])
        var written: String?
        var page: String?
        var writeError: String?
        if let counterexampleDirectory {
            let folder = URL(fileURLWithPath: counterexampleDirectory, isDirectory: true)
            let file = folder.appendingPathComponent("\(Adapter.adapterName)-seed-\(caseSeed).jsonl")
            let pageFile = file.deletingPathExtension().appendingPathExtension("html")
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try shrunk.text.write(to: file, atomically: true, encoding: .utf8)
                written = file.path
                try CounterexamplePage.write(of: shrunk, to: pageFile.path, traceName: file.lastPathComponent, adapter)
                page = pageFile.path
            } catch let error as CocoaError {
                writeError = "cannot write \(written == nil ? file.path : pageFile.path): \(error.localizedDescription)"
            } catch {
                writeError = "cannot write \(pageFile.path): \(error)"
            }
        }
        return Counterexample(
            adapterName: Adapter.adapterName, caseIndex: caseIndex, cases: cases, seed: caseSeed, original: trace,
            originalMismatch: mismatch, shrunk: shrunk, mismatch: shrunkMismatch,
            shrinkChecks: shrinker.checksSpent,
            writtenTo: written, pageWrittenTo: page, writeError: writeError)
    }
}

/// Why a property run failed.
public enum PropertyRunFailure: Error, Sendable, CustomStringConvertible {
    /// A generated trace on which the adapter differs from the reference model, shrunk.
    case counterexample(Counterexample)
    /// The run could not start: `GRIDSIM_KIT_SEED` holds something that is not a seed.
    case badSeed(String)
    /// The adapter cannot be checked as it declares itself (a `SelectionAdapter` that lists
    /// `.screen` in `exposes` and leaves screen members to their defaults).
    case adapterDeclaration(String)

    public var description: String {
        switch self {
        case .counterexample(let counterexample): "\(counterexample)"
        case .badSeed(let why), .adapterDeclaration(let why): why
        }
    }
}

/// A property run that cannot start: `GRIDSIM_KIT_SEED` set to something that is not a seed.
@available(*, deprecated, message: "PropertyRun.check throws PropertyRunFailure: catch .badSeed(let why)")
public struct PropertyRunSetupError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// What a passing property run compared.
public struct PropertyRunReport: Hashable, Sendable, CustomStringConvertible {
    /// Traces checked.
    public var cases: Int
    /// The first case's seed.
    public var seed: UInt64
    /// Events replayed and compared, over every case.
    public var steps: Int
    /// What the adapter does not expose, in words.
    public var notCompared: [String]
    /// The events generators left out, because the adapter does not handle them.
    public var leftOut: [String]

    public var description: String {
        "\(cases) cases from seed \(seed), \(steps) steps compared; "
            + "not compared: \(notCompared.joined(separator: "; "))"
            + (leftOut.isEmpty ? "" : "; events left out: \(leftOut.joined(separator: ", "))")
    }
}
