import Foundation
import GridSimBenchmarks
import GridSimKit
@_spi(GridSimInternals) import SelectionCore

/// One adapter to benchmark, under the name its reports and baselines use.
public struct AdapterSubject: Sendable {
    let engine: OutsideEngine

    /// `adapter` as the subject `name` (default: its type name), on grids of at most
    /// `maximumPhotos` photos (nil: every size the run asks for).
    ///
    /// It sits out the replay suite when it reports no outcomes (it does not conform to
    /// `OutcomeReporting`), since a replay's result counts them, or when it leaves out an
    /// event of SPEC.md section 2, which the replayed gesture stream uses. It sits out the
    /// drag suite when it leaves out a drag event (`dragBegan`, `dragMoved` or `dragEnded`).
    public init<Adapter: PhotoGridAdapter>(_ adapter: Adapter.Type, name: String? = nil, maximumPhotos: Int? = nil) {
        self.init(
            AdapterEngine<Adapter>.self, name: name ?? Adapter.adapterName, maximumPhotos: maximumPhotos,
            reportsOutcomes: Adapter.self is any OutcomeReporting.Type, unhandledEvents: Adapter.unhandledEvents)
    }

    /// The same for an adapter written to GridSimKit 1.0's `SelectionAdapter`: outcomes as its
    /// `exposes` says.
    @available(*, deprecated, message: "write the adapter as a PhotoGridAdapter; AdapterSubject takes it as it is")
    public init<Adapter: SelectionAdapter>(_ adapter: Adapter.Type, name: String? = nil, maximumPhotos: Int? = nil) {
        self.init(
            AdapterEngine<LegacyAdapter<Adapter>>.self, name: name ?? "\(Adapter.self)", maximumPhotos: maximumPhotos,
            reportsOutcomes: Adapter.exposes.contains(.outcome), unhandledEvents: Adapter.unhandledEvents)
    }

    private init<Engine: SelectionEngine & SendableMetatype>(
        _ engine: Engine.Type, name: String, maximumPhotos: Int?, reportsOutcomes: Bool, unhandledEvents: Set<EventName>
    ) {
        let sectionTwo = Set(EventName.allCases).subtracting([.removeFromTray, .dragBegan, .dragMoved, .dragEnded])
        let replaySkipReason: String? =
            if !reportsOutcomes {
                "it reports no outcomes, which a replay's result counts"
            } else if !unhandledEvents.isDisjoint(with: sectionTwo) {
                "it does not handle every event of the replayed gesture stream"
            } else {
                nil
            }
        let dragSkipReason: String? =
            unhandledEvents.isDisjoint(with: [.dragBegan, .dragMoved, .dragEnded]) ? nil : "it does not handle drag to select"
        self.engine = OutsideEngine(
            engine, name: name, maximumPhotos: maximumPhotos, replaySkipReason: replaySkipReason,
            dragSkipReason: dragSkipReason)
    }
}

/// GridSim's benchmark command with your adapters as subjects: the toggle, pruning, replay
/// and drag suites, your code beside the reference model, the fast engine and the seeds'
/// `Set<String>`, gated against baselines as `gridsim-bench` gates GridSim's own.
///
/// The executable target of your package is one line:
///
/// ```swift
/// AdapterBenchmarks.main(AdapterSubject(MyAdapter.self, name: "MyGrid"))
/// ```
///
/// It takes `gridsim-bench`'s flags (`--quick`, `--sizes`, `--filter`, `--save-baseline NAME`,
/// `--compare NAME`, `--json`, ...; `--help` lists them) and exits as it does: 0 unchanged,
/// 2 a regression, 4 an improvement only, 5 no baseline, 1 results that disagree between
/// subjects (your adapter's selection differs from the others'), 64 bad flags. Baselines
/// live in `Benchmarks/baselines/NAME.json` under the nearest directory upwards from the
/// current one that holds a `Package.swift`: your package's.
public enum AdapterBenchmarks {
    /// Runs the command on `arguments` (without the program name); returns the exit code.
    /// The usage and messages call the program `programName`: by default the running
    /// executable's file name (`seedgrid-bench`), the command its user typed.
    public static func run(
        arguments: [String], subjects: [AdapterSubject], programName: String = executableName
    ) -> Int32 {
        BenchCommand.$programName.withValue(programName) {
            BenchCommand.run(arguments: arguments, outsideEngines: subjects.map(\.engine))
        }
    }

    /// The last path component of `CommandLine.arguments[0]`; `gridsim-bench` when there is none.
    public static var executableName: String {
        CommandLine.arguments.first?.split(separator: "/").last.map(String.init) ?? "gridsim-bench"
    }

    /// The same, with the environment and standard output given, and allocations counted on
    /// the calling thread only (tests, whose neighbours allocate on other threads meanwhile).
    static func run(
        arguments: [String], subjects: [AdapterSubject], environment: [String: String],
        standardOutput: @escaping (String) -> Void
    ) -> Int32 {
        BenchCommand.run(
            arguments: arguments, outsideEngines: subjects.map(\.engine), environment: environment,
            standardOutput: standardOutput, countAllocationsOnCallingThreadOnly: true)
    }

    /// Runs the command on the process's arguments and exits with its code.
    public static func main(_ subjects: AdapterSubject...) -> Never {
        exit(run(arguments: Array(CommandLine.arguments.dropFirst()), subjects: subjects))
    }
}
